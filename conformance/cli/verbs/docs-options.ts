/** The options of `plan-mode-conformance docs`, as a table: its --help and its rows in docs/cli.md come from it. */
import { defineCommandLine } from '../../options/option-table.js';
import { HELP_OPTION } from '../../options/shared-options.js';

export const DOCS_COMMAND_LINE = defineCommandLine({
  program: 'plan-mode-conformance docs',
  usage: ['plan-mode-conformance docs --out DIR [--features DIR] [--mutants EVIDENCE.json] [RESULTS.json ...]'],
  synopsis: 'docs --out DIR [RESULTS.json ...]',
  summary: 'build the static documentation site from results files',
  description: `Writes a static site (DIR/index.html, DIR/editions.html, DIR/clauses/<ID>.html, DIR/hosts/<adapter>.html)
from results files written with --format results:FILE. --mutants adds the mutation
evidence that npm run mutants writes (reports/mutants/evidence.json): each clause
page lists the mutants its scenarios catch, the matrix counts them per clause.`,
  positionals: {
    name: 'RESULTS.json ...',
    what: 'results file',
    min: 0,
    max: Infinity,
    help: 'results files, one host column each (none: the documentation alone)',
  },
  options: {
    out: { type: 'string', value: 'DIR', required: true, help: 'the folder to write the site to' },
    features: {
      type: 'string',
      value: 'DIR',
      help: "the feature files the results were judged on, when not the kit's own",
    },
    mutants: {
      type: 'string',
      value: 'EVIDENCE.json',
      help: 'the mutation evidence (npm run mutants): the mutants each clause catches',
    },
    help: HELP_OPTION,
  },
});
