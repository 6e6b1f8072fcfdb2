/**
 * `plan-mode-conformance merge --out FILE SHARD.json...`: one results file
 * from the shards of a run (conformance/merge/merge-shards.ts). Exit 0 when it
 * was written; 2, saying why, when a file cannot be read or the shards are not
 * the parts of one run (nothing is written then).
 */
import { say, complain } from '../console-output.js';
import { rename, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readResultsFile, ResultsFileError } from '../../docs/read-results.js';
import { mergeShards } from '../../merge/merge-shards.js';
import { readCommandLine } from '../../options/option-table.js';
import { MERGE_COMMAND_LINE } from './merge-options.js';

export async function run(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(MERGE_COMMAND_LINE, argv);
  if (!commandLine.ok) return commandLine.exit;
  const { out } = commandLine.value.options;
  const inputs = commandLine.value.positionals;
  let files;
  try {
    files = await Promise.all(inputs.map((path) => readResultsFile(path)));
  } catch (error) {
    if (error instanceof ResultsFileError) {
      complain(`plan-mode-conformance merge: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const merged = mergeShards(files);
  if (!merged.ok) {
    complain(`plan-mode-conformance merge: refusing to merge (${merged.problems.length} problem(s)):`);
    for (const problem of merged.problems) complain(`  ${problem}`);
    return 2;
  }
  // Written whole under another name first: an input given as --out is read before it is replaced.
  const target = resolve(out);
  const partial = `${target}.partial-${process.pid}`;
  await writeFile(partial, `${JSON.stringify(merged.document, null, 2)}\n`);
  await rename(partial, target);
  say(`merge: wrote ${out}: ${merged.document.scenarios.length} scenario(s) from ${files.length} shard(s)`);
  return 0;
}
