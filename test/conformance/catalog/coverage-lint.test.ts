import { describe, expect, it } from 'vitest';
import { formatCoverageTable, lintCoverage } from '../../../conformance/catalog/coverage-lint.js';
import { loadCatalog, type Clause } from '../../../conformance/catalog/clause-catalog.js';
import type { ScenarioInfo } from '../../../conformance/features/feature-files.js';
import { parseFeatures, scenariosOf } from '../../../conformance/features/feature-files.js';
import { FIXTURES } from '../cli-harness.js';

const clauses: Clause[] = [
  { id: 'SET-01', level: 'required', statement: 's', seed: 'x' },
  { id: 'SET-02', level: 'required', statement: 's', seed: 'x' },
];
const scenario = (
  stableId: string | undefined,
  tags: string[],
  idTags = 1,
  editionTags: string[] = [],
): ScenarioInfo => ({
  stableId,
  name: stableId ?? 'nameless',
  uri: 'f.feature',
  clauses: tags,
  needs: [],
  idTags,
  editionTags,
});

describe('the coverage lint', () => {
  it('passes when every clause has a scenario and every scenario a known clause', () => {
    const report = lintCoverage(clauses, [scenario('a', ['SET-01']), scenario('b', ['SET-02', 'SET-01'])]);
    expect(report.problems).toEqual([]);
    expect(report.editions.get('seed')!.get('SET-01')).toEqual(['a', 'b']);
    expect(report.editions.get('rc.8')!.get('SET-01')).toEqual(['a', 'b']);
  });

  it('reports a clause without scenario, a scenario without clause, an unknown clause, and id problems', () => {
    const report = lintCoverage(clauses, [
      scenario('a', ['SET-01']),
      scenario('b', []),
      scenario('c', ['SET-99']),
      scenario(undefined, ['SET-01'], 0),
      scenario('a', ['SET-01']),
    ]);
    expect(report.problems.join('\n')).toMatch(/clause SET-02 has no scenario in the seed edition/);
    expect(report.problems.join('\n')).toMatch(/"b" names no clause/);
    expect(report.problems.join('\n')).toMatch(/unknown clause @SET-99/);
    expect(report.problems.join('\n')).toMatch(/exactly one @id: tag \(has 0\)/);
    expect(report.problems.join('\n')).toMatch(/repeats the stable id a/);
  });

  describe('per edition', () => {
    const editioned: Clause[] = [
      {
        id: 'SET-06',
        level: 'required',
        statement: 'seed reading',
        seed: 'x',
        quote: ['q'],
        editions: { 'rc.8': { statement: 'rc.8 reading', quote: ['r'] } },
      },
      { id: 'CMD-09', level: 'required', statement: 'images', only: ['rc.8'], editions: { 'rc.8': { quote: ['r'] } } },
    ];

    it('passes when each edition proves each of its clauses with its own scenarios', () => {
      const report = lintCoverage(editioned, [
        scenario('retry-seed', ['SET-06'], 1, ['seed']),
        scenario('retry-rc8', ['SET-06'], 1, ['0.0.1-rc.1', 'rc.8']),
        scenario('images', ['CMD-09'], 1, ['rc.8']),
      ]);
      expect(report.problems).toEqual([]);
      expect(report.editions.get('seed')!.get('SET-06')).toEqual(['retry-seed']);
      expect(report.editions.get('rc.8')!.get('SET-06')).toEqual(['retry-rc8']);
      expect(report.editions.get('0.0.1-rc.1')!.get('SET-06')).toEqual(['retry-rc8']);
      expect(report.editions.get('seed')!.has('CMD-09')).toBe(false);
    });

    it('reports a clause one edition does not prove, though another does', () => {
      const report = lintCoverage(editioned, [
        scenario('retry-seed', ['SET-06'], 1, ['seed']),
        scenario('images', ['CMD-09'], 1, ['rc.8']),
      ]);
      expect(report.problems).toEqual([
        'clause SET-06 has no scenario in the 0.0.1-rc.1 edition',
        'clause SET-06 has no scenario in the rc.8 edition',
      ]);
    });

    it('reports a scenario of an edition that lacks its clause: untagged, or tagged with that edition', () => {
      const untagged = lintCoverage(editioned, [scenario('retry', ['SET-06']), scenario('images', ['CMD-09'])]);
      expect(untagged.problems).toEqual([
        expect.stringMatching(
          /"images" belongs to the seed edition, which lacks @CMD-09 \(tag it with the editions that have it: @edition:rc\.8\)/,
        ),
        expect.stringMatching(/"images" belongs to the 0\.0\.1-rc\.1 edition, which lacks @CMD-09/),
      ]);
      const seedTagged = lintCoverage(editioned, [
        scenario('retry', ['SET-06']),
        scenario('images', ['CMD-09'], 1, ['seed', 'rc.8']),
      ]);
      expect(seedTagged.problems.join('\n')).toMatch(/belongs to the seed edition, which lacks @CMD-09/);
    });

    it('reports an @edition: tag naming an unknown edition', () => {
      const report = lintCoverage(editioned, [
        scenario('retry', ['SET-06']),
        scenario('images', ['CMD-09'], 1, ['rc.8', 'rc.9']),
      ]);
      expect(report.problems).toEqual([
        expect.stringMatching(
          /"images" names the unknown edition @edition:rc\.9 \(editions: @edition:seed, @edition:0\.0\.1-rc\.1, @edition:rc\.8\)/,
        ),
      ]);
    });

    it('shows every edition in the table, `-` where an edition lacks the clause', () => {
      const report = lintCoverage(editioned, [
        scenario('retry', ['SET-06']),
        scenario('images', ['CMD-09'], 1, ['rc.8']),
      ]);
      expect(formatCoverageTable(editioned, report).split('\n')).toEqual([
        'clause             seed  0.0.1-rc.1        rc.8  ids',
        'SET-06                1           1           1  retry',
        'CMD-09                -           -           1  images',
      ]);
    });
  });

  it('gives outline rows the id of their outline plus their first cell', async () => {
    const scenarios = scenariosOf(await parseFeatures(`${FIXTURES}features`));
    expect(scenarios.map((s) => s.stableId)).toContain('fixture-set-and-log');
  });

  it('loads the shipped catalog with every clause of the spec', async () => {
    const catalog = await loadCatalog();
    // 62 clauses of the seed (TOOL-07/08 among them), and three the rc.8 edition adds, one of which 0.0.1-rc.1 has too.
    expect(catalog.length).toBe(65);
    expect(catalog.filter((clause) => clause.only?.includes('rc.8')).map((clause) => clause.id)).toEqual([
      'REVIEW-07',
      'CMD-09',
      'CMD-10',
    ]);
    expect(catalog.filter((clause) => clause.only?.includes('0.0.1-rc.1')).map((clause) => clause.id)).toEqual([
      'REVIEW-07',
    ]);
  });
});
