/**
 * Under a code mode (TOOL-08): a call of the host's code-running tool whose
 * program calls exit_plan_mode with a plan of generated shape (the program
 * written from the adapter's `codeTool` template), and the review answer the
 * user will give. It is the same call as a native exit: outside plan mode no
 * review (TOOL-03); in plan mode exactly one review carrying the plan (TOOL-04;
 * the review seam checks the plan), and plan mode left only on an exact
 * approval (TOOL-05, REVIEW-03), with no notice (NARR-04). What the program
 * does with the exit's result, and so the code tool's own result, is the
 * host's; it is not judged. An approval with an empty free text, whose
 * consent the spec leaves open, is not generated: only the program's result
 * would tell which reading the host made.
 */
import fc from 'fast-check';
import { exitProgramArguments } from '../../../src/index.js';
import { REVIEW_ANSWERS, type PlanShape, type ReviewAnswer } from '../moves.js';
import { planShapes, planText } from '../plan-shapes.js';
import { consentOf, exitExpectation, refusalClauseOf, reviewCountAllowed } from '../../oracle/exit-review.js';
import { exitCircumstances, feedbackTexts, reviewLikeFinding } from './exit.js';
import { consents, reviewRecord } from '../reviews.js';
import type { ModelAnswer } from './answer.js';
import { worded } from '../finding-texts.js';

type ProgramExitAnswer = { type: 'program-exit'; review: ReviewAnswer; plan?: PlanShape; feedback?: string };

const DECIDED_REVIEWS = REVIEW_ANSWERS.filter((review) => consents(review) !== 'open');

export const programExitAnswer: ModelAnswer<ProgramExitAnswer> = {
  type: 'program-exit',
  place: 'continues',
  generate: (g) =>
    g.toolMode === 'native'
      ? undefined
      : {
          weight: 3,
          arbitrary: fc.record(
            {
              type: fc.constant('program-exit' as const),
              review: fc.constantFrom(...DECIDED_REVIEWS),
              plan: planShapes,
              feedback: feedbackTexts,
            },
            { requiredKeys: ['type', 'review'] },
          ),
        },
  response(session, answer) {
    const codeTool = session.options.adapter.codeTool;
    if (codeTool === undefined)
      throw new Error(`adapter ${session.options.adapter.name} declares a code mode but no codeTool`);
    const id = `call_${++session.callCounter}`;
    const plan = planText(session.callCounter, answer.plan);
    return {
      response: {
        type: 'tool_calls',
        text: '',
        calls: [{ id, name: codeTool.name, arguments: exitProgramArguments(codeTool, plan) }],
      },
      record: { type: 'program-exit', plan },
      plan,
    };
  },
  resolve(session, agent, call) {
    const reviewsBefore = session.reviewsAsked - call.questions;
    const where = { agent: agent.name, program: true as const };
    const expected = exitExpectation(exitCircumstances(session, agent, call));
    if (expected.kind === 'outside-plan-mode') {
      if (call.questions > 0) {
        return worded({
          check: 'program-exit-outside-plan-mode-asks-no-review',
          clauses: ['TOOL-08', 'TOOL-03'],
          where,
          expected: { reviewsBefore },
          observed: { reviews: call.questions },
        });
      }
      // What kept the state, should the next request show it changed: TOOL-03, not whatever set it last.
      agent.plan.cause = ['TOOL-08', 'TOOL-03'];
      return reviewLikeFinding(session, call, where, ['TOOL-08', 'TOOL-03']);
    }
    if (expected.kind === 'owned-child') {
      // REVIEW-07 (rc.8), as for a native call: an owned child opens no review, and plan mode stays on.
      if (call.questions > 0) {
        return worded({
          check: 'owned-child-refused-review',
          clauses: ['TOOL-08', 'REVIEW-07'],
          where,
          expected: { reviewsBefore },
          observed: { reviews: call.questions },
        });
      }
      agent.plan.cause = ['TOOL-08', 'REVIEW-07'];
      return reviewLikeFinding(session, call, where, ['TOOL-08', 'REVIEW-07']);
    }
    if (!reviewCountAllowed(expected, call.questions)) {
      // The review never came, so the seam never scripted its answer: the printed scenario still needs it for a host that asks.
      if (call.questions === 0) session.transcript.setup(reviewRecord(call.answer));
      return worded({
        check: 'program-exit-review-count',
        clauses: ['TOOL-08', 'TOOL-04'],
        where,
        expected: { reviewsBefore },
        observed: { reviews: call.questions },
      });
    }
    if (call.questions !== 1) {
      // Unasked, as the host may be for the reasons `unasked` names: plan mode stays on, which the next request shows.
      agent.plan.cause = ['TOOL-08', ...expected.unasked];
      return undefined;
    }
    const reply = call.reply!;
    if (consentOf(reply) === true) {
      agent.plan.approveExit();
      agent.plan.cause = ['TOOL-08', ...agent.plan.cause];
      return undefined;
    }
    // Not consent: plan mode stays on, which the next request shows; a host that left it breaks these.
    agent.plan.cause = ['TOOL-08', refusalClauseOf(reply)];
    return undefined;
  },
  describe: (answer) =>
    `program-exit(${answer.review}${answer.plan ? `, plan of ${answer.plan.length} chars padded ${JSON.stringify(answer.plan.lead)}/${JSON.stringify(answer.plan.trail)}` : ''})`,
};
