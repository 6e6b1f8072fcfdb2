/** A final text: the turn's last request, answered with the kit model's default reply. */
import fc from 'fast-check';
import type { ModelAnswer } from './answer.js';

export const textAnswer: ModelAnswer<{ type: 'text' }> = {
  type: 'text',
  place: 'ends',
  generate: () => ({ weight: 6, arbitrary: fc.constant({ type: 'text' as const }) }),
  response: () => undefined,
  describe: () => 'text',
};
