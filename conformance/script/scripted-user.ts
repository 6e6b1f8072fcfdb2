/**
 * The kit's user at the question seam: records each question and answers it.
 *
 * A plan review (intent `plan-review`, REVIEW-01) takes the next scripted
 * reply. Any other question is the host's own business, not plan mode's (an
 * approval policy asking before a write, say: SCOPE-02 leaves sandbox and
 * approval to the host): the user answers it with its first option, records
 * it, and uses up no scripted reply, so a host that asks before every write
 * runs the suite as any other. Whether plan mode changes those questions is
 * judged by comparing them with plan mode on and off.
 */
import { QuestionSchema, type Question, type QuestionPort, type QuestionReply } from '../../src/index.js';
import { describeIssues } from '../guard/adapter-error.js';
import { compiledSchema } from '../guard/compiled-schema.js';
import { withoutUndefinedFields } from '../guard/absent-fields.js';

export const PLAN_REVIEW_INTENT = 'plan-review';

export interface AskedQuestion {
  agent: string;
  question: Question;
  /** Whether it declared the plan-review intent (and so took a scripted reply). */
  review: boolean;
}

/**
 * A scripted reply, or one written from the question it answers (labels the host chose); such a reply may first
 * act while the question waits (the turn is open, yet no request is in flight), and answer when done.
 */
export type ScriptedReply = QuestionReply | ((question: Question) => QuestionReply | Promise<QuestionReply>);

export function isPlanReview(question: Question): boolean {
  return question.intent === PLAN_REVIEW_INTENT;
}

/**
 * Whether a question reads as a plan review by any of the marks REVIEW-01
 * gives one (the intent, an approving label, an `Approve` option): used where
 * the kit must see that no review was opened, so that a review without its
 * intent is not mistaken for the host's own question.
 */
export function readsAsPlanReview(question: Question): boolean {
  return (
    isPlanReview(question) ||
    question.approveLabel !== undefined ||
    question.options.some((option) => option.label === 'Approve')
  );
}

export class ScriptedUser {
  /** Every question, reviews and others, in the order asked. */
  readonly asked: AskedQuestion[] = [];
  readonly problems: string[] = [];
  private readonly replies: ScriptedReply[] = [];

  willReply(reply: ScriptedReply): void {
    this.replies.push(reply);
  }

  /** The plan reviews asked so far. */
  get reviews(): AskedQuestion[] {
    return this.asked.filter((asked) => asked.review);
  }

  /** The questions other than plan reviews asked so far. */
  get otherQuestions(): AskedQuestion[] {
    return this.asked.filter((asked) => !asked.review);
  }

  readonly port: QuestionPort = async (raw, context) => {
    const parsed = compiledSchema(QuestionSchema).safeParse(raw);
    if (!parsed.success) {
      const problem = `adapter method question port (question): sent a malformed question: ${describeIssues(parsed.error)}`;
      this.problems.push(problem);
      return { type: 'fail', message: problem };
    }
    const question = withoutUndefinedFields(parsed.data);
    const review = isPlanReview(question);
    this.asked.push({ agent: context?.agent ?? '', question, review });
    if (!review) return { type: 'answer', selected: question.options.slice(0, 1).map((option) => option.label) };
    const reply = this.replies.shift();
    if (reply) return typeof reply === 'function' ? reply(question) : reply;
    const problem = 'the host asked for a plan review the scenario did not expect (no reply was scripted)';
    this.problems.push(problem);
    return { type: 'fail', message: problem };
  };
}
