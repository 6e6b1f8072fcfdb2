/**
 * One turn of an agent, as the prompt, compaction and `/plan` actions run it:
 * the planned answers and mid-turn actions are scripted on the kit's model,
 * the host is prompted, and afterwards the number of requests is checked. A
 * turn whose last request fails without retry may end, or its prompt may be
 * rejected: the spec leaves open how a host gives up.
 */
import { AdapterTimeoutError } from '../guard/time-limit.js';
import type { OracleAgent } from '../oracle/session-oracle.js';
import { answerFamily } from './answers/index.js';
import type { PlannedRequest } from './moves.js';
import type { ExploredSession } from './explored-session.js';
import type { TranscriptRecord } from './transcript-records.js';
import type { Found } from './disagreement.js';
import { worded } from './finding-texts.js';

export function promptText(agent: OracleAgent): string {
  return `Task ${agent.turns + 1} for ${agent.name.replace(/"/g, '')}`;
}

/**
 * One turn of `agent`: scripts the planned answers and mid-turn actions,
 * prompts, then checks the number of requests. `action` is the printed
 * prompt step; undefined when the caller prints its own.
 */
export async function runTurn(
  session: ExploredSession,
  agent: OracleAgent,
  planned: PlannedRequest[],
  text: string,
  action: TranscriptRecord | undefined,
): Promise<Found> {
  const start = session.model.requestsOf(agent.id).length;
  const givesUp = planned.at(-1)?.answer.type === 'give-up';
  if (action) session.transcript.beginTurn(action, givesUp);
  planned.forEach((request, index) => {
    const n = start + index + 1;
    const scripted = answerFamily(request.answer).response(session, request.answer);
    if (scripted) {
      session.model.answer(agent.id, n, scripted.response);
      if (scripted.response.type === 'tool_calls') {
        const call = scripted.response.calls[0]!;
        session.scripted.set(`${agent.id}#${n}`, scripted.plan === undefined ? call : { ...call, plan: scripted.plan });
        if (scripted.plan !== undefined) session.coverage.crossed(scripted.plan);
      }
      session.transcript.setup({ kind: 'model-answer', agent: agent.name, n, answer: scripted.record });
    }
    for (const midTurn of request.during) {
      session.model.during(agent.id, n, () => session.guard(() => session.runMidTurn(midTurn, { agent, n })));
    }
  });
  session.turns.set(agent.id, { planned, start, firstTexts: [text] });
  session.prompted.push(text);
  session.coverage.crossed(text);
  agent.plan.openTurn();
  try {
    await session.host.prompt(agent.id, text);
  } catch (error) {
    // Giving up by rejecting the prompt is the host's choice, once the request that fails without retry was made.
    // A host that hangs has not given up: a time-out still stops the session.
    if (
      !givesUp ||
      error instanceof AdapterTimeoutError ||
      session.model.requestsOf(agent.id).length < start + planned.length
    )
      throw error;
  } finally {
    agent.plan.closeTurn();
    if (action) session.transcript.endTurn();
  }
  return session.failed() ?? afterTurn(session, agent, start, planned.length, []);
}

export function afterTurn(
  session: ExploredSession,
  agent: OracleAgent,
  start: number,
  planned: number,
  clauses: string[],
): Found {
  agent.turns += 1;
  agent.gaveUp = session.turns.get(agent.id)?.planned.at(-1)?.answer.type === 'give-up';
  session.turns.delete(agent.id);
  const made = session.model.requestsOf(agent.id).length - start;
  if (made < planned) {
    // The host declares retry, so each scripted failure is retried at least once; the session never fails twice in a row.
    return worded({
      check: 'request-count',
      clauses: [...clauses],
      where: { agent: agent.name },
      expected: { planned, requests: start + planned },
      observed: { made },
    });
  }
  // A steered message the turn did not take in waits for the agent's next step, the first of its next turn
  // (docs/clauses.md, "Left open"): agent.steered keeps it, and that request must carry it ahead of its prompt.
  return undefined;
}
