/**
 * STATE: the durable fact is the `plan/mode` event; the state in force is the
 * last one's `active`, or false when there is none. Everything here is a pure
 * fold over the log.
 */
import type { SessionEvent } from '../host/index.js';

export const PLAN_MODE_EVENT = 'plan/mode';

/** The logged plan state after `events` (false when none was logged). */
export function foldPlanMode(events: readonly SessionEvent[]): boolean {
  let active = false;
  for (const e of events) {
    if (e.type === PLAN_MODE_EVENT) active = e.payload.active;
  }
  return active;
}

/** Index of the last `request/header`, or -1 when no request was made. */
export function lastRequestIndex(events: readonly SessionEvent[]): number {
  return events.map((e) => e.type).lastIndexOf('request/header');
}

/**
 * The plan state the last request was assembled under, or `undefined` when
 * there has been no request. Plan events always precede the header they shape,
 * so the fold up to the header is what that request described.
 */
export function stateOfLastRequest(events: readonly SessionEvent[]): boolean | undefined {
  const index = lastRequestIndex(events);
  if (index < 0) return undefined;
  return foldPlanMode(events.slice(0, index));
}
