/**
 * What `npm test` says about its own steps (.ci/quietly.mjs and the skipped
 * tests reporter): a passing step still lists what it skipped and why; under
 * CI=true the browser test fails instead of skipping; a log gets no colour codes.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROCESS_LIMIT_MS } from '../limits.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BROWSER_TEST = 'test/conformance/docs/site-in-browser.test.ts';

function quietly(
  args: string[],
  env: Record<string, string | undefined> = {},
): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['.ci/quietly.mjs', 'step', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: PROCESS_LIMIT_MS,
    // As CI runs it: output to a pipe, not a terminal.
    env: { ...process.env, CI: undefined, FORCE_COLOR: undefined, ...env },
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

/**
 * vitest as npm test's unit step runs it (.ci/checks.mjs), started by its own bin rather than through npx: the
 * same vitest, without npx's start (about 1.2 s of CPU a call, twice here), which is not what these tests check.
 */
const VITEST = [process.execPath, 'node_modules/vitest/vitest.mjs'];
const vitestWithoutChromium = (env: Record<string, string | undefined> = {}) =>
  quietly([...VITEST, 'run', BROWSER_TEST, '--reporter=dot', '--reporter=./.ci/skipped-tests-reporter.mjs'], {
    PLAN_MODE_CONFORMANCE_CHROMIUM: '/nonexistent/chromium',
    ...env,
  });
let onCi: ReturnType<typeof quietly> | undefined;
/** The browser test without chromium under CI=true (run once: two tests read it). */
const vitestOnCiWithoutChromium = () => (onCi ??= vitestWithoutChromium({ CI: 'true' }));

describe("npm test's step reports", () => {
  it('lists a skipped suite with its reason even when the step passes', () => {
    const run = vitestWithoutChromium();
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/^ok {3}step /m);
    expect(run.output).toMatch(
      /^ {5}skipped: test\/conformance\/docs\/site-in-browser\.test\.ts > docs site in a browser: SKIPPED, no chromium at \/nonexistent\/chromium \(apt-get install -y chromium\) \(\d+ tests\)$/m,
    );
  });

  it('fails under CI=true when the browser test would be skipped', () => {
    const run = vitestOnCiWithoutChromium();
    expect(run.status).toBe(1);
    expect(run.output).toContain('under CI=true the browser test may not be skipped');
  });

  it('gives a step no colour when its output is not a terminal, even if FORCE_COLOR was set', () => {
    const run = quietly(
      [
        process.execPath,
        '-e',
        'console.log(`FORCE_COLOR=${process.env.FORCE_COLOR} NO_COLOR=${process.env.NO_COLOR}`); process.exit(3)',
      ],
      { FORCE_COLOR: '1' },
    );
    expect(run.status).toBe(3);
    expect(run.output).toContain('FORCE_COLOR=undefined NO_COLOR=1');
    // eslint-disable-next-line no-control-regex
    expect(vitestOnCiWithoutChromium().output).not.toMatch(/\u001b\[/);
  });
});
