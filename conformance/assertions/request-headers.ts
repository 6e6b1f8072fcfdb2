/**
 * Which logged `request/header` describes which model request.
 *
 * docs/clauses.md leaves open when within one request the header is logged (before
 * the call, or together with the model's reply) as long as it is in the log
 * before the next request boundary. A header per request pairs with the
 * requests in order, whatever its timing: the last header with the last request
 * (a fork's log starts with its origin's headers, which pair with no request of
 * its own). Some hosts (dsh among them) log a header only when what it records
 * changes, before the call; the seed does not forbid that, so with fewer
 * headers than requests the header of request n is the last one logged by the
 * time request n reached the model.
 */
import type { SessionEvent } from '../../src/index.js';
import { fail } from './expect.js';

/** Log indices of every `request/header`, in order. */
export function headerIndices(log: readonly SessionEvent[]): number[] {
  const found: number[] = [];
  log.forEach((event, index) => {
    if (event.type === 'request/header') found.push(index);
  });
  return found;
}

export interface RequestLogs {
  /** The agent's whole log, read after the request. */
  log: readonly SessionEvent[];
  /** How many model requests the agent made. */
  requestCount: number;
  /** The log as it stood when request k reached the model. */
  atRequest(k: number): readonly SessionEvent[] | undefined;
}

/** Index in the whole log of the header describing the agent's n-th request (1-based). */
export function headerOfRequest({ log, requestCount, atRequest }: RequestLogs, n: number): number {
  if (n < 1 || n > requestCount) fail(`the agent made ${requestCount} model request(s); request ${n} does not exist`);
  const headers = headerIndices(log);
  if (headers.length >= requestCount) {
    const index = headers[headers.length - requestCount + n - 1]!;
    const next = atRequest(n + 1);
    if (next !== undefined && !(next.length > index && next[index]?.type === 'request/header')) {
      fail(`the header of request ${n} (#${index}) was not yet in the log when request ${n + 1} reached the model`);
    }
    return index;
  }
  const then = atRequest(n);
  if (then === undefined) fail(`the log was not read when request ${n} reached the model`);
  const index = then.findLastIndex((event) => event.type === 'request/header');
  if (index < 0) {
    fail(
      `the log holds ${headers.length} request/header record(s) for ${requestCount} model request(s), and none was logged before request ${n} reached the model`,
    );
  }
  return index;
}
