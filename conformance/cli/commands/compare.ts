/**
 * `plan-mode-conformance compare OLD.json NEW.json`: what changed between two
 * runs' results files. Exit 1 when a scenario that passed in OLD does not pass
 * in NEW (a release gate), 0 otherwise, 2 when a file cannot be used.
 */
import { compareResults } from '../../compare/compare-results.js';
import { formatComparison } from '../../compare/format-comparison.js';
import { readResultsFile, ResultsFileError } from '../../docs/read-results.js';

export const COMPARE_USAGE = `usage: plan-mode-conformance compare OLD.json NEW.json
Compares two results files (written with --format results:FILE).
Exit 1 when a scenario that passed in OLD is failed, baselined, skipped or absent in NEW; 0 otherwise; 2 on unusable input.`;

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
  if (before.document.adapter.name !== after.document.adapter.name) {
    console.error(`compare: note: the runs are of different hosts (${before.document.adapter.name} and ${after.document.adapter.name})`);
  }
  const comparison = compareResults(before.document, after.document);
  for (const line of formatComparison(before.document, after.document, comparison)) console.log(line);
  return comparison.regressed.length > 0 ? 1 : 0;
}
