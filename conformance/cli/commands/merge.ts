/**
 * `plan-mode-conformance merge --out FILE SHARD.json...`: one results file
 * from the shards of a run (conformance/merge/merge-shards.ts). Exit 0 when it
 * was written; 2, saying why, when a file cannot be read or the shards are not
 * the parts of one run (nothing is written then).
 */
import { rename, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readResultsFile, ResultsFileError } from '../../docs/read-results.js';
import { mergeShards } from '../../merge/merge-shards.js';
import { splitOption } from '../arguments.js';

export const MERGE_USAGE = `usage: plan-mode-conformance merge --out FILE SHARD.json...
Combines the results files of the shards of one run (each written with --shard I/N --format results:FILE)
into the results file of the whole run, which docs and compare read like any other.
Refuses (exit 2, saying why) shards that overlap, miss scenarios or shards, or come from different
kit versions, editions, specs, adapters, levels, baselines, repeat counts or tag expressions.`;

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(MERGE_USAGE);
    return 0;
  }
  let out: string | undefined;
  const inputs: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const [option, inline] = splitOption(argv[index]!);
    if (option === '--out') {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) return usage('--out needs a file name');
      if (out !== undefined) return usage('--out given twice');
      out = value;
    } else if (option.startsWith('--')) {
      return usage(`unknown option ${option}`);
    } else {
      inputs.push(option);
    }
  }
  if (out === undefined) return usage('--out FILE is required');
  if (inputs.length === 0) return usage('expected the shards\' results files');
  let files;
  try {
    files = await Promise.all(inputs.map((path) => readResultsFile(path)));
  } catch (error) {
    if (error instanceof ResultsFileError) {
      console.error(`plan-mode-conformance merge: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const merged = mergeShards(files);
  if (!merged.ok) {
    console.error(`plan-mode-conformance merge: refusing to merge (${merged.problems.length} problem(s)):`);
    for (const problem of merged.problems) console.error(`  ${problem}`);
    return 2;
  }
  // Written whole under another name first: an input given as --out is read before it is replaced.
  const target = resolve(out);
  const partial = `${target}.partial-${process.pid}`;
  await writeFile(partial, `${JSON.stringify(merged.document, null, 2)}\n`);
  await rename(partial, target);
  console.log(`merge: wrote ${out}: ${merged.document.scenarios.length} scenario(s) from ${files.length} shard(s)`);
  return 0;
}

function usage(problem: string): number {
  console.error(`plan-mode-conformance merge: ${problem}\n${MERGE_USAGE}`);
  return 2;
}
