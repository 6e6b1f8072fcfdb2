/** The options of `plan-mode-conformance init`, as a table: its --help and its rows in docs/cli.md come from it. */
import { defineCommandLine } from '../../options/option-table.js';
import { HELP_OPTION } from '../../options/shared-options.js';

export const DEFAULT_ADAPTER_FILE = 'plan-mode-adapter.mjs';

export const INIT_COMMAND_LINE = defineCommandLine({
  program: 'plan-mode-conformance init',
  usage: ['plan-mode-conformance init [FILE]'],
  synopsis: 'init [FILE]',
  summary: `write a commented adapter skeleton to FILE (default: ${DEFAULT_ADAPTER_FILE})`,
  description: `Writes a complete, commented adapter skeleton to FILE (default: ${DEFAULT_ADAPTER_FILE}).
It loads and runs at once; until you connect your host, start() throws "not
implemented: connect your host here" and the run stops there (exit 2), so
nothing passes unchecked. An existing file is never overwritten.`,
  positionals: { name: 'FILE', what: 'file', min: 0, max: 1 },
  options: { help: HELP_OPTION },
});
