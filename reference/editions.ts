/**
 * What each edition of the spec asks of the reference, as data. The adapter
 * hands these options to the one host and the one plugin, so both editions
 * run the same code (docs/clauses.md, "Editions").
 */
import type { Edition } from '../src/index.js';
import type { PlanModeRules } from './plan-mode/index.js';

/** The plugin's rules (PlanModeRules) and the host's options, per edition. */
export interface EditionBehaviour extends PlanModeRules {
  /**
   * rc.8 (SET-06, CMD-03): a same-step retry of a failed request re-sends the
   * frozen request of the attempt that failed; it is not a pre-step, so a
   * pending selection and a steered message wait for the next one. The seed
   * applies both at the retry, which assembles a new request.
   */
  retryReusesRequest: boolean;
  /** rc.8 (PROJ-02): the host logs a `command/done` record, with the outcome, after each command line. */
  logsCommandDone: boolean;
}

export const EDITION_BEHAVIOUR: Record<Edition, EditionBehaviour> = {
  seed: {
    retryReusesRequest: false,
    logsCommandDone: false,
    projectionSettlesOnDone: false,
    commandTakesImages: false,
    ownedChildrenCannotReview: false,
  },
  /**
   * rc.8 without `/plan` images and the three-kind projection. The host still
   * logs `command/done` (as rc.8's runtime, which the published 0.0.1-rc.1 runs
   * on, does): the projection folds two kinds, so that record is any other event.
   */
  '0.0.1-rc.1': {
    retryReusesRequest: true,
    logsCommandDone: true,
    projectionSettlesOnDone: false,
    commandTakesImages: false,
    ownedChildrenCannotReview: true,
  },
  'rc.8': {
    retryReusesRequest: true,
    logsCommandDone: true,
    projectionSettlesOnDone: true,
    commandTakesImages: true,
    ownedChildrenCannotReview: true,
  },
};
