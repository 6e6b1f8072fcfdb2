/** `get` against the oracle (SET-05, and whatever last changed or kept the state): a comparison of what the host answered with the oracle's reading. */
import type { PlanModeState } from '../../../src/index.js';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import type { During } from '../explored-session.js';
import type { FindingOf } from '../findings.js';

/** What differs between `state`, what `get` answered for `agent`, and the oracle; undefined when the MUST clauses allow it. */
export function getFinding(
  agent: OracleAgent,
  state: PlanModeState,
  during: During | undefined,
): FindingOf<'get-state'> | undefined {
  if (agent.plan.acceptsGet(state)) return undefined;
  return {
    check: 'get-state',
    clauses: [...new Set(['SET-05', ...agent.plan.cause.filter((clause) => clause !== 'SET-05')])],
    where: { agent: agent.name, ...(during ? { during: { n: during.n, agent: during.agent.name } } : {}) },
    expected: agent.plan.get(),
    observed: state,
  };
}
