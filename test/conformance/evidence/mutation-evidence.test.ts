/** The mutation evidence file and the proven-clause rule read from it. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Clause } from '../../../conformance/catalog/clause-catalog.js';
import {
  EVIDENCE_SCHEMA_ID,
  EVIDENCE_VERSION,
  EvidenceFileError,
  mutantsCaughtFor,
  readEvidenceFile,
  type MutantEvidence,
  type MutationEvidence,
} from '../../../conformance/evidence/mutation-evidence.js';
import { clauseProofs, clausesNotShown, unprovenRequired } from '../../../conformance/evidence/proven-clauses.js';
import { MUTANTS } from '../../../mutants/catalog.js';
import type { Edition } from '../../../src/index.js';
import { temporaryFolder } from '../../temporary-folder.js';

function clause(id: string, level: Clause['level'] = 'required'): Clause {
  return { id, level, statement: `${id} holds.`, seed: 'somewhere' };
}

function broken(
  name: string,
  clauses: string[],
  caughtBy: Array<{ id: string; clauses: string[] }>,
  edition: Edition = 'seed',
): MutantEvidence {
  return {
    name,
    description: `${name} does it wrong.`,
    clauses,
    caughtBy: caughtBy.map((scenario) => scenario.id),
    runs: [{ edition, caughtBy }],
  };
}

function evidence(mutants: MutantEvidence[]): MutationEvidence {
  return {
    schema: EVIDENCE_SCHEMA_ID,
    version: EVIDENCE_VERSION,
    kit: { name: 'plan-mode-conformance', version: '0.0.0' },
    catalog: '2026-12-01',
    writtenAt: '2026-12-02T00:00:00.000Z',
    editions: ['seed'],
    mutants,
  };
}

const SEED_ONLY = (clauses: Clause[]) => new Map<Edition, Clause[]>([['seed', clauses]]);

describe('the proven-clause rule', () => {
  it('proves a clause when a mutant declaring it is caught by a scenario tagged with it', () => {
    const proofs = clauseProofs(
      evidence([broken('idle-set-is-queued', ['SET-01'], [{ id: 'selection-idle', clauses: ['SET-01', 'NARR-02'] }])]),
      SEED_ONLY([clause('SET-01')]),
    );
    expect(proofs).toEqual([
      {
        edition: 'seed',
        clause: clause('SET-01'),
        provenBy: [{ mutant: 'idle-set-is-queued', scenarios: ['selection-idle'] }],
      },
    ]);
    expect(unprovenRequired(proofs)).toEqual([]);
  });

  it('says why a clause is not proven: no mutant, caught only by other clauses, not caught, not run in the edition', () => {
    const proofs = clauseProofs(
      evidence([
        broken('caught-elsewhere', ['SET-01', 'SET-02'], [{ id: 'only-set-02', clauses: ['SET-02'] }]),
        broken('survivor', ['SET-03'], []),
        broken('rc8-only', ['CMD-09'], [{ id: 'cmd-09', clauses: ['CMD-09'] }], 'rc.8'),
      ]),
      SEED_ONLY([
        clause('SET-01'),
        clause('SET-03'),
        clause('SET-04'),
        clause('CMD-09'),
        clause('CMD-08', 'recommended'),
      ]),
    );
    const why = new Map(unprovenRequired(proofs).map((proof) => [proof.clause.id, proof.unprovenBecause]));
    expect([...why.keys()]).toEqual(['SET-01', 'SET-03', 'SET-04', 'CMD-09']);
    expect(why.get('SET-01')).toMatch(
      /caught only by scenarios of other clauses \(caught-elsewhere by scenarios of SET-02\)/,
    );
    expect(why.get('SET-03')).toMatch(/no scenario caught its mutants \(survivor\)/);
    expect(why.get('SET-04')).toBe('no mutant declares it');
    expect(why.get('CMD-09')).toMatch(/not run against the seed edition/);
    // A recommended clause may stay unproven; it is still listed with its reason.
    expect(proofs.find((proof) => proof.clause.id === 'CMD-08')?.unprovenBecause).toBe('no mutant declares it');
  });

  it('judges each edition on its own runs', () => {
    const mutant: MutantEvidence = {
      ...broken('retry-applies', ['SET-06'], []),
      runs: [
        { edition: 'seed', caughtBy: [{ id: 'set-06-retry', clauses: ['SET-06'] }] },
        { edition: 'rc.8', caughtBy: [] },
      ],
    };
    const proofs = clauseProofs(
      evidence([mutant]),
      new Map<Edition, Clause[]>([
        ['seed', [clause('SET-06')]],
        ['rc.8', [clause('SET-06')]],
      ]),
    );
    expect(unprovenRequired(proofs).map((proof) => proof.edition)).toEqual(['rc.8']);
  });

  it('names the declared clauses a caught mutant is not caught for', () => {
    expect(clausesNotShown(broken('m', ['PROJ-02', 'PROJ-03'], [{ id: 'proj', clauses: ['PROJ-02'] }]))).toEqual([
      'PROJ-03',
    ]);
    expect(clausesNotShown(broken('m', ['PROJ-02'], [{ id: 'proj', clauses: ['PROJ-02', 'PROJ-03'] }]))).toEqual([]);
  });

  it('lists for a clause page the mutants its scenarios catch, declared or not', () => {
    const found = mutantsCaughtFor(
      evidence([
        broken('a', ['SET-02'], [{ id: 's', clauses: ['SET-02', 'SET-06'] }]),
        broken('b', ['SET-01'], [{ id: 't', clauses: ['SET-01'] }]),
      ]),
      'SET-06',
    );
    expect(
      found.map((entry) => [
        entry.mutant.name,
        entry.scenarios.map((scenario) => `${scenario.edition}:${scenario.id}`),
      ]),
    ).toEqual([['a', ['seed:s']]]);
  });
});

describe('the evidence file', () => {
  it('reads back what the matrix writes', async () => {
    const path = join(await temporaryFolder('pmc-evidence-'), 'evidence.json');
    const written = evidence([broken('a', ['SET-02'], [{ id: 's', clauses: ['SET-02'] }])]);
    await writeFile(path, JSON.stringify(written));
    expect(await readEvidenceFile(path)).toEqual(written);
  });

  it('refuses a missing, non-JSON, foreign or malformed file with a clear message', async () => {
    const dir = await temporaryFolder('pmc-evidence-');
    const write = async (name: string, text: string) => {
      await writeFile(join(dir, name), text);
      return join(dir, name);
    };
    await expect(readEvidenceFile(join(dir, 'none.json'))).rejects.toThrow(
      /cannot read mutation evidence .*none\.json: no such file \(npm run mutants writes it\)/,
    );
    await expect(readEvidenceFile(await write('text.json', 'not json'))).rejects.toThrow(/is not JSON/);
    await expect(
      readEvidenceFile(
        await write('results.json', JSON.stringify({ schema: 'plan-mode-conformance/results', version: 1 })),
      ),
    ).rejects.toThrow(/is not a mutation evidence file \(its "schema" is "plan-mode-conformance\/results"/);
    await expect(
      readEvidenceFile(await write('v9.json', JSON.stringify({ ...evidence([]), version: 9 }))),
    ).rejects.toThrow(/evidence version 9 is not one this kit reads/);
    const malformed = { ...evidence([broken('a', [], [])]) };
    await expect(readEvidenceFile(await write('bad.json', JSON.stringify(malformed)))).rejects.toThrow(
      EvidenceFileError,
    );
    await expect(readEvidenceFile(await write('bad2.json', JSON.stringify(malformed)))).rejects.toThrow(
      /mutants\[0\]\.clauses/,
    );
  });
});

describe('the mutant catalog', () => {
  it('names every mutant once and says in words what each breaks', () => {
    expect(new Set(MUTANTS.map((mutant) => mutant.name)).size).toBe(MUTANTS.length);
    for (const mutant of MUTANTS) {
      expect(mutant.description.trim().length, mutant.name).toBeGreaterThan(20);
      expect(mutant.description, `${mutant.name}: a sentence`).toMatch(/\.$/);
      expect(mutant.breaks.length, mutant.name).toBeGreaterThan(0);
    }
  });
});
