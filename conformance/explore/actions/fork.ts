/**
 * A fork of any agent, a fork included (forks of forks): it carries its
 * origin's logged state, last header, notices and projection target, then
 * goes its own way (STATE-04). Skipped while the origin has a selection
 * pending: that lives outside the log, and whether a fork copies it is not the
 * spec's business.
 */
import fc from 'fast-check';
import { forkedAgent } from '../../oracle/session-oracle.js';
import { planModeEvents } from '../../world/observations.js';
import type { ForkMove } from '../moves.js';
import type { Action, Generation } from './action.js';

const arbitrary = (g: Generation) => fc.record({ kind: fc.constant('fork' as const), agent: g.agent });

export const forkAction: Action<ForkMove> = {
  kind: 'fork',
  move: (g) => (g.has('fork') ? { weight: 1, arbitrary: arbitrary(g) } : undefined),
  lineage: (g) => (g.has('fork') ? { weight: 2, arbitrary: arbitrary(g) } : undefined),
  feasible: (session, move) => session.agentAt(move.agent).plan.pending === undefined,
  async run(session, move) {
    const origin = session.agentAt(move.agent);
    session.names.fork += 1;
    const name = `agent "fork ${session.names.fork}"`;
    session.transcript.step({ kind: 'fork', origin: origin.name, fork: name });
    const id = await session.host.fork(origin.id);
    const inherited = planModeEvents(await session.host.readLog(id)).length;
    session.agents.push(forkedAgent(name, id, origin, inherited));
    return undefined;
  },
  describe: (move) => `fork #${move.agent}`,
};
