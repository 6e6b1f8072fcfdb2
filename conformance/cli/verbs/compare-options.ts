/** The options of `plan-mode-conformance compare`, as a table: its --help and its rows in docs/cli.md come from it. */
import { defineCommandLine } from '../../options/option-table.js';
import { HELP_OPTION } from '../../options/shared-options.js';

export const COMPARE_COMMAND_LINE = defineCommandLine({
  program: 'plan-mode-conformance compare',
  usage: ['plan-mode-conformance compare [--allow-new-failures] OLD.json NEW.json'],
  synopsis: 'compare OLD.json NEW.json',
  summary: 'list regressions between two results files (exit 1 on any;\n2 when they judged different editions)',
  description: `Compares two results files (written with --format results:FILE); failures are compared by signature
(clauses, kind, step, message without stack trace or paths), so runs from two checkouts compare alike.
Exit 1 when a scenario that passed in OLD is failed, flaky, baselined, skipped or absent in NEW; when a
scenario is newly flaky; or when one newly fails: it is new and fails, or was skipped and fails
(--allow-new-failures lets newly failing scenarios through); 0 otherwise;
2 on unusable input, or when the two runs judged different editions of the spec (nothing is compared).`,
  positionals: { name: 'OLD.json NEW.json', what: 'results file', min: 2, max: 2 },
  options: {
    'allow-new-failures': {
      type: 'boolean',
      help: 'scenarios that newly fail (new, or skipped in OLD) do not fail the gate',
    },
    help: HELP_OPTION,
  },
});
