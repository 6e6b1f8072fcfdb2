/**
 * `npm run clauses`: writes docs/clauses.md from its template and the clause
 * catalog (clause-document.ts); `--check` only says whether it is current
 * (exit 1 when not).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';
import { CLAUSE_DOCUMENT, renderClauseDocumentFromFiles } from './clause-document.js';

const path = join(PACKAGE_ROOT, CLAUSE_DOCUMENT);
const text = await renderClauseDocumentFromFiles();
if (process.argv.includes('--check')) {
  const current = await readFile(path, 'utf8').catch(() => '');
  if (current !== text) {
    console.error(`clauses: ${CLAUSE_DOCUMENT} is not what features/clauses.yaml and features/clause-document.md make; run npm run clauses`);
    process.exitCode = 1;
  } else {
    console.log(`clauses: ${CLAUSE_DOCUMENT} is current`);
  }
} else {
  await writeFile(path, text);
  console.log(`clauses: wrote ${CLAUSE_DOCUMENT}`);
}
