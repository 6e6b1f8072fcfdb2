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
 * line until `close`: one write per line, each at once (as durable as
 * opening the file for every line, without the cost of opening it).
 */
export class JsonLineAppender {
  private readonly open = new Map<string, number>();

  append(file: string, value: unknown): void {
    let fd = this.open.get(file);
    if (fd === undefined) {
      fd = openSync(file, 'a');
      this.open.set(file, fd);
    }
    writeSync(fd, `${JSON.stringify(value)}\n`);
  }

  /** Closes one file (before it is removed), or all of them. */
  close(file?: string): void {
    for (const [path, fd] of this.open) {
      if (file !== undefined && path !== file) continue;
      closeSync(fd);
      this.open.delete(path);
    }
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
