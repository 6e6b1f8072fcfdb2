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
