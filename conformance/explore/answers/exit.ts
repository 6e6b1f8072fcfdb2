/**
 * A call of exit_plan_mode with a plan of generated shape, and the review
 * answer the user will give. The next request must show its result:
 * outside plan mode a failure with no review (TOOL-03); in plan mode exactly
 * one review carrying the plan (TOOL-04), success with `{ approved: true }`
 * only on an exact approval (TOOL-05, REVIEW-03), otherwise a failure that
 * carries the user's feedback or the seam's error (REVIEW-04..06). The
 * oracle predicts each (oracle/exit-review.ts); what the result shows against
 * it is handed back as a finding (findings.ts), worded by finding-texts.ts.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { REVIEW_ANSWERS, type PlanShape, type ReviewAnswer } from '../moves.js';
import { planShapes, planText } from '../plan-shapes.js';
import {
  carriedTextClauseOf,
  carriedTextOf,
  dismissalAlike,
  exitApproved,
  exitCircumstancesOf,
  exitExpectation,
  refusalClauseOf,
  reviewCountAllowed,
} from '../../oracle/exit-review.js';
import { reviewRecord } from '../reviews.js';
import { blankTexts, texts } from '../values/texts.js';
import type { ModelAnswer, ToolResultMessage } from './answer.js';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import { toolResults } from '../../world/observations.js';
import type { ExploredSession, OpenCall } from '../explored-session.js';
import type { ExitCircumstances } from '../../oracle/exit-review.js';
import type { Found } from '../disagreement.js';
import type { FindingPlace } from '../findings.js';
import { worded } from '../finding-texts.js';

const reviewAnswers = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom<ReviewAnswer>('dismiss', 'keep-planning', 'abort', 'provider-fails') },
  { weight: 3, arbitrary: fc.constantFrom(...REVIEW_ANSWERS) },
);

type ExitAnswer = { type: 'exit'; review: ReviewAnswer; plan?: PlanShape; feedback?: string };

/**
 * What the user types with a review answer that carries text: any text, multi-line, invisible characters and all
 * (REVIEW-04). Most feedback of several fragments has a line break between two of them (`lineBreaks`): feedback is
 * read whole, and a host that keeps its first line must meet multi-line feedback within a default run's budget.
 */
export const feedbackTexts = fc.option(
  fc.oneof(
    { weight: 6, arbitrary: texts({ empty: true, maxFragments: 5, lineBreaks: true }).map(({ text }) => text) },
    // White space alone: free text all the same (next to Approve, no consent: REVIEW-03), though none to carry (REVIEW-04).
    { weight: 3, arbitrary: blankTexts },
  ),
  { nil: undefined, freq: 4 },
);

export const exitAnswer: ModelAnswer<ExitAnswer> = {
  type: 'exit',
  place: 'continues',
  // Reviews are generated either way: without a question channel an exit in plan mode must fail (REVIEW-06).
  // Under `code` the wire carries only the code-running tool: the exit is reached from a program (program-exit.ts).
  // The answers whose failures must differ from each other (REVIEW-05) come more often, so one agent meets several.
  generate: (g) =>
    g.toolMode === 'code'
      ? undefined
      : {
          weight: 3,
          arbitrary: fc.record(
            { type: fc.constant('exit' as const), review: reviewAnswers, plan: planShapes, feedback: feedbackTexts },
            { requiredKeys: ['type', 'review'] },
          ),
        },
  response(session, answer) {
    const id = `call_${++session.callCounter}`;
    const plan = planText(session.callCounter, answer.plan);
    return {
      response: { type: 'tool_calls', text: '', calls: [{ id, name: 'exit_plan_mode', arguments: { plan } }] },
      record: { type: 'exit', plan },
      plan,
    };
  },
  resolve(session, agent, call, result, n) {
    const review = call.answer.review;
    const where = { agent: agent.name, request: n };
    if (!result) {
      return worded({
        check: 'exit-result-present',
        clauses: ['TOOL-06'],
        where,
        expected: { callId: call.id },
        observed: {},
      });
    }
    const reviewsBefore = session.reviewsAsked - call.questions;
    const asked = { reviews: call.questions };
    const expected = exitExpectation(exitCircumstances(session, agent, call));
    if (expected.kind === 'outside-plan-mode') {
      if (call.questions > 0)
        return worded({
          check: 'exit-outside-plan-mode-asks-no-review',
          clauses: ['TOOL-03'],
          where,
          expected: { reviewsBefore },
          observed: asked,
        });
      const reviewLike = reviewLikeFinding(session, call, where, ['TOOL-03']);
      if (reviewLike) return reviewLike;
      if (!result.isError)
        return worded({
          check: 'exit-outside-plan-mode-fails',
          clauses: ['TOOL-03'],
          where,
          expected: {},
          observed: { text: result.text },
        });
      // What kept the state, should the next request show it changed: TOOL-03, not whatever set it last.
      agent.plan.cause = ['TOOL-03'];
      return undefined;
    }
    if (expected.kind === 'owned-child') {
      // REVIEW-07: a failed call that opens no review; plan mode stays on.
      if (call.questions > 0 || !result.isError) {
        return worded({
          check: 'owned-child-refused-review',
          clauses: ['REVIEW-07'],
          where,
          expected: { reviewsBefore },
          observed: { ...asked, failed: result.isError },
        });
      }
      agent.plan.cause = ['REVIEW-07'];
      return reviewLikeFinding(session, call, where, ['REVIEW-07']);
    }
    if (!reviewCountAllowed(expected, call.questions)) {
      // The review never came, so the seam never scripted its answer: the printed scenario still needs it for a host that asks.
      if (call.questions === 0) session.transcript.setup(reviewRecord(call.answer));
      return worded({
        check: 'review-count',
        clauses: ['TOOL-04'],
        where,
        expected: { reviewsBefore },
        observed: asked,
      });
    }
    if (call.questions === 0) {
      // Unasked, as the host may be for the reasons `unasked` names: a failure, and plan mode kept under the same clauses.
      if (!result.isError)
        return worded({ check: 'exit-unasked-fails', clauses: expected.unasked, where, expected: {}, observed: {} });
      agent.plan.cause = expected.unasked;
      return undefined;
    }
    // One review was asked, and the seam recorded the user's reply: its reading decides.
    const reply = call.reply!;
    if (exitApproved(reply, result.isError)) {
      if (result.isError || !isDeepStrictEqual(result.value, { approved: true })) {
        return worded({
          check: 'approved-exit-succeeds',
          clauses: ['TOOL-04', 'TOOL-05'],
          where,
          expected: { value: { approved: true } },
          observed: { isError: result.isError, value: result.value },
        });
      }
      agent.plan.approveExit();
      return undefined;
    }
    if (!result.isError) {
      return worded({
        check: 'refused-exit-fails',
        clauses: [refusalClauseOf(reply)],
        where,
        expected: { answer: review },
        observed: {},
      });
    }
    agent.plan.cause = [refusalClauseOf(reply)];
    const distinct = checkDismissalDistinct(session, agent, call.answer.review, result, n);
    if (distinct) return distinct;
    const carried = carriedTextOf(reply);
    if (carried !== undefined && !result.text.includes(carried)) {
      return worded({
        check: 'refusal-carries-text',
        clauses: [carriedTextClauseOf(reply)],
        where,
        expected: { answer: review, text: carried },
        observed: { text: result.text },
      });
    }
    return undefined;
  },
  describe: (answer) =>
    `exit(${answer.review}${answer.plan ? `, plan of ${answer.plan.length} chars padded ${JSON.stringify(answer.plan.lead)}/${JSON.stringify(answer.plan.trail)}` : ''})`,
};

/**
 * TOOL-03, REVIEW-07: an exit that must open no review put a question to the user that reads as one (an approving
 * label or an `Approve` option, REVIEW-01's marks) without declaring the plan-review intent: a review all the same,
 * as the suite's "no plan review was opened" reads it. A question that reads as none is the host's own (SCOPE-02).
 */
export function reviewLikeFinding(
  session: ExploredSession,
  call: OpenCall,
  where: FindingPlace,
  clauses: string[],
): Found {
  if (call.reviewLike === 0) return undefined;
  return worded({
    check: 'exit-opens-review-without-intent',
    clauses,
    where,
    expected: { reviewLikeBefore: session.reviewLikeAsked - call.questions - call.reviewLike },
    observed: { reviewLike: call.reviewLike },
  });
}

/** What the oracle knows of the agent when its exit ran (oracle/exit-review.ts). */
export function exitCircumstances(session: ExploredSession, agent: OracleAgent, call: OpenCall): ExitCircumstances {
  return exitCircumstancesOf(agent, call.activeAtCall, session.composed.questions, call.plan);
}

/**
 * REVIEW-05: what the request showed of this exit's failure beside the earlier ones (its history), compared by the
 * oracle (`dismissalAlike`) by the answers their reviews got; this review's answer is noted for later exits.
 */
function checkDismissalDistinct(
  session: ExploredSession,
  agent: OracleAgent,
  review: ReviewAnswer,
  result: ToolResultMessage,
  n: number,
): Found {
  session.reviewOutcomes.set(result.toolCallId, review);
  const results = toolResults(session.model.requestsOf(agent.id)[n - 1]!.messages, 'exit_plan_mode');
  const alike = dismissalAlike(
    { toolCallId: result.toolCallId, text: result.text, answer: review },
    results,
    session.reviewOutcomes,
  );
  if (!alike) return undefined;
  return worded({
    check: 'dismissal-distinct',
    clauses: ['REVIEW-05'],
    where: { agent: agent.name, request: n },
    expected: alike,
    observed: { text: result.text },
  });
}
