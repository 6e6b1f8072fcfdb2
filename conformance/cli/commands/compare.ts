/**
 * `plan-mode-conformance compare OLD.json NEW.json`: what changed between two
 * runs' results files. Exit 1 when a scenario that passed in OLD does not pass
 * in NEW, is newly flaky, or newly fails (unless `--allow-new-failures`): a
 * release gate; 0 otherwise, 2 when a file cannot be used or the
 * two runs judged different editions of the spec (their scenarios are not the
 * same yardstick: a retry scenario passes in one edition because it fails in
 * the other).
 */
import { compareResults, gateFails } from '../../compare/compare-results.js';
import { formatComparison } from '../../compare/format-comparison.js';
import { readResultsFile, ResultsFileError } from '../../docs/read-results.js';
import { resultsEdition } from '../../../src/index.js';

export const COMPARE_USAGE = `usage: plan-mode-conformance compare [--allow-new-failures] OLD.json NEW.json
Compares two results files (written with --format results:FILE); failures are compared by signature
(clauses, kind, step, message without stack trace or paths), so runs from two checkouts compare alike.
Exit 1 when a scenario that passed in OLD is failed, flaky, baselined, skipped or absent in NEW; when a
scenario is newly flaky; or when one newly fails: it is new and fails, or was skipped and fails
(--allow-new-failures lets newly failing scenarios through); 0 otherwise;
2 on unusable input, or when the two runs judged different editions of the spec (nothing is compared).`;

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(COMPARE_USAGE);
    return 0;
  }
  const allowNewFailures = argv.includes('--allow-new-failures');
  const files = argv.filter((arg) => arg !== '--allow-new-failures');
  const unknown = files.find((arg) => arg.startsWith('--'));
  if (unknown || files.length !== 2) {
    console.error(`plan-mode-conformance compare: ${unknown ? `unknown option ${unknown}` : `expected two results files, got ${files.length}`}\n${COMPARE_USAGE}`);
    return 2;
  }
  argv = files;
  let before, after;
  try {
    [before, after] = await Promise.all([readResultsFile(argv[0]!), readResultsFile(argv[1]!)]);
  } catch (error) {
    if (error instanceof ResultsFileError) {
      console.error(`plan-mode-conformance compare: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const editions = [resultsEdition(before.document), resultsEdition(after.document)] as const;
  if (editions[0] !== editions[1]) {
    console.error(
      `plan-mode-conformance compare: the runs judged different editions of the spec: ${argv[0]} the ${editions[0]} edition, ${argv[1]} the ${editions[1]} edition. ` +
        'Scenarios of one edition are no yardstick for the other, so nothing is compared; compare runs of the same edition (--edition).',
    );
    return 2;
  }
  if (Boolean(before.document.spec.forced) !== Boolean(after.document.spec.forced)) {
    console.error(`compare: note: one run was forced to the ${editions[0]} edition (--force-edition) and the other was not`);
  }
  if (before.document.adapter.name !== after.document.adapter.name) {
    console.error(`compare: note: the runs are of different hosts (${before.document.adapter.name} and ${after.document.adapter.name})`);
  }
  const comparison = compareResults(before.document, after.document);
  for (const line of formatComparison(before.document, after.document, comparison)) console.log(line);
  return gateFails(comparison, { allowNewFailures }) ? 1 : 0;
}
