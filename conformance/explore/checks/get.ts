/** `get` against the oracle (SET-05, and whatever last changed or kept the state): a comparison of what the host answered with the oracle's reading. */
import type { PlanModeState } from '../../../src/index.js';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import type { Disagreement } from '../disagreement.js';
import type { During } from '../explored-session.js';
import { onOff } from '../step-texts.js';

/** The disagreement of `state`, what `get` answered for `agent`, with the oracle; undefined when the MUST clauses allow it. */
export function getDisagreement(
  agent: OracleAgent,
  state: PlanModeState,
  during: During | undefined,
): Disagreement | undefined {
  if (agent.plan.acceptsGet(state)) return undefined;
  const expected = agent.plan.get();
  const phrase =
    expected.pending === undefined
      ? `get reports plan mode ${onOff(expected.active)} for ${agent.name}, no other mode pending`
      : `get reports plan mode ${onOff(expected.active)} for ${agent.name}, plan mode ${onOff(expected.pending)} pending`;
  return {
    clauses: [...new Set(['SET-05', ...agent.plan.cause.filter((clause) => clause !== 'SET-05')])],
    check: 'get-state',
    message: `get(${agent.name}) is ${JSON.stringify(state)}; the oracle ${describeGet(expected)}`,
    step: {
      text: during ? `while the model handles request ${during.n} of ${during.agent.name}, ${phrase}` : phrase,
      midTurn: during !== undefined,
    },
  };
}

function describeGet(state: PlanModeState): string {
  return state.pending === undefined
    ? `{"active":${state.active}} (or a pending equal to active)`
    : JSON.stringify(state);
}
