/**
 * A verdict that says what it proved: the required clauses no passing scenario
 * proved, with why, on the console (and the closing line's "partial"), in the
 * results file, JUnit and Markdown; `--require-all` fails such a run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EditionClause } from '../../../conformance/catalog/clause-catalog.js';
import {
  partialSuffix,
  unprovenClauses,
  unprovenLines,
  type ProofOfScenario,
} from '../../../conformance/results/unproven-clauses.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { FIXTURES } from '../cli-harness.js';
import { runMain } from '../in-process-cli.js';

const clause = (id: string, level: 'required' | 'recommended' = 'required'): EditionClause => ({
  id,
  level,
  statement: id,
  quotes: [],
  derived: false,
  differs: false,
});
const CATALOG = [
  clause('SET-01'),
  clause('STATE-03'),
  clause('STATE-04'),
  clause('TOOL-08'),
  clause('NARR-09', 'recommended'),
];
const proof = (clauses: string[], outcome: ProofOfScenario['outcome'], skipReason?: string): ProofOfScenario => ({
  clauses,
  outcome,
  skipReason,
});

describe('unproven required clauses', () => {
  const proofs = [
    proof(['SET-01', 'STATE-03'], 'passed'),
    proof(['STATE-03', 'STATE-04'], 'skipped', 'missing capability fork: no fork here'),
    proof(['STATE-04'], 'skipped', 'missing capability restart: none'),
    proof(['TOOL-08'], 'baselined'),
    proof(['SET-01'], 'failed'),
    proof(['NARR-09'], 'skipped', 'missing capability fork: no fork here'),
  ];

  it('lists each required clause without a passing scenario, with why; recommended ones never', async () => {
    expect(unprovenClauses(CATALOG, proofs, 'seed', 'all')).toEqual([
      { clause: 'STATE-04', reason: 'capability fork, restart not declared' },
      { clause: 'TOOL-08', reason: '1 scenario(s) baselined (a known failure)' },
    ]);
  });

  it('a whole run answers for every required clause, a narrowed one for the clauses it names', async () => {
    const few = [proof(['SET-01'], 'passed')];
    expect(unprovenClauses(CATALOG, few, 'rc.8', 'all').map((one) => one.reason)).toEqual(
      Array(3).fill('no scenario of the rc.8 edition ran'),
    );
    expect(unprovenClauses(CATALOG, few, 'rc.8', 'named')).toEqual([]);
  });

  it('a clause whose scenario failed the run is left to the failure lines', async () => {
    expect(unprovenClauses([clause('SET-01')], [proof(['SET-01'], 'failed')], 'seed', 'all')).toEqual([]);
  });

  it('a flaky pass proves nothing; exploration records are left out', async () => {
    expect(unprovenClauses([clause('SET-01')], [proof(['SET-01'], 'flaky'), undefined], 'seed', 'all')).toEqual([
      { clause: 'SET-01', reason: '1 scenario(s) flaky' },
    ]);
  });

  it('says "partial" on the closing line and groups the console list by reason', async () => {
    const unproven = unprovenClauses(CATALOG, proofs, 'seed', 'all');
    expect(partialSuffix(unproven)).toBe(' (partial: 2 required clause(s) unproven)');
    expect(partialSuffix([])).toBe('');
    expect(unprovenLines(unproven)).toEqual([
      'unproven: 2 required clause(s) no passing scenario proved (--require-all fails such a run):',
      '    STATE-04: capability fork, restart not declared',
      '    TOOL-08: 1 scenario(s) baselined (a known failure)',
    ]);
  });

  it('a host without fork: the console, the results file, JUnit and Markdown carry the same list; --require-all exits 1', async () => {
    {
      const folder = await temporaryFolder('unproven-');
      const results = join(folder, 'results.json');
      const junit = join(folder, 'junit.xml');
      const markdown = join(folder, 'report.md');
      const args = ['--adapter', `${FIXTURES}adapters/without-fork.js`, '--tags', '@STATE-04', '--explore', 'off'];
      const run = await runMain([
        ...args,
        '--format',
        `results:${results}`,
        '--format',
        `junit:${junit}`,
        '--format',
        `markdown:${markdown}`,
      ]);
      expect(run.status).toBe(0);
      expect(run.summary).toMatch(
        /^conformance: 0 passed, 0 failed, \d+ skipped \(partial: 5 required clause\(s\) unproven\)$/,
      );
      expect(run.stdout).toContain('    SCOPE-01, STATE-03, STATE-04, NARR-01, PROJ-04: capability fork not declared');
      const listed = (
        JSON.parse(readFileSync(results, 'utf8')) as { unproven: Array<{ clause: string; reason: string }> }
      ).unproven;
      expect(listed.map((one) => one.clause)).toEqual(['SCOPE-01', 'STATE-03', 'STATE-04', 'NARR-01', 'PROJ-04']);
      expect(new Set(listed.map((one) => one.reason))).toEqual(new Set(['capability fork not declared']));
      expect(readFileSync(junit, 'utf8')).toContain(
        '<property name="unproven.STATE-04" value="capability fork not declared"/>',
      );
      expect(readFileSync(markdown, 'utf8')).toContain('- STATE-04: capability fork not declared');
      expect((await runMain([...args, '--require-all'])).status).toBe(1);
    }
  });
});
