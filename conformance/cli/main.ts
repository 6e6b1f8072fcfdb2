#!/usr/bin/env node
/**
 * `plan-mode-conformance`: runs the suite against an adapter and ends with one
 * line `conformance: N passed, N failed, N skipped`.
 * Exit 0: nothing failed. 1: a scenario failed (or undefined/pending, or a stale
 * baseline entry). 2: unusable arguments, files or adapter, in one line.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { AdapterLoadError, loadAdapter, resolveAdapterPath } from '../adapters/load-adapter.js';
import { formatCoverageTable, lintCoverage } from '../catalog/coverage-lint.js';
import { loadCatalog } from '../catalog/clause-catalog.js';
import { FeatureFileError, KIT_FEATURES_DIR, parseFeatures, scenariosOf } from '../features/feature-files.js';
import { markdownReport } from '../report/markdown-report.js';
import { BaselineError, judge, readBaseline, writeBaseline, type Baseline } from '../runner/baseline.js';
import { runSuite } from '../runner/run-suite.js';
import { parseArguments, UsageError, USAGE, type CliArguments } from './arguments.js';
import { summaryLine, verdictLines } from './summary.js';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

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
  const scenarios = scenariosOf(await parseFeatures(featuresDir(args)));
  const report = lintCoverage(clauses, scenarios);
  console.log(formatCoverageTable(clauses, report));
  for (const problem of report.problems) console.error(`coverage: ${problem}`);
  console.log(`coverage: ${clauses.length} clauses, ${scenarios.length} scenarios, ${report.problems.length} problem(s)`);
  return report.problems.length === 0 ? EXIT_OK : EXIT_FAILED;
}

async function conformance(args: CliArguments): Promise<number> {
  const adapterPath = resolveAdapterPath(args.adapter);
  const adapter = await loadAdapter(adapterPath);
  const features = await parseFeatures(featuresDir(args));
  const knownIds = new Set(scenariosOf(features).flatMap((scenario) => (scenario.stableId ? [scenario.stableId] : [])));
  const baseline: Baseline | undefined = args.baseline ? await readBaseline(args.baseline, knownIds) : undefined;
  const replaced = args.writeBaseline ? await existingBaseline(args.writeBaseline, knownIds) : undefined;

  const cucumberFormats = args.formats.filter((format) => format.name !== 'markdown');
  const formats = (args.formats.length === 0 ? [{ name: 'progress' }] : cucumberFormats).map((format) =>
    format.file ? `${format.name}:${resolve(format.file)}` : format.name,
  );
  for (const format of cucumberFormats) if (format.file) await mkdir(dirname(resolve(format.file)), { recursive: true });

  const run = await runSuite({
    adapterPath,
    tags: args.tags,
    formats,
    ...(args.callLimitMs ? { callLimitMs: args.callLimitMs } : {}),
    featuresDir: featuresDir(args),
  });
  const verdict = judge(run.results, baseline);
  if (run.results.length === 0) {
    console.log('conformance: no scenario matched; nothing was checked');
    console.log('conformance: 0 passed, 0 failed, 0 skipped');
    return EXIT_FAILED;
  }

  for (const format of args.formats.filter((candidate) => candidate.name === 'markdown')) {
    const text = markdownReport(adapter.name, await loadCatalog(), run.results, verdict);
    if (format.file) {
      await mkdir(dirname(resolve(format.file)), { recursive: true });
      await writeFile(format.file, text);
    } else {
      process.stdout.write(text);
    }
  }
  if (args.writeBaseline) {
    const reasons: Baseline = { known_failures: [...(replaced?.known_failures ?? []), ...(baseline?.known_failures ?? [])] };
    const written = await writeBaseline(args.writeBaseline, adapter.name, run.results, reasons);
    console.log(`baseline: wrote ${written} known failure(s) to ${args.writeBaseline}`);
  }
  for (const line of verdictLines(run.results, verdict, baseline !== undefined)) console.log(line);
  const summary = summaryLine(run.results, verdict);
  console.log(summary.text);
  return summary.failed === 0 ? EXIT_OK : EXIT_FAILED;
}

/**
 * A baseline about to be rewritten: its reasons are kept for scenarios that
 * still fail. One that cannot be read is not overwritten (nothing is lost).
 */
async function existingBaseline(path: string, knownIds: Set<string>): Promise<Baseline | undefined> {
  if (!existsSync(path)) return undefined;
  try {
    return await readBaseline(path, knownIds);
  } catch (error) {
    throw new BaselineError(`refusing to overwrite ${path}: ${(error as Error).message}`);
  }
}

function featuresDir(args: CliArguments): string {
  return args.featuresDir ? resolve(args.featuresDir) : KIT_FEATURES_DIR;
}

function usageFailure(error: unknown): number {
  const known = [UsageError, AdapterLoadError, BaselineError, FeatureFileError].some((kind) => error instanceof kind);
  const message = error instanceof Error ? error.message : String(error);
  console.error(`plan-mode-conformance: ${known ? message : `unexpected error: ${message.split('\n')[0]}`}`);
  return EXIT_USAGE;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => process.exit(usageFailure(error)),
);
