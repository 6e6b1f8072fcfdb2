/**
 * `plan-mode-conformance compare OLD.json NEW.json`: what changed between two
 * runs' results files. Exit 1 when a scenario that passed in OLD does not pass
 * in NEW (a release gate), 0 otherwise, 2 when a file cannot be used or the
 * two runs judged different editions of the spec (their scenarios are not the
 * same yardstick: a retry scenario passes in one edition because it fails in
 * the other).
 */
import { compareResults } from '../../compare/compare-results.js';
import { formatComparison } from '../../compare/format-comparison.js';
import { readResultsFile, ResultsFileError } from '../../docs/read-results.js';
import { resultsEdition } from '../../../src/index.js';

export const COMPARE_USAGE = `usage: plan-mode-conformance compare OLD.json NEW.json
Compares two results files (written with --format results:FILE).
Exit 1 when a scenario that passed in OLD is failed, flaky, baselined, skipped or absent in NEW; 0 otherwise;
2 on unusable input, or when the two runs judged different editions of the spec (nothing is compared).`;

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(COMPARE_USAGE);
    return 0;
  }
  const unknown = argv.find((arg) => arg.startsWith('--'));
  if (unknown || argv.length !== 2) {
    console.error(`plan-mode-conformance compare: ${unknown ? `unknown option ${unknown}` : `expected two results files, got ${argv.length}`}\n${COMPARE_USAGE}`);
    return 2;
  }
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
  return comparison.regressed.length > 0 ? 1 : 0;
}
