/**
 * A prompt: a turn of planned requests (answers from answers/*.ts, each with
 * the user's mid-turn actions). Mid-turn, another agent's whole turn inside
 * the request in flight (interleaving; skipped when that agent is running).
 */
import fc from 'fast-check';
import { answerFamily } from '../answers/index.js';
import { promptText, runTurn } from '../turn.js';
import type { PlannedRequest, PromptMove, SessionMove } from '../moves.js';
import type { Action, Generation } from './action.js';
import { texts } from '../values/texts.js';

// Half the prompts hold a text of the whole domain after the kit's words (which keep a prompt from reading as a command).
const promptTexts = fc.option(
  texts({ long: true }).map(({ text }) => text),
  { nil: undefined, freq: 2 },
);

const arbitrary = (g: Generation, requests: fc.Arbitrary<PlannedRequest[]>) =>
  fc.record(
    { kind: fc.constant('prompt' as const), agent: g.agent, requests, text: promptTexts },
    { requiredKeys: ['kind', 'agent', 'requests'] },
  );

export const promptAction: Action<PromptMove> = {
  kind: 'prompt',
  move: (g) => (g.requests ? { weight: 6, arbitrary: arbitrary(g, g.requests) } : undefined),
  midTurn: (g) => (g.requests ? { weight: 2, arbitrary: arbitrary(g, g.requests) } : undefined),
  // Mid-turn, another agent's turn: an agent already running (this one included) is not prompted.
  feasible: (session, move, during) => {
    const agent = session.agentAt(move.agent);
    return !during || !(session.turns.has(agent.id) || agent.plan.running);
  },
  async run(session, move, during) {
    const agent = session.agentAt(move.agent);
    const text = move.text === undefined ? promptText(agent) : `${promptText(agent)}: ${move.text}`;
    if (!during) return runTurn(session, agent, move.requests, text, { kind: 'prompt', agent: agent.name, text });
    // Another agent's turn inside this request; an agent already running (this one included) is not prompted.
    if (session.turns.has(agent.id) || agent.plan.running) return undefined;
    session.transcript.setup({
      kind: 'prompt',
      agent: agent.name,
      text,
      during: { n: during.n, agent: during.agent.name },
    });
    return runTurn(session, agent, move.requests, text, undefined);
  },
  describe: (move, describeMove) => `prompt #${move.agent}: ${describeRequests(move.requests, describeMove)}`,
};

function describeRequests(requests: PlannedRequest[], describeMove: (move: SessionMove) => string): string {
  // A turn inside the request is put in brackets, so a session reads unambiguously.
  const during = (move: PlannedRequest['during'][number]) =>
    move.kind === 'prompt' ? `(${describeMove(move)})` : describeMove(move);
  return requests
    .map(
      (request) =>
        `${answerFamily(request.answer).describe(request.answer)}${request.during.length ? `[${request.during.map(during).join('; ')}]` : ''}`,
    )
    .join(' ');
}
