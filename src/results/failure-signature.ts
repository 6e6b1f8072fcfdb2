/**
 * A failure's identity across runs and machines: its clauses, step, kind and
 * a message that says what was expected and what the host showed, with no
 * stack trace and no file system path (both depend on where the kit was
 * checked out and built, never on the host). The results file stores this
 * signature and `compare` compares it, so the same failure read from two
 * checkouts is the same failure.
 */

/** A stack frame line as V8 prints it (`    at fn (file:line:col)`, `    at file:line:col`, `    at async ...`). */
const STACK_FRAME = /^\s+at\s.+$/;

/**
 * An absolute path: POSIX (`/a/b`, `file:///a/b`) or Windows (`C:\a\b`,
 * `C:/a/b`, `\\server\share\b`), with any `:line:col` after it. A POSIX path
 * needs two segments, so a lone `/plan` (a command) or `a/b` stays.
 */
const ABSOLUTE_PATH =
  /(?:(?:file:\/\/|(?<![\w.:/-]))\/(?:[^\s/'"`()<>[\]{},;]+\/)+[^\s/'"`()<>[\]{},;:]*|\b[A-Za-z]:[\\/](?:[^\s\\/'"`()<>[\]{},;]+[\\/])*[^\s\\/'"`()<>[\]{},;:]*|\\\\[^\s\\'"`]+(?:\\[^\s\\'"`()<>,;:]+)+)(?::\d+(?::\d+)?)?/g;

/** What a path is replaced with in a signature's message. */
export const PATH_PLACEHOLDER = '<path>';

/** The lines of a failure text that are a stack trace, or undefined when it has none. */
export function stackOf(text: string): string | undefined {
  const frames = text.split('\n').filter((line) => STACK_FRAME.test(line));
  return frames.length > 0 ? frames.join('\n') : undefined;
}

/**
 * A failure text without its stack frames and with every absolute path
 * replaced by `<path>`; trailing white space per line and blank lines at the
 * ends dropped. The same failure under two checkout paths reads the same.
 */
export function signatureMessage(text: string): string {
  const kept = text
    .split('\n')
    .filter((line) => !STACK_FRAME.test(line))
    .map((line) => line.replace(ABSOLUTE_PATH, PATH_PLACEHOLDER).trimEnd());
  while (kept.length > 0 && kept[0] === '') kept.shift();
  while (kept.length > 0 && kept.at(-1) === '') kept.pop();
  return kept.join('\n');
}
