/**
 * The user side of the contract: a plan review reaches the kit's question port,
 * the kit (the only user) answers it.
 */
import { z } from 'zod';

export const QuestionOptionSchema = z.object({
  label: z.string(),
  description: z.string().optional(),
});

/** A question as the host's user-question seam presents it to a UI. */
export const QuestionSchema = z.object({
  id: z.string().min(1),
  header: z.string().optional(),
  /** The question text. */
  question: z.string(),
  /** Longer content shown with the question (a plan review carries the plan here or in `question`). */
  detail: z.string().optional(),
  options: z.array(QuestionOptionSchema),
  /** Whether several options may be selected. */
  multiSelect: z.boolean().optional(),
  /** Presentation intent, e.g. `plan-review`. */
  intent: z.string().optional(),
  /** The option label that the intent treats as approval, e.g. `Approve`. */
  approveLabel: z.string().optional(),
});
export type Question = z.infer<typeof QuestionSchema>;

/** One answer item: selected labels (offered or not, exactly as given) and optional free text. */
export const AnswerItemReplySchema = z.object({
  selected: z.array(z.string()),
  freeText: z.string().optional(),
});
export type AnswerItemReply = z.infer<typeof AnswerItemReplySchema>;

/**
 * How the kit's user reacts to a question. The adapter turns each into what its
 * host's seam produces for such a user:
 * - `answer`: the user selected these option labels and optionally typed free text.
 *   Labels are passed exactly as given: they may differ from every offered
 *   label (other case, padding) or repeat one;
 * - `answers`: the reply carries several answer items for this question (a
 *   seam whose reply is a list of items keyed by question id gets them all,
 *   in this order); newer than the others, an adapter written before it may
 *   not know it;
 * - `no-answer`: the reply carries no answer item for this question;
 * - `dismiss`: the user closed the question to talk instead;
 * - `fail`: the question provider failed with this message;
 * - `abort`: the user aborted the pending question (the seam reports its own abort error).
 */
export type QuestionReply =
  | { type: 'answer'; selected: string[]; freeText?: string }
  | { type: 'answers'; items: AnswerItemReply[] }
  | { type: 'no-answer' }
  | { type: 'dismiss' }
  | { type: 'fail'; message: string }
  | { type: 'abort' };

export interface QuestionContext {
  /** The agent whose tool call asked. */
  agent: string;
}

export type QuestionPort = (question: Question, context: QuestionContext) => Promise<QuestionReply>;
