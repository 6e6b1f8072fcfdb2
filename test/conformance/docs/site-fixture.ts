/** Builds the documentation site from the results fixtures into a fresh temporary folder; and the dsh fixture as two releases. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readResultsFile, type ResultsFile } from '../../../conformance/docs/read-results.js';
import { writeSite, type WrittenSite } from '../../../conformance/docs/write-site.js';
import { temporaryFolder } from '../../temporary-folder.js';

export const RESULTS_FIXTURES = fileURLToPath(new URL('../../fixtures/results/', import.meta.url));
export const REFERENCE_RESULTS = join(RESULTS_FIXTURES, 'reference.json');
export const DSH_RESULTS = join(RESULTS_FIXTURES, 'dsh.json');

export async function buildSite(
  results: string[] = [REFERENCE_RESULTS, DSH_RESULTS],
): Promise<WrittenSite & { dir: string }> {
  const dir = await temporaryFolder('pmc-site-');
  const site = await writeSite({
    outDir: dir,
    results: await Promise.all(results.map((path) => readResultsFile(path))),
  });
  return { ...site, dir };
}

/** dsh's fixture run as release 0.1.0-rc.8, and a later run as dsh@0.0.1-rc.1 (its edition) where one failure went and one appeared. */
export async function twoReleases(): Promise<{ rc8: ResultsFile; rc1: ResultsFile; appeared: string; went: string }> {
  const base = await readResultsFile(DSH_RESULTS);
  const required = base.document.scenarios.filter(
    (record) => record.status === 'passed' && record.level === 'required',
  );
  const went = required.find((record) => record.clauses.includes('STATE-01'))!;
  const appeared = required.find((record) => record.clauses.includes('CFG-01'))!;
  const failing = (record: (typeof required)[number]) => ({
    ...record,
    status: 'failed' as const,
    failure: { clauses: record.clauses, kind: 'assertion' as const, step: 'a step', message: 'it broke' },
    // As the kit writes it: the whole command, quoted for a POSIX shell (long enough to wrap on a phone).
    rerun: `plan-mode-conformance --adapter dsh --features /home/someone/projects/host/features --explore off --tags '@id:${record.id}'`,
  });
  const rc8: ResultsFile = {
    ...base,
    document: {
      ...base.document,
      host: { release: '0.1.0-rc.8' },
      scenarios: base.document.scenarios.map((record) => (record.id === went.id ? failing(record) : record)),
    },
  };
  const scenarios = base.document.scenarios.map((record) => (record.id === appeared.id ? failing(record) : record));
  const rc1: ResultsFile = {
    path: '/runs/dsh-0.0.1-rc.1.json',
    document: {
      ...base.document,
      adapter: { ...base.document.adapter, name: 'dsh@0.0.1-rc.1', editions: ['0.0.1-rc.1'] },
      host: { release: '0.0.1-rc.1' },
      spec: { ...base.document.spec, edition: '0.0.1-rc.1' },
      startedAt: '2026-12-05T12:00:00.000Z',
      scenarios,
    },
  };
  return { rc8, rc1, appeared: appeared.id, went: went.id };
}
