/**
 * The question seam of an explored session: the kit's user answers each plan
 * review as the session planned it. What checks/review.ts finds of a review
 * (one that does not carry the submitted plan, TOOL-04, or one nobody
 * submitted a plan for; its shape, REVIEW-01) is recorded here: this runs
 * inside the host's call into the kit, where nothing may be thrown back.
 */
import type { Question, QuestionPort } from '../../src/index.js';
import { isPlanReview, readsAsPlanReview } from '../script/scripted-user.js';
import { questionShape } from '../oracle/host-questions.js';
import type { ExploredSession } from './explored-session.js';
import { replyFor, reviewRecord } from './reviews.js';
import { reviewShapeFinding, reviewWithoutPlanFinding, unsubmittedPlanFinding } from './checks/review.js';
import { worded } from './finding-texts.js';

export function reviewSeam(session: ExploredSession): QuestionPort {
  return async (question: Question, context) => {
    // A question that is no plan review (an approval policy's, say) is the host's own business
    // (SCOPE-02): the user takes its first option, as the suite's scripted user does. Its shape is noted on the
    // agent's open tool call (checks/host-questions.ts compares it across modes), and whether it reads as a review
    // all the same (an exit outside plan mode opens none, whatever its intent: TOOL-03).
    if (!isPlanReview(question)) {
      const open = context?.agent === undefined ? undefined : session.calls.get(context.agent);
      if (readsAsPlanReview(question)) {
        session.reviewLikeAsked += 1;
        if (open) open.reviewLike += 1;
      }
      open?.hostQuestions.push(questionShape(question));
      return { type: 'answer', selected: question.options.slice(0, 1).map((option) => option.label) };
    }
    session.reviewLikeAsked += 1;
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
      session.record(worded(reviewWithoutPlanFinding(name, submitted.plan, question, session.reviewsAsked)));
      return { type: 'fail', message: 'the review does not show the plan' };
    }
    if (!entry || (entry.answer.type !== 'exit' && entry.answer.type !== 'program-exit')) {
      session.record(worded(unsubmittedPlanFinding(context?.agent, question, session.reviewsAsked)));
      return { type: 'fail', message: 'unexpected question' };
    }
    entry.questions += 1;
    session.transcript.setup(reviewRecord(entry.answer));
    const shape = reviewShapeFinding(question);
    if (shape) session.record(worded(shape));
    entry.reply = replyFor(entry.answer.review, question, entry.answer.feedback);
    if (entry.reply.type === 'answer' && entry.reply.freeText !== undefined)
      session.coverage.crossed(entry.reply.freeText);
    return entry.reply;
  };
}
