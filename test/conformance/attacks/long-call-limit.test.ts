/** Attack: a prompt that never returns, under a call limit above the kit's own step timeout. The call limit holds. */
import { describe, expect, it } from 'vitest';
import { limitForProcesses } from '../../limits.js';
import { byId, runHostile } from './attack-harness.js';

describe('a call limit above 30 s is honoured, and its timeout names the adapter method', () => {
  it('a prompt that never returns fails at the 31 s call limit, not at a step timeout of the kit', {
    timeout: limitForProcesses(1),
  }, async () => {
    const run = await runHostile('hang-on-prompt', [
      '--tags',
      '@id:fixture-prompt-only',
      '--call-limit',
      '31000',
      '--start-limit',
      '5000',
    ]);
    expect(run.status).toBe(1);
    expect(byId(run, 'fixture-prompt-only')?.failure).toMatchObject({
      kind: 'timeout',
      step: 'the user prompts "Hello"',
      message: expect.stringContaining('adapter method prompt: did not answer within 31000 ms'),
    });
  });
});
