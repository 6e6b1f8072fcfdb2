/** Builds the documentation site from the results fixtures into a fresh temporary folder. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readResultsFile } from '../../../conformance/docs/read-results.js';
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
