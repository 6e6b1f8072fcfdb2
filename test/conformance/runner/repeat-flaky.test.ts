/**
 * `--repeat N`: a scenario whose repeats end differently is flaky, in the
 * console, JUnit, HTML, Markdown, the results file and the docs site; it fails
 * the run unless `--allow-flaky`; the reference repeated is never flaky. The
 * runs call the CLI's `main` in this process (each forks its suite child, as
 * the built CLI does).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultsDocument } from '../../../src/index.js';
import { judge, writeBaseline } from '../../../conformance/results/baseline.js';
import { foldRepeats } from '../../../conformance/results/repeats.js';
import type { ScenarioResult } from '../../../conformance/results/scenario-result.js';
import { summaryLine } from '../../../conformance/results/summary.js';
import { compareResults } from '../../../conformance/compare/compare-results.js';
import { fixtureMain as fixtureRun, runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { limitForProcesses } from '../../limits.js';

const result = (stableId: string, status: ScenarioResult['status'], failedStep?: string): ScenarioResult => ({
  stableId,
  name: stableId,
  uri: 'a.feature',
  clauses: ['SET-01'],
  level: 'required',
  status,
  durationMs: 1,
  ...(status === 'failed'
    ? { failureKind: 'assertion' as const, message: `${stableId} failed\nmore`, failedStep: failedStep ?? 'a step' }
    : {}),
});

describe('folding repeats', () => {
  it('keeps the first result of a scenario whose repeats agree, and lists every outcome of one whose repeats differ', () => {
    const folded = foldRepeats([
      { pass: 1, result: result('a', 'passed') },
      { pass: 1, result: result('b', 'passed') },
      { pass: 1, result: result('c', 'failed') },
      { pass: 2, result: result('a', 'passed') },
      { pass: 2, result: result('b', 'failed') },
      { pass: 2, result: result('c', 'failed') },
    ]);
    expect(folded.map((one) => [one.stableId, one.status, one.flaky?.map((outcome) => outcome.status)])).toEqual([
      ['a', 'passed', undefined],
      ['b', 'failed', ['passed', 'failed']],
      ['c', 'failed', undefined],
    ]);
    expect(folded[1]!.flaky![1]).toEqual({
      status: 'failed',
      failureKind: 'assertion',
      failedStep: 'a step',
      message: 'b failed',
    });
  });

  it('calls a scenario failing in another step each time flaky too', () => {
    const folded = foldRepeats([
      { pass: 1, result: result('a', 'failed', 'one step') },
      { pass: 2, result: result('a', 'failed', 'another step') },
    ]);
    expect(folded[0]!.flaky).toHaveLength(2);
  });

  it('fails the run on a flaky scenario unless allowed; never counts it passed or failed', () => {
    const flaky = foldRepeats([
      { pass: 1, result: result('a', 'passed') },
      { pass: 2, result: result('a', 'failed') },
    ]);
    const strict = summaryLine(judge([...flaky, result('b', 'passed')], undefined));
    expect(strict).toEqual({ text: 'conformance: 1 passed, 0 failed, 0 skipped, 1 flaky', failed: 1 });
    const allowed = summaryLine(judge([...flaky, result('b', 'passed')], undefined, { allowFlaky: true }));
    expect(allowed).toEqual({ text: 'conformance: 1 passed, 0 failed, 0 skipped, 1 flaky (allowed)', failed: 0 });
  });
});

describe('compare with flaky scenarios', () => {
  it('counts passed then flaky as a regression, flaky then passed as fixed', () => {
    const document = (status: 'passed' | 'flaky') =>
      ({
        scenarios: [{ id: 'a', name: 'a', uri: 'a.feature', clauses: [], level: 'required', status, durationMs: 1 }],
      }) as unknown as ResultsDocument;
    expect(compareResults(document('passed'), document('flaky')).regressed.map((change) => change.id)).toEqual(['a']);
    expect(compareResults(document('flaky'), document('passed')).fixed.map((change) => change.id)).toEqual(['a']);
  });
});

describe('--write-baseline after repeats', () => {
  it('proposes no entry for a flaky scenario and keeps the one it has', async () => {
    const dir = await temporaryFolder('pmc-flaky-baseline-');
    const flaky = (id: string) =>
      foldRepeats([
        { pass: 1, result: result(id, 'passed') },
        { pass: 2, result: result(id, 'failed') },
      ])[0]!;
    const file = join(dir, 'baseline.yaml');
    const written = await writeBaseline(
      file,
      'host',
      [flaky('known'), flaky('new'), result('plain', 'failed')],
      [{ id: 'known', reason: 'kept reason', clause: 'SET-01' }],
    );
    expect(written).toBe(2);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/id: known[^]*reason: kept reason/);
    expect(text).toMatch(/id: plain/);
    expect(text).not.toMatch(/id: new/);
  });

  it('refuses --write-baseline with --shard', async () => {
    expect((await runMain(['--shard', '1/2', '--write-baseline', 'x.yaml'])).stderr).toMatch(
      /--write-baseline cannot be combined with --shard/,
    );
  });
});

describe('--repeat against a host that fails one scenario at random', () => {
  it(
    'reports the scenario flaky in every report and exits 1; --allow-flaky exits 0',
    async () => {
      const dir = await temporaryFolder('pmc-flaky-');
      const reports = ['results:results.json', 'junit:junit.xml', 'html:report.html', 'markdown:report.md'].flatMap(
        (format) => {
          const [name, file] = format.split(':');
          return ['--format', `${name}:${join(dir, file!)}`];
        },
      );
      const run = await fixtureRun('get-flaky.js', ['--repeat', '3', ...reports]);
      expect(run.status).toBe(1);
      expect(run.summary).toBe(
        'conformance: 2 passed, 0 failed, 0 skipped, 1 flaky (partial: 1 required clause(s) unproven)',
      );
      expect(run.stdout).toMatch(
        /^flaky: fixture-set-and-log \(fail-closed\.feature:4\) ended differently between repeats: .*failed \(assertion at "get reports plan mode on with nothing pending"\)/m,
      );

      const document = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
      expect(document.repeat).toEqual({ times: 3, flakyAllowed: false });
      const flaky = document.scenarios.find((record) => record.id === 'fixture-set-and-log')!;
      expect(flaky.status).toBe('flaky');
      expect(flaky.repeats?.map((one) => one.status).sort()).toEqual(expect.arrayContaining(['passed', 'failed']));
      expect(flaky.repeats).toHaveLength(3);
      expect(
        document.scenarios.filter((record) => record.status !== 'flaky').every((record) => record.status === 'passed'),
      ).toBe(true);

      expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toMatch(
        /<testcase name="fixture-set-and-log"[^]*?<failure message="flaky: [^"]*" type="flaky">/,
      );
      expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toMatch(/<property name="repeat" value="3"\/>/);
      expect(readFileSync(join(dir, 'report.html'), 'utf8')).toMatch(
        /<tr class="flaky">[^]*fixture-set-and-log[^]*FLAKY/,
      );
      expect(readFileSync(join(dir, 'report.md'), 'utf8')).toMatch(/## Flaky scenarios[^]*\*\*fixture-set-and-log\*\*/);

      const site = join(dir, 'site');
      expect((await runMain(['docs', '--out', site, join(dir, 'results.json')])).status).toBe(0);
      const hostPage = readFileSync(join(site, 'hosts', 'broken-getplanmode.html'), 'utf8');
      expect(hostPage).toMatch(/<h2 id="flaky">Flaky scenarios<\/h2>[^]*fixture-set-and-log/);
      expect(readFileSync(join(site, 'index.html'), 'utf8')).toMatch(/st-failed[^]*1 failure\(s\) count/);

      const allowed = await fixtureRun('get-flaky.js', [
        '--repeat',
        '3',
        '--allow-flaky',
        '--format',
        `junit:${join(dir, 'allowed.xml')}`,
      ]);
      expect(allowed.status).toBe(0);
      expect(allowed.summary).toBe(
        'conformance: 2 passed, 0 failed, 0 skipped, 1 flaky (allowed) (partial: 1 required clause(s) unproven)',
      );
      const junit = readFileSync(join(dir, 'allowed.xml'), 'utf8');
      expect(junit).toMatch(/failures="0"/);
      expect(junit).toMatch(/<flakyFailure message="[^"]*" type="assertion"\/>/);
    },
    limitForProcesses(3),
  );

  it(
    'the reference repeated three times is never flaky and exits 0',
    async () => {
      // The scenarios repeated; the exploration (not repeated) is the reference runs' of npm test.
      const run = await runMain(['--repeat', '3', '--explore', 'off']);
      expect(run.status).toBe(0);
      expect(run.summary).toMatch(/^conformance: \d+ passed, 0 failed, 0 skipped$/);
      expect(run.stdout).not.toMatch(/flaky/);
    },
    limitForProcesses(1),
  );

  it('refuses a repeat count out of range', async () => {
    expect((await runMain(['--repeat', '0'])).stderr).toMatch(/--repeat must be a whole number from 1 to 100/);
  });
});
