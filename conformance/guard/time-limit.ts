import { AdapterError } from './adapter-error.js';
import { CallDeadlines, type Watched } from './call-deadlines.js';

/**
 * An adapter call that did not settle in time. Its own class (cucumber reports
 * an error's constructor name) so a run can tell a timeout from other adapter
 * errors: a baseline entry for one must not excuse the other.
 */
export class AdapterTimeoutError extends AdapterError {
  override name = 'AdapterTimeoutError';
}

/**
 * A host's start may launch an interpreter and open a store: under load, or
 * behind a slow launcher, that takes longer than a call. Three starts that
 * time out end the run (fail fast), so this default keeps a host that never
 * starts within a minute.
 */
export const DEFAULT_START_LIMIT_MS = 15_000;

/** A call's limit when none is given (`--call-limit`). Here, in a module without zod: the CLI reads it before anything heavy loads. */
export const DEFAULT_CALL_LIMIT_MS = 5_000;

/** The start limit when none is given: the default, or the call limit if that is longer. */
export function startLimitFor(callLimitMs: number, startLimitMs?: number): number {
  return startLimitMs ?? Math.max(DEFAULT_START_LIMIT_MS, callLimitMs);
}

/** The longest delay a Node timer keeps (a longer one fires at once). */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * Calls a step may make before the one that hangs, each within the call
 * limit: a step starts the host at most once and makes a few calls.
 */
const CALLS_PER_STEP = 4;
/** Beyond the limits: the kit's own work in a step (the scripted model, reading the store). */
const STEP_SLACK_MS = 10_000;

/**
 * Cucumber's own step (and hook) timeout, the last resort behind the kit's
 * limits, derived from them: long enough for a step that starts the host and
 * makes a few calls, each within its limit, so that a host that hangs always
 * meets the kit's limit first, whose message names the adapter method (a
 * `--call-limit` above the old fixed 30 s was cut short by cucumber's).
 */
export function stepTimeoutFor(callLimitMs: number, startLimitMs: number): number {
  return Math.min(LONGEST_TIMER_MS, startLimitMs + CALLS_PER_STEP * callLimitMs + STEP_SLACK_MS);
}

/** The message shape of a timeout, for failures that reach the kit as text only. */
export const TIMEOUT_MESSAGE = /^adapter method \S+: did not answer within \d+ ms/;

/** Every call's deadline, watched by one timer rather than one each (call-deadlines.ts). */
const deadlines = new CallDeadlines();

/**
 * Awaits an adapter call for at most `limitMs`. A call that throws is reported
 * with the method named; one that never settles is reported as not answering.
 */
export async function withinLimit<T>(method: string, limitMs: number, call: () => Promise<T>): Promise<T> {
  let watched: Watched | undefined;
  const timeout = new Promise<never>((_, reject) => {
    watched = deadlines.watch(limitMs, () =>
      reject(new AdapterTimeoutError(method, `did not answer within ${limitMs} ms`)),
    );
  });
  try {
    return await Promise.race([invoke(method, call), timeout]);
  } finally {
    deadlines.settled(watched!);
  }
}

async function invoke<T>(method: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AdapterError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new AdapterError(method, `threw: ${message}`);
  }
}
