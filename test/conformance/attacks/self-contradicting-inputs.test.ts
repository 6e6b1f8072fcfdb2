/**
 * Attack: inputs that contradict themselves (results files, baselines,
 * mutation evidence), so that a report could show what no run found. Each is
 * refused, every problem at once. Each command runs in this process (the
 * CLI's `main`).
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { upgradeResultsV1, type ResultsDocumentV1 } from '../../../src/index.js';
import { kitScenarioIds } from '../../../conformance/features/kit-scenario-ids.js';
import {
  EVIDENCE_SCHEMA_ID,
  EVIDENCE_VERSION,
  type MutationEvidence,
} from '../../../conformance/evidence/mutation-evidence.js';
import { catalogFingerprint, loadCatalogFileSync } from '../../../conformance/catalog/clause-catalog.js';
import { kitIdentity } from '../../../conformance/results/run-context.js';
import { FIXTURES } from '../cli-harness.js';
import { runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { fixtureRun } from './attack-harness.js';

describe('inputs that contradict themselves are refused, every problem at once', () => {
  /** The fixture results file (version 1) with records that contradict themselves. */
  async function contradictoryResults(dir: string): Promise<string> {
    const document = JSON.parse(await readFile(`${FIXTURES}results/reference.json`, 'utf8')) as {
      scenarios: Array<Record<string, unknown>>;
    };
    const [a, b, c, d] = document.scenarios;
    Object.assign(a!, { failure: { kind: 'assertion', message: 'it failed' } }); // passed with a failure
    Object.assign(b!, { status: 'baselined', failure: { kind: 'assertion', message: 'it failed' } }); // baselined without a baseline
    Object.assign(c!, { status: 'flaky' }); // flaky without repeats, in a run that did not repeat
    document.scenarios.push({ ...d!, status: 'failed', failure: { kind: 'assertion', message: 'hidden' } }); // a second record of d's id
    const path = `${dir}/contradictory.json`;
    await writeFile(path, JSON.stringify(document));
    return path;
  }

  it('compare, merge and docs refuse a results file whose records contradict their status, or repeat an id', async () => {
    const dir = await temporaryFolder('pmc-contradictions-');
    const bad = await contradictoryResults(dir);
    for (const args of [
      ['compare', `${FIXTURES}results/reference.json`, bad],
      ['merge', '--out', `${dir}/merged.json`, bad],
      ['docs', '--out', `${dir}/site`, bad],
    ]) {
      const run = await runMain(args);
      expect(run.status, args[0]).toBe(2);
      expect(run.stderr).toContain(`${bad} contradicts itself (5 problems):`);
      expect(run.stderr).toMatch(/scenarios\.0\.failure: status passed with a failure/);
      expect(run.stderr).toMatch(/scenarios\.1\.status: status baselined without the baseline entry that excused it/);
      expect(run.stderr).toMatch(/scenarios\.2\.repeats: status flaky without the outcomes of two or more repeats/);
      expect(run.stderr).toMatch(/scenarios\.2\.status: status flaky in a run that did not repeat its scenarios/);
      expect(run.stderr).toMatch(/scenarios\.268\.id: the id \S+ is also scenarios\.3's: one record per scenario/);
    }
    expect(readdirSync(dir)).toEqual(['contradictory.json']);
  });

  it("a baseline's impossible expiry date and its id problems are reported with another entry's schema errors, at once", async () => {
    const dir = await temporaryFolder('pmc-contradictions-');
    await writeFile(
      `${dir}/b.yaml`,
      `known_failures:
  - id: fixture-set-and-log
    step: set returned committed
    kind: assertion
    clause: SET-01
    reason: never expires
    expires: 2027-99-99
  - id: no-such-scenario
    step: a step
    kind: assertion
    clause: SET-01
    reason: an id no feature has
  - id: fixture-prompt-only
    kind: not-a-kind
`,
    );
    const run = await runMain(fixtureRun('without-fork.js', '--baseline', `${dir}/b.yaml`));
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /b\.yaml:7:14: known_failures\[0\] \(id fixture-set-and-log\): expires: expires is not a day of the calendar/,
    );
    expect(run.stderr).toMatch(/known_failures\[2\] \(id fixture-prompt-only\): kind: /);
    expect(run.stderr).toMatch(/known_failures\[1\] \(id no-such-scenario\): no scenario has this id/);
  });

  /** The fixture results (version 1) as a version 2 file of a run on the kit's features, its records those the kit has, plus `extra`. */
  async function resultsOfKitRun(
    dir: string,
    name: string,
    features: 'kit' | 'given',
    extra: Array<Record<string, unknown>>,
  ): Promise<string> {
    const ids = await kitScenarioIds();
    const upgraded = upgradeResultsV1(
      JSON.parse(await readFile(`${FIXTURES}results/reference.json`, 'utf8')) as ResultsDocumentV1,
    );
    const kept = upgraded.scenarios.filter((record) => ids.has(record.id));
    const document = {
      ...upgraded,
      features,
      scenarios: [...kept, ...extra.map((fields) => ({ ...kept[0]!, ...fields }))],
    };
    const path = `${dir}/${name}.json`;
    await writeFile(path, JSON.stringify(document));
    return path;
  }

  it("compare, merge and docs refuse a record whose id none of the kit's features has, in a run on the kit's features only", async () => {
    const dir = await temporaryFolder('pmc-unknown-ids-');
    const stray = [
      { id: 'no-such-scenario' },
      { id: 'nor-this/row' },
      { id: 'explore', uri: '~exploration' },
      { id: 'explore:SET-01/some-check', uri: '~exploration' },
    ];
    const kit = await resultsOfKitRun(dir, 'kit', 'kit', stray);
    for (const args of [
      ['compare', kit, kit],
      ['merge', '--out', `${dir}/merged.json`, kit],
      ['docs', '--out', `${dir}/site`, kit],
    ]) {
      const run = await runMain(args);
      expect(run.status, args[0]).toBe(2);
      expect(run.stderr).toContain(`${kit} contradicts itself (2 problems):`);
      expect(run.stderr).toMatch(/scenarios\.\d+\.id: no scenario of the kit's features has the id no-such-scenario/);
      expect(run.stderr).toMatch(/scenarios\.\d+\.id: no scenario of the kit's features has the id nor-this\/row/);
      expect(run.stderr).not.toMatch(/the id explore/);
    }
    // A run with --features judged other scenarios, and a version 1 file did not say which it judged: their ids are not checked.
    const given = await resultsOfKitRun(dir, 'given', 'given', stray);
    expect((await runMain(['compare', given, given])).status).toBe(0);
    const v1 = JSON.parse(await readFile(`${FIXTURES}results/reference.json`, 'utf8')) as {
      scenarios: Array<Record<string, unknown>>;
    };
    v1.scenarios.push({ ...v1.scenarios[0]!, id: 'no-such-scenario' });
    await writeFile(`${dir}/v1.json`, JSON.stringify(v1));
    expect((await runMain(['compare', `${dir}/v1.json`, `${dir}/v1.json`])).status).toBe(0);
    expect(existsSync(`${dir}/merged.json`) || existsSync(`${dir}/site`)).toBe(false);
  });

  it("a run records in its results file whether it judged the kit's features or a --features folder", async () => {
    const dir = await temporaryFolder('pmc-unknown-ids-');
    const run = await runMain(
      fixtureRun('without-fork.js', '--tags', '@id:fixture-prompt-only', '--format', `results:${dir}/r.json`),
    );
    expect(run.status).toBe(0);
    expect((JSON.parse(await readFile(`${dir}/r.json`, 'utf8')) as { features?: string }).features).toBe('given');
  });

  /** Mutation evidence as `npm run mutants` writes it for this kit, changed by `change`. */
  async function evidenceFile(dir: string, change: (evidence: MutationEvidence) => MutationEvidence): Promise<string> {
    const catalog = loadCatalogFileSync();
    const evidence: MutationEvidence = {
      schema: EVIDENCE_SCHEMA_ID,
      version: EVIDENCE_VERSION,
      kit: kitIdentity(),
      catalog: catalog.version,
      catalogFingerprint: catalogFingerprint(catalog),
      writtenAt: '2026-12-02T00:00:00.000Z',
      editions: ['seed'],
      mutants: [
        {
          name: 'running-set-commits',
          description: 'set() while a turn is open commits at once.',
          clauses: ['SET-02'],
          caughtBy: ['selection-running-queues/enter'],
          runs: [
            {
              edition: 'seed',
              caughtBy: [{ id: 'selection-running-queues/enter', clauses: ['SET-02'], kind: 'assertion' }],
            },
          ],
        },
      ],
    };
    const path = `${dir}/evidence.json`;
    await writeFile(path, JSON.stringify(change(evidence)));
    return path;
  }

  it('docs --mutants refuses evidence of another kit or catalog version, or naming a catching scenario the kit lacks, every problem at once', async () => {
    const dir = await temporaryFolder('pmc-evidence-');
    expect(
      (await runMain(['docs', '--out', `${dir}/fits`, '--mutants', await evidenceFile(dir, (evidence) => evidence)]))
        .status,
    ).toBe(0);
    const { catalogFingerprint: _fingerprint, ...older } = await (async () =>
      JSON.parse(await readFile(await evidenceFile(dir, (evidence) => evidence), 'utf8')) as MutationEvidence)();
    void _fingerprint;
    const stale = await evidenceFile(dir, () => ({
      ...older,
      kit: { name: 'plan-mode-conformance', version: '0.0.9' },
      catalog: '1999-01-01',
      mutants: [
        {
          ...older.mutants[0]!,
          clauses: ['SET-02'],
          caughtBy: ['made-up-scenario'],
          runs: [{ edition: 'seed', caughtBy: [{ id: 'made-up-scenario', clauses: ['SET-02'] }] }],
        },
      ],
    }));
    const run = await runMain(['docs', '--out', `${dir}/site`, '--mutants', stale]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${stale} is not this kit's mutation evidence (4 problems`);
    expect(run.stderr).toMatch(/kit: written by plan-mode-conformance 0\.0\.9, not by this kit/);
    expect(run.stderr).toMatch(/catalog: written for clause catalog 1999-01-01/);
    expect(run.stderr).toMatch(
      /mutants\.0\.caughtBy\.0 \(running-set-commits\): no scenario of the kit has the id made-up-scenario/,
    );
    expect(run.stderr).toMatch(
      /mutants\.0\.runs\.0\.caughtBy\.0 \(running-set-commits, seed\): no scenario of the kit has the id made-up-scenario/,
    );
    // Same version strings, other clauses: the catalog's fingerprint tells them apart.
    const otherClauses = await evidenceFile(dir, (evidence) => ({ ...evidence, catalogFingerprint: 'sha256:0000' }));
    const second = await runMain(['docs', '--out', `${dir}/site`, '--mutants', otherClauses]);
    expect(second.status).toBe(2);
    expect(second.stderr).toMatch(/catalogFingerprint: written for another clause catalog \(sha256:0000\)/);
    expect(existsSync(`${dir}/site`)).toBe(false);
  });
});
