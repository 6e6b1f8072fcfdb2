/**
 * A long conversation (so any host has something to shrink), then compaction:
 * the plan state stays (STATE-05), and so does a selection still waiting for
 * the next boundary (one made during the conversation's last request). The notices before it may be folded into a
 * summary, after which the oracle counts only those added since (NARR-01: a
 * switch after compaction still owes its notice).
 */
import fc from 'fast-check';
import { compactAgent } from '../../oracle/session-oracle.js';
import { runTurn } from '../turn.js';
import type { CompactMove, PlannedRequest } from '../moves.js';
import type { Action, Generation } from './action.js';

const LONG_PARAGRAPH =
  'Read the module, list every caller, note how each one handles errors, and keep the findings for the plan. '.repeat(
    12,
  );

export const compactAction: Action<CompactMove> = {
  kind: 'compact',
  move: (g: Generation) =>
    g.has('compaction')
      ? {
          weight: 1,
          arbitrary: fc.record(
            { kind: fc.constant('compact' as const), agent: g.agent, waiting: fc.boolean() },
            { requiredKeys: ['kind', 'agent'] },
          ),
        }
      : undefined,
  async run(session, move) {
    const agent = session.agentAt(move.agent);
    // One printed step runs the four parts, so what is scripted for them (the selection made during the last
    // part's request) is printed before it, as a turn's setup is: a replayed scenario must script it first.
    session.transcript.beginTurn({ kind: 'long-conversation', agent: agent.name });
    try {
      for (let part = 1; part <= 3; part += 1) {
        const found = await runTurn(session, agent, [], `Part ${part}: ${LONG_PARAGRAPH}`, undefined);
        if (found) return found;
      }
      // A selection made while the model gives the last part's final answer waits through the compaction (SET-02, STATE-05).
      const last: PlannedRequest[] = move.waiting
        ? [{ answer: { type: 'text' }, during: [{ kind: 'set', agent: move.agent, active: !agent.plan.logged }] }]
        : [];
      const found = await runTurn(session, agent, last, `Part 4: ${LONG_PARAGRAPH}`, undefined);
      if (found) return found;
    } finally {
      session.transcript.endTurn();
    }
    session.transcript.step({ kind: 'compacted', agent: agent.name });
    session.compacted = true;
    await session.host.compact(agent.id);
    compactAgent(agent);
    // How compaction rewrites the log, and whether the registry folds it afresh, is the host's: the count starts again.
    session.notedPushes.delete(agent.id);
    return undefined;
  },
  describe: (move) => `compact #${move.agent}${move.waiting ? ' (a selection waiting)' : ''}`,
};
