/**
 * `npm run clauses`: writes docs/clauses.md from its template and the clause
 * catalog (clause-document.ts); `--check` only says whether it is current
 * (exit 1 when not).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';
import { defineCommandLine, readCommandLine } from '../options/option-table.js';
import { HELP_OPTION } from '../options/shared-options.js';
import { CLAUSE_DOCUMENT, renderClauseDocumentFromFiles } from './clause-document.js';

const CLAUSES_COMMAND_LINE = defineCommandLine({
  program: 'clauses',
  usage: ['node dist/conformance/docs/write-clause-document.js [--check]'],
  description: `Writes ${CLAUSE_DOCUMENT} from features/clauses.yaml and features/clause-document.md.`,
  options: {
    check: { type: 'boolean', help: `write nothing: exit 1 when ${CLAUSE_DOCUMENT} is not current` },
    help: HELP_OPTION,
  },
});

const path = join(PACKAGE_ROOT, CLAUSE_DOCUMENT);
const commandLine = readCommandLine(CLAUSES_COMMAND_LINE, process.argv.slice(2));
const text = commandLine.ok ? await renderClauseDocumentFromFiles() : '';
if (!commandLine.ok) {
  process.exitCode = commandLine.exit;
} else if (commandLine.value.options.check) {
  const current = await readFile(path, 'utf8').catch(() => '');
  if (current !== text) {
    console.error(
      `clauses: ${CLAUSE_DOCUMENT} is not what features/clauses.yaml and features/clause-document.md make; run npm run clauses`,
    );
    process.exitCode = 1;
  } else {
    console.log(`clauses: ${CLAUSE_DOCUMENT} is current`);
  }
} else {
  await writeFile(path, text);
  console.log(`clauses: wrote ${CLAUSE_DOCUMENT}`);
}
