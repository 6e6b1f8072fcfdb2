/**
 * Review answers: what the kit's user replies for each, and the text it
 * types (which the suite's step scripting the same reply quotes:
 * step-texts.ts). What a reply means (consent, the text a refusal carries) is
 * the oracle's reading (oracle/exit-review.ts).
 */
import type { Question, QuestionReply } from '../../src/index.js';
import { APPROVE, consentOf } from '../oracle/exit-review.js';
import type { ReviewAnswer } from './moves.js';
import type { TranscriptRecord } from './transcript-records.js';

const FEEDBACK = 'Split the second step in two';
const FREE_TEXT = 'Please add a rollback step';
const APPROVE_NOTE = 'Approved, but add a test step';
/**
 * The provider's own failure when no text was generated for it (REVIEW-06): several lines, so a host keeping only
 * the first fails, and about 2,000 characters, so a host cutting a long message short fails too (round 44's blind
 * batch: a host keeping 200 characters passed a default run). A constant: the random stream stays as measured.
 */
export const PROVIDER_FAILURE = [
  'the question provider is down (explore)',
  'second line: try again later',
  `details: ${Array.from({ length: 48 }, (_, index) => `replica ${index + 1} timed out after 30000 ms`).join('; ')}`,
].join('\n');

/**
 * The text a reply types: the generated one (any text; a review answer with `Approve` needs one that is not
 * empty, or it would read as the empty free text the seed leaves open: white space alone is free text, so
 * `Approve` beside it is no consent, REVIEW-03), or the kit's own.
 */
function typed(feedback: string | undefined, own: string, refused: 'none' | 'empty' | 'blank' = 'none'): string {
  if (feedback === undefined) return own;
  if (refused === 'empty' && feedback === '') return own;
  if (refused === 'blank' && feedback.trim() === '') return own;
  return feedback;
}

/** The text the reply to `answer` types (none for an answer that types nothing); `feedback` is the generated one. */
export function typedText(answer: ReviewAnswer, feedback: string | undefined): string | undefined {
  switch (answer) {
    case 'approve-with-text':
      return typed(feedback, APPROVE_NOTE, 'empty');
    case 'keep-planning-with-text':
      return typed(feedback, FEEDBACK);
    case 'free-text-only':
      return typed(feedback, FREE_TEXT);
    case 'provider-fails':
      // The provider's message is any text the kit chose, multi-line and all (not blank): it must reach the model unchanged (REVIEW-06).
      return typed(feedback, PROVIDER_FAILURE, 'blank');
    default:
      return undefined;
  }
}

/** What the transcript keeps of the user's answer to a review (step-texts.ts words it). */
export function reviewRecord(answer: { review: ReviewAnswer; feedback?: string }): TranscriptRecord {
  return {
    kind: 'review-answer',
    review: answer.review,
    ...(answer.feedback === undefined ? {} : { feedback: answer.feedback }),
  };
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
      return { type: 'answer', selected: [APPROVE], freeText: typedText(answer, feedback)! };
    case 'approve-and-keep-planning':
      return { type: 'answer', selected: [APPROVE, keepPlanningLabel(question)] };
    case 'approve-other-case':
      return { type: 'answer', selected: ['approve'] };
    case 'approve-padded':
      return { type: 'answer', selected: [' Approve '] };
    case 'approve-twice':
      return { type: 'answer', selected: [APPROVE, APPROVE] };
    case 'approve-then-keep-items':
      return { type: 'answers', items: [{ selected: [APPROVE] }, { selected: [keepPlanningLabel(question)] }] };
    case 'keep-then-approve-items':
      return { type: 'answers', items: [{ selected: [keepPlanningLabel(question)] }, { selected: [APPROVE] }] };
    case 'keep-planning':
      return { type: 'answer', selected: [keepPlanningLabel(question)] };
    case 'keep-planning-with-text':
      return { type: 'answer', selected: [keepPlanningLabel(question)], freeText: typedText(answer, feedback)! };
    case 'free-text-only':
      return { type: 'answer', selected: [], freeText: typedText(answer, feedback)! };
    case 'dismiss':
      return { type: 'dismiss' };
    case 'provider-fails':
      return { type: 'fail', message: typedText(answer, feedback)! };
    case 'abort':
      return { type: 'abort' };
    case 'no-answer':
      return { type: 'no-answer' };
  }
}
