/**
 * Where the CLI's lines go to the console and stderr: one place, so every
 * line (the kit's own, with host names, messages and answers inside) is made
 * inert before a terminal or a CI log reads it (results/host-text.ts): no
 * control character, ANSI escape or GitHub workflow command a host wrote
 * reaches either. Reports written to stdout on purpose (`--format github`'s
 * annotations, a Markdown report) are not lines of the CLI and do not come
 * here; their formats escape host text themselves.
 */
import { consoleLines } from '../results/host-text.js';

/** A line (or lines) on stdout. */
export function say(text: string): void {
  console.log(consoleLines(text));
}

/** A line (or lines) on stderr. */
export function complain(text: string): void {
  console.error(consoleLines(text));
}

/** The longest unfinished line held back (characters). */
const HELD_LINE_LIMIT = 64 * 1024;

/**
 * What a host process printed (the suite child's stdout and stderr), passed
 * on line by line once each line is whole: a chunk boundary inside `::` cannot
 * smuggle a workflow command past the check. `flush` passes on a last line
 * that never ended.
 */
export class HostOutputLines {
  private pending = '';

  constructor(private readonly write: (text: string) => void) {}

  add(text: string): void {
    const lines = (this.pending + text).split('\n');
    this.pending = lines.pop()!;
    if (lines.length > 0) this.write(`${consoleLines(lines.join('\n'))}\n`);
    // A line that never ends is not held without bound: passed on (made inert) as it stands.
    if (this.pending.length > HELD_LINE_LIMIT) {
      this.write(consoleLines(this.pending));
      this.pending = '';
    }
  }

  flush(): void {
    if (this.pending === '') return;
    const last = this.pending;
    this.pending = '';
    this.write(`${consoleLines(last)}\n`);
  }
}
