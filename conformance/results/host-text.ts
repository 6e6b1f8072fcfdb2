/**
 * Text the kit did not write (a host's name, its error messages and review
 * texts, skip reasons, feature and baseline text) made inert before it goes
 * into a report or onto the terminal, so nothing a host sends can forge or
 * hide a verdict: terminal control (ANSI escapes, a lone CR that returns to
 * the line start), invisible reordering (bidi overrides), and in Markdown
 * every line ending (CommonMark ends a line at a lone CR too), raw HTML
 * (`<!--` hides the rest of the page) and the inline syntax that could open
 * a link, code span or emphasis across the kit's own text.
 *
 * Every report and console line that shows such text goes through here; the
 * report formats' own escaping (XML, HTML attributes) comes on top.
 */

/** C0 and C1 controls, DEL, and the Unicode marks that reorder or hide text (bidi controls, line/paragraph separators, BOM). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function visible(character: string): string {
  const named = NAMED[character];
  if (named !== undefined) return named;
  const code = character.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Every control character shown as its escape (`\x1b`, `\r`, `\u202e`), so it
 * is seen rather than obeyed. `keep` lists characters left as they are (a
 * newline in a multi-line block, a tab on the terminal).
 */
export function visibleControls(text: string, keep: string = ''): string {
  return text.replace(CONTROL, (character) => (keep.includes(character) ? character : visible(character)));
}

/**
 * A GitHub Actions workflow command at a line start (`::error ...::`, or the
 * older `##[error]`), blanks before it allowed as the runner allows them: a
 * log line that would become a forged annotation, a masked secret or stopped
 * command processing.
 */
const WORKFLOW_COMMAND = /^([ \t]*)(::|##\[)/;

/** A workflow command's opening shown, not obeyed: its first character escaped (`\x3a:error`, `\x23#[error]`). */
function inertWorkflowCommand(line: string): string {
  return line.replace(
    WORKFLOW_COMMAND,
    (_, blanks: string, opening: string) => `${blanks}${visible(opening[0]!)}${opening.slice(1)}`,
  );
}

/**
 * One terminal line of host text: nothing in it moves the cursor, colours,
 * clears, starts another line or, at a line start, is read by a CI runner as
 * a workflow command.
 */
export function consoleText(text: string): string {
  return inertWorkflowCommand(visibleControls(text, '\t'));
}

/**
 * Text bound for the console or stderr whose line breaks are the kit's own
 * (a composed message, an error's several problems): each line made inert as
 * {@link consoleText} makes one. Every console line the CLI prints goes through
 * here (cli/console-output.ts); host text inside a line goes through
 * consoleText first, so a newline it holds cannot start a line of its own.
 */
export function consoleLines(text: string): string {
  return text
    .split('\n')
    .map((line) => consoleText(line))
    .join('\n');
}

/** Characters Markdown gives a meaning inline (or HTML does): each escaped, so it reads as itself. */
const MARKDOWN_INLINE = /[\\`*_[\]<>&|~]/g;

/**
 * Host text inside one line of Markdown (a table cell, a list item): one
 * line whatever it holds, no HTML, no link, code span or emphasis that could
 * reach the kit's own text. A renderer shows it as written.
 */
export function markdownText(text: string): string {
  return visibleControls(text).replace(MARKDOWN_INLINE, (character) => {
    if (character === '<') return '&lt;';
    if (character === '>') return '&gt;';
    if (character === '&') return '&amp;';
    return `\\${character}`;
  });
}

/**
 * Host text of several lines as a Markdown block: a fenced code block, whose
 * content a renderer shows literally, with a fence longer than any run of
 * backticks in it so nothing inside can close it.
 */
export function markdownBlock(text: string): string[] {
  const lines = visibleControls(text, '\n').split('\n');
  const longestRun = Math.max(
    0,
    ...lines.map((line) => Math.max(0, ...[...line.matchAll(/`+/g)].map((run) => run[0].length))),
  );
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return [`${fence}text`, ...lines, fence];
}
