/** The options of `plan-mode-conformance merge`, as a table: its --help and its rows in docs/cli.md come from it. */
import { defineCommandLine, UsageError } from '../../options/option-table.js';
import { HELP_OPTION } from '../../options/shared-options.js';

function fileName(text: string, option: string): string {
  if (text === '') throw new UsageError(`${option} needs a file name`);
  return text;
}

export const MERGE_COMMAND_LINE = defineCommandLine({
  program: 'plan-mode-conformance merge',
  usage: ['plan-mode-conformance merge --out FILE SHARD.json...'],
  synopsis: 'merge --out FILE SHARD.json...',
  summary: 'combine the results files of the shards of one run into one',
  description: `Combines the results files of the shards of one run (each written with --shard I/N --format results:FILE)
into the results file of the whole run, which docs and compare read like any other.
Refuses (exit 2, saying why) shards that overlap, miss scenarios or shards, or come from different
kit versions, editions, specs, adapters, levels, baselines, repeat counts or tag expressions.`,
  positionals: { name: 'SHARD.json...', what: "shard's results file", min: 1, max: Infinity },
  options: {
    out: {
      type: 'string',
      value: 'FILE',
      required: true,
      parse: fileName,
      help: 'the merged results file (may be one of the shards: read before it is replaced)',
    },
    help: HELP_OPTION,
  },
});
