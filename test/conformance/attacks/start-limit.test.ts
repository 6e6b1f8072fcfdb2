/** Attack: a host process that never answers start or initialize. It is killed when the start limit passes. */
import { describe, expect, it } from 'vitest';
import { startGuardedHost } from '../../../conformance/guard/guarded-host.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { alive, goneWithin, loadProxy, pidsIn, scenarioOptions, withEnv } from './attack-harness.js';

describe('a host process that misses its start limit is killed then', () => {
  it('a reused process that never answers start is killed when the start limit passes', async () => {
    const pids = `${await temporaryFolder('pmc-attack-pids-')}/pids`;
    await withEnv('HOSTILE_PIDS_FILE', pids, async () => {
      const adapter = await loadProxy('hang-start');
      await expect(startGuardedHost(adapter, await scenarioOptions(), 1_000, 300)).rejects.toThrow(
        'adapter method start: did not answer within 300 ms',
      );
      const [hung] = await pidsIn(pids);
      expect(await goneWithin(hung!, 3_000)).toBe(true);
    });
  });

  it('a new process that never answers initialize is killed when the start limit of the scenario waiting on it passes', async () => {
    const folder = await temporaryFolder('pmc-attack-init-');
    await withEnv('HOSTILE_PIDS_FILE', `${folder}/pids`, async () => {
      // Without reuse: the process at load serves the first scenario, the next one a process started ahead.
      const adapter = await loadProxy(`hang-initialize-after-first:${folder}/marker`, '--no-reuse');
      const first = await startGuardedHost(adapter, await scenarioOptions(), 10_000);
      await first.dispose();
      await expect(startGuardedHost(adapter, await scenarioOptions(), 1_000, 300)).rejects.toThrow(
        'adapter method start: did not answer within 300 ms',
      );
      // Besides the process at load: the one the scenario waited on, which must be gone, and the
      // one started ahead for the next scenario (both spawned under load: their order in the file may vary).
      let later: number[] = [];
      for (
        const until = Date.now() + 5_000;
        later.length < 2 && Date.now() < until;
        await new Promise((resolve) => setTimeout(resolve, 25))
      ) {
        later = (await pidsIn(`${folder}/pids`)).slice(1);
      }
      expect(later).toHaveLength(2);
      const oneLeft = async (): Promise<boolean> => {
        for (
          const until = Date.now() + 3_000;
          Date.now() < until;
          await new Promise((resolve) => setTimeout(resolve, 25))
        ) {
          if (later.filter(alive).length <= 1) return true;
        }
        return false;
      };
      expect(await oneLeft()).toBe(true);
    });
  });
});
