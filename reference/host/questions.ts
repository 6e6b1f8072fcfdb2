/**
 * The user-question seam: plugins ask the user a question and get an outcome.
 *
 * - an answer (the reply's item for this question, or none when the reply has no item for it);
 * - a dismissal (the user closed the question to talk instead): a distinct outcome, not an error;
 * - failures are thrown: no provider composed (`QuestionUnavailableError`), the provider failed
 *   (`QuestionProviderError`, the provider's message kept), or the question was aborted
 *   (`QuestionAbortedError`, the seam's own message).
 */
import { errorMessage } from './tools.js';

export interface QuestionOption {
  label: string;
  description?: string;
}

export interface QuestionRequest {
  header?: string;
  question: string;
  detail?: string;
  options: QuestionOption[];
  multiSelect?: boolean;
  /** Presentation intent, e.g. `plan-review`. */
  intent?: string;
  /** The option label the intent treats as approval. */
  approveLabel?: string;
}

export interface PendingQuestion extends QuestionRequest {
  id: string;
}

export interface AnswerItem {
  questionId: string;
  selected: string[];
  freeText?: string;
}

export type ProviderReply = { kind: 'answered'; answers: AnswerItem[] } | { kind: 'dismissed' };

export interface ProviderContext {
  agent: string;
  signal: AbortSignal;
  /** The user aborts the pending question. */
  abort(): void;
}

export type QuestionProvider = (question: PendingQuestion, context: ProviderContext) => Promise<ProviderReply>;

export type QuestionOutcome = { kind: 'answered'; answer: AnswerItem | undefined } | { kind: 'dismissed' };

export class QuestionUnavailableError extends Error {
  override name = 'QuestionUnavailableError';
}
export class QuestionProviderError extends Error {
  override name = 'QuestionProviderError';
}
export class QuestionAbortedError extends Error {
  override name = 'QuestionAbortedError';
}

export class UserQuestionSeam {
  private nextId = 1;

  constructor(private readonly provider: QuestionProvider | undefined) {}

  async ask(agent: string, request: QuestionRequest, signal?: AbortSignal): Promise<QuestionOutcome> {
    if (!this.provider) {
      throw new QuestionUnavailableError('user-question seam: no question provider is composed, so nobody can answer');
    }
    const question: PendingQuestion = { ...structuredClone(request), id: `question-${this.nextId++}` };
    const controller = new AbortController();
    const aborted = abortPromise(controller.signal);
    if (signal) linkAbort(signal, controller);
    const provided = this.callProvider(this.provider, question, {
      agent,
      signal: controller.signal,
      abort: () => controller.abort(),
    });
    // Whichever loses the race may settle later; it must not become an unhandled rejection.
    provided.catch(() => undefined);
    aborted.catch(() => undefined);
    const reply = await Promise.race([provided, aborted]);
    if (controller.signal.aborted) throw abortError();
    return readReply(question.id, reply);
  }

  private async callProvider(
    provider: QuestionProvider,
    question: PendingQuestion,
    context: ProviderContext,
  ): Promise<ProviderReply> {
    try {
      return await provider(question, context);
    } catch (error) {
      if (context.signal.aborted) throw abortError();
      throw new QuestionProviderError(`user-question provider failed: ${errorMessage(error)}`, { cause: error });
    }
  }
}

/**
 * The answer to one question: its item, or, when the reply carries several
 * items for it, one answer holding every selection and every text in reply
 * order (so no item is silently dropped: two items are two selections).
 */
function readReply(questionId: string, reply: ProviderReply): QuestionOutcome {
  if (reply.kind === 'dismissed') return { kind: 'dismissed' };
  const items = reply.answers.filter((item) => item.questionId === questionId);
  if (items.length <= 1) return { kind: 'answered', answer: items[0] };
  const texts = items.flatMap((item) => (item.freeText === undefined ? [] : [item.freeText]));
  const merged: AnswerItem = { questionId, selected: items.flatMap((item) => item.selected) };
  if (texts.length > 0) merged.freeText = texts.join('\n');
  return { kind: 'answered', answer: merged };
}

function abortError(): QuestionAbortedError {
  return new QuestionAbortedError('user-question seam: the question was aborted before it was answered');
}

function abortPromise(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(abortError()), { once: true });
  });
}

function linkAbort(outer: AbortSignal, inner: AbortController): void {
  if (outer.aborted) inner.abort();
  else outer.addEventListener('abort', () => inner.abort(), { once: true });
}
