/**
 * Version 2 of the results file, and version 1 still read: `compare`, `merge`
 * and `docs` take a stored version 1 file (the fixtures are version 1, written
 * by real runs) and upgrade it in memory; a failure's identity is its
 * signature, so the same run stored under two checkout paths compares unchanged.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run as compare } from '../../../conformance/cli/verbs/compare.js';
import { run as merge } from '../../../conformance/cli/verbs/merge.js';
import { compareResults } from '../../../conformance/compare/compare-results.js';
import { readResultsFile } from '../../../conformance/docs/read-results.js';
import { resultsDocument } from '../../../conformance/report/results-file.js';
import { judge } from '../../../conformance/results/baseline.js';
import type { ScenarioResult } from '../../../conformance/results/scenario-result.js';
import { RESULTS_VERSION, ResultsDocumentSchema, type ResultsDocumentV1 } from '../../../src/index.js';
import { DSH_RESULTS, REFERENCE_RESULTS, buildSite } from '../../conformance/docs/site-fixture.js';
import { temporaryFolder } from '../../temporary-folder.js';

const raw = async (path: string): Promise<ResultsDocumentV1> =>
  JSON.parse(await readFile(path, 'utf8')) as ResultsDocumentV1;

async function written(document: unknown, name = 'results.json'): Promise<string> {
  const path = join(await temporaryFolder('pmc-results-v1-'), name);
  await writeFile(path, JSON.stringify(document));
  return path;
}

function quietly<T>(work: () => Promise<T>): Promise<{ value: T; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
  return work().then((value) => ({ value, out: out.join('\n'), err: err.join('\n') }));
}

afterEach(() => vi.restoreAllMocks());

describe('results file version 2', () => {
  it('the fixtures are version 1 files with stack traces and checkout paths in their failures', async () => {
    const dsh = await raw(DSH_RESULTS);
    expect(dsh.version).toBe(1);
    expect(dsh.scenarios.some((record) => /\n\s+at .*file:\/\/\//.test(record.failure?.message ?? ''))).toBe(true);
  });

  it('reads version 1 as version 2: failures become signatures (clauses, no stack, no path), the spec names the edition README', async () => {
    const { document } = await readResultsFile(DSH_RESULTS);
    expect(document.version).toBe(RESULTS_VERSION);
    expect(ResultsDocumentSchema.parse(document)).toEqual(document);
    const failures = document.scenarios.filter((record) => record.failure);
    expect(failures.length).toBeGreaterThan(5);
    for (const record of failures) {
      expect(record.failure!.clauses).toEqual(record.clauses);
      expect(record.failure!.message).not.toMatch(/\n\s+at |file:\/\/|\/work\//);
    }
    expect(document.spec).toMatchObject({ edition: 'seed', readme: expect.stringContaining('89d30b0ef7') });
    const rc8 = await readResultsFile(
      await written({ ...(await raw(DSH_RESULTS)), spec: { seed: 'x', clauses: '1', edition: 'rc.8' } }),
    );
    expect(rc8.document.spec).toEqual({
      edition: 'rc.8',
      readme: 'README of the package @deepseek-ai/dsh-plan-mode 0.1.0-rc.8',
      clauses: '1',
    });
  });

  it('refuses a version 1 file carrying a version 2 field, naming the version', async () => {
    const dsh = await raw(DSH_RESULTS);
    const path = await written({ ...dsh, spec: { ...dsh.spec, readme: 'x' } });
    await expect(readResultsFile(path)).rejects.toThrow(
      /is not a valid results file of version 1 \(\d+ problems?\):\n {2}spec: Unrecognized key/,
    );
  });

  it('compare: the same run stored under two checkout paths has 0 changed failures (version 1 and 2 alike)', async () => {
    const text = await readFile(DSH_RESULTS, 'utf8');
    const elsewhere = text.replaceAll('/work/wt/docs/', '/home/runner/work/plan-mode-conformance/checkout-2/');
    expect(elsewhere).not.toBe(text);
    const moved = await written(JSON.parse(elsewhere));
    const { value: code, out } = await quietly(() => compare([DSH_RESULTS, moved]));
    expect(out.split('\n').at(-1)).toMatch(
      /^compare: 0 regressed, 0 newly failing, 0 newly flaky, 0 fixed, 0 changed failure, 0 appeared, 0 disappeared, 0 other, \d+ unchanged$/,
    );
    expect(code).toBe(0);
    // A version 2 file of the run (what a new release writes) against the stored version 1 file: unchanged too.
    const upgraded = await written((await readResultsFile(moved)).document);
    const across = await quietly(() => compare([DSH_RESULTS, upgraded]));
    expect(across.out).toMatch(/ 0 changed failure, /);
  });

  it('a run written from two checkouts stores the same signatures', async () => {
    const capabilities = (await raw(REFERENCE_RESULTS)).adapter.capabilities;
    const result = (root: string): ScenarioResult => ({
      stableId: 'selection/one',
      name: 'one',
      uri: 'selection.feature',
      line: 3,
      clauses: ['SET-01'],
      level: 'required',
      status: 'failed',
      failureKind: 'assertion',
      failedStep: 'request 2 is in plan mode',
      message: `ConformanceFailure: request 2: expected the section once, the host sent it 0 times\n    at fail (file://${root}/dist/conformance/assertions/expect.js:11:11)\n    at ${root}/dist/bundled/suite-child.cjs:9:1`,
      durationMs: 1,
    });
    const written = (root: string) => {
      const results = [result(root)];
      const context = {
        adapter: { name: 'toy', capabilities },
        kit: { name: 'plan-mode-conformance', version: '0' },
        spec: { edition: 'seed' as const, readme: 'seed', clauses: '1' },
        level: 'default' as const,
        baseline: null,
        startedAt: '2026-01-01T00:00:00.000Z',
        durationMs: 1,
        catalog: [],
        reviewTexts: [],
      };
      return resultsDocument(context, results, judge(results, undefined, { level: 'default' }));
    };
    const a = written('/work/a');
    const b = written('/srv/ci/checkout');
    expect(a.scenarios[0]!.failure).toEqual({
      clauses: ['SET-01'],
      kind: 'assertion',
      step: 'request 2 is in plan mode',
      message: 'ConformanceFailure: request 2: expected the section once, the host sent it 0 times',
    });
    expect(compareResults(a, b).changedFailure).toEqual([]);
  });

  it('merge combines version 1 shards into a version 2 file', async () => {
    const reference = await raw(REFERENCE_RESULTS);
    const selected = reference.scenarios.length;
    const shard = (index: number) => ({
      ...reference,
      shard: { index, count: 2, tags: '', selected },
      scenarios: reference.scenarios.filter((_, position) => position % 2 === index - 1),
    });
    const out = join(await temporaryFolder('pmc-merge-v1-'), 'merged.json');
    const { value: code, err } = await quietly(async () =>
      merge(['--out', out, await written(shard(1), 'one.json'), await written(shard(2), 'two.json')]),
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    const merged = JSON.parse(await readFile(out, 'utf8')) as { version: number; scenarios: unknown[] };
    expect(merged.version).toBe(RESULTS_VERSION);
    expect(merged.scenarios).toHaveLength(selected);
  });

  it('docs builds a site from version 1 files', async () => {
    const site = await buildSite();
    expect(site.dir).toBeTruthy();
  });
});
