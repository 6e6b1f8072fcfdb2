/**
 * `plan-mode-conformance compare OLD.json NEW.json`: what changed between two
 * runs' results files. Exit 1 when a scenario that passed in OLD does not pass
 * in NEW, is newly flaky, or newly fails (unless `--allow-new-failures`): a
 * release gate; 0 otherwise, 2 when a file cannot be used or the
 * two runs judged different editions of the spec (their scenarios are not the
 * same yardstick: a retry scenario passes in one edition because it fails in
 * the other).
 */
import { say, complain } from '../console-output.js';
import { consoleText } from '../../results/host-text.js';
import { compareResults, gateFails } from '../../compare/compare-results.js';
import { formatComparison } from '../../compare/format-comparison.js';
import { readResultsFile, ResultsFileError } from '../../docs/read-results.js';
import { resultsEdition } from '../../../src/index.js';
import { readCommandLine } from '../../options/option-table.js';
import { COMPARE_COMMAND_LINE } from './compare-options.js';

export async function run(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(COMPARE_COMMAND_LINE, argv);
  if (!commandLine.ok) return commandLine.exit;
  const allowNewFailures = commandLine.value.options['allow-new-failures'];
  argv = commandLine.value.positionals;
  let before, after;
  try {
    [before, after] = await Promise.all([readResultsFile(argv[0]!), readResultsFile(argv[1]!)]);
  } catch (error) {
    if (error instanceof ResultsFileError) {
      complain(`plan-mode-conformance compare: ${error.message}`);
      return 2;
    }
    throw error;
  }
  // A rerun ran only what had failed: it is no yardstick for a whole run, nor measured by one.
  const reruns = [before, after].filter((file) => file.document.rerun !== undefined);
  if (reruns.length > 0) {
    for (const file of reruns) {
      complain(
        `plan-mode-conformance compare: ${file.path} is a rerun of what failed in ${consoleText(file.document.rerun!.from)}, not a full run: nothing is compared; compare the results files of full runs`,
      );
    }
    return 2;
  }
  const editions = [resultsEdition(before.document), resultsEdition(after.document)] as const;
  if (editions[0] !== editions[1]) {
    complain(
      `plan-mode-conformance compare: the runs judged different editions of the spec: ${argv[0]} the ${editions[0]} edition, ${argv[1]} the ${editions[1]} edition. ` +
        'Scenarios of one edition are no yardstick for the other, so nothing is compared; compare runs of the same edition (--edition).',
    );
    return 2;
  }
  if (Boolean(before.document.spec.forced) !== Boolean(after.document.spec.forced)) {
    complain(`compare: note: one run was forced to the ${editions[0]} edition (--force-edition) and the other was not`);
  }
  if (before.document.adapter.name !== after.document.adapter.name) {
    complain(
      `compare: note: the runs are of different hosts (${consoleText(before.document.adapter.name)} and ${consoleText(after.document.adapter.name)})`,
    );
  }
  const comparison = compareResults(before.document, after.document);
  for (const line of formatComparison(before.document, after.document, comparison)) say(line);
  return gateFails(comparison, { allowNewFailures }) ? 1 : 0;
}
