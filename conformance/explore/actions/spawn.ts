/** A child spawned by any agent: it starts outside plan mode, before any request of its own (STATE-07). */
import fc from 'fast-check';
import { spawnedAgent } from '../../oracle/session-oracle.js';
import type { SpawnMove } from '../moves.js';
import type { Action, Generation } from './action.js';

const arbitrary = (g: Generation) => fc.record({ kind: fc.constant('spawn' as const), agent: g.agent });

export const spawnAction: Action<SpawnMove> = {
  kind: 'spawn',
  move: (g) => (g.has('spawn') ? { weight: 1, arbitrary: arbitrary(g) } : undefined),
  lineage: (g) => (g.has('spawn') ? { weight: 1, arbitrary: arbitrary(g) } : undefined),
  async run(session, move) {
    const parent = session.agentAt(move.agent);
    session.names.child += 1;
    const name = `agent "child ${session.names.child}"`;
    session.transcript.step({ kind: 'spawn', parent: parent.name, child: name });
    session.agents.push(spawnedAgent(name, await session.host.spawn(parent.id), session.edition));
    return undefined;
  },
  describe: (move) => `spawn from #${move.agent}`,
};
