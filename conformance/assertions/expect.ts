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

export function expectEqual<T>(actual: T, expected: T, what: string): void {
  if (!isDeepStrictEqual(actual, expected)) {
    fail(`${what}: expected ${show(expected)} but the host showed ${show(actual)}`);
  }
}

export function expectTrue(condition: boolean, message: string): asserts condition {
  if (!condition) fail(message);
}
