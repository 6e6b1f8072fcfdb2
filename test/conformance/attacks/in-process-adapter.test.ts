/**
 * Attacks from inside the suite's child process by an in-process adapter (it
 * is trusted code, and the docs say so; these doors are closed all the same):
 * rewriting process.send to turn every result into passed, and holding the
 * event loop during a scenario, which once hung the run for ever.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli } from '../cli-harness.js';

const ONE_SCENARIO = ['--tags', '@id:selection-idle-commit', '--explore', 'off'];

describe('an in-process adapter inside the suite process', () => {
  it('rewriting process.send forges nothing: the broken host still fails', () => {
    const run = runCli(['--adapter', `${FIXTURES}adapters/forges-process-send.js`, ...ONE_SCENARIO]);
    // Every row of the outline sets plan mode, so every one fails: none reads passed.
    expect(run.summary).toMatch(/^conformance: 0 passed, [1-9]\d* failed, 0 skipped$/);
    expect(run.stdout).toMatch(/the plan-mode service is down/);
    expect(run.status).toBe(1);
  });

  it('holding the event loop during a scenario fails that scenario, and the run ends', () => {
    const run = runCli([
      '--adapter',
      `${FIXTURES}adapters/prompt-holds-event-loop.js`,
      ...ONE_SCENARIO,
      '--call-limit',
      '1000',
      '--start-limit',
      '1000',
    ]);
    expect(run.status).toBe(1);
    expect(run.summary).toMatch(/^conformance: \d+ passed, 1 failed, 0 skipped$/);
    expect(run.stdout).toMatch(
      /the suite process stopped answering for 5000 ms \(the host held its event loop\) and was ended during scenario selection-idle-commit\//,
    );
    expect(run.stdout).toMatch(/conformance: the run did not complete: \d+ scenario\(s\) did not run/);
  });
});
