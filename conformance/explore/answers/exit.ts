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
import { REVIEW_ANSWERS, planText, type PlanShape, type ReviewAnswer } from '../commands.js';
import { planShapes } from '../plan-shapes.js';
import { carriedText, consents, reviewStep } from '../reviews.js';
import { quote } from '../transcript.js';
import type { ModelAnswer } from './answer.js';

type ExitAnswer = { type: 'exit'; review: ReviewAnswer; plan?: PlanShape };

export const exitAnswer: ModelAnswer<ExitAnswer> = {
  type: 'exit',
  place: 'continues',
  // Reviews are generated either way: without a question channel an exit in plan mode must fail (REVIEW-06).
  // Under `code` the wire carries only the code-running tool: the exit is reached from a program (program-exit.ts).
  generate: (g) =>
    g.toolMode === 'code'
      ? undefined
      : { weight: 3, arbitrary: fc.record({ type: fc.constant('exit' as const), review: fc.constantFrom(...REVIEW_ANSWERS), plan: planShapes }, { requiredKeys: ['type', 'review'] }) },
  response(session, answer) {
    const id = `call_${++session.callCounter}`;
    const plan = planText(session.callCounter, answer.plan);
    return {
      response: { type: 'tool_calls', text: '', calls: [{ id, name: 'exit_plan_mode', arguments: { plan } }] },
      step: (n, name) => `the model will answer request ${n} of ${name} by calling exit_plan_mode with the plan ${quote(plan)}`,
      plan,
    };
  },
  resolve(session, agent, call, result, n) {
    const review = call.answer.review;
    const failing = `request ${n} of ${agent.name} shows exit_plan_mode failing`;
    if (!result) {
      return session.disagree('exit-result-present', ['TOOL-06'], `request ${n} of ${agent.name} carries no result for the exit_plan_mode call ${call.id}`, { text: failing, midTurn: false });
    }
    const reviewsBefore = session.reviewsAsked - call.questions;
    if (!call.activeAtCall) {
      if (call.questions > 0) session.disagree('exit-outside-plan-mode-asks-no-review', ['TOOL-03'], `exit_plan_mode outside plan mode opened ${call.questions} review(s) for ${agent.name}`, { text: `the user was asked ${reviewsBefore} plan reviews`, midTurn: false });
      if (!result.isError) session.disagree('exit-outside-plan-mode-fails', ['TOOL-03'], `exit_plan_mode outside plan mode succeeded for ${agent.name}: ${JSON.stringify(result.text)}`, { text: failing, midTurn: false });
      return;
    }
    // A spawned child may have no way to ask the user (the seam may refuse delegated callers): REVIEW-06.
    const mayGoUnasked = agent.kind === 'child' || !session.composed.questions;
    if (call.questions > 1 || (call.questions === 0 && !mayGoUnasked)) {
      // The review never came, so the seam never scripted its answer: the printed scenario still needs it for a host that asks.
      if (call.questions === 0) session.transcript.setup(reviewStep(call.answer.review));
      session.disagree('review-count', ['TOOL-04'], `exit_plan_mode in plan mode opened ${call.questions} reviews for ${agent.name}; exactly one is due`, {
        text: `the user was asked ${reviewsBefore + 1} plan reviews`,
        midTurn: false,
      });
    }
    if (call.questions === 0) {
      if (!result.isError) session.disagree('exit-unasked-fails', ['REVIEW-06'], `exit_plan_mode succeeded for ${agent.name} without asking the user`, { text: failing, midTurn: false });
      return;
    }
    const consent = consents(review);
    const approved = consent === true || (consent === 'open' && !result.isError);
    if (approved) {
      if (result.isError || !isDeepStrictEqual(result.value, { approved: true })) {
        session.disagree('approved-exit-succeeds', ['TOOL-04', 'TOOL-05'], `the review of ${agent.name} was approved, yet exit_plan_mode answered ${JSON.stringify({ isError: result.isError, value: result.value })}; an approval succeeds with the value { approved: true }`, {
          text: `request ${n} of ${agent.name} shows exit_plan_mode succeeding`,
          midTurn: false,
        });
      }
      agent.plan.approveExit();
      return;
    }
    if (!result.isError) {
      session.disagree('refused-exit-fails', [review === 'dismiss' ? 'REVIEW-05' : review === 'provider-fails' || review === 'abort' ? 'REVIEW-06' : 'REVIEW-03'], `the review of ${agent.name} answered ${review} is not consent, yet exit_plan_mode succeeded`, {
        text: failing,
        midTurn: false,
      });
    }
    const carried = carriedText(review);
    if (carried !== undefined && !result.text.includes(carried)) {
      session.disagree('refusal-carries-text', [review === 'provider-fails' ? 'REVIEW-06' : 'REVIEW-04'], `the failed exit_plan_mode of ${agent.name} (${review}) does not carry ${JSON.stringify(carried)}: ${JSON.stringify(result.text)}`, {
        text: `request ${n} of ${agent.name} shows exit_plan_mode failing with a message containing ${quote(carried)}`,
        midTurn: false,
      });
    }
  },
  describe: (answer) => `exit(${answer.review}${answer.plan ? `, plan of ${answer.plan.length} chars padded ${JSON.stringify(answer.plan.lead)}/${JSON.stringify(answer.plan.trail)}` : ''})`,
};
