/**
 * `--format github`: one GitHub Actions workflow command per scenario that
 * fails the run (`::error`), on the feature file's line as the checkout names
 * it, so the check run shows each failure where the scenario is written.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli } from '../cli-harness.js';

const fixtureArgs = (adapter: string) => [
  '--adapter',
  `${FIXTURES}adapters/${adapter}`,
  '--features',
  `${FIXTURES}features`,
  '--tags',
  'not @id:fixture-undefined',
];

describe('the github format', () => {
  it('annotates each counted failure on its feature line, without stack frames, and agrees with the exit code', () => {
    const run = runCli([...fixtureArgs('get-throws.js'), '--format', 'github']);
    expect(run.status).toBe(1);
    const commands = run.stdout.split('\n').filter((line) => line.startsWith('::'));
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      expect(command).toMatch(
        /^::error file=test\/fixtures\/features\/fail-closed\.feature,line=\d+,title=broken-getPlanMode%3A fixture-[\w-]+ \([A-Z]+-\d+( [A-Z]+-\d+)*\)::\S/,
      );
      expect(command).toContain('adapter method getPlanMode');
      expect(command).not.toMatch(/%0A\s+at /);
    }
    // The kit's own lines go to stderr, so stdout holds the workflow commands only.
    expect(
      run.stdout
        .trim()
        .split('\n')
        .every((line) => line.startsWith('::')),
    ).toBe(true);
    expect(run.stderr).toMatch(/conformance: \d+ passed, [1-9]\d* failed/);
  });

  it('says nothing for a run with no failure', () => {
    const run = runCli([...fixtureArgs('without-fork.js'), '--format', 'github']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
  });
});
