/**
 * `ctx.userInteraction` for `@deepseek-ai/dsh-plan-mode@0.0.1-rc.1`, whose
 * review asks through that service where rc.8's asks `ctx.userQuestions`. npm
 * has no `@deepseek-ai/dsh-user-interaction`, so this small service forwards
 * each request, unchanged, to rc.8's `UserQuestionService`: its checks stay
 * the ones that run (a caller that is not the live agent, an owned child:
 * `DELEGATED_CALLER`, REVIEW-07; the abort signal; the question's intent goes
 * to the provider as is). Its failures are rethrown as the stand-in's
 * `UserInteractionError` with message and `code` kept, which is all the
 * plugin reads of them (`ASK_CANCELLED`: the user dismissed the review).
 * Anything else thrown (the provider's own error) passes through unchanged.
 */
import { Service, type Context } from '@deepseek-ai/cordis';
import { UserInteractionError } from '@deepseek-ai/dsh-user-interaction';
import {
  UserQuestionError,
  type AskUserQuestionAnswer,
  type AskUserQuestionRequest,
} from '@deepseek-ai/dsh-user-questions';

export class UserInteractionForwarder extends Service {
  static inject = ['userQuestions'];

  constructor(ctx: Context) {
    super(ctx, 'userInteraction');
  }

  async ask(request: AskUserQuestionRequest): Promise<AskUserQuestionAnswer> {
    try {
      return await this.ctx.userQuestions.ask(request);
    } catch (error) {
      if (error instanceof UserQuestionError)
        throw new UserInteractionError(error.message, error.code, { cause: error });
      throw error;
    }
  }
}
