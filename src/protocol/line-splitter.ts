/**
 * Turns a byte stream into lines: UTF-8 decoded across chunk boundaries,
 * split at `\n`, a trailing `\r` dropped. What is left after the last `\n`
 * when the stream ends is returned by `end()`.
 */
import { StringDecoder } from 'node:string_decoder';

export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private buffered = '';

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: Buffer | string): void {
    this.buffered += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    let newline = this.buffered.indexOf('\n');
    while (newline !== -1) {
      const line = this.buffered.slice(0, newline);
      this.buffered = this.buffered.slice(newline + 1);
      this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
      newline = this.buffered.indexOf('\n');
    }
  }

  /** The unterminated rest, if any (a message must end with `\n`). */
  end(): string {
    const rest = this.buffered + this.decoder.end();
    this.buffered = '';
    return rest;
  }
}
