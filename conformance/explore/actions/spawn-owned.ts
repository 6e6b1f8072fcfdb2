/**
 * A child owned by a live agent (rc.8, capability `ownedChild`): it starts
 * outside plan mode (STATE-07) and its exit_plan_mode in plan mode fails
 * without a review, leaving plan mode on (REVIEW-07; answers/exit.ts). Whether
 * a fork of it is owned too is the host's own: its exit either reviews as usual
 * or is refused as an owned child's (session-oracle.ts, `mayBeOwned`).
 */
import fc from 'fast-check';
import { EDITION_READINGS } from '../../oracle/edition-readings.js';
import { ownedAgent } from '../../oracle/session-oracle.js';
import type { SpawnOwnedMove } from '../moves.js';
import type { Action, Generation } from './action.js';

const arbitrary = (g: Generation) => fc.record({ kind: fc.constant('spawn-owned' as const), agent: g.agent });

export const spawnOwnedAction: Action<SpawnOwnedMove> = {
  kind: 'spawn-owned',
  move: (g) =>
    g.has('ownedChild') && EDITION_READINGS[g.edition].ownedChildCannotReview
      ? { weight: 2, arbitrary: arbitrary(g) }
      : undefined,
  async run(session, move) {
    const owner = session.agentAt(move.agent);
    session.names.child += 1;
    const name = `agent "child ${session.names.child}"`;
    session.transcript.step({ kind: 'spawn-owned', owner: owner.name, child: name });
    session.agents.push(ownedAgent(name, await session.host.spawnOwnedChild(owner.id), session.edition));
    return undefined;
  },
  describe: (move) => `owned child of #${move.agent}`,
};
