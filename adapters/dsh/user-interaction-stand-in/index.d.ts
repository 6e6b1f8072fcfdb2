/** The stand-in's one export (index.js says why it exists). */
import { HarnessError } from '@deepseek-ai/dsh-llm';

/** A failure of the user-interaction seam: the message, and `code`, its stable class (e.g. `ASK_CANCELLED`). */
export declare class UserInteractionError extends HarnessError {
  constructor(message: string, code: string, options?: ErrorOptions);
}
