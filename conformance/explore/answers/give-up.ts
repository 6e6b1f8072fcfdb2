/**
 * A failure that is not retryable (`retryable: false`): the turn's last
 * request, on which the host gives up. How it gives up is left open (docs/clauses.md,
 * "Left open by the seed"): it may end the turn or reject the prompt, and how
 * often it retries is its business too (a further request is then a retry,
 * answered with a final text). Whatever it chose, nothing the user selected
 * meanwhile is lost: a selection still pending waits for the next boundary
 * (SET-02, SET-06), and the request that failed was one the model saw, so a
 * switch after the turn owes a notice as after any other (NARR-01).
 */
import fc from 'fast-check';
import type { ModelAnswer } from './answer.js';

export const GIVE_UP_MESSAGE = 'scripted failure that is not retryable';

export const giveUpAnswer: ModelAnswer<{ type: 'give-up' }> = {
  type: 'give-up',
  place: 'ends',
  // Every host meets failed requests (a model port may answer one at any time), so this is generated whatever the capabilities.
  generate: () => ({ weight: 1, arbitrary: fc.constant({ type: 'give-up' as const }) }),
  response: () => ({
    response: { type: 'failure', message: GIVE_UP_MESSAGE, retryable: false },
    record: { type: 'give-up' },
  }),
  describe: () => 'give-up',
};
