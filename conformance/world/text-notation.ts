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
  return text.replace(/\p{C}|\p{Z}|\p{M}|[⟨⇥↵]/gu, (character) =>
    character === ' ' ? ' ' : `⟨U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );
}
