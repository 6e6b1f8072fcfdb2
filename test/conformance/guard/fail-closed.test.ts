/**
 * Fail closed: an adapter that throws, hangs or returns a malformed value fails
 * that scenario with a message naming the method and field, and the run goes on.
 * The runs call the CLI's `main` in this process (each forks its suite child,
 * where the adapter runs, as the built CLI does); an adapter refused by name
 * is refused by the built CLI, exit 2 as a shell sees it.
 */
import { describe, expect, it } from 'vitest';
import { fixtureArgs, FIXTURES, runCli, type CliRun } from '../cli-harness.js';
import { fixtureMain as fixtureRun, runMain } from '../in-process-cli.js';

/** The run against the adapter that only lacks fork: two tests read it. */
let withoutFork: Promise<CliRun> | undefined;
const withoutForkRun = (): Promise<CliRun> => (withoutFork ??= fixtureRun('without-fork.js'));

describe('the kit against deliberately broken adapters', () => {
  it('passes the fixture scenarios against the unbroken reference', async () => {
    const run = await withoutForkRun();
    expect(run.summary).toBe('conformance: 2 passed, 0 failed, 1 skipped (partial: 1 required clause(s) unproven)');
    expect(run.status).toBe(0);
  });

  it('fails a scenario whose adapter method throws, naming the method, and runs the next one', async () => {
    const run = await fixtureRun('get-throws.js');
    expect(run.stdout).toContain('adapter method getPlanMode: threw: the plan store is on fire');
    expect(run.summary).toBe('conformance: 2 passed, 1 failed, 0 skipped');
    expect(run.status).toBe(1);
  });

  // The call limits here are hang guards a correct call meets on a loaded machine (a few ms on a quiet one):
  // the slow start (2.5 s) and the hang pass them by waiting, never by a machine's speed.
  it('limits a host start by the start limit, not the call limit: a correct host that starts slowly passes', async () => {
    const slow = await fixtureRun('start-slow.js', ['--call-limit', '2000']);
    expect(slow.summary).toBe('conformance: 3 passed, 0 failed, 0 skipped');
    const cut = runCli([...fixtureArgs('start-slow.js'), '--call-limit', '2000', '--start-limit', '100']);
    expect(cut.stderr).toContain('adapter method start: did not answer within 100 ms');
    expect(cut.status).not.toBe(0);
  });

  it('fails a scenario whose adapter method hangs, within the call limit', async () => {
    const run = await fixtureRun('get-hangs.js', ['--call-limit', '2000']);
    expect(run.stdout).toContain('adapter method getPlanMode: did not answer within 2000 ms');
    expect(run.summary).toBe('conformance: 2 passed, 1 failed, 0 skipped');
  });

  it('fails a scenario whose adapter returns a malformed value, naming method and field', async () => {
    const run = await fixtureRun('set-malformed.js');
    expect(run.stdout).toMatch(/adapter method setPlanMode: returned a malformed value: field \(value\)/);
    expect(run.status).toBe(1);
  });

  it('names the field of a malformed session event', async () => {
    const run = await fixtureRun('log-malformed.js');
    expect(run.stdout).toMatch(/adapter method readLog: returned a malformed value: field \[\d+\]\.payload/);
    expect(run.status).toBe(1);
  });

  it('reports a scenario needing a missing capability as skipped with the reason', async () => {
    const run = await withoutForkRun();
    expect(run.stdout).toContain('skipped 1: missing capability fork: this host has no fork');
  });

  it('fails the run on an undefined step', async () => {
    const run = await runMain([
      '--adapter',
      `${FIXTURES}adapters/without-fork.js`,
      '--features',
      `${FIXTURES}features`,
    ]);
    expect(run.summary).toBe('conformance: 2 passed, 1 failed, 1 skipped (partial: 1 required clause(s) unproven)');
    expect(run.stdout).toContain('fixture-undefined');
    expect(run.status).toBe(1);
  });
});

describe('adapters that cannot be used', () => {
  it.each([
    ['no-default.js', /has no default export/],
    ['import-fails.js', /could not be imported/],
  ])('%s exits 2 with a one-line reason', async (file, reason) => {
    const run = await runMain(['--adapter', `${FIXTURES}adapters/${file}`]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(reason);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('rejects an unknown adapter name', () => {
    const run = runCli(['--adapter', 'nonesuch']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("unknown adapter 'nonesuch'");
  });
});
