/** Attack: a host process that crashes when a later scenario reuses it. That scenario fails as a crash. */
import { describe, expect, it } from 'vitest';
import { byId, runHostile } from './attack-harness.js';

describe('a crash on start of a reused process fails its scenario', () => {
  it('a host that crashes on its 2nd start (a reused process) fails that scenario as a crash, and the run', async () => {
    const run = await runHostile('crash-on-start:2');
    expect(run.status).toBe(1);
    expect(byId(run, 'fixture-set-and-log')?.status).toBe('passed');
    expect(byId(run, 'fixture-prompt-only')).toMatchObject({
      status: 'failed',
      failure: {
        kind: 'crash',
        message: expect.stringContaining('adapter method start: the host process exited with code 3'),
      },
    });
    // The next scenario gets a new process and passes.
    expect(byId(run, 'fixture-fork')?.status).toBe('passed');
  });
});
