/**
 * The kit's user at the question seam: records each question and answers it
 * with the next scripted reply.
 */
import { QuestionSchema, type Question, type QuestionPort, type QuestionReply } from '../../src/index.js';
import { describeIssues } from '../guard/adapter-error.js';

export interface AskedQuestion {
  agent: string;
  question: Question;
}

export class ScriptedUser {
  readonly asked: AskedQuestion[] = [];
  readonly problems: string[] = [];
  private readonly replies: QuestionReply[] = [];

  willReply(reply: QuestionReply): void {
    this.replies.push(reply);
  }

  readonly port: QuestionPort = async (raw, context) => {
    const parsed = QuestionSchema.safeParse(raw);
    if (!parsed.success) {
      const problem = `adapter method question port (question): sent a malformed question: ${describeIssues(parsed.error)}`;
      this.problems.push(problem);
      return { type: 'fail', message: problem };
    }
    this.asked.push({ agent: context?.agent ?? '', question: parsed.data });
    const reply = this.replies.shift();
    if (reply) return reply;
    const problem = 'the host asked a question the scenario did not expect (no reply was scripted)';
    this.problems.push(problem);
    return { type: 'fail', message: problem };
  };
}
