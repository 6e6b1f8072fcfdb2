/**
 * SCOPE-02: plan mode neither reads nor writes the host's approval policy, so
 * the questions a host asks around a tool call, besides plan reviews, are the
 * same in plan mode as outside it. Whether a host asks at all, and whether it
 * remembers an answer, is its own business; so is what a question says. What
 * is compared is each question's shape (its intent, how many options, whether
 * several may be chosen), and only between calls a remembered answer cannot
 * tell apart:
 * - across agents the user made (a fork or a child may start with its origin's
 *   approvals remembered), the first call of a tool by each, one in plan mode
 *   and one outside it: the same questions (the suite's scenario
 *   changing-tools-ask-as-outside-plan-mode compares this pair);
 * - within any one agent, its first call of a tool in each mode since the host
 *   last started: the later one asks nothing the earlier did not. The earlier
 *   one is the agent's first call of the tool since the start, and a remembered
 *   answer only ever drops a question; a restart may forget one.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Question } from '../../src/index.js';
import type { AgentKind } from './session-oracle.js';

/** What a host's own question shows that an approval or sandbox policy decides: never its wording or id. */
export interface QuestionShape {
  intent: string | undefined;
  options: number;
  multiSelect: boolean;
}

export function questionShape(question: Question): QuestionShape {
  return { intent: question.intent, options: question.options.length, multiSelect: question.multiSelect === true };
}

/** The first call of a tool by an agent the user made: in which mode it ran, and the host's questions around it. */
export interface FirstToolCall {
  agent: string;
  request: number;
  active: boolean;
  shapes: QuestionShape[];
}

/** Whether an agent's first calls may be compared with another agent's: one the user made (a fork or a child may inherit approvals). */
export function comparableAgent(kind: AgentKind): boolean {
  return kind === 'created';
}

/** Across agents: the other agent's first call of the tool, in the other mode, whose questions read otherwise. */
export function questionsUnlikeAcrossModes(
  call: FirstToolCall,
  other: FirstToolCall | undefined,
): FirstToolCall | undefined {
  if (!other || other.active === call.active || other.agent === call.agent) return undefined;
  return isDeepStrictEqual(other.shapes, call.shapes) ? undefined : other;
}

/** Within one agent: the questions the later first call (in the other mode) asked beyond the earlier one's. */
export function questionsAddedInOtherMode(later: FirstToolCall, earlier: FirstToolCall | undefined): QuestionShape[] {
  if (!earlier || earlier.active === later.active) return [];
  const left = [...earlier.shapes];
  return later.shapes.filter((shape) => {
    const at = left.findIndex((candidate) => isDeepStrictEqual(candidate, shape));
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}
