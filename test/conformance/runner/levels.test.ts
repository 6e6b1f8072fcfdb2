/**
 * Levels: a default run fails only on required scenarios and reports
 * recommended ones on their own line before the closing line; --level strict
 * counts them; the lint rejects a scenario naming clauses of both levels; a
 * baseline entry for a recommended scenario is refused in a default run.
 * The runs call the CLI's `main` in this process (each forks its suite child,
 * as the built CLI does).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioLevel } from '../../../conformance/catalog/clause-catalog.js';
import { lintCoverage } from '../../../conformance/catalog/coverage-lint.js';
import { FIXTURES } from '../cli-harness.js';
import { runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';

const levelRun = (adapter: string, extra: string[] = []) =>
  runMain([
    '--adapter',
    `${FIXTURES}adapters/${adapter}`,
    '--features',
    `${FIXTURES}level-features`,
    '--format',
    'summary',
    ...extra,
  ]);

const lastLines = (stdout: string, n: number) => stdout.trim().split('\n').slice(-n);

describe('run levels', () => {
  it('a default run does not fail on a recommended scenario and reports it on its own line before the closing line', async () => {
    const run = await levelRun('get-throws.js');
    expect(lastLines(run.stdout, 2)).toEqual([
      'recommended: 0 passed, 1 failed',
      'conformance: 1 passed, 0 failed, 0 skipped',
    ]);
    expect(run.stdout).toMatch(/recommended, not counted: fixture-recommended [^]*?adapter method getPlanMode: threw/);
    expect(run.status).toBe(0);
  });

  it('--level strict counts the recommended scenario in the closing line and fails on it', async () => {
    const run = await levelRun('get-throws.js', ['--level', 'strict']);
    expect(run.summary).toBe('conformance: 1 passed, 1 failed, 0 skipped');
    expect(run.stdout).not.toMatch(/^recommended:/m);
    expect(run.status).toBe(1);
  });

  it('counts passing recommended scenarios on the recommended line', async () => {
    const run = await levelRun('without-fork.js');
    expect(lastLines(run.stdout, 2)).toEqual([
      'recommended: 1 passed, 0 failed',
      'conformance: 1 passed, 0 failed, 0 skipped',
    ]);
  });

  it('refuses a baseline entry for a recommended scenario in a default run (exit 2), and takes it at strict', async () => {
    const path = join(await temporaryFolder('pmc-level-'), 'b.yaml');
    await writeFile(
      path,
      'known_failures:\n  - id: fixture-recommended\n    step: get reports plan mode on with nothing pending\n    kind: adapter-error\n    clause: CFG-04\n    reason: get is on fire\n',
    );
    const refused = await levelRun('get-throws.js', ['--baseline', path]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(
      `${path}:2:5: known_failures[0] (id fixture-recommended): the scenario is recommended`,
    );
    const strict = await levelRun('get-throws.js', ['--baseline', path, '--level', 'strict']);
    expect(strict.summary).toBe('conformance: 1 passed, 0 failed, 0 skipped');
    expect(strict.status).toBe(0);
  });

  it('rejects an unknown level', async () => {
    const run = await runMain(['--level', 'lenient']);
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe("plan-mode-conformance: --level must be default or strict, got 'lenient'");
  });
});

describe('scenario levels', () => {
  const levels = new Map([
    ['SET-01', 'required' as const],
    ['CFG-04', 'recommended' as const],
    ['CMD-08', 'recommended' as const],
  ]);
  it('is recommended only when every clause is', () => {
    expect(scenarioLevel(['CFG-04', 'CMD-08'], levels)).toBe('recommended');
    expect(scenarioLevel(['SET-01'], levels)).toBe('required');
    expect(scenarioLevel(['SET-01', 'CFG-04'], levels)).toBe('required');
    expect(scenarioLevel(['NOPE-01'], levels)).toBe('required');
    expect(scenarioLevel([], levels)).toBe('required');
  });

  it('the coverage lint rejects a scenario naming clauses of both levels', () => {
    const clauses = [
      { id: 'SET-01', level: 'required' as const, statement: 's', seed: 'x' },
      { id: 'CFG-04', level: 'recommended' as const, statement: 's', seed: 'x' },
    ];
    const scenario = (stableId: string, tags: string[]) => ({
      stableId,
      name: stableId,
      uri: 'f.feature',
      clauses: tags,
      needs: [],
      idTags: 1,
      editionTags: [],
    });
    const report = lintCoverage(clauses, [
      scenario('a', ['SET-01']),
      scenario('b', ['CFG-04']),
      scenario('mixed', ['SET-01', 'CFG-04']),
    ]);
    expect(report.problems).toEqual([
      'f.feature: "mixed" names clauses of both levels: @SET-01 (required), @CFG-04 (recommended); split it into a required and a recommended scenario',
    ]);
  });
});
