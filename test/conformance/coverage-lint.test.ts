import { describe, expect, it } from 'vitest';
import { lintCoverage } from '../../conformance/catalog/coverage-lint.js';
import { loadCatalog, type Clause } from '../../conformance/catalog/clause-catalog.js';
import type { ScenarioInfo } from '../../conformance/features/feature-files.js';
import { parseFeatures, scenariosOf } from '../../conformance/features/feature-files.js';
import { FIXTURES } from './cli-harness.js';

const clauses: Clause[] = [
  { id: 'SET-01', level: 'required', statement: 's', seed: 'x' },
  { id: 'SET-02', level: 'required', statement: 's', seed: 'x' },
];
const scenario = (stableId: string | undefined, tags: string[], idTags = 1): ScenarioInfo => ({
  stableId,
  name: stableId ?? 'nameless',
  uri: 'f.feature',
  clauses: tags,
  needs: [],
  idTags,
});

describe('the coverage lint', () => {
  it('passes when every clause has a scenario and every scenario a known clause', () => {
    const report = lintCoverage(clauses, [scenario('a', ['SET-01']), scenario('b', ['SET-02', 'SET-01'])]);
    expect(report.problems).toEqual([]);
    expect(report.table.get('SET-01')).toEqual(['a', 'b']);
  });

  it('reports a clause without scenario, a scenario without clause, an unknown clause, and id problems', () => {
    const report = lintCoverage(clauses, [
      scenario('a', ['SET-01']),
      scenario('b', []),
      scenario('c', ['SET-99']),
      scenario(undefined, ['SET-01'], 0),
      scenario('a', ['SET-01']),
    ]);
    expect(report.problems.join('\n')).toMatch(/clause SET-02 has no scenario/);
    expect(report.problems.join('\n')).toMatch(/"b" names no clause/);
    expect(report.problems.join('\n')).toMatch(/unknown clause @SET-99/);
    expect(report.problems.join('\n')).toMatch(/exactly one @id: tag \(has 0\)/);
    expect(report.problems.join('\n')).toMatch(/repeats the stable id a/);
  });

  it('gives outline rows the id of their outline plus their first cell', async () => {
    const scenarios = scenariosOf(await parseFeatures(`${FIXTURES}features`));
    expect(scenarios.map((s) => s.stableId)).toContain('fixture-set-and-log');
  });

  it('loads the shipped catalog with every clause of the spec', async () => {
    const catalog = await loadCatalog();
    expect(catalog.length).toBe(60);
  });
});
