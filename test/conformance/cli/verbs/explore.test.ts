/**
 * `plan-mode-conformance explore`: bad arguments are one line and exit 2; the
 * reference agrees with the oracle; a broken host yields exit 1 and a scenario
 * that, written with --out, fails against that host and passes against the
 * reference (so every printed step is defined). The verb runs in this process
 * (the CLI's `main`), as do the suite runs of the written feature (each forks
 * its suite child, as the built CLI does).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../cli-harness.js';
import { runMain } from '../../in-process-cli.js';

const BROKEN = `${FIXTURES}adapters/explore-approve-with-anything.js`;

describe('explore arguments', () => {
  it.each([
    [['--runs', '0'], /--runs needs a whole number/],
    [['--runs', 'many'], /--runs needs a whole number/],
    [['--seed', '1.5'], /--seed needs a whole number/],
    [['--path', '1:2'], /give --seed too/],
    [['--level', 'loose'], /--level takes 'strict'/],
    [['--expect', 'set-06'], /--expect takes clause ids/],
    [['--expect', 'XYZ-99'], /not in the clause catalog/],
    [['--bogus'], /unknown argument '--bogus'/],
    [['--edition', 'rc.9'], /--edition 'rc.9' is not an edition of the spec/],
    [['--force-edition'], /--force-edition needs --edition NAME/],
    [['--adapter', 'dsh', '--edition', 'seed'], /adapter dsh declares the edition\(s\) rc.8, not seed/],
    [['--adapter', 'nowhere'], /unknown adapter 'nowhere'/],
  ])('explore %j exits 2 with one clear line', async (args, message) => {
    const run = await runMain(['explore', ...args]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });

  it('prints its usage with --help', async () => {
    const run = await runMain(['explore', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: plan-mode-conformance explore');
  });
});

describe('explore against hosts', () => {
  const dirs: string[] = [];
  /** What the broken host's exploration printed (the replay test reuses it). */
  let foundOutput = '';
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('finds nothing on the reference', async () => {
    const run = await runMain(['explore', '--adapter', 'reference', '--runs', '40', '--seed', '7']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('reference agreed with the oracle on 40 session(s)');
    expect(run.status).toBe(0);
  });

  it('finds a broken review, prints it as a scenario, and the written feature fails on that host and passes on the reference', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pmc-explore-test-'));
    dirs.push(dir);
    const out = join(dir, 'found.feature');
    const run = await runMain(['explore', '--adapter', BROKEN, '--runs', '200', '--seed', '1', '--out', out]);
    foundOutput = run.stdout;
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^Scenario: explore found: /m);
    // The class of the disagreement: clause and a stable kebab-case check name, whatever the seed or texts.
    expect(run.stdout).toMatch(/^explore: clauses REVIEW-04; check refused-exit-fails$/m);
    expect(run.stdout).toMatch(/--seed 1 --path [\d:]+/);
    expect(run.stdout).toContain('the written feature fails against');
    const feature = await readFile(out, 'utf8');
    expect(feature).toMatch(/^Feature: /m);
    expect(feature).toMatch(/@REVIEW-04 @id:explore-/);

    const onBroken = await runMain(['--adapter', BROKEN, '--features', dir]);
    expect(onBroken.summary).toBe('conformance: 0 passed, 1 failed, 0 skipped');
    expect(onBroken.status).toBe(1);
    const onReference = await runMain(['--adapter', 'reference', '--features', dir]);
    expect(onReference.summary).toBe('conformance: 1 passed, 0 failed, 0 skipped');
    expect(onReference.status).toBe(0);
  });

  it('counts runs that stop at an expected divergence class instead of reporting them (how CI keeps dsh stable)', async () => {
    // dsh follows rc.8, whose retry re-sends the failed request and whose plan unit folds a /plan line's
    // command/done (a push the seed's unit never makes); judged against the seed's reading, those are the classes.
    const run = await runMain([
      'explore',
      '--adapter',
      'dsh',
      '--runs',
      '40',
      '--seed',
      '1',
      '--edition',
      'seed',
      '--force-edition',
      '--expect',
      'SET-06@retry,CMD-03@retry,PROJ-02',
    ]);
    expect(run.stdout).toContain('explore: edition seed (forced with --force-edition; the adapter declares rc.8)');
    // Which of the expected classes the 40 sessions meet first depends on the generator's stream.
    expect(run.stdout).toMatch(/\d+ run\(s\) stopped at the known divergence (SET-06@retry|CMD-03@retry|PROJ-02)\b/);
    expect(run.stdout).toContain('dsh agreed with the oracle on 40 session(s)');
    expect(run.status).toBe(0);
  });

  it('replays the counterexample from its seed and path', async () => {
    const first = {
      stdout: foundOutput || (await runMain(['explore', '--adapter', BROKEN, '--runs', '200', '--seed', '1'])).stdout,
    };
    const path = /--path ([\d:]+)/.exec(first.stdout)?.[1];
    expect(path).toBeDefined();
    const replay = await runMain(['explore', '--adapter', BROKEN, '--seed', '1', '--path', path!]);
    expect(replay.status).toBe(1);
    const scenario = (text: string) => text.slice(text.indexOf('Scenario:'), text.indexOf('explore: replay'));
    expect(scenario(replay.stdout)).toBe(scenario(first.stdout));
  });
});
