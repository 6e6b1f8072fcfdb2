/**
 * `plan-mode-conformance`: runs the suite against an adapter and ends with one
 * line `conformance: N passed, N failed, N skipped`.
 * Exit 0: nothing failed. 1: a scenario failed (or undefined/pending, or a stale
 * baseline entry). 2: unusable arguments, files or adapter, in one line.
 * `main` returns the exit code and runs nothing on import (bin.ts runs it with
 * the process's arguments), so tests call it in process.
 */
// The CLI's entry (bin.ts) has forked the suite's child before loading this module; only what is
// needed to hand the child its request is imported up front; the rest (catalog, features, baselines,
// reports) loads while the child loads.
import { complain, HostOutputLines, say } from './console-output.js';
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { AdapterLoadError, resolveAdapterPath } from '../adapters/adapter-path.js';
import { runSuiteInWorkers } from '../runner/suite-workers.js';
import { explorationBeside } from '../runner/exploration-beside.js';
import { parseArguments, USAGE, workersFor, type CliArguments } from './arguments.js';
import { Progress } from './progress.js';
import { ExplorationProgressLines } from './exploration-progress.js';
import type { SuiteEvents } from '../runner/run-suite.js';
import { ScenarioDots } from './scenario-dots.js';
import { stageReports } from './staged-reports.js';
import { tracePoint } from '../runner/trace-point.js';
import { loadVerdict } from './load-verdict.js';
import { explorePlan } from '../explore/budget.js';
import { isExplorationResult } from '../results/exploration-uri.js';
import type { PreparedRun } from './verdict.js';
import type { SuiteDecision } from '../runner/suite-decision.js';
import type { RerunPlan } from './rerun-plan.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../results/exit-codes.js';
import type { IsolatedRun } from '../runner/suite-process.js';
import type { WitnessVerdict } from '../results/baseline.js';
import type { EarlyChild } from '../runner/suite-child-start.js';
import type { VerbName } from './verb-names.js';

/** Errors that are the user's input, reported in one line without a stack (matched by name: their modules load lazily). */
const USER_ERRORS = new Set([
  'UsageError',
  'OutputPathError',
  'AdapterLoadError',
  'BaselineError',
  'FeatureFileError',
  'EditionNotDeclaredError',
]);

/**
 * Subcommands other than the conformance run, each in its own module under
 * `verbs/` exporting `run(argv): Promise<number>` (same exit-code meaning).
 * Loaded lazily so a plain run does not pay for them.
 */
const SUBCOMMANDS: Record<VerbName, () => Promise<{ run(argv: string[]): Promise<number> }>> = {
  explore: () => import('./verbs/explore.js'),
  docs: () => import('./verbs/docs.js'),
  compare: () => import('./verbs/compare.js'),
  merge: () => import('./verbs/merge.js'),
  quotes: () => import('./verbs/quotes.js'),
  init: () => import('./verbs/init.js'),
};

/**
 * `early`: the suite's child, forked by bin.ts before this module loaded; the run takes it, and any
 * other way out (a verb, --help, a usage error, nothing to rerun) ends it.
 */
export async function main(argv: string[], early?: EarlyChild): Promise<number> {
  try {
    return await mainWith(argv, early);
  } finally {
    early?.discard();
  }
}

async function mainWith(argv: string[], early: EarlyChild | undefined): Promise<number> {
  const subcommand = Object.hasOwn(SUBCOMMANDS, argv[0] ?? '') ? SUBCOMMANDS[argv[0] as VerbName] : undefined;
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
    say(USAGE);
    return EXIT_OK;
  }
  if (args.version) {
    const { kitIdentity } = await import('../kit-identity.js');
    say(kitIdentity().version);
    return EXIT_OK;
  }
  try {
    return args.coverage ? await coverage(args) : await conformance(args, early);
  } catch (error) {
    return usageFailure(error);
  }
}

async function coverage(args: CliArguments): Promise<number> {
  const [
    { formatCoverageSummary, formatCoverageTable, lintCoverage },
    { loadCatalog },
    { parseFeatures, scenariosOf },
    { featuresDirOf },
  ] = await Promise.all([
    import('../catalog/coverage-lint.js'),
    import('../catalog/clause-catalog.js'),
    import('../features/feature-files.js'),
    import('./verdict.js'),
  ]);
  const clauses = await loadCatalog();
  const scenarios = scenariosOf(await parseFeatures(featuresDirOf(args)));
  const report = lintCoverage(clauses, scenarios);
  say(formatCoverageTable(clauses, report));
  for (const problem of report.problems) complain(`coverage: ${problem}`);
  say(formatCoverageSummary(report, scenarios));
  return report.problems.length === 0 ? EXIT_OK : EXIT_FAILED;
}

/**
 * The run: the suite runs in a child process (`runSuiteIsolated`) while this
 * process checks its own inputs; the verdict and reports come from this side
 * only, so nothing the adapter does can end or corrupt them.
 */
async function conformance(args: CliArguments, early: EarlyChild | undefined): Promise<number> {
  const adapterPath = resolveAdapterPath(args.adapter);
  const progress = Progress.onTerminal();
  const reports = await stageReports(
    args.formats,
    args.writeBaseline ? [{ what: '--write-baseline', path: args.writeBaseline }] : [],
  );
  // A rerun runs what failed in a results file (rerun-plan.ts), judged in that run's edition, and explores nothing new.
  let rerun: RerunPlan | undefined;
  try {
    rerun =
      args.rerun !== undefined
        ? await (await import('./rerun-plan.js')).planRerun(args.rerun, args.featuresDir)
        : undefined;
  } catch (error) {
    await reports.discard();
    throw error;
  }
  if (rerun && rerun.ids.length === 0 && rerun.replayed.length === 0) {
    await reports.discard();
    for (const { id, why } of rerun.notRerun) say(`not rerun: ${id}: ${why}`);
    say(
      `conformance: nothing to rerun: ${rerun.notRerun.length > 0 ? 'what failed in' : 'nothing failed or was flaky in'} ${rerun.from}${rerun.notRerun.length > 0 ? ' cannot be rerun' : ''}`,
    );
    return rerun.notRerun.length > 0 ? EXIT_FAILED : EXIT_OK;
  }
  const replayFeature =
    rerun && rerun.replayed.length > 0
      ? await (await import('../explore/replay-feature.js')).writeReplayFeature(rerun.replayed)
      : undefined;
  try {
    return await conformanceRun(
      args,
      adapterPath,
      progress,
      reports,
      rerun && { ...rerun, ...(replayFeature ? { replayFeature } : {}) },
      early,
    );
  } finally {
    if (replayFeature) await rm(dirname(replayFeature), { recursive: true, force: true });
  }
}

async function conformanceRun(
  args: CliArguments,
  adapterPath: string,
  progress: Progress | undefined,
  reports: Awaited<ReturnType<typeof stageReports>>,
  rerun: (RerunPlan & { replayFeature?: string }) | undefined,
  early: EarlyChild | undefined,
): Promise<number> {
  const abort = new AbortController();
  const started = early?.take();
  let stdoutLineOpen = false;
  const toStdout = (text: string): void => {
    if (text !== '') stdoutLineOpen = !text.endsWith('\n');
    if (progress) progress.write(process.stdout, text);
    else process.stdout.write(text);
  };
  // A baseline of another edition than the child chose is refused, and the run stopped rather than run
  // to its end: the decision the child sent and the verdict's side (baseline read) come in either order,
  // and whichever comes second checks, once. The decision is checked against its schema then too, while the
  // run goes on, rather than once it is over (the verdict keeps the outcome: verdict.ts checkDecision).
  let decided: SuiteDecision | undefined;
  let onDecided: ((decision: SuiteDecision) => void) | undefined;
  let refused: Error | undefined;
  // No format asked for: the kit's own marks (or the progress line on a terminal), then its closing lines.
  const dots = args.formats.length === 0 && !progress ? new ScenarioDots(toStdout) : undefined;
  const exploring = rerun ? undefined : explorePlan(args);
  // The edition asked for, else a rerun's: the one its file's run judged (forced if that run was).
  const edition = args.edition ?? rerun?.edition;
  const forceEdition = args.forceEdition || (args.edition === undefined && rerun?.forced === true);
  // What the host's process printed reaches stderr a whole line at a time, made inert (console-output.ts).
  const hostOutput = new HostOutputLines((text) =>
    progress ? progress.write(process.stderr, text) : process.stderr.write(text),
  );
  // Off a terminal, a line every few seconds while the exploration runs (on a terminal, the progress line).
  const explorationLines =
    exploring && !progress ? new ExplorationProgressLines((line) => process.stderr.write(`${line}\n`)) : undefined;
  const shownEvents: SuiteEvents | undefined = progress ?? dots;
  const events: SuiteEvents | undefined = explorationLines
    ? {
        planned: (total, selected) => shownEvents?.planned?.(total, selected),
        started: (scenario) => shownEvents?.started?.(scenario),
        finished: (result, pass) => shownEvents?.finished?.(result, pass),
        exploring: (explored, lane) => explorationLines.exploring(explored, lane),
      }
    : shownEvents;
  tracePoint('cli-sends-request');
  const workers = workersFor(args);
  const running = runSuiteInWorkers(
    {
      request: {
        adapterPath,
        tags: args.tags,
        formats: reports.formats,
        ...(args.callLimitMs ? { callLimitMs: args.callLimitMs } : {}),
        ...(args.startLimitMs ? { startLimitMs: args.startLimitMs } : {}),
        ...(args.featuresDir ? { featuresDir: resolve(args.featuresDir) } : {}),
        ...(edition ? { edition } : {}),
        ...(forceEdition ? { forceEdition: true } : {}),
        ...(rerun
          ? { rerun: { ids: rerun.ids, ...(rerun.replayFeature ? { replayFeature: rerun.replayFeature } : {}) } }
          : {}),
        ...(args.shard ? { shard: args.shard } : {}),
        ...(args.repeat && args.repeat > 1 ? { repeat: args.repeat } : {}),
        ...(args.processPerScenario ? { processPerScenario: true } : {}),
        level: args.level,
        ...(exploring
          ? {
              explore: {
                ...exploring,
                adapterArgument: args.adapter,
                ...(args.baseline !== undefined ? { baselinePath: resolve(args.baseline) } : {}),
                ...(args.exploreTimeLimitS ? { timeLimitMs: args.exploreTimeLimitS * 1000 } : {}),
              },
            }
          : {}),
      },
      onOutput: toStdout,
      onChildOutput: (text) => hostOutput.add(text),
      abort: abort.signal,
      onReady: (decision) => {
        // The first worker's; every worker decides alike. As sent: checked against its schema once the verdict has loaded.
        if (decided !== undefined) return;
        decided = decision;
        onDecided?.(decided);
      },
      ...(events ? { events } : {}),
      ...(started ? { started } : {}),
    },
    workers,
    explorationBeside({
      budget: exploring?.budget ?? 0,
      ...(args.shard ? { shard: args.shard } : {}),
      workers,
      parallelAsked: args.parallel !== undefined,
      cores: availableParallelism(),
    }),
  );
  let prepared: PreparedRun;
  const { baselineOfAnotherEdition, checkDecision, finishRun, prepareRun, reportOnStdout } = await loadVerdict();
  try {
    prepared = await prepareRun(args);
    if (rerun) prepared.rerun = rerun;
    const { baseline } = prepared;
    onDecided = (decision) => {
      checkDecision(decision);
      refused = baselineOfAnotherEdition(baseline, decision.edition);
      if (refused) abort.abort();
    };
    if (decided !== undefined) onDecided(decided);
  } catch (error) {
    abort.abort();
    await running;
    explorationLines?.end();
    hostOutput.flush();
    await reports.discard();
    throw error;
  }
  const run = await running;
  explorationLines?.end();
  hostOutput.flush();
  tracePoint('cli-suite-ended');
  if (refused) {
    await reports.discard();
    throw refused;
  }
  progress?.clear();
  dots?.end();
  // A run cut short leaves cucumber's dots mid-line: the kit's lines start on their own.
  if (stdoutLineOpen && run.ending.kind !== 'completed') toStdout('\n');

  switch (run.ending.kind) {
    case 'unusable':
      await reports.discard();
      throw new AdapterLoadError(run.ending.message);
    case 'stopped':
      await reports.discard();
      complain(`plan-mode-conformance: ${run.ending.message}`);
      return EXIT_USAGE;
    case 'interrupted':
      await reports.discard();
      complain(
        `plan-mode-conformance: interrupted (${run.ending.signal}) after ${run.results.length} scenario(s); no report written`,
      );
      return run.ending.signal === 'SIGINT' ? 130 : 143;
    case 'crashed':
      // Cucumber's own reports stop mid-document; the kit's still show what ran.
      await reports.dropCucumber();
      break;
    case 'completed':
      break;
  }
  const line = reportOnStdout(args) ? (text: string) => complain(text) : (text: string) => say(text);
  // A fault no scenario could be charged with is a failed record among the results (runner/fault-records.ts): every report counts it.
  const problems: string[] = [];
  // The crash itself is the failure of the scenario in flight, whose message says how the process ended.
  if (run.ending.kind === 'crashed') {
    const inExploration =
      run.notRun === 0 && run.results.some((result) => isExplorationResult(result) && result.failureKind === 'crash');
    problems.push(
      `the run did not complete: ${inExploration ? 'the exploration after the scenarios ended early' : `${run.notRun} scenario(s) did not run`}`,
    );
  }
  for (const problem of problems) line(`conformance: ${problem}`);
  // Baselined classes the exploration did not meet are judged by their witnesses, run on the host.
  const witnesses = run.ending.kind === 'completed' ? await witnessesOf(prepared, run, args, adapterPath) : undefined;
  let code: number;
  try {
    code = await finishRun(
      prepared,
      run.decision,
      { ...run, completed: run.ending.kind === 'completed', ...(witnesses ? { witnesses } : {}) },
      { line, reportPath: (format) => reports.partialOf(format) },
    );
  } catch (error) {
    await reports.discard();
    throw error;
  }
  const unwritten = await reports.commit();
  for (const problem of unwritten) complain(`plan-mode-conformance: report ${problem}`);
  tracePoint('cli-verdict-written');
  // A report asked for and not written is the run's output lost: exit 2, as for a path refused before the run.
  if (unwritten.length > 0) return EXIT_USAGE;
  // Nothing counts as passed that was not checked: a run that did not complete fails.
  return problems.length > 0 && code === EXIT_OK ? EXIT_FAILED : code;
}

/**
 * The witnesses of the baseline's exploration entries whose class the run's
 * exploration did not meet, run on the host in a suite run of their own
 * (runner/witnesses.ts); undefined when there is none to run.
 */
async function witnessesOf(
  prepared: PreparedRun,
  run: IsolatedRun,
  args: CliArguments,
  adapterPath: string,
): Promise<Map<string, WitnessVerdict> | undefined> {
  if (!run.exploration || !prepared.baseline || !run.decision) return undefined;
  const met = new Set(run.results.map((result) => result.stableId));
  const [{ entryKey }, { isExploreEntry }] = await Promise.all([
    import('../results/baseline.js'),
    import('../../src/results/baseline.js'),
  ]);
  const notMet = prepared.baseline.entries.flatMap(({ entry }) =>
    isExploreEntry(entry) && !met.has(entryKey(entry)) ? [{ key: entryKey(entry), entry }] : [],
  );
  if (notMet.length === 0) return undefined;
  const { judgeWitnesses } = await import('../runner/witnesses.js');
  return judgeWitnesses(notMet, {
    adapterPath,
    edition: run.decision.edition,
    ...(run.decision.forced ? { forceEdition: true } : {}),
    ...(args.callLimitMs ? { callLimitMs: args.callLimitMs } : {}),
    ...(args.startLimitMs ? { startLimitMs: args.startLimitMs } : {}),
  });
}

/**
 * A user error is printed whole (every problem, with its location) and
 * without a stack trace; anything else is the kit's own failure, shown with
 * its stack so it can be reported.
 */
export function usageFailure(error: unknown): number {
  const known = error instanceof Error && USER_ERRORS.has(error.name);
  const message = error instanceof Error ? error.message : String(error);
  if (known) complain(`plan-mode-conformance: ${message}`);
  else
    complain(
      `plan-mode-conformance: unexpected error: ${error instanceof Error && error.stack ? error.stack : message}`,
    );
  return EXIT_USAGE;
}
