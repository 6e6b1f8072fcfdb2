/**
 * A retryable failure: the host retries the request (how often is its choice;
 * the session never scripts two failures in a row, so one retry suffices). In
 * the seed a retry is a request boundary; in rc.8 it re-sends the frozen
 * request (SET-06, edition-readings.ts).
 */
import fc from 'fast-check';
import type { ModelAnswer } from './answer.js';

export const failureAnswer: ModelAnswer<{ type: 'failure' }> = {
  type: 'failure',
  place: 'continues',
  generate: (g) => (g.has('retry') ? { weight: 2, arbitrary: fc.constant({ type: 'failure' as const }) } : undefined),
  response: () => ({
    response: { type: 'failure', message: 'scripted transient failure', retryable: true },
    record: { type: 'failure' },
  }),
  describe: () => 'failure',
};
