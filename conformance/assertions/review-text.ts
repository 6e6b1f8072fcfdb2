/**
 * Texts the kit does not judge by their wording are shown to a person instead
 * (docs/clauses.md: "Text is never judged by its wording"): a step that meets one
 * attaches it, and the reports keep one example per kind.
 */
import type { World } from '@cucumber/cucumber';
import { REVIEW_TEXT_MEDIA_TYPE, type ReviewTextAttachment, type ReviewTextKind } from '../results/review-text.js';

export function showForReview(world: Pick<World, 'attach'>, kind: ReviewTextKind, text: string): void {
  const attachment: ReviewTextAttachment = { kind, text };
  void world.attach(JSON.stringify(attachment), REVIEW_TEXT_MEDIA_TYPE);
}
