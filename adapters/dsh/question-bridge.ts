/**
 * Question bridge: the kit's question port as the upstream user-questions
 * provider (`ctx.userQuestions.registerProvider`). Each question of a request
 * goes to the port; each reply becomes what the upstream seam produces for
 * such a user.
 */
import { UserQuestionError } from '@deepseek-ai/dsh-user-questions';
import type {
  AskUserQuestionAnswer,
  AskUserQuestionAnswerItem,
  AskUserQuestionItem,
  AskUserQuestionRequest,
  UserQuestionProvider,
} from '@deepseek-ai/dsh-user-questions';
import type { Question, QuestionPort, QuestionReply } from '../../src/index.js';

/** The upstream code of a question the user closed to talk instead (plan-mode reads it as a dismissal). */
export const DISMISSED_CODE = 'ASK_CANCELLED';
export const DISMISSED_MESSAGE = 'the user dismissed the question to speak instead';
/** The upstream seam's own abort error: code and message of `ask()` on an aborted request. */
export const ABORTED_CODE = 'ASK_ABORTED';
export const ABORTED_MESSAGE = 'ask_user_question was aborted before the user answered';

export function questionProvider(port: QuestionPort): UserQuestionProvider {
  return {
    async ask(request: AskUserQuestionRequest): Promise<AskUserQuestionAnswer> {
      const agent = request.agent === undefined ? '' : String(request.agent.id);
      const answers: AskUserQuestionAnswerItem[] = [];
      for (const item of request.questions) {
        const reply = await port(toQuestion(item), { agent });
        answers.push(...toAnswers(item.id, reply));
      }
      return { answers };
    },
  };
}

/** The question as a UI would present it. */
export function toQuestion(item: AskUserQuestionItem): Question {
  const question: Question = {
    id: item.id,
    question: item.question,
    options: (item.options ?? []).map((option) =>
      option.description === undefined
        ? { label: option.label }
        : { label: option.label, description: option.description },
    ),
  };
  if (item.header !== undefined) question.header = item.header;
  if (item.detail !== undefined) question.detail = item.detail;
  if (item.multiSelect !== undefined) question.multiSelect = item.multiSelect;
  if (item.intent !== undefined) {
    question.intent = item.intent.kind;
    question.approveLabel = item.intent.approve;
  }
  return question;
}

function answerItem(id: string, selected: readonly string[], freeText: string | undefined): AskUserQuestionAnswerItem {
  return freeText === undefined ? { id, selected: [...selected] } : { id, selected: [...selected], custom: freeText };
}

/** The answer items for one reply (none when the reply carries none). Dismissal, failure and abort throw. */
export function toAnswers(id: string, reply: QuestionReply): AskUserQuestionAnswerItem[] {
  switch (reply.type) {
    case 'answer':
      return [answerItem(id, reply.selected, reply.freeText)];
    case 'answers':
      return reply.items.map((item) => answerItem(id, item.selected, item.freeText));
    case 'no-answer':
      return [];
    case 'dismiss':
      throw new UserQuestionError(DISMISSED_MESSAGE, DISMISSED_CODE);
    case 'fail':
      throw new Error(reply.message);
    case 'abort':
      throw new UserQuestionError(ABORTED_MESSAGE, ABORTED_CODE);
  }
}
