/**
 * Attack: a reused host process leaking state into its next scenario.
 * --process-per-scenario confirms it, and is refused where it cannot apply.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../cli-harness.js';
import { byId, runHostile } from './attack-harness.js';

describe('--process-per-scenario: a new host process for every scenario, to confirm a suspected state leak', () => {
  const args = ['--tags', '@id:fixture-set-and-log', '--repeat', '2'];

  it('a host whose reused process leaks state into its next scenario fails with reuse and passes with a process per scenario', async () => {
    const reused = await runHostile('leak', args);
    expect(reused.status).toBe(1);
    expect(byId(reused, 'fixture-set-and-log')?.status).toBe('flaky');
    const perScenario = await runHostile('leak', [...args, '--process-per-scenario']);
    expect(perScenario.status).toBe(0);
    expect(byId(perScenario, 'fixture-set-and-log')?.status).toBe('passed');
  });

  it("is refused for an adapter that runs in the kit's process (exit 2)", () => {
    const run = spawnSync(process.execPath, [CLI, '--process-per-scenario'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--process-per-scenario needs an exec: adapter/);
  });
});
