/** The options of `plan-mode-conformance quotes`, as a table: its --help and its rows in docs/cli.md come from it. */
import { EDITIONS } from '../../../src/contract/edition-names.js';
import { defineCommandLine } from '../../options/option-table.js';
import { editionOption, HELP_OPTION } from '../../options/shared-options.js';

export const QUOTES_COMMAND_LINE = defineCommandLine({
  program: 'plan-mode-conformance quotes',
  usage: ['plan-mode-conformance quotes --edition NAME FILE'],
  synopsis: 'quotes --edition NAME FILE',
  summary:
    "check an edition's quotes against a README FILE: list each clause\nwhose sentence FILE does not say (exit 1 when any is missing)",
  description: `Checks the quotes of edition NAME (${EDITIONS.join(', ')}) against the README FILE and lists every clause
whose quoted sentence FILE does not contain verbatim (or contains more than once).
Exit 1 when any is missing, 0 when all are found, 2 on bad arguments or an unreadable FILE.`,
  positionals: { name: 'FILE', what: 'README file', min: 1, max: 1 },
  options: {
    edition: { ...editionOption('the edition whose quotes to check'), required: true },
    help: HELP_OPTION,
  },
});
