/**
 * JSON-lines files: one JSON value per line, appended, never rewritten.
 *
 * Reading tolerates exactly one kind of damage, the one a crash mid-append
 * leaves: a last line with no terminating newline that does not parse. It is
 * reported through `onWarning` and cut off the file, so later appends start on
 * a clean line. Any other bad line is a `CorruptLogError` naming file and line.
 */
import { appendFileSync, closeSync, existsSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';

export class CorruptLogError extends Error {
  override name = 'CorruptLogError';
}

export type Warn = (message: string) => void;

/** Checks one parsed line; throws an `Error` whose message says what is wrong. */
export type LineValidator<T> = (value: unknown) => T;

export function readJsonLines<T>(file: string, validate: LineValidator<T>, onWarning: Warn): T[] {
  if (!existsSync(file)) return [];
  // Offsets are taken on bytes: a write torn inside a multi-byte character must be cut exactly.
  const bytes = readFileSync(file);
  const terminatedLength = bytes.lastIndexOf(0x0a) + 1;
  const lines = bytes.subarray(0, terminatedLength).toString('utf8').split('\n');
  lines.pop(); // the empty string after the last newline
  const records: T[] = [];
  lines.forEach((line, index) => {
    records.push(parseLine(file, index + 1, line, validate));
  });
  if (terminatedLength === bytes.length) return records;
  const lineNumber = lines.length + 1;
  const tail = tryParse(bytes.subarray(terminatedLength).toString('utf8'));
  if (tail.ok) {
    // A complete value that only lacks its newline: keep it, and end the line.
    records.push(validateLine(file, lineNumber, tail.value, validate));
    appendFileSync(file, '\n');
    return records;
  }
  onWarning(
    `${file}:${lineNumber}: dropped a torn last line (${bytes.length - terminatedLength} bytes) left by an interrupted write`,
  );
  truncateSync(file, terminatedLength);
  return records;
}

/**
 * Appends JSON lines to files, each kept open for appending from its first
 * line until `close`. Lines are held in memory, in the order appended, and
 * written when `flush` is called, when a file is closed, or in a microtask
 * queued by the first line held: one write per run of lines to one file, not
 * one per line (a host logs many events a turn, and a system call is most of
 * what an append cost). The queued microtask runs before any continuation
 * queued after an append, so code that awaits an appending call finds its
 * lines written; code the appending call runs synchronously (a callback it
 * makes) does not, which is why a caller that hands control to code it does not
 * own flushes first (the store's `flush`).
 *
 * The lines are written in the order appended, files interleaved as they came,
 * so whatever a crash leaves written is the start of what was appended (a torn
 * last line at worst, which reading repairs), as with a write per line.
 */
export class JsonLineAppender {
  private readonly open = new Map<string, number>();
  /** Lines appended and not yet written: runs of lines to one file descriptor, in the order appended. */
  private held: { fd: number; text: string }[] = [];
  private flushQueued = false;
  /** A write that failed: every later append, flush and close throws it (the files may have lost lines). */
  private failure: Error | undefined;

  append(file: string, value: unknown): void {
    this.throwIfFailed();
    let fd = this.open.get(file);
    if (fd === undefined) {
      fd = openSync(file, 'a');
      this.open.set(file, fd);
    }
    const line = `${JSON.stringify(value)}\n`;
    const last = this.held.at(-1);
    if (last !== undefined && last.fd === fd) last.text += line;
    else this.held.push({ fd, text: line });
    if (!this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(() => this.queuedFlush());
    }
  }

  /** Writes every line held, in order. */
  flush(): void {
    this.throwIfFailed();
    const runs = this.held;
    this.held = [];
    for (const run of runs) {
      try {
        writeSync(run.fd, run.text);
      } catch (error) {
        this.failure = error instanceof Error ? error : new Error(String(error));
        throw this.failure;
      }
    }
  }

  /** Closes one file (before it is removed), or all of them, writing every line held first. */
  close(file?: string): void {
    try {
      this.flush();
    } finally {
      for (const [path, fd] of this.open) {
        if (file !== undefined && path !== file) continue;
        closeSync(fd);
        this.open.delete(path);
      }
    }
  }

  /** A failure here has no caller to reach: it is kept, and thrown by the next append, flush or close. */
  private queuedFlush(): void {
    this.flushQueued = false;
    try {
      this.flush();
    } catch {
      // kept in `failure`
    }
  }

  private throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure;
  }
}

function parseLine<T>(file: string, lineNumber: number, line: string, validate: LineValidator<T>): T {
  const parsed = tryParse(line);
  if (!parsed.ok) {
    throw new CorruptLogError(`${file}:${lineNumber}: corrupt line, not valid JSON (${parsed.error})`);
  }
  return validateLine(file, lineNumber, parsed.value, validate);
}

function validateLine<T>(file: string, lineNumber: number, value: unknown, validate: LineValidator<T>): T {
  try {
    return validate(value);
  } catch (error) {
    throw new CorruptLogError(`${file}:${lineNumber}: corrupt line, ${(error as Error).message}`);
  }
}

function tryParse(line: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(line) as unknown };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
