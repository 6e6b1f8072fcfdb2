#!/usr/bin/env node
/**
 * `plan-mode-conformance`: runs the suite against an adapter and ends with one
 * line `conformance: N passed, N failed, N skipped`.
 * Exit 0: nothing failed. 1: a scenario failed (or undefined/pending, or a stale
 * baseline entry). 2: unusable arguments, files or adapter, in one line.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { AdapterLoadError } from '../adapters/load-adapter.js';
import { formatCoverageTable, lintCoverage } from '../catalog/coverage-lint.js';
import { loadCatalog } from '../catalog/clause-catalog.js';
import { FeatureFileError, parseFeatures, scenariosOf } from '../features/feature-files.js';
import { BaselineError } from '../runner/baseline.js';
import { runSuite } from '../runner/run-suite.js';
import { isKitFormat, parseArguments, UsageError, USAGE, type CliArguments } from './arguments.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, featuresDirOf, finishRun, prepareRun } from './verdict.js';

export { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './verdict.js';

/**
 * Subcommands other than the conformance run, each in its own module under
 * `commands/` exporting `run(argv): Promise<number>` (same exit-code meaning).
 * Loaded lazily so a plain run does not pay for them.
 */
const SUBCOMMANDS: Record<string, () => Promise<{ run(argv: string[]): Promise<number> }>> = {
  explore: () => import('./commands/explore.js'),
  docs: () => import('./commands/docs.js'),
  compare: () => import('./commands/compare.js'),
  init: () => import('./commands/init.js'),
};

export async function main(argv: string[]): Promise<number> {
  const subcommand = argv[0] !== undefined ? SUBCOMMANDS[argv[0]] : undefined;
  if (subcommand) {
    try {
      return await (await subcommand()).run(argv.slice(1));
    } catch (error) {
      return usageFailure(error);
    }
  }
  let args: CliArguments;
  try {
    args = parseArguments(argv);
  } catch (error) {
    return usageFailure(error);
  }
  if (args.help) {
    console.log(USAGE);
    return EXIT_OK;
  }
  try {
    return args.coverage ? await coverage(args) : await conformance(args);
  } catch (error) {
    return usageFailure(error);
  }
}

async function coverage(args: CliArguments): Promise<number> {
  const clauses = await loadCatalog();
  const scenarios = scenariosOf(await parseFeatures(featuresDirOf(args)));
  const report = lintCoverage(clauses, scenarios);
  console.log(formatCoverageTable(clauses, report));
  for (const problem of report.problems) console.error(`coverage: ${problem}`);
  console.log(`coverage: ${clauses.length} clauses, ${scenarios.length} scenarios, ${report.problems.length} problem(s)`);
  return report.problems.length === 0 ? EXIT_OK : EXIT_FAILED;
}

async function conformance(args: CliArguments): Promise<number> {
  const prepared = await prepareRun(args);
  const formats = cucumberFormats(args);
  for (const format of args.formats) if (format.file && !isKitFormat(format.name)) await mkdir(dirname(resolve(format.file)), { recursive: true });

  const run = await runSuite({
    adapterPath: prepared.adapterPath,
    tags: args.tags,
    formats,
    ...(args.callLimitMs ? { callLimitMs: args.callLimitMs } : {}),
    featuresDir: prepared.featuresDir,
  });
  return finishRun(prepared, run);
}

/** The formats cucumber writes itself; with none asked for at all, its progress dots. */
function cucumberFormats(args: CliArguments): string[] {
  const own = args.formats.filter((format) => !isKitFormat(format.name));
  return (args.formats.length === 0 ? [{ name: 'progress' }] : own).map((format) =>
    format.file ? `${format.name}:${resolve(format.file)}` : format.name,
  );
}

/**
 * A user error is printed whole (every problem, with its location) and
 * without a stack trace; anything else is the kit's own failure, shown with
 * its stack so it can be reported.
 */
function usageFailure(error: unknown): number {
  const known = [UsageError, AdapterLoadError, BaselineError, FeatureFileError].some((kind) => error instanceof kind);
  const message = error instanceof Error ? error.message : String(error);
  if (known) console.error(`plan-mode-conformance: ${message}`);
  else console.error(`plan-mode-conformance: unexpected error: ${error instanceof Error && error.stack ? error.stack : message}`);
  return EXIT_USAGE;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => process.exit(usageFailure(error)),
);
