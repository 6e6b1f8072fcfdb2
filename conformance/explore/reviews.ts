/**
 * Review answers: what the kit's user replies for each and the suite's step
 * that scripts the same reply. What a reply means (consent, the text a
 * refusal carries) is the oracle's reading (oracle/exit-review.ts).
 */
import type { Question, QuestionReply } from '../../src/index.js';
import { APPROVE, consentOf } from '../oracle/exit-review.js';
import type { ReviewAnswer } from './moves.js';
import { quote } from './transcript.js';

const FEEDBACK = 'Split the second step in two';
const FREE_TEXT = 'Please add a rollback step';
const APPROVE_NOTE = 'Approved, but add a test step';
/** The provider's own failure when no text was generated for it: two lines, so a host keeping only the first fails (REVIEW-06). */
export const PROVIDER_FAILURE = 'the question provider is down (explore)\nsecond line: try again later';

/**
 * The text a reply types: the generated one (any text; a review answer with `Approve` needs one that is not
 * blank, or it would read as the empty free text the seed leaves open), or the kit's own.
 */
function typed(feedback: string | undefined, own: string, nonBlank = false): string {
  if (feedback === undefined || (nonBlank && feedback.trim() === '')) return own;
  return feedback;
}

/** A plan review as any host asks it, for reading what an answer means before a host asked (generation). */
const ANY_REVIEW: Question = {
  id: 'review',
  question: '',
  options: [{ label: APPROVE }, { label: 'Keep planning' }],
  intent: 'plan-review',
  approveLabel: APPROVE,
};

/** Whether the answer consents, as the oracle reads the reply it gives (oracle/exit-review.ts). */
export function consents(answer: ReviewAnswer): boolean | 'open' {
  return consentOf(replyFor(answer, ANY_REVIEW));
}

/** The keep-planning option is the host's own label: the first offered one that is not the approving one. */
function keepPlanningLabel(question: Question): string {
  const approve = question.approveLabel ?? APPROVE;
  return (
    question.options.find((option) => option.label !== approve && option.label !== APPROVE)?.label ?? 'Keep planning'
  );
}

/** The reply the user gives; `feedback` is the text typed with an answer that carries one (the kit's own when absent). */
export function replyFor(answer: ReviewAnswer, question: Question, feedback?: string): QuestionReply {
  switch (answer) {
    case 'approve':
      return { type: 'answer', selected: [APPROVE] };
    case 'approve-with-empty-text':
      return { type: 'answer', selected: [APPROVE], freeText: '' };
    case 'approve-with-text':
      return { type: 'answer', selected: [APPROVE], freeText: typed(feedback, APPROVE_NOTE, true) };
    case 'approve-and-keep-planning':
      return { type: 'answer', selected: [APPROVE, keepPlanningLabel(question)] };
    case 'approve-other-case':
      return { type: 'answer', selected: ['approve'] };
    case 'approve-padded':
      return { type: 'answer', selected: [' Approve '] };
    case 'approve-twice':
      return { type: 'answer', selected: [APPROVE, APPROVE] };
    case 'keep-planning':
      return { type: 'answer', selected: [keepPlanningLabel(question)] };
    case 'keep-planning-with-text':
      return { type: 'answer', selected: [keepPlanningLabel(question)], freeText: typed(feedback, FEEDBACK) };
    case 'free-text-only':
      return { type: 'answer', selected: [], freeText: typed(feedback, FREE_TEXT) };
    case 'dismiss':
      return { type: 'dismiss' };
    case 'provider-fails':
      // The provider's message is any text the kit chose, multi-line and all: it must reach the model unchanged (REVIEW-06).
      return { type: 'fail', message: typed(feedback, PROVIDER_FAILURE, true) };
    case 'abort':
      return { type: 'abort' };
    case 'no-answer':
      return { type: 'no-answer' };
  }
}

/** The suite's step that scripts the same reply. */
export function reviewStep(answer: ReviewAnswer, feedback?: string): string {
  switch (answer) {
    case 'approve':
      return 'the user will answer the review by selecting Approve';
    case 'approve-with-empty-text':
      return 'the user will answer the review by selecting Approve with the feedback ""';
    case 'approve-with-text':
      return `the user will answer the review by selecting Approve with the feedback ${quote(typed(feedback, APPROVE_NOTE, true))}`;
    case 'approve-and-keep-planning':
      return 'the user will answer the review by selecting both Approve and the keep-planning option';
    case 'approve-other-case':
      return `the user will answer the review by selecting exactly the labels '["approve"]'`;
    case 'approve-padded':
      return `the user will answer the review by selecting exactly the labels '[" Approve "]'`;
    case 'approve-twice':
      return `the user will answer the review by selecting exactly the labels '["Approve","Approve"]'`;
    case 'keep-planning':
      return 'the user will answer the review by selecting the keep-planning option';
    case 'keep-planning-with-text':
      return `the user will answer the review by selecting the keep-planning option with the feedback ${quote(typed(feedback, FEEDBACK))}`;
    case 'free-text-only':
      return `the user will answer the review by typing only ${quote(typed(feedback, FREE_TEXT))}`;
    case 'dismiss':
      return 'the user will dismiss the review to talk instead';
    case 'provider-fails':
      return `the question provider will fail the review with ${quote(typed(feedback, PROVIDER_FAILURE, true))}`;
    case 'abort':
      return 'the user will abort the review';
    case 'no-answer':
      return 'the user will answer the review with no answer item';
  }
}
