/** `set` of plan mode for an agent, idle or mid-turn: its answer (SET-01..04), then `get` (SET-05). */
import fc from 'fast-check';
import { SET_OUTCOME_CLAUSE } from '../../oracle/plan-oracle.js';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import { observeGet } from '../observe.js';
import type { During, ExploredSession } from '../explored-session.js';
import type { SetMove } from '../moves.js';
import type { Action, Generation } from './action.js';
import type { Found } from '../disagreement.js';
import { worded } from '../finding-texts.js';

const arbitrary = (g: Generation) =>
  fc.record({ kind: fc.constant('set' as const), agent: g.agent, active: fc.boolean() });

export const setAction: Action<SetMove> = {
  kind: 'set',
  move: (g) => ({ weight: 3, arbitrary: arbitrary(g) }),
  midTurn: (g) => ({ weight: 6, arbitrary: arbitrary(g) }),
  async run(session, move, during) {
    const agent = session.agentAt(move.agent);
    const record = { kind: 'set', agent: agent.name, active: move.active } as const;
    if (during) session.transcript.setup({ ...record, during: { n: during.n, agent: during.agent.name } });
    else session.transcript.step(record);
    return select(session, agent, move.active, during);
  },
  describe: (move) => `set #${move.agent} ${move.active ? 'on' : 'off'}`,
};

export async function select(
  session: ExploredSession,
  agent: OracleAgent,
  active: boolean,
  during: During | undefined,
): Promise<Found> {
  const predicted = agent.plan.set(active);
  session.predictedSets.push(predicted);
  const actual = await session.host.setPlanMode(agent.id, active);
  if (actual !== predicted) {
    return worded({
      check: 'set-outcome',
      clauses: [SET_OUTCOME_CLAUSE[predicted]],
      where: { agent: agent.name },
      expected: { active, outcome: predicted, outcomes: [...session.predictedSets] },
      observed: { outcome: actual },
    });
  }
  return observeGet(session, agent, during);
}
