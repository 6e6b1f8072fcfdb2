/**
 * Attack: a host process that never answers start or initialize. It is killed when the start limit passes.
 * The test waits on the processes' lifelines (a connection each, closed when the process ends), never
 * on a clock: a slow machine only makes it slower.
 */
import { describe, expect, it } from 'vitest';
import { startGuardedHost } from '../../../conformance/guard/guarded-host.js';
import { PROCESS_LIMIT_MS } from '../../limits.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { loadProxy, scenarioOptions, withLifeline } from './attack-harness.js';

describe('a host process that misses its start limit is killed then', () => {
  it('a reused process that never answers start is killed when the start limit passes', async () => {
    await withLifeline(async (lifeline) => {
      const adapter = await loadProxy('hang-start');
      await expect(startGuardedHost(adapter, await scenarioOptions(), 1_000, 300)).rejects.toThrow(
        'adapter method start: did not answer within 300 ms',
      );
      const [hung] = await lifeline.started(1);
      // Resolves once the process has ended; a process left alive keeps the test waiting until its hang guard.
      await hung!.ended;
    });
  });

  it('a new process that never answers initialize is killed when the start limit of the scenario waiting on it passes', async () => {
    const folder = await temporaryFolder('pmc-attack-init-');
    await withLifeline(async (lifeline) => {
      // Without reuse: the process at load serves the first scenario, the next one the process started
      // ahead then. It is awaited here up to the moment it runs (a process killed before it ran a line
      // would never be seen), so it is the second process heard, and any later one started after it.
      const adapter = await loadProxy(`hang-initialize-after-first:${folder}/marker`, '--no-reuse');
      const first = await startGuardedHost(adapter, await scenarioOptions(), PROCESS_LIMIT_MS);
      await first.dispose();
      const [, waitedOn] = await lifeline.started(2);
      await expect(startGuardedHost(adapter, await scenarioOptions(), 1_000, 300)).rejects.toThrow(
        'adapter method start: did not answer within 300 ms',
      );
      // Resolves once the process has ended; a process left alive keeps the test waiting until its hang guard.
      await waitedOn!.ended;
    });
  });
});
