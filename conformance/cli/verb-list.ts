/**
 * The verbs of `plan-mode-conformance`, their tables in the order the run's
 * --help and docs/cli.md list them. Tables only: a verb's code loads when it runs (main.ts).
 */
import type { CommandLineSpec } from '../options/option-table.js';
import { COMPARE_COMMAND_LINE } from './verbs/compare-options.js';
import { DOCS_COMMAND_LINE } from './verbs/docs-options.js';
import { EXPLORE_COMMAND_LINE } from './verbs/explore-options.js';
import { INIT_COMMAND_LINE } from './verbs/init-options.js';
import { MERGE_COMMAND_LINE } from './verbs/merge-options.js';
import { QUOTES_COMMAND_LINE } from './verbs/quotes-options.js';

export const VERB_COMMAND_LINES: Record<string, CommandLineSpec> = {
  init: INIT_COMMAND_LINE,
  explore: EXPLORE_COMMAND_LINE,
  docs: DOCS_COMMAND_LINE,
  compare: COMPARE_COMMAND_LINE,
  merge: MERGE_COMMAND_LINE,
  quotes: QUOTES_COMMAND_LINE,
};

/** Each verb's synopsis and summary, two columns, for the run's --help. */
export const VERB_LINES = Object.values(VERB_COMMAND_LINES)
  .map((verb) => {
    const [first, ...rest] = (verb.summary ?? '').split('\n');
    const column = 36;
    const synopsis = verb.synopsis ?? verb.program;
    const head =
      synopsis.length < column
        ? `  ${synopsis.padEnd(column)}${first}`
        : `  ${synopsis}\n${' '.repeat(column + 2)}${first}`;
    return [head, ...rest.map((line) => `${' '.repeat(column + 2)}${line}`)].join('\n');
  })
  .join('\n');
