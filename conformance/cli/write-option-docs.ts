/**
 * `npm run cli-docs`: writes docs/cli.md's option rows from the commands'
 * tables (option-docs.ts); `--check` only says whether they are current
 * (exit 1 when not).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';
import { defineCommandLine, readCommandLine } from '../options/option-table.js';
import { HELP_OPTION } from '../options/shared-options.js';
import { CLI_DOCUMENT, withOptionRows } from './option-docs.js';

const CLI_DOCS_COMMAND_LINE = defineCommandLine({
  program: 'cli-docs',
  usage: ['node dist/conformance/cli/write-option-docs.js [--check]'],
  description: `Writes the option rows of ${CLI_DOCUMENT} from the commands' option tables.`,
  options: {
    check: { type: 'boolean', help: `write nothing: exit 1 when ${CLI_DOCUMENT}'s rows are not the tables'` },
    help: HELP_OPTION,
  },
});

const commandLine = readCommandLine(CLI_DOCS_COMMAND_LINE, process.argv.slice(2));
if (!commandLine.ok) {
  process.exitCode = commandLine.exit;
} else {
  const path = join(PACKAGE_ROOT, CLI_DOCUMENT);
  const current = await readFile(path, 'utf8');
  const text = withOptionRows(current);
  if (!commandLine.value.options.check) {
    await writeFile(path, text);
    console.log(`cli-docs: wrote the option rows of ${CLI_DOCUMENT}`);
  } else if (current !== text) {
    console.error(`cli-docs: ${CLI_DOCUMENT}'s option rows are not what the option tables make; run npm run cli-docs`);
    process.exitCode = 1;
  } else {
    console.log(`cli-docs: ${CLI_DOCUMENT}'s option rows are current`);
  }
}
