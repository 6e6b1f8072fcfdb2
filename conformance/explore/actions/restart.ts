/**
 * A host restart: everything logged is restored with no other memory
 * (STATE-03). Run only when nothing is pending or steered (LIM-01 lets a host lose a
 * pending selection, and a printed scenario must replay the same on every
 * host). Sessions around a restart are shaped by the arbitraries: agents made
 * before it (lineage) and used after it.
 */
import fc from 'fast-check';
import { restartAgent } from '../../oracle/session-oracle.js';
import type { RestartMove } from '../moves.js';
import type { Action } from './action.js';

export const restartAction: Action<RestartMove> = {
  kind: 'restart',
  move: (g) => (g.has('restart') ? { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) } : undefined),
  // Nor while a steered message waits for an agent's next turn: it lives where a pending selection lives.
  feasible: (session) =>
    session.agents.every((agent) => agent.plan.pending === undefined && agent.steered.length === 0),
  async run(session) {
    session.transcript.step({ kind: 'restart' });
    await session.host.restart();
    session.restarted = true;
    // A new host's registry may push its subscribers a snapshot of its own (PROJ-02): the count starts again.
    session.notedPushes.clear();
    // A new host may have forgotten an answer its approval policy remembered (SCOPE-02 compares from here on).
    session.firstCallsInMode.clear();
    for (const agent of session.agents) restartAgent(agent);
    // A new host's own messages may start again (a counter of requests): no step across the restart is read.
    for (const places of session.standingHost.values()) places.restarted();
    return undefined;
  },
  describe: () => 'restart',
};
