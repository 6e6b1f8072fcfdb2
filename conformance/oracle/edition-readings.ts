/**
 * Where the editions of the spec read the oracle's clauses differently, as
 * data (docs/clauses.md, "Editions"): the oracle takes an edition and looks its
 * reading up here rather than keeping a copy of itself per edition.
 */
import type { Edition } from '../../src/index.js';

export interface EditionReading {
  /**
   * SET-06: whether a retry of a failed request is a request boundary that
   * applies a pending selection and takes in steered messages (the seed), or
   * re-sends the frozen request of the failed attempt, leaving both for the
   * next pre-step (rc.8).
   */
  retryIsPreStep: boolean;
  /**
   * PROJ-02/03: whether the projection keeps a `/plan` line's target as soon
   * as its `command/run` is logged (the seed), or once its `command/done`
   * reports success, dropping it when the line failed (rc.8).
   */
  projectionSettlesOnDone: boolean;
  /**
   * CMD-03/09/10: whether `/plan` takes image attachments (rc.8; not 0.0.1-rc.1, whose message is one text block): with images
   * a message carries them, bare `/plan` steers an image-only message, and
   * `/plan off` is refused with an error that changes nothing.
   */
  planTakesImages: boolean;
  /** REVIEW-07 (rc.8): a live child agent owned by another agent cannot open the review. */
  ownedChildCannotReview: boolean;
}

export const EDITION_READINGS: Record<Edition, EditionReading> = {
  seed: { retryIsPreStep: true, projectionSettlesOnDone: false, planTakesImages: false, ownedChildCannotReview: false },
  /** rc.8 without `/plan` images and the three-kind projection (docs/editions.md). */
  '0.0.1-rc.1': {
    retryIsPreStep: false,
    projectionSettlesOnDone: false,
    planTakesImages: false,
    ownedChildCannotReview: true,
  },
  'rc.8': { retryIsPreStep: false, projectionSettlesOnDone: true, planTakesImages: true, ownedChildCannotReview: true },
};
