/**
 * A scenario's result with the host text it keeps bounded (guard/bounded-text.ts):
 * its message and skip reason, and the review texts a run keeps. Applied where
 * a result leaves the suite's child and again where the CLI receives it, so
 * neither the message between them nor any report carries more than the bound.
 */
import type { ReviewText } from '../../src/index.js';
import { boundedText } from '../guard/bounded-text.js';
import type { ScenarioResult } from './scenario-result.js';

export function boundedResult<T extends Pick<ScenarioResult, 'message' | 'skipReason'>>(result: T): T {
  const long = (text: string | undefined) => text !== undefined && text !== boundedText(text);
  if (!long(result.message) && !long(result.skipReason)) return result;
  return {
    ...result,
    ...(result.message !== undefined ? { message: boundedText(result.message) } : {}),
    ...(result.skipReason !== undefined ? { skipReason: boundedText(result.skipReason) } : {}),
  };
}

export function boundedReviewText(text: ReviewText): ReviewText {
  const bounded = boundedText(text.text);
  return bounded === text.text ? text : { ...text, text: bounded };
}
