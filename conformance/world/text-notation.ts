/**
 * How feature files write characters they cannot show: `⇥` is a tab, `↵` a line
 * break, and `⟨U+3000⟩` the character of that code point (other white space,
 * invisible and format characters, combining marks). A feature file shows them
 * where the character itself would be invisible or look like another, so a
 * reader sees which text a scenario types and which it expects back.
 */
export function readNotation(text: string): string {
  return text
    .replaceAll('⇥', '\t')
    .replaceAll('↵', '\n')
    .replace(/⟨U\+([0-9A-Fa-f]{1,6})⟩/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));
}

/**
 * Writes a text in that notation, so a printed step shows it and `readNotation` gives it back byte for byte:
 * every character a reader could not see or tell apart (controls, white space but the plain space, format
 * characters, combining marks, private use, unassigned) and the notation's own `⟨`, `⇥`, `↵` become `⟨U+hex⟩`.
 */
export function writeNotation(text: string): string {
  return text.replace(
    UNSEEN,
    (character) => `⟨U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );
}

/**
 * What writeNotation writes out: one set, the plain space taken out of it (`--`, the `v` flag), so a
 * text without such a character is one scan and no call. The exploration writes every step it takes
 * this way; matching each space and giving it back cost about 10 µs a text, and the exploration
 * writes tens of thousands (issue 36). The same characters as `\p{C}|\p{Z}|\p{M}|[⟨⇥↵]` less the
 * space (test/conformance/world/text-notation.test.ts compares every code point).
 */
// biome-ignore lint/complexity/useRegexLiterals: a `v` literal needs an ES2024 target in TypeScript; Node 20 runs it.
const UNSEEN = new RegExp('[[\\p{C}\\p{Z}\\p{M}⟨⇥↵]--[ ]]', 'gv');
