/** `compare`: a release gate over two results files. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResultsDocument, ScenarioRecord } from '../../../src/index.js';
import { run as compare } from '../../../conformance/cli/verbs/compare.js';
import { compareResults } from '../../../conformance/compare/compare-results.js';
import { readResultsFile } from '../../../conformance/docs/read-results.js';
import { DSH_RESULTS, REFERENCE_RESULTS } from '../docs/site-fixture.js';
import { temporaryFolder } from '../../temporary-folder.js';

/** A fixture as the kit reads it (the fixtures are version 1 files, upgraded in memory). */
async function fixture(path: string): Promise<ResultsDocument> {
  return (await readResultsFile(path)).document;
}

async function written(document: unknown): Promise<string> {
  const path = join(await temporaryFolder('pmc-compare-'), 'results.json');
  await writeFile(path, typeof document === 'string' ? document : JSON.stringify(document));
  return path;
}

function withRecord(
  document: ResultsDocument,
  id: string,
  change: (record: ScenarioRecord) => ScenarioRecord | undefined,
): ResultsDocument {
  return {
    ...document,
    scenarios: document.scenarios.flatMap((record) =>
      record.id === id ? [change(record)].filter((r) => r !== undefined) : [record],
    ),
  };
}

async function runCompare(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
  const code = await compare(args);
  vi.restoreAllMocks();
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const FAILURE = {
  clauses: ['SET-01'],
  kind: 'assertion' as const,
  step: 'request 2 is in plan mode',
  message: 'request 2: expected the configured section exactly once',
};

afterEach(() => vi.restoreAllMocks());

describe('compare', () => {
  it('refuses runs of two different editions plainly (exit 2), listing no regression; a file without spec.edition is seed', async () => {
    expect(
      (JSON.parse(await readFile(REFERENCE_RESULTS, 'utf8')) as { spec: { edition?: string } }).spec.edition,
    ).toBeUndefined();
    const seed = await fixture(REFERENCE_RESULTS);
    expect(seed.spec.edition).toBe('seed');
    const rc8 = {
      ...seed,
      spec: { ...seed.spec, edition: 'rc.8' as const },
      scenarios: seed.scenarios.map((record) => ({ ...record, status: 'failed' as const, failure: FAILURE })),
    };
    const result = await runCompare([await written(seed), await written(rc8)]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(
      /the runs judged different editions of the spec: .* the seed edition, .* the rc\.8 edition/,
    );
    expect(result.out).not.toMatch(/regressed/);
    const same = await runCompare([
      await written({ ...seed, spec: { ...seed.spec, edition: 'seed' } }),
      REFERENCE_RESULTS,
    ]);
    expect(same.code).toBe(0);
    expect(same.out).toMatch(/compare: reference \(edition seed, /);
  });

  it('exits 1 and names the scenario that regressed', async () => {
    const old = await fixture(REFERENCE_RESULTS);
    const regressed = withRecord(old, 'selection-idle-commit/enter-between-turns', (record) => ({
      ...record,
      status: 'failed',
      failure: FAILURE,
    }));
    const result = await runCompare([REFERENCE_RESULTS, await written(regressed)]);
    expect(result.code).toBe(1);
    expect(result.out).toContain('regressed (1):');
    expect(result.out).toMatch(
      /selection-idle-commit\/enter-between-turns \[[^\]]*SET-01[^\]]*\]: passed -> failed \(assertion at "request 2 is in plan mode": request 2: expected/,
    );
    expect(result.out.split('\n').at(-1)).toMatch(/^compare: 1 regressed, 0 newly failing, 0 newly flaky, 0 fixed/);
  });

  it('exits 0 on identical runs', async () => {
    const result = await runCompare([DSH_RESULTS, DSH_RESULTS]);
    expect(result.code).toBe(0);
    const total = (await fixture(DSH_RESULTS)).scenarios.length;
    expect(result.out.split('\n').at(-1)).toBe(
      `compare: 0 regressed, 0 newly failing, 0 newly flaky, 0 fixed, 0 changed failure, 0 appeared, 0 disappeared, 0 other, ${total} unchanged`,
    );
  });

  it('exits 2 on unreadable or invalid input, saying why', async () => {
    const missing = await runCompare([REFERENCE_RESULTS, '/no/such/results.json']);
    expect(missing).toMatchObject({ code: 2, out: '' });
    expect(missing.err).toContain('cannot read results file /no/such/results.json: no such file');
    const notJson = await runCompare([await written('{ nope'), REFERENCE_RESULTS]);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toMatch(/is not JSON/);
    const old = await fixture(REFERENCE_RESULTS);
    const newer = await runCompare([await written({ ...old, version: 4 }), REFERENCE_RESULTS]);
    expect(newer.err).toMatch(/results version 4 is not one this kit reads \(it reads versions 1, 2 and 3\)/);
    const broken = await runCompare([
      await written({ ...old, scenarios: [{ ...old.scenarios[0], status: 'green' }] }),
      REFERENCE_RESULTS,
    ]);
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/is not a valid results file \(\d+ problems?\):\n {2}scenarios\.0\.status/);
    expect((await runCompare([REFERENCE_RESULTS])).code).toBe(2);
  });

  it('counts a passing scenario that became baselined, skipped or absent as a regression', async () => {
    const old = await fixture(REFERENCE_RESULTS);
    const [a, b, c] = old.scenarios.map((record) => record.id);
    let now = withRecord(old, a!, (record) => ({
      ...record,
      status: 'baselined',
      failure: FAILURE,
      baseline: { reason: 'known', clause: 'SET-01' },
    }));
    now = withRecord(now, b!, (record) => ({ ...record, status: 'skipped', skipReason: 'missing capability fork' }));
    now = withRecord(now, c!, () => undefined);
    expect(compareResults(old, now).regressed.map((change) => [change.id, change.after?.status ?? 'absent'])).toEqual([
      [a, 'baselined'],
      [b, 'skipped'],
      [c, 'absent'],
    ]);
  });

  it('reports fixed, changed failures and new scenarios without failing the gate', async () => {
    const old = await fixture(DSH_RESULTS);
    const baselined = old.scenarios.filter((record) => record.status === 'baselined').map((record) => record.id);
    let now = withRecord(
      old,
      baselined[0]!,
      (record) => ({ ...record, status: 'passed', failure: undefined, baseline: undefined }) as ScenarioRecord,
    );
    now = withRecord(now, baselined[1]!, (record) => ({
      ...record,
      failure: { ...record.failure!, message: 'a different failure' },
    }));
    now = { ...now, scenarios: [...now.scenarios, { ...now.scenarios[0]!, id: 'brand-new-scenario' }] };
    const comparison = compareResults(old, now);
    expect(comparison.fixed.map((change) => change.id)).toEqual([baselined[0]]);
    expect(comparison.changedFailure.map((change) => change.id)).toEqual([baselined[1]]);
    expect(comparison.appeared.map((change) => change.id)).toEqual(['brand-new-scenario']);
    const result = await runCompare([DSH_RESULTS, await written(now)]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/fixed \(1\):\n {2}\S+ \[[^\]]+\]: baselined \(assertion/);
    expect(result.out).toContain('-> baselined (assertion at');
    expect(result.out).toContain('a different failure');
  });

  it('fails the gate on a scenario that newly fails (appeared failing, skipped -> failed) unless --allow-new-failures, and on a newly flaky one', async () => {
    const old = await fixture(DSH_RESULTS);
    const skipped = old.scenarios.find((record) => record.status === 'skipped')!;
    const passed = old.scenarios.filter((record) => record.status === 'passed');
    const failedNow = withRecord(
      old,
      skipped.id,
      (record) => ({ ...record, status: 'failed', failure: FAILURE, skipReason: undefined }) as ScenarioRecord,
    );
    const appeared = {
      ...old,
      scenarios: [...old.scenarios, { ...passed[0]!, id: 'brand-new', status: 'failed' as const, failure: FAILURE }],
    };
    for (const now of [failedNow, appeared]) {
      const gate = await runCompare([DSH_RESULTS, await written(now)]);
      expect(gate.code).toBe(1);
      expect(gate.out).toMatch(
        /newly failing \(1\):\n {2}\S+ \[[^\]]*\]: (skipped|absent) .*-> failed \(assertion at "request 2 is in plan mode"/,
      );
      expect(gate.out.split('\n').at(-1)).toMatch(/^compare: 0 regressed, 1 newly failing, 0 newly flaky, /);
      expect((await runCompare(['--allow-new-failures', DSH_RESULTS, await written(now)])).code).toBe(0);
    }
    // A passing scenario that fails is a regression, which --allow-new-failures does not let through.
    const regressed = withRecord(old, passed[0]!.id, (record) => ({ ...record, status: 'failed', failure: FAILURE }));
    expect((await runCompare(['--allow-new-failures', DSH_RESULTS, await written(regressed)])).code).toBe(1);
    // Newly flaky: a baselined scenario now flaky, a new flaky scenario.
    const baselined = old.scenarios.find((record) => record.status === 'baselined')!;
    // A flaky record belongs to a run that repeated its scenarios (a results file saying otherwise contradicts itself).
    const repeated = { ...old, repeat: { times: 2, flakyAllowed: false } };
    const flaky = withRecord(repeated, baselined.id, (record) => ({
      ...record,
      status: 'flaky',
      repeats: [{ status: 'passed' }, { status: 'failed', kind: 'assertion' }],
    }));
    const flakyGate = await runCompare(['--allow-new-failures', DSH_RESULTS, await written(flaky)]);
    expect(flakyGate.code).toBe(1);
    expect(flakyGate.out).toMatch(/newly flaky \(1\):/);
    const appearedFlaky = {
      ...repeated,
      scenarios: [
        ...old.scenarios,
        {
          ...passed[0]!,
          id: 'brand-new',
          status: 'flaky' as const,
          failure: FAILURE,
          repeats: [{ status: 'passed' as const }, { status: 'failed' as const }],
        },
      ],
    };
    expect((await runCompare([DSH_RESULTS, await written(appearedFlaky)])).code).toBe(1);
    // Newly passing or skipped scenarios pass the gate.
    const appearedPassing = { ...old, scenarios: [...old.scenarios, { ...passed[0]!, id: 'brand-new' }] };
    expect((await runCompare([DSH_RESULTS, await written(appearedPassing)])).code).toBe(0);
  });
});

describe('compare counts', () => {
  it('shows a failure message whole on one line, an object after its first line included', async () => {
    const old = await fixture(REFERENCE_RESULTS);
    const id = old.scenarios.find((record) => record.status === 'passed')!.id;
    const message = 'expected the result {\n  "entered": true,\n  "queued": false\n} to equal {\n  "entered": false\n}';
    const now = withRecord(old, id, (record) => ({ ...record, status: 'failed', failure: { ...FAILURE, message } }));
    const result = await runCompare([REFERENCE_RESULTS, await written(now)]);
    expect(result.out).toContain(
      'expected the result { "entered": true, "queued": false } to equal { "entered": false })',
    );
    // Each run as its closing line counts it.
    expect(result.out.split('\n')[0]).toMatch(
      /level default: \d+ passed, 0 failed, \d+ skipped; recommended \d+ passed/,
    );
  });

  it('counts an exploration that was clean and found a class once: the class regressed, not also the clean record', async () => {
    const old = await fixture(REFERENCE_RESULTS);
    const clean: ScenarioRecord = {
      id: 'explore',
      name: 'exploration against the oracle',
      uri: '~exploration',
      clauses: [],
      level: 'required',
      status: 'passed',
      durationMs: 1,
    };
    const found: ScenarioRecord = {
      ...clean,
      id: 'explore:SET-01/state',
      clauses: ['SET-01'],
      status: 'failed',
      failure: FAILURE,
    };
    const before = { ...old, scenarios: [...old.scenarios, clean] };
    const after = { ...old, scenarios: [...old.scenarios, found] };
    const comparison = compareResults(before, after);
    expect(comparison.regressed.map((change) => [change.id, change.before?.id, change.after?.status])).toEqual([
      ['explore:SET-01/state', 'explore', 'failed'],
    ]);
    expect(comparison.newlyFailing).toEqual([]);
    // --allow-new-failures does not let it through: it is a regression.
    expect((await runCompare(['--allow-new-failures', await written(before), await written(after)])).code).toBe(1);
    // An exploration not run at all in NEW is still the clean record's regression.
    const notExplored = compareResults(before, old);
    expect(notExplored.regressed.map((change) => change.id)).toEqual(['explore']);
  });
});
