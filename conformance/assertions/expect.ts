/**
 * Tiny assertion helpers whose failure messages say what the host showed.
 * (node:assert's messages are fine for values; these add the context a reader
 * of a failed scenario needs.)
 */
import { isDeepStrictEqual, inspect } from 'node:util';

export class ConformanceFailure extends Error {
  override name = 'ConformanceFailure';
}

export function fail(message: string): never {
  throw new ConformanceFailure(message);
}

export function show(value: unknown): string {
  return inspect(value, { depth: 6, breakLength: 120 });
}

/**
 * A failure message, or a function that writes one: messages that show values
 * are written only when the check fails (showing them for every passing check
 * cost a suite run more than the checks).
 */
export type FailureText = string | (() => string);

function written(text: FailureText): string {
  return typeof text === 'function' ? text() : text;
}

export function expectEqual<T>(actual: T, expected: T, what: FailureText): void {
  if (!isDeepStrictEqual(actual, expected)) {
    fail(`${written(what)}: expected ${show(expected)} but the host showed ${show(actual)}`);
  }
}

export function expectTrue(condition: boolean, message: FailureText): asserts condition {
  if (!condition) fail(written(message));
}
