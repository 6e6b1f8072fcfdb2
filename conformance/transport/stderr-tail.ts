/**
 * The host's stderr is its log: kept, bounded, so that a failure can show its
 * last lines without an endless log filling memory.
 */
import { StringDecoder } from 'node:string_decoder';

const KEEP_CHARS = 64 * 1024;
const SHOWN_LINES = 20;

export class StderrTail {
  private readonly decoder = new StringDecoder('utf8');
  private text = '';
  private dropped = false;

  push(chunk: Buffer): void {
    this.text += this.decoder.write(chunk);
    if (this.text.length > KEEP_CHARS) {
      this.text = this.text.slice(this.text.length - KEEP_CHARS);
      this.dropped = true;
    }
  }

  /**
   * A reused process starts a new scenario: what it wrote before belongs to
   * earlier scenarios and must not be shown in this one's failures.
   */
  forgetEarlierLines(): void {
    this.text = '';
    this.dropped = false;
  }

  /** The last lines, ready to append to an error message. */
  describe(): string {
    const lines = this.text.replace(/\n+$/, '').split('\n');
    if (lines.length === 1 && lines[0] === '') return '\n(the host wrote nothing to stderr)';
    const shown = lines.slice(-SHOWN_LINES);
    const more = this.dropped || lines.length > shown.length ? ' (last lines)' : '';
    return `\nhost stderr${more}:\n${shown.map((line) => `  | ${line}`).join('\n')}`;
  }
}
