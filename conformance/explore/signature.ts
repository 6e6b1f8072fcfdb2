/**
 * The class of a disagreement: the clause it breaks and the check that failed,
 * never the seed or the path of the session that showed it. Several sessions
 * of one class are one failure (with a count); a baseline entry
 * `explore: { clause, check }` excuses one class; the results file names it
 * `explore:<CLAUSE>/<check>`.
 */
import { TIMEOUT_MESSAGE } from '../guard/time-limit.js';
import type { Disagreement } from './disagreement.js';
import { EXPLORATION_ID } from './exploration-uri.js';

export interface Signature {
  /** The clause the disagreement breaks first (a clause id), or `host` when it names none (an adapter error). */
  clause: string;
  /** A short stable name of the failed check (lower-case words joined by `-`). */
  check: string;
}

/** The clause of a disagreement that names no clause: the host failed to answer (an adapter error, a timeout). */
export const NO_CLAUSE = 'host';

export { EXPLORATION_ID } from './exploration-uri.js';

export function signatureOf(disagreement: Disagreement): Signature {
  return { clause: disagreement.clauses[0] ?? NO_CLAUSE, check: checkName(disagreement) };
}

/** `explore:SET-06/notice-owed`: the id of a class's record. */
export function classId(signature: Signature): string {
  return `${EXPLORATION_ID}:${signature.clause}/${signature.check}`;
}

export function sameClass(a: Signature, b: Signature): boolean {
  return a.clause === b.clause && a.check === b.check;
}

/**
 * The stable name of the failed check, as the oracle names it. An adapter
 * call that failed is named by the method too, and whether it timed out:
 * a host whose `fork` throws and one whose `prompt` hangs are two classes.
 */
export function checkName(disagreement: Disagreement): string {
  if (disagreement.check !== ADAPTER_CALL) return disagreement.check;
  const method = /^adapter method (\w+)/.exec(disagreement.message)?.[1];
  if (method === undefined) return ADAPTER_CALL;
  const kebab = method.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase().replace(/[^a-z-]+/g, '');
  return `${ADAPTER_CALL}-${kebab}${TIMEOUT_MESSAGE.test(disagreement.message) ? '-timeout' : ''}`;
}

const ADAPTER_CALL = 'adapter-call';

/** `explore:SET-06/notice-owed` → its signature; undefined for any other id. */
export function signatureOfId(id: string): Signature | undefined {
  const match = /^explore:([^/]+)\/(.+)$/.exec(id);
  return match ? { clause: match[1]!, check: match[2]! } : undefined;
}
