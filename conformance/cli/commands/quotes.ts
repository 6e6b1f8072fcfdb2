/**
 * `plan-mode-conformance quotes --edition NAME FILE`: checks one edition's
 * quotes against a README FILE and lists each clause whose sentence FILE does
 * not say (verbatim, exactly once). When upstream publishes another README,
 * this answers the first question: which clauses does it touch? Exit 1 when
 * any quote is missing, 0 when all are found, 2 on bad arguments or an
 * unreadable file.
 */
import { readFile } from 'node:fs/promises';
import { clausesOfEdition, loadCatalog } from '../../catalog/clause-catalog.js';
import { QuotedReadme } from '../../catalog/readme-quotes.js';
import { EDITIONS } from '../../../src/contract/edition-names.js';
import type { Edition } from '../../../src/index.js';
import { parseEdition, splitOption, UsageError } from '../arguments.js';

export const QUOTES_USAGE = `usage: plan-mode-conformance quotes --edition NAME FILE
Checks the quotes of edition NAME (${EDITIONS.join(', ')}) against the README FILE and lists every clause
whose quoted sentence FILE does not contain verbatim (or contains more than once).
Exit 1 when any is missing, 0 when all are found, 2 on bad arguments or an unreadable FILE.`;

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(QUOTES_USAGE);
    return 0;
  }
  let edition: Edition | undefined;
  const files: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const [option, inline] = splitOption(argv[index]!);
    if (option === '--edition') {
      const value = inline ?? argv[++index];
      if (value === undefined) return usage('--edition needs a value');
      if (edition !== undefined) return usage('--edition given twice');
      try {
        edition = parseEdition(value);
      } catch (error) {
        if (error instanceof UsageError) return usage(error.message);
        throw error;
      }
    } else if (option.startsWith('-')) {
      return usage(`unknown option ${option}`);
    } else {
      files.push(option);
    }
  }
  if (edition === undefined) return usage('--edition NAME is required: the edition whose quotes to check');
  if (files.length !== 1) return usage(`expected one README file, got ${files.length}`);
  const file = files[0]!;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return usage(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  const clauses = clausesOfEdition(await loadCatalog(), edition);
  const { problems, missing } = new QuotedReadme(text, file).check(clauses);
  for (const problem of problems) console.log(problem);
  const summary = `quotes: ${edition} edition, ${clauses.length} clauses: ${clauses.length - missing.length} found in ${file}, ${missing.length} not`;
  console.log(missing.length > 0 ? `${summary}: ${missing.join(', ')}` : summary);
  return missing.length > 0 ? 1 : 0;
}

function usage(problem: string): number {
  console.error(`plan-mode-conformance quotes: ${problem}\n${QUOTES_USAGE}`);
  return 2;
}
