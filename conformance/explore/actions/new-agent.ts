/** A new agent, made by the user: it starts outside plan mode with an empty log (STATE-02). */
import fc from 'fast-check';
import { createdAgent } from '../../oracle/session-oracle.js';
import type { NewAgentMove } from '../moves.js';
import type { Action } from './action.js';

const arbitrary = fc.constant({ kind: 'new-agent' as const });

export const newAgentAction: Action<NewAgentMove> = {
  kind: 'new-agent',
  move: () => ({ weight: 1, arbitrary }),
  lineage: () => ({ weight: 1, arbitrary }),
  async run(session) {
    session.names.created += 1;
    const name = `agent "${String.fromCharCode(65 + session.names.created)}"`;
    // Printed, so that an agent made before a restart is made before it in the scenario too.
    session.transcript.step({ kind: 'new-agent', agent: name });
    session.agents.push(createdAgent(name, await session.host.createAgent(), session.edition));
    return undefined;
  },
  describe: () => 'new agent',
};
