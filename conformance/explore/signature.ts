/**
 * The class of a disagreement: the clause it breaks and the check that failed,
 * never the seed or the path of the session that showed it. Several sessions
 * of one class are one failure (with a count); a baseline entry
 * `explore: { clause, check }` excuses one class; the results file names it
 * `explore:<CLAUSE>/<check>`.
 */
import { TIMEOUT_MESSAGE } from '../guard/time-limit.js';
import type { Disagreement } from './disagreement.js';
import { NO_CLAUSE, type Signature } from '../results/exploration-class.js';

export { EXPLORATION_ID } from '../results/exploration-uri.js';
export {
  classId,
  NO_CLAUSE,
  sameClass,
  signatureOfId,
  classKind,
  type Signature,
} from '../results/exploration-class.js';

export function signatureOf(disagreement: Disagreement): Signature {
  return { clause: disagreement.clauses[0] ?? NO_CLAUSE, check: checkName(disagreement) };
}

/**
 * The stable name of the failed check, as the oracle names it. An adapter
 * call that failed is named by the method too, and how it failed (timed
 * out, its process crashed, it broke the protocol): a host whose `fork`
 * throws and one whose `prompt` hangs are two classes, and so are a host
 * error and a crash of one method.
 */
export function checkName(disagreement: Disagreement): string {
  if (disagreement.check !== ADAPTER_CALL) return disagreement.check;
  const kind = disagreement.kind ?? (TIMEOUT_MESSAGE.test(disagreement.message) ? 'timeout' : 'adapter-error');
  const suffix = kind === 'adapter-error' ? '' : `-${kind}`;
  const method = /^adapter method (\w+)/.exec(disagreement.message)?.[1];
  if (method === undefined) return `${ADAPTER_CALL}${suffix}`;
  const kebab = method
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z-]+/g, '');
  return `${ADAPTER_CALL}-${kebab}${suffix}`;
}

const ADAPTER_CALL = 'adapter-call';
