/** The clause catalog per edition: each edition's clauses, statements and quotes, and the checks on them. */
import { describe, expect, it } from 'vitest';
import {
  CatalogSchema,
  checkEditionQuotes,
  clausesOfEdition,
  loadCatalog,
  type Clause,
} from '../../../conformance/catalog/clause-catalog.js';
import { QuotedReadme } from '../../../conformance/catalog/readme-quotes.js';
import { EDITIONS } from '../../../src/index.js';

const CHANGED_IN_RC8 = [
  'SET-06',
  'CMD-02',
  'CMD-03',
  'CMD-04',
  'CMD-05',
  'CMD-07',
  'MX-02',
  'PROJ-02',
  'PROJ-03',
  'PROJ-05',
  'TOOL-04',
  'LIM-01',
];

describe('the clause catalog per edition', () => {
  it('reads every clause of each edition with a statement and quotes found verbatim in that edition README', async () => {
    const catalog = await loadCatalog();
    for (const edition of EDITIONS) {
      const readme = await QuotedReadme.ofEdition(edition);
      const clauses = clausesOfEdition(catalog, edition);
      expect(clauses.length).toBeGreaterThanOrEqual(60);
      for (const clause of clauses) {
        expect(clause.quotes.length, `${edition} ${clause.id}`).toBeGreaterThan(0);
        for (const quote of clause.quotes) expect(readme.text, `${edition} ${clause.id}`).toContain(quote);
      }
    }
  });

  it('states the clauses rc.8 changes in their rc.8 reading, and the others as in the seed', async () => {
    const catalog = await loadCatalog();
    const seed = new Map(clausesOfEdition(catalog, 'seed').map((clause) => [clause.id, clause]));
    for (const clause of clausesOfEdition(catalog, 'rc.8')) {
      const before = seed.get(clause.id);
      if (!before) continue;
      if (CHANGED_IN_RC8.includes(clause.id)) {
        expect(clause.statement, clause.id).not.toBe(before.statement);
        expect(clause.differs, clause.id).toBe(true);
      } else {
        expect(clause.statement, clause.id).toBe(before.statement);
        expect(clause.differs, clause.id).toBe(false);
      }
    }
    expect(seed.get('SET-06')!.quotes).toContain('提示词提交、常规续行和请求恢复重试都在覆盖范围内');
  });

  it('gives a clause that belongs to one edition only to that edition', () => {
    const clauses: Clause[] = [
      {
        id: 'SET-06',
        level: 'required',
        statement: 'seed',
        seed: 'x',
        quote: ['q'],
        editions: { 'rc.8': { statement: 'rc8', quote: ['r'] } },
      },
      { id: 'CMD-09', level: 'required', statement: 'images', only: ['rc.8'], editions: { 'rc.8': { quote: ['i'] } } },
      { id: 'SET-01', level: 'required', statement: 'same', seed: 'x', quote: ['s'] },
    ];
    expect(clausesOfEdition(clauses, 'seed').map((clause) => [clause.id, clause.statement, clause.quotes])).toEqual([
      ['SET-06', 'seed', ['q']],
      ['SET-01', 'same', ['s']],
    ]);
    expect(clausesOfEdition(clauses, 'rc.8').map((clause) => [clause.id, clause.statement, clause.quotes])).toEqual([
      ['SET-06', 'rc8', ['r']],
      ['CMD-09', 'images', ['i']],
      ['SET-01', 'same', ['s']],
    ]);
  });

  it('rejects a clause the seed lacks that has seed fields or no quote of its own, and a reading of an edition it is not in', () => {
    const check = (clause: object) => CatalogSchema.safeParse({ version: '2026-12-01', clauses: [clause] });
    expect(
      check({
        id: 'CMD-09',
        level: 'required',
        statement: 's',
        only: ['rc.8'],
        seed: 'x',
        quote: ['q'],
        editions: { 'rc.8': { quote: ['r'] } },
      }).success,
    ).toBe(false);
    expect(check({ id: 'CMD-09', level: 'required', statement: 's', only: ['rc.8'] }).error?.issues[0]?.path).toEqual([
      'clauses',
      0,
      'editions',
      'rc.8',
      'quote',
    ]);
    expect(
      check({
        id: 'SET-06',
        level: 'required',
        statement: 's',
        seed: 'x',
        quote: ['q'],
        only: ['seed'],
        editions: { 'rc.8': { quote: ['r'] } },
      }).success,
    ).toBe(false);
    expect(
      check({
        id: 'SET-06',
        level: 'required',
        statement: 's',
        seed: 'x',
        quote: ['q'],
        editions: { 'rc.9': { quote: ['r'] } },
      }).success,
    ).toBe(false);
    expect(check({ id: 'SET-06', level: 'required', statement: 's', seed: 'x' }).success).toBe(false);
  });

  it('stops the build on a quote not verbatim in its own edition README, naming edition and clause', async () => {
    const catalog = await loadCatalog();
    const seedQuoteUnderRc8 = catalog.map((clause) =>
      clause.id === 'SET-06'
        ? { ...clause, editions: { 'rc.8': { ...clause.editions!['rc.8'], quote: clause.quote } } }
        : clause,
    );
    await expect(checkEditionQuotes(seedQuoteUnderRc8)).rejects.toThrow(
      /rc\.8: clause SET-06: quote not found verbatim in .*rc8-plan-mode\.README\.zh\.md/,
    );
    await expect(checkEditionQuotes(catalog)).resolves.toBeUndefined();
  });
});
