/**
 * A call of exit_plan_mode with a plan of generated shape, and the review
 * answer the user will give. The next request must show its result:
 * outside plan mode a failure with no review (TOOL-03); in plan mode exactly
 * one review carrying the plan (TOOL-04), success with `{ approved: true }`
 * only on an exact approval (TOOL-05, REVIEW-03), otherwise a failure that
 * carries the user's feedback or the seam's error (REVIEW-04..06).
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { REVIEW_ANSWERS, type PlanShape, type ReviewAnswer } from '../moves.js';
import { planShapes, planText } from '../plan-shapes.js';
import {
  carriedTextClauseOf,
  carriedTextOf,
  exitApproved,
  exitCircumstancesOf,
  exitExpectation,
  refusalClauseOf,
  reviewCountAllowed,
} from '../../oracle/exit-review.js';
import { reviewRecord } from '../reviews.js';
import { quote } from '../step-texts.js';
import { texts } from '../values/texts.js';
import type { ModelAnswer, ToolResultMessage } from './answer.js';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import { toolResults } from '../../world/observations.js';
import type { ExploredSession, OpenCall } from '../explored-session.js';
import type { ExitCircumstances } from '../../oracle/exit-review.js';
import { disagreement, type Found } from '../disagreement.js';

const reviewAnswers = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom<ReviewAnswer>('dismiss', 'keep-planning', 'abort', 'provider-fails') },
  { weight: 3, arbitrary: fc.constantFrom(...REVIEW_ANSWERS) },
);

type ExitAnswer = { type: 'exit'; review: ReviewAnswer; plan?: PlanShape; feedback?: string };

/** What the user types with a review answer that carries text: any text, multi-line, invisible characters and all (REVIEW-04). */
export const feedbackTexts = fc.option(
  texts({ empty: true, maxFragments: 5 }).map(({ text }) => text),
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
    const failing = `request ${n} of ${agent.name} shows exit_plan_mode failing`;
    if (!result) {
      return disagreement(
        'exit-result-present',
        ['TOOL-06'],
        `request ${n} of ${agent.name} carries no result for the exit_plan_mode call ${call.id}`,
        { text: failing, midTurn: false },
      );
    }
    const reviewsBefore = session.reviewsAsked - call.questions;
    const expected = exitExpectation(exitCircumstances(session, agent, call));
    if (expected.kind === 'outside-plan-mode') {
      if (call.questions > 0)
        return disagreement(
          'exit-outside-plan-mode-asks-no-review',
          ['TOOL-03'],
          `exit_plan_mode outside plan mode opened ${call.questions} review(s) for ${agent.name}`,
          { text: `the user was asked ${reviewsBefore} plan reviews`, midTurn: false },
        );
      if (!result.isError)
        return disagreement(
          'exit-outside-plan-mode-fails',
          ['TOOL-03'],
          `exit_plan_mode outside plan mode succeeded for ${agent.name}: ${JSON.stringify(result.text)}`,
          { text: failing, midTurn: false },
        );
      return undefined;
    }
    if (expected.kind === 'owned-child') {
      // REVIEW-07: a failed call that opens no review; plan mode stays on.
      if (call.questions > 0 || !result.isError) {
        return disagreement(
          'owned-child-refused-review',
          ['REVIEW-07'],
          `exit_plan_mode of the owned child ${agent.name} ${call.questions > 0 ? `opened ${call.questions} review(s)` : 'succeeded'}`,
          {
            text: `request ${n} of ${agent.name} shows exit_plan_mode failing without a review`,
            midTurn: false,
          },
        );
      }
      return undefined;
    }
    if (!reviewCountAllowed(expected, call.questions)) {
      // The review never came, so the seam never scripted its answer: the printed scenario still needs it for a host that asks.
      if (call.questions === 0) session.transcript.setup(reviewRecord(call.answer));
      return disagreement(
        'review-count',
        ['TOOL-04'],
        `exit_plan_mode in plan mode opened ${call.questions} reviews for ${agent.name}; exactly one is due`,
        {
          text: `the user was asked ${reviewsBefore + 1} plan reviews`,
          midTurn: false,
        },
      );
    }
    if (call.questions === 0) {
      if (!result.isError)
        return disagreement(
          'exit-unasked-fails',
          ['REVIEW-06'],
          `exit_plan_mode succeeded for ${agent.name} without asking the user`,
          { text: failing, midTurn: false },
        );
      return undefined;
    }
    // One review was asked, and the seam recorded the user's reply: its reading decides.
    const reply = call.reply!;
    if (exitApproved(reply, result.isError)) {
      if (result.isError || !isDeepStrictEqual(result.value, { approved: true })) {
        return disagreement(
          'approved-exit-succeeds',
          ['TOOL-04', 'TOOL-05'],
          `the review of ${agent.name} was approved, yet exit_plan_mode answered ${JSON.stringify({ isError: result.isError, value: result.value })}; an approval succeeds with the value { approved: true }`,
          {
            text: `request ${n} of ${agent.name} shows exit_plan_mode succeeding`,
            midTurn: false,
          },
        );
      }
      agent.plan.approveExit();
      return undefined;
    }
    if (!result.isError) {
      return disagreement(
        'refused-exit-fails',
        [refusalClauseOf(reply)],
        `the review of ${agent.name} answered ${review} is not consent, yet exit_plan_mode succeeded`,
        {
          text: failing,
          midTurn: false,
        },
      );
    }
    const distinct = checkDismissalDistinct(session, agent, call.answer.review, result, n);
    if (distinct) return distinct;
    const carried = carriedTextOf(reply);
    if (carried !== undefined && !result.text.includes(carried)) {
      return disagreement(
        'refusal-carries-text',
        [carriedTextClauseOf(reply)],
        `the failed exit_plan_mode of ${agent.name} (${review}) does not carry ${JSON.stringify(carried)}: ${JSON.stringify(result.text)}`,
        {
          text: `request ${n} of ${agent.name} shows exit_plan_mode failing with a message containing ${quote(carried)}`,
          midTurn: false,
        },
      );
    }
    return undefined;
  },
  describe: (answer) =>
    `exit(${answer.review}${answer.plan ? `, plan of ${answer.plan.length} chars padded ${JSON.stringify(answer.plan.lead)}/${JSON.stringify(answer.plan.trail)}` : ''})`,
};

/** What the oracle knows of the agent when its exit ran (oracle/exit-review.ts). */
export function exitCircumstances(session: ExploredSession, agent: OracleAgent, call: OpenCall): ExitCircumstances {
  return exitCircumstancesOf(agent, call.activeAtCall, session.composed.questions);
}

/** The answers whose failures a dismissal's must differ from: keep planning, and the seam's own errors (REVIEW-05). */
const UNLIKE_DISMISSAL: ReadonlySet<ReviewAnswer> = new Set(['keep-planning', 'abort', 'provider-fails']);

/**
 * REVIEW-05: a dismissal's failure differs from the keep-planning failure and
 * from the seam's own errors. Compared among the exit_plan_mode results one
 * request shows (its history), by the answers their reviews got.
 */
function checkDismissalDistinct(
  session: ExploredSession,
  agent: OracleAgent,
  review: ReviewAnswer,
  result: ToolResultMessage,
  n: number,
): Found {
  session.reviewOutcomes.set(result.toolCallId, review);
  const versus =
    review === 'dismiss'
      ? (other: ReviewAnswer) => UNLIKE_DISMISSAL.has(other)
      : UNLIKE_DISMISSAL.has(review)
        ? (other: ReviewAnswer) => other === 'dismiss'
        : undefined;
  if (!versus) return undefined;
  const results = toolResults(session.model.requestsOf(agent.id)[n - 1]!.messages, 'exit_plan_mode');
  const at = results.findIndex((candidate) => candidate.toolCallId === result.toolCallId);
  const same = results.findIndex(
    (other, index) =>
      index !== at &&
      other.isError &&
      other.text === result.text &&
      versus(session.reviewOutcomes.get(other.toolCallId) ?? 'approve'),
  );
  if (at < 0 || same < 0) return undefined;
  const [dismissal, other] = review === 'dismiss' ? [at, same] : [same, at];
  return disagreement(
    'dismissal-distinct',
    ['REVIEW-05'],
    `the failure of a dismissed review reads like that of ${session.reviewOutcomes.get(results[other]!.toolCallId)} for ${agent.name}: ${JSON.stringify(result.text)}`,
    {
      text: `request ${n} of ${agent.name} shows exit_plan_mode result ${dismissal + 1} unlike result ${other + 1}`,
      midTurn: false,
    },
  );
}
