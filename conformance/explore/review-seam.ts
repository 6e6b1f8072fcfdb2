/**
 * The question seam of an explored session: the kit's user answers each plan
 * review as the session planned it, and records a review that does not carry
 * the submitted plan (TOOL-04) or one nobody submitted a plan for.
 */
import type { Question, QuestionPort } from '../../src/index.js';
import { isPlanReview } from '../script/scripted-user.js';
import type { ExploredSession } from './explored-session.js';
import { APPROVE } from '../oracle/exit-review.js';
import { replyFor, reviewRecord } from './reviews.js';
import { quote } from './step-texts.js';

export function reviewSeam(session: ExploredSession): QuestionPort {
  return async (question: Question, context) => {
    // A question that is no plan review (an approval policy's, say) is the host's own business
    // (SCOPE-02): the user takes its first option, as the suite's scripted user does.
    if (!isPlanReview(question))
      return { type: 'answer', selected: question.options.slice(0, 1).map((option) => option.label) };
    const entry = [...session.calls.values()].find(
      (call) =>
        call.plan !== undefined && [question.question, question.detail ?? ''].some((text) => text.includes(call.plan!)),
    );
    session.reviewsAsked += 1;
    const submitted = context?.agent === undefined ? undefined : session.calls.get(context.agent);
    if (!entry && submitted?.plan !== undefined) {
      // The review is for an agent whose exit call is open, but does not carry its plan byte for byte (TOOL-04).
      const name = session.agentWithId(context!.agent!)?.name ?? 'the agent';
      // The printed scenario scripts the user's answer, as for a review that matched, so the host meets the same session.
      if (submitted.answer.type === 'exit' || submitted.answer.type === 'program-exit')
        session.transcript.setup(reviewRecord(submitted.answer));
      session.record({
        clauses: ['TOOL-04'],
        check: 'review-shows-plan',
        message: `the plan review for ${name} does not carry the submitted plan (${submitted.plan.length} characters) unchanged: ${JSON.stringify(question.question.slice(0, 200))}`,
        step: {
          text: `plan review ${session.reviewsAsked} was asked for ${name}, showing the plan ${quote(submitted.plan)}`,
          midTurn: false,
        },
      });
      return { type: 'fail', message: 'the review does not show the plan' };
    }
    if (!entry || (entry.answer.type !== 'exit' && entry.answer.type !== 'program-exit')) {
      session.record({
        clauses: ['TOOL-04'],
        check: 'review-carries-submitted-plan',
        message: `the host asked a question for ${context?.agent ?? 'an agent'} that carries no plan the model submitted: ${JSON.stringify(question.question)}`,
        step: { text: `the user was asked ${session.reviewsAsked - 1} plan reviews`, midTurn: false },
      });
      return { type: 'fail', message: 'unexpected question' };
    }
    entry.questions += 1;
    session.transcript.setup(reviewRecord(entry.answer));
    checkReviewShape(session, question);
    entry.reply = replyFor(entry.answer.review, question, entry.answer.feedback);
    if (entry.reply.type === 'answer' && entry.reply.freeText !== undefined)
      session.coverage.crossed(entry.reply.freeText);
    return entry.reply;
  };
}

/** REVIEW-01: the review declares the plan-review intent, names Approve as approving, and offers it beside a keep-planning option. */
function checkReviewShape(session: ExploredSession, question: Question): void {
  const labels = question.options.map((option) => option.label);
  if (question.intent !== 'plan-review' || question.approveLabel !== APPROVE) {
    session.record({
      clauses: ['REVIEW-01'],
      check: 'review-declares-intent',
      message: `the plan review declares the intent ${JSON.stringify(question.intent)} and the approving label ${JSON.stringify(question.approveLabel)}`,
      step: { text: 'the review declares the plan-review intent and names Approve as approving', midTurn: false },
    });
  } else if (!labels.includes(APPROVE) || !labels.some((label) => label !== APPROVE && label.trim().length > 0)) {
    session.record({
      clauses: ['REVIEW-01'],
      check: 'review-offers-keep-planning',
      message: `the plan review offers ${JSON.stringify(labels)}: Approve beside a keep-planning option is due`,
      step: { text: 'the review offers Approve beside a keep-planning option', midTurn: false },
    });
  }
}
