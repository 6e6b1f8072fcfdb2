/**
 * REVIEW: the plan-review question and how its answer is read. The answer is
 * read the same way whether or not a UI renders the `plan-review` intent.
 */
import type { AnswerItem, QuestionRequest } from '../host/index.js';

export const REVIEW_INTENT = 'plan-review';
export const APPROVE_LABEL = 'Approve';
export const KEEP_PLANNING_LABEL = 'Keep planning';

export function reviewQuestion(plan: string): QuestionRequest {
  return {
    header: 'Plan review',
    question: 'Approve this plan and leave plan mode?',
    detail: plan,
    options: [
      { label: APPROVE_LABEL, description: 'Leave plan mode and carry out this plan.' },
      { label: KEEP_PLANNING_LABEL, description: 'Stay in plan mode and keep refining the plan.' },
    ],
    multiSelect: false,
    intent: REVIEW_INTENT,
    approveLabel: APPROVE_LABEL,
  };
}

export function hasFreeText(answer: AnswerItem): boolean {
  return answer.freeText !== undefined && answer.freeText.length > 0;
}

/** Consent is exactly one selection, `Approve`, and no free text; anything else is not. */
export function isApproval(answer: AnswerItem | undefined): boolean {
  if (answer === undefined) return false;
  if (answer.selected.length !== 1) return false;
  if (answer.selected[0] !== APPROVE_LABEL) return false;
  return !hasFreeText(answer);
}

/** The user's feedback text, byte for byte, when the answer carries any (white space alone is none). */
export function feedbackOf(answer: AnswerItem | undefined): string | undefined {
  const text = answer?.freeText;
  if (text === undefined || text.trim().length === 0) return undefined;
  return text;
}
