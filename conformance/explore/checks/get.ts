/** `get` against the oracle (SET-05, and whatever last changed or kept the state). */
import type { PlanModeState } from '../../../src/index.js';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import type { During, ExploredSession } from '../explored-session.js';
import { onOff } from '../transcript.js';

export async function checkGet(session: ExploredSession, agent: OracleAgent, during: During | undefined): Promise<void> {
  const state = await session.host.getPlanMode(agent.id);
  if (agent.plan.acceptsGet(state)) return;
  const expected = agent.plan.get();
  const phrase =
    expected.pending === undefined
      ? `get reports plan mode ${onOff(expected.active)} for ${agent.name}, no other mode pending`
      : `get reports plan mode ${onOff(expected.active)} for ${agent.name}, plan mode ${onOff(expected.pending)} pending`;
  session.disagree('get-state', ['SET-05', ...agent.plan.cause.filter((clause) => clause !== 'SET-05')], `get(${agent.name}) is ${JSON.stringify(state)}; the oracle ${describeGet(expected)}`, {
    text: during ? `while the model handles request ${during.n} of ${during.agent.name}, ${phrase}` : phrase,
    midTurn: during !== undefined,
  });
}

function describeGet(state: PlanModeState): string {
  return state.pending === undefined ? `{"active":${state.active}} (or a pending equal to active)` : JSON.stringify(state);
}
