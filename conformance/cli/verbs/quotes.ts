/**
 * `plan-mode-conformance quotes --edition NAME FILE`: checks one edition's
 * quotes against a README FILE and lists each clause whose sentence FILE does
 * not say (verbatim, exactly once). When upstream publishes another README,
 * this answers the first question: which clauses does it touch? Exit 1 when
 * any quote is missing, 0 when all are found, 2 on bad arguments or an
 * unreadable file.
 */
import { say, complain } from '../console-output.js';
import { readFile } from 'node:fs/promises';
import { clausesOfEdition, loadCatalog } from '../../catalog/clause-catalog.js';
import { QuotedReadme } from '../../catalog/readme-quotes.js';
import { readCommandLine } from '../../options/option-table.js';
import { QUOTES_COMMAND_LINE } from './quotes-options.js';

export async function run(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(QUOTES_COMMAND_LINE, argv);
  if (!commandLine.ok) return commandLine.exit;
  const { edition } = commandLine.value.options;
  const files = commandLine.value.positionals;
  const file = files[0]!;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return usage(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  const clauses = clausesOfEdition(await loadCatalog(), edition);
  const { problems, missing } = new QuotedReadme(text, file).check(clauses);
  for (const problem of problems) say(problem);
  const summary = `quotes: ${edition} edition, ${clauses.length} clauses: ${clauses.length - missing.length} found in ${file}, ${missing.length} not`;
  say(missing.length > 0 ? `${summary}: ${missing.join(', ')}` : summary);
  return missing.length > 0 ? 1 : 0;
}

function usage(problem: string): number {
  complain(`plan-mode-conformance quotes: ${problem}`);
  return 2;
}
