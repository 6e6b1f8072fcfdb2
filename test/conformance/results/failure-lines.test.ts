/**
 * A failure printed in the console names its clause, level and statement
 * (and the clause page), the failing step at its feature line, and its whole
 * message indented; a stack trace only with --verbose. --version prints the
 * package version.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureDetail } from '../../../conformance/results/summary.js';
import type { ScenarioResult } from '../../../conformance/results/scenario-result.js';
import { ROOT } from '../cli-harness.js';
import { fixtureMain as fixtureRun, runMain } from '../in-process-cli.js';

const SET_01 = '`set` on an idle agent appends one standalone `plan/mode` event at once and answers `committed`.';

describe('failure lines', () => {
  it('name the clause, its level and statement, the step and the message, without a stack', async () => {
    const run = await fixtureRun('get-throws.js');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      [
        'failed: fixture-set-and-log (fail-closed.feature:4)',
        `    clause SET-01 (required, MUST): ${SET_01} [clauses/SET-01.html]`,
        '    step: get reports plan mode on with nothing pending (fail-closed.feature:7)',
      ].join('\n'),
    );
    expect(run.stdout).toMatch(/^ {4}(AdapterError: )?adapter method getPlanMode: threw: the plan store is on fire$/m);
    expect(run.stdout).not.toMatch(/^\s+at /m);
    // Messages carry no path; the rerun command names the adapter and features as they were given.
    expect(
      run.stdout
        .split('\n')
        .filter((line) => !line.startsWith('    rerun: '))
        .join('\n'),
    ).not.toContain(ROOT);
  });

  it('show the stack trace with --verbose', async () => {
    const run = await fixtureRun('get-throws.js', ['--verbose']);
    expect(run.stdout).toMatch(/^ {4}at .+/m);
    expect(run.summary).toBe('conformance: 2 passed, 1 failed, 0 skipped');
  });

  it('keep a multi-line message whole, every line indented, with no path', async () => {
    const result: ScenarioResult = {
      stableId: 'x',
      name: 'x',
      uri: 'x.feature',
      clauses: ['SET-01'],
      level: 'required',
      status: 'failed',
      failedStep: 'request 2 is in plan mode',
      failedStepLine: 9,
      message:
        "ConformanceFailure: expected the section once, found it 0 time(s) in 'line one\\n' +\n  'line two' at /home/ci/kit/store/plan.md\n    at fail (file:///home/ci/kit/dist/x.js:1:2)",
      durationMs: 1,
    };
    const catalog = [
      { id: 'SET-01', level: 'required' as const, statement: SET_01, quotes: [], derived: false, differs: false },
    ];
    expect(failureDetail(result, { catalog })).toEqual([
      `    clause SET-01 (required, MUST): ${SET_01} [clauses/SET-01.html]`,
      '    step: request 2 is in plan mode (x.feature:9)',
      "    ConformanceFailure: expected the section once, found it 0 time(s) in 'line one\\n' +",
      "      'line two' at <path>",
    ]);
    expect(failureDetail(result, { catalog, verbose: true }).at(-1)).toBe(
      '    at fail (file:///home/ci/kit/dist/x.js:1:2)',
    );
  });

  it('--version prints the package version', async () => {
    const run = await runMain(['--version']);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(
      (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version,
    );
  });
});
