/**
 * The class of an exploration failure as the results know it: the clause it
 * breaks and the check that failed (never the seed or the path of the session
 * that showed it), and the id of its record, `explore:<CLAUSE>/<check>`. A
 * baseline entry `explore: { clause, check }` excuses one class. How a
 * disagreement gets its class is the exploration's (explore/signature.ts).
 */
import type { FailureKind } from '../../src/index.js';
import { EXPLORATION_ID } from './exploration-uri.js';

export interface Signature {
  /** The clause the disagreement breaks first (a clause id), or `host` when it names none (an adapter error). */
  clause: string;
  /** A short stable name of the failed check (lower-case words joined by `-`). */
  check: string;
}

/**
 * The failure kind of a class, as its check names it: a failed adapter call
 * (`adapter-call-<method>`) ends `-timeout`, `-crash` or `-protocol-error`, or
 * else is an adapter error; any other check is the oracle's (`assertion`). A
 * baseline entry for one kind therefore never matches a class of another:
 * their ids differ.
 */
export function classKind(signature: Signature): FailureKind {
  if (!signature.check.startsWith('adapter-call')) return 'assertion';
  for (const kind of ['timeout', 'crash', 'protocol-error'] as const)
    if (signature.check.endsWith(`-${kind}`)) return kind;
  return 'adapter-error';
}

/** The clause of a disagreement that names no clause: the host failed to answer (an adapter error, a timeout). */
export const NO_CLAUSE = 'host';

/** `explore:SET-06/notice-owed`: the id of a class's record. */
export function classId(signature: Signature): string {
  return `${EXPLORATION_ID}:${signature.clause}/${signature.check}`;
}

export function sameClass(a: Signature, b: Signature): boolean {
  return a.clause === b.clause && a.check === b.check;
}

/** `explore:SET-06/notice-owed` → its signature; undefined for any other id. */
export function signatureOfId(id: string): Signature | undefined {
  const match = /^explore:([^/]+)\/(.+)$/.exec(id);
  return match ? { clause: match[1]!, check: match[2]! } : undefined;
}
