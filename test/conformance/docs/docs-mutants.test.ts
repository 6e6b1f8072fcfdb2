/** `docs --mutants`: the mutation evidence on clause pages and the matrix. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run as docs } from '../../../conformance/cli/verbs/docs.js';
import {
  EVIDENCE_SCHEMA_ID,
  EVIDENCE_VERSION,
  type MutationEvidence,
} from '../../../conformance/evidence/mutation-evidence.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { kitIdentity } from '../../../conformance/results/run-context.js';
import { loadCatalogFileSync } from '../../../conformance/catalog/clause-catalog.js';

const EVIDENCE: MutationEvidence = {
  schema: EVIDENCE_SCHEMA_ID,
  version: EVIDENCE_VERSION,
  kit: kitIdentity(),
  catalog: loadCatalogFileSync().version,
  writtenAt: '2026-12-02T00:00:00.000Z',
  editions: ['seed'],
  mutants: [
    {
      name: 'running-set-commits',
      description: 'set() while a turn is open commits at once <b>now</b>.',
      clauses: ['SET-02', 'SET-06'],
      caughtBy: ['selection-running-queues/enter', 'concurrent-two-pending/both-enter-a-1st'],
      runs: [
        {
          edition: 'seed',
          caughtBy: [
            {
              id: 'selection-running-queues/enter',
              clauses: ['SET-02'],
              kind: 'assertion',
              step: 'set returned queued',
            },
            { id: 'concurrent-two-pending/both-enter-a-1st', clauses: ['SCOPE-01', 'SET-06'], kind: 'assertion' },
          ],
        },
      ],
    },
    {
      name: 'policy-shared-between-agents',
      description: 'Every agent carries the plan section once any agent was in plan mode.',
      clauses: ['SCOPE-01'],
      caughtBy: ['concurrent-two-pending/both-enter-a-1st'],
      runs: [
        {
          edition: 'seed',
          caughtBy: [{ id: 'concurrent-two-pending/both-enter-a-1st', clauses: ['SCOPE-01', 'SET-06'] }],
        },
      ],
    },
  ],
};

function visibleText(markup: string): string {
  return markup
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

async function siteWith(evidence: unknown): Promise<{ dir: string; code: number }> {
  const dir = await temporaryFolder('pmc-docs-mutants-');
  const file = join(dir, 'evidence.json');
  await writeFile(file, typeof evidence === 'string' ? evidence : JSON.stringify(evidence));
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const code = await docs(['--out', join(dir, 'site'), '--mutants', file]);
  return { dir: join(dir, 'site'), code };
}

afterEach(() => vi.restoreAllMocks());

describe('docs --mutants', () => {
  it('lists on a clause page the mutants its scenarios catch, declaring ones first, with what each does wrong', async () => {
    const { dir, code } = await siteWith(EVIDENCE);
    expect(code).toBe(0);
    const markup = await readFile(join(dir, 'clauses', 'SET-06.html'), 'utf8');
    const page = visibleText(markup);
    expect(page).toContain('seed edition: proven by running-set-commits');
    expect(page).toMatch(
      /running-set-commits set\(\) while a turn is open commits at once <b>now<\/b>\. yes concurrent-two-pending\/both-enter-a-1st .*policy-shared-between-agents .* no \( ?SCOPE-01 ?\) concurrent-two-pending\/both-enter-a-1st/,
    );
    expect(markup).not.toContain('<b>now</b>'); // the description is text, never markup
    // The catching scenario links to its Gherkin on the same page.
    expect(markup).toMatch(
      /<a href="#scenario-concurrent-two-pending"><code>concurrent-two-pending\/both-enter-a-1st<\/code><\/a>/,
    );
    expect(markup).toContain('id="scenario-concurrent-two-pending"');
  });

  it('names each catching scenario once with the editions it caught the mutant in, and the proof of each edition', async () => {
    const running = EVIDENCE.mutants[0]!;
    const twoEditions: MutationEvidence = {
      ...EVIDENCE,
      editions: ['seed', 'rc.8'],
      mutants: [
        {
          ...running,
          runs: [
            running.runs[0]!,
            {
              edition: 'rc.8',
              caughtBy: [
                {
                  id: 'selection-running-queues/enter',
                  clauses: ['SET-02'],
                  kind: 'assertion',
                  step: 'set returned queued',
                },
              ],
            },
          ],
        },
      ],
    };
    const { dir } = await siteWith(twoEditions);
    const page = visibleText(await readFile(join(dir, 'clauses', 'SET-02.html'), 'utf8'));
    expect(page).toContain('seed edition: proven by running-set-commits rc.8 edition: proven by running-set-commits');
    expect(page.match(/selection-running-queues\/enter \(seed, rc\.8\) failed at: set returned queued/g)).toHaveLength(
      1,
    );
    const set06 = visibleText(await readFile(join(dir, 'clauses', 'SET-06.html'), 'utf8'));
    expect(set06).toContain('seed edition: proven by running-set-commits');
    expect(set06).toMatch(
      /rc\.8 edition: not proven : no scenario tagged @SET-06 fails|rc\.8 edition: not proven : its mutants are caught only by scenarios of other clauses/,
    );
  });

  it('says why a clause is not proven', async () => {
    const { dir } = await siteWith(EVIDENCE);
    const scope = visibleText(await readFile(join(dir, 'clauses', 'SCOPE-01.html'), 'utf8'));
    expect(scope).toContain('seed edition: proven by policy-shared-between-agents');
    const set05 = visibleText(await readFile(join(dir, 'clauses', 'SET-05.html'), 'utf8'));
    expect(set05).toContain('seed edition: not proven : no mutant declares it');
    expect(set05).toContain('No mutant is caught by a scenario tagged with SET-05.');
  });

  it('adds a column of mutants caught per clause to the matrix, marking required clauses not proven', async () => {
    const { dir } = await siteWith(EVIDENCE);
    const home = visibleText(await readFile(join(dir, 'index.html'), 'utf8'));
    expect(home).toMatch(/Clause Level Statement Scenarios Mutants caught/);
    expect(home).toMatch(/SET-06 required [^|]*? \d+ 2 mutants caught by the scenarios of SET-06/);
    expect(home).toMatch(/SET-05 required [^|]*? \d+ 0 not proven mutants caught by the scenarios of SET-05/);
    expect(home).toMatch(/Required clauses proven: 3 of \d+ \(seed edition\)/);
  });

  it('refuses an unreadable or foreign evidence file with exit 2 and the reason', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await siteWith('not json')).code).toBe(2);
    expect(errors.mock.calls.flat().join('\n')).toMatch(/mutation evidence .*evidence\.json is not JSON/);
    expect((await siteWith({ ...EVIDENCE, mutants: [{ name: 'x' }] })).code).toBe(2);
    expect(errors.mock.calls.flat().join('\n')).toMatch(
      /is not a valid mutation evidence file \(\d+ problems?\):\n {2}mutants\[0\]\.description/,
    );
  });
});
