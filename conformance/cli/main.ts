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
import { AdapterLoadError, resolveAdapterPath } from '../adapters/load-adapter.js';
import { formatCoverageTable, lintCoverage } from '../catalog/coverage-lint.js';
import { loadCatalog } from '../catalog/clause-catalog.js';
import { FeatureFileError, KIT_FEATURES_DIR, parseFeatures, scenariosOf } from '../features/feature-files.js';
import { markdownReport } from '../report/markdown-report.js';
import { BaselineError, judge, readBaseline, writeBaseline, type Baseline } from '../runner/baseline.js';
import type { SuiteRun } from '../runner/run-suite.js';
import { runSuiteIsolated } from '../runner/suite-process.js';
import { parseArguments, UsageError, USAGE, type CliArguments } from './arguments.js';
import { Progress } from './progress.js';
import { stageReports } from './staged-reports.js';
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

/** Formats that are documents: on stdout they must stay parseable, so the kit's own lines go to stderr. */
const DOCUMENT_FORMATS = new Set(['json', 'message', 'junit', 'html', 'markdown']);

/** Where the kit's own lines (verdict, closing line) go: stderr whenever a report goes to stdout. */
function kitLines(args: CliArguments): (line: string) => void {
  const reportOnStdout = args.formats.some((format) => !format.file && DOCUMENT_FORMATS.has(format.name));
  return reportOnStdout ? (line) => console.error(line) : (line) => console.log(line);
}

/** What the CLI reads besides the run: checked while the suite's child process starts. */
interface RunInputs {
  baseline: Baseline | undefined;
  replaced: Baseline | undefined;
}

async function readRunInputs(args: CliArguments): Promise<RunInputs> {
  if (!args.baseline && !args.writeBaseline && !args.featuresDir) return { baseline: undefined, replaced: undefined };
  const features = await parseFeatures(featuresDir(args));
  const knownIds = new Set(scenariosOf(features).flatMap((scenario) => (scenario.stableId ? [scenario.stableId] : [])));
  const baseline = args.baseline ? await readBaseline(args.baseline, knownIds) : undefined;
  const replaced = args.writeBaseline ? await existingBaseline(args.writeBaseline, knownIds) : undefined;
  return { baseline, replaced };
}

async function conformance(args: CliArguments): Promise<number> {
  const adapterPath = resolveAdapterPath(args.adapter);
  const progress = Progress.onTerminal();
  const cucumberFormats = args.formats.filter((format) => format.name !== 'markdown');
  // On a terminal the progress line replaces cucumber's dots; its summary still details failures.
  const defaultFormats = [{ name: progress ? 'summary' : 'progress' }];
  const reports = await stageReports(args.formats.length === 0 ? defaultFormats : cucumberFormats);
  const say = kitLines(args);

  const abort = new AbortController();
  const running = runSuiteIsolated({
    request: {
      adapterPath,
      tags: args.tags,
      formats: reports.formats,
      ...(args.callLimitMs ? { callLimitMs: args.callLimitMs } : {}),
      featuresDir: featuresDir(args),
    },
    onOutput: (text) => (progress ? progress.write(process.stdout, text) : process.stdout.write(text)),
    onChildOutput: (text) => (progress ? progress.write(process.stderr, text) : process.stderr.write(text)),
    abort: abort.signal,
    ...(progress ? { events: progress } : {}),
  });
  let inputs: RunInputs;
  try {
    inputs = await readRunInputs(args);
  } catch (error) {
    abort.abort();
    await running;
    await reports.discard();
    throw error;
  }
  const run = await running;
  progress?.clear();

  switch (run.ending.kind) {
    case 'unusable':
      await reports.discard();
      throw new AdapterLoadError(run.ending.message);
    case 'stopped':
      await reports.discard();
      console.error(`plan-mode-conformance: ${run.ending.message}`);
      return EXIT_USAGE;
    case 'interrupted':
      await reports.discard();
      console.error(`plan-mode-conformance: interrupted (${run.ending.signal}) after ${run.results.length} scenario(s); no report written`);
      return run.ending.signal === 'SIGINT' ? 130 : 143;
    case 'crashed':
      // Cucumber's reports stop mid-document; the kit's own still show what ran.
      await reports.discard();
      break;
    case 'completed':
      await reports.commit();
      break;
  }
  const problems = [...run.faults.map((fault) => `fault between scenarios: ${fault}`)];
  // The crash itself is the failure of the scenario in flight (its message says how the process ended).
  if (run.ending.kind === 'crashed') problems.push(`the run did not complete: ${run.notRun} scenario(s) did not run; reports from cucumber were removed`);
  for (const problem of problems) say(`conformance: ${problem}`);
  const code = await verdictAndReports(run, args, { adapterName: run.adapterName ?? args.adapter, ...inputs });
  // Nothing counts as passed that was not checked: a run that did not complete fails.
  return problems.length > 0 && code === EXIT_OK ? EXIT_FAILED : code;
}

/** After the run: the baseline verdict, the kit's reports and the closing line (always last). */
async function verdictAndReports(
  run: SuiteRun,
  args: CliArguments,
  context: RunInputs & { adapterName: string },
): Promise<number> {
  const say = kitLines(args);
  const { baseline, replaced } = context;
  const verdict = judge(run.results, baseline);
  if (run.results.length === 0) {
    say('conformance: no scenario matched; nothing was checked');
    say('conformance: 0 passed, 0 failed, 0 skipped');
    return EXIT_FAILED;
  }

  for (const format of args.formats.filter((candidate) => candidate.name === 'markdown')) {
    const text = markdownReport(context.adapterName, await loadCatalog(), run.results, verdict);
    if (format.file) {
      await mkdir(dirname(resolve(format.file)), { recursive: true });
      await writeFile(format.file, text);
    } else {
      process.stdout.write(text);
    }
  }
  if (args.writeBaseline) {
    const reasons: Baseline = { known_failures: [...(replaced?.known_failures ?? []), ...(baseline?.known_failures ?? [])] };
    const written = await writeBaseline(args.writeBaseline, context.adapterName, run.results, reasons);
    say(`baseline: wrote ${written} known failure(s) to ${args.writeBaseline}`);
  }
  for (const line of verdictLines(run.results, verdict, baseline !== undefined)) say(line);
  const summary = summaryLine(run.results, verdict);
  say(summary.text);
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

// exitCode, not exit(): the process ends once stdout and stderr have drained,
// so a slow pipe still gets every byte, the closing line last.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.exitCode = usageFailure(error);
  },
);
