/**
 * SCOPE-02 in every session: the host's own questions (no plan review) around
 * the first calls of a probe tool in plan mode and outside it, by one agent or
 * by two the user made (oracle/host-questions.ts says which calls compare and what of a
 * question is compared). It reads only what the review seam noted while each
 * call ran: no call of its own to the host.
 */
import { PROBE_TOOLS } from '../../script/probes.js';
import {
  comparableAgent,
  questionsAddedInOtherMode,
  questionsUnlikeAcrossModes,
  type FirstToolCall,
} from '../../oracle/host-questions.js';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import type { ExploredSession, OpenCall } from '../explored-session.js';
import type { FindingOf } from '../findings.js';

/** Notes a resolved probe call's questions and compares them with the other mode's first calls of the same tool. */
export function hostQuestionsFinding(
  session: ExploredSession,
  agent: OracleAgent,
  call: OpenCall,
): FindingOf<'host-questions-across-modes'> | undefined {
  session.hostQuestionsAsked.set(agent.id, (session.hostQuestionsAsked.get(agent.id) ?? 0) + call.hostQuestions.length);
  if (call.answer.type !== 'probe') return undefined;
  const tool = PROBE_TOOLS[call.answer.effect].name;
  const made: FirstToolCall = {
    agent: agent.name,
    request: call.request,
    active: call.activeAtCall,
    shapes: call.hostQuestions,
  };
  const inMode = `${agent.id} ${tool} ${made.active}`;
  const firstInMode = !session.firstCallsInMode.has(inMode);
  if (firstInMode) session.firstCallsInMode.set(inMode, made);
  const firstOfTool = !session.toolsCalled.has(`${agent.id} ${tool}`);
  session.toolsCalled.add(`${agent.id} ${tool}`);
  const finding = (other: FirstToolCall, sameAgent: boolean): FindingOf<'host-questions-across-modes'> => ({
    check: 'host-questions-across-modes',
    clauses: ['SCOPE-02'],
    where: { agent: agent.name, request: call.request },
    expected: {
      tool,
      other: { agent: other.agent, request: other.request, active: other.active },
      shapes: other.shapes,
      ...(sameAgent ? { askedBefore: (session.hostQuestionsAsked.get(agent.id) ?? 0) - made.shapes.length } : {}),
    },
    observed: { active: made.active, shapes: made.shapes },
  });
  if (firstInMode) {
    const earlier = session.firstCallsInMode.get(`${agent.id} ${tool} ${!made.active}`);
    if (earlier && questionsAddedInOtherMode(made, earlier).length > 0) return finding(earlier, true);
  }
  if (!firstOfTool || !comparableAgent(agent.kind)) return undefined;
  const other = questionsUnlikeAcrossModes(made, session.firstToolCalls.get(`${tool} ${!made.active}`));
  if (!session.firstToolCalls.has(`${tool} ${made.active}`)) session.firstToolCalls.set(`${tool} ${made.active}`, made);
  return other && finding(other, false);
}
