/**
 * The exploration caps V8's optimising tiers with `--max-opt` (conformance/runner/optimising-tier.ts), a V8 flag,
 * not a Node API: a Node whose V8 renames or drops it would print "unrecognized flag" into the exploring process's
 * output at every run. This fails first, on each Node CI runs it on (.ci/on-node.sh lists it for Node 22 and 24).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli-harness.js';

const tierModule = pathToFileURL(join(ROOT, 'dist/conformance/runner/optimising-tier.js')).href;

describe('the optimising-tier cap', () => {
  it("is a flag this Node's V8 knows: setting it, and lifting it, prints nothing and the code still runs", () => {
    const script = `
      import { capOptimisingTier, EXPLORATION_MAX_TIER, NO_TIER_CAP } from ${JSON.stringify(tierModule)};
      capOptimisingTier();
      let sum = 0;
      const add = (a, b) => a + b;
      for (let i = 0; i < 100000; i++) sum = add(sum, i % 7);
      capOptimisingTier(NO_TIER_CAP);
      for (let i = 100000; i < 200000; i++) sum = add(sum, i % 7);
      process.stdout.write(String(EXPLORATION_MAX_TIER) + ' ' + String(sum));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`2 ${expectedSum()}`);
  });

  it('a flag V8 does not know would be seen: the check above can fail', () => {
    const run = spawnSync(
      process.execPath,
      ['-e', "require('node:v8').setFlagsFromString('--max-opt-renamed-by-an-upgrade=2')"],
      { encoding: 'utf8' },
    );
    expect(`${run.stdout}${run.stderr}`).toMatch(/unrecognized flag/);
  });
});

function expectedSum(): number {
  let sum = 0;
  for (let i = 0; i < 200000; i++) sum += i % 7;
  return sum;
}
