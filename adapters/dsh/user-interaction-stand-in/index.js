/**
 * A stand-in for `@deepseek-ai/dsh-user-interaction`, which npm does not
 * have: `@deepseek-ai/dsh-plan-mode@0.0.1-rc.1` imports it for one thing, the
 * error class of the user-interaction seam, whose `code` tells it a dismissed
 * review (`ASK_CANCELLED`) from any other failure. Plain JavaScript because it
 * is installed as a package (a `file:` devDependency) that Node loads as is;
 * written for the kit from the published package's use of it, not copied.
 * The seam itself is adapters/dsh/user-interaction.ts, which forwards to
 * rc.8's `ctx.userQuestions` and rethrows its errors as this class.
 */
import { HarnessError } from '@deepseek-ai/dsh-llm';

/** A failure of the user-interaction seam: the message, and `code`, its stable class (e.g. `ASK_CANCELLED`). */
export class UserInteractionError extends HarnessError {
  constructor(message, code, options) {
    super(message, code, options);
    this.name = 'UserInteractionError';
  }
}
