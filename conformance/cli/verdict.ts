/**
 * The conformance run around the suite: what is read and checked before it
 * runs (adapter, features, baseline: any problem is exit 2 before anything
 * runs), and what happens with its results (baseline and level applied,
 * reports written, baseline rewritten, closing lines printed, exit code).
 * main.ts calls `prepareRun`, runs the suite however it runs it, then
 * `finishRun` with the results.
 */
import { say, complain } from './console-output.js';
import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { editionReadme, type Edition, type ReviewText } from '../../src/index.js';
import { SuiteDecisionSchema, type SuiteDecision } from '../runner/suite-decision.js';
import { clausesOfEdition, levelsOf, loadCatalogFile, scenarioLevel, type Catalog } from '../catalog/clause-catalog.js';
import { KIT_FEATURES_DIR } from '../features/kit-features-dir.js';
import { editionOfRun, kitIdentity, type RunContext } from '../results/run-context.js';
import { writeKitReports } from '../report/write-reports.js';
import {
  judge,
  readBaseline,
  readPreviousEntries,
  writeBaseline,
  type Baseline,
  type PreviousBaseline,
  type ScenarioFacts,
  type WitnessVerdict,
} from '../results/baseline.js';
import type { ExplorationSummary, ScenarioResult } from '../results/scenario-result.js';
import { isKitFormat, UsageError, type CliArguments, type Format } from './arguments.js';
import { explorationLine, recommendedLine, summaryLine, verdictLines } from '../results/summary.js';
import { REPLAY_URI } from '../results/exploration-uri.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../results/exit-codes.js';
import type { RerunPlan } from './rerun-plan.js';
import { partialSuffix, proofOfResult, unprovenClauses, unprovenLines } from '../results/unproven-clauses.js';

export interface PreparedRun {
  args: CliArguments;
  featuresDir: string;
  catalog: Catalog;
  baseline?: Baseline;
  /** The file `--write-baseline` will replace: its entries' reasons and its header comment are kept. */
  previous: PreviousBaseline;
  startedAt: Date;
  /** A rerun (`--rerun`): what it reruns, what it cannot, and where the replayed exploration classes' feature file is. */
  rerun?: Pick<RerunPlan, 'from' | 'notRerun'> & { replayFeature?: string };
}

/** What the suite run hands back. */
export interface FinishedSuite {
  results: ScenarioResult[];
  wallMs: number;
  reviewTexts?: ReviewText[];
  /** How many scenarios the selection held before the shard was cut (a `--shard` run). */
  selected?: number;
  /** False when the run ended before every selected scenario ran (the suite's process crashed). */
  completed?: boolean;
  /** What the exploration after the scenarios ran (absent: it did not run, or did not end). */
  exploration?: ExplorationSummary;
  /** What the witnesses of baselined classes the exploration did not meet showed (runner/witnesses.ts). */
  witnesses?: ReadonlyMap<string, WitnessVerdict>;
}

export function featuresDirOf(args: CliArguments): string {
  return args.featuresDir ? resolve(args.featuresDir) : KIT_FEATURES_DIR;
}

/**
 * Everything checked before the suite runs; throws a user error (exit 2) on any
 * problem. The adapter itself is loaded where the suite runs (a child process,
 * so its code never runs in the CLI's), which decides the edition from it and
 * hands back its decision (`finishRun`).
 */
export async function prepareRun(args: CliArguments): Promise<PreparedRun> {
  const featuresDir = featuresDirOf(args);
  const catalog = await loadCatalogFile();
  // The kit's own features are checked by its tests; parsing them all again costs every run
  // (the suite's child parses what it runs). Other features, and any baseline, are checked here.
  const needsFeatures =
    args.featuresDir !== undefined || args.baseline !== undefined || args.writeBaseline !== undefined;
  const levels = levelsOf(catalog.clauses);
  const scenarios = new Map<string, ScenarioFacts>();
  if (needsFeatures) {
    // The Gherkin parser loads only for a run that reads feature files here.
    const { checkUniqueIds, parseFeatures, scenariosOf } = await import('../features/feature-files.js');
    const infos = scenariosOf(await parseFeatures(featuresDir));
    // Results, baselines and repeats are keyed by stable id: two scenarios with one id would judge as one.
    checkUniqueIds(infos);
    for (const scenario of infos) {
      if (scenario.stableId)
        scenarios.set(scenario.stableId, { clauses: scenario.clauses, level: scenarioLevel(scenario.clauses, levels) });
    }
  }
  const baseline = args.baseline ? await readBaseline(args.baseline, { scenarios, level: args.level }) : undefined;
  const previous =
    args.writeBaseline && existsSync(args.writeBaseline)
      ? await readPreviousEntries(args.writeBaseline)
      : { entries: [] };
  return {
    args,
    featuresDir,
    catalog,
    ...(baseline ? { baseline } : {}),
    previous,
    startedAt: new Date(),
  };
}

export interface FinishOptions {
  /** Where the closing lines go; by default stdout, or stderr when a report goes to stdout. */
  line?: (text: string) => void;
  /** Today as `YYYY-MM-DD`, for baseline expiry (tests inject it). */
  today?: string;
  /** Where a kit report with a file is written (the CLI's staged name); by default its file. */
  reportPath?: (format: Format) => string | undefined;
}

/**
 * Applies baseline and level, writes reports and the baseline, prints the
 * closing lines; returns the exit code. `decided` is what the suite's child
 * decided (SuiteDecision), checked here against its schema: that process ran
 * the host's code.
 */
export async function finishRun(
  prepared: PreparedRun,
  decided: unknown,
  suite: FinishedSuite,
  options: FinishOptions = {},
): Promise<number> {
  const { args } = prepared;
  const decision = suiteDecision(decided);
  const line = options.line ?? (reportOnStdout(args) ? (text: string) => complain(text) : (text: string) => say(text));
  // A handful of feature files serve hundreds of results: each path is worked out once.
  const uris = new Map<string, string>();
  const replayed = prepared.rerun?.replayFeature;
  const placeOf = (uri: string): string =>
    replayed !== undefined && resolve(process.cwd(), uri) === replayed
      ? REPLAY_URI
      : featureUri(uri, prepared.featuresDir);
  const uriOf = (uri: string): string => uris.get(uri) ?? uris.set(uri, placeOf(uri)).get(uri)!;
  const results = suite.results.map((result) => ({ ...result, uri: uriOf(result.uri) }));
  // A shard may hold none of a small selection: its (empty) results file is still a part merge needs.
  const emptyShard = args.shard !== undefined && (suite.selected ?? 0) > 0;
  if (results.length === 0 && emptyShard)
    line(
      `conformance: shard ${args.shard!.index}/${args.shard!.count} holds none of the ${suite.selected} selected scenario(s)`,
    );
  if (results.length === 0 && !emptyShard) {
    line('conformance: no scenario matched; nothing was checked');
    line('conformance: 0 passed, 0 failed, 0 skipped');
    return EXIT_FAILED;
  }
  const verdict = judge(results, prepared.baseline, {
    level: args.level,
    allowFlaky: args.allowFlaky,
    ...(options.today ? { today: options.today } : {}),
    ...(suite.exploration ? { exploration: suite.exploration } : {}),
    ...(suite.witnesses ? { witnesses: suite.witnesses } : {}),
  });
  const context: RunContext = {
    adapter: decision.adapter,
    ...(decision.release !== undefined ? { host: { release: decision.release } } : {}),
    kit: kitIdentity(),
    spec: {
      edition: decision.edition,
      readme: editionReadme(decision.edition),
      clauses: prepared.catalog.version,
      ...(decision.forced ? { forced: true } : {}),
    },
    level: args.level,
    baseline: prepared.baseline ? { path: prepared.baseline.path, entries: prepared.baseline.entries.length } : null,
    startedAt: prepared.startedAt.toISOString(),
    durationMs: suite.wallMs,
    ...(args.shard ? { shard: { ...args.shard, tags: args.tags, selected: suite.selected ?? results.length } } : {}),
    ...(args.repeat && args.repeat > 1 ? { repeat: { times: args.repeat, flakyAllowed: args.allowFlaky } } : {}),
    catalog: clausesOfEdition(prepared.catalog.clauses, decision.edition),
    ...(suite.exploration ? { exploration: suite.exploration } : {}),
    reviewTexts: suite.reviewTexts ?? [],
    featuresDir: prepared.featuresDir,
    features: args.featuresDir === undefined ? 'kit' : 'given',
    ...(prepared.rerun ? { rerun: { from: prepared.rerun.from } } : {}),
    rerunBase: {
      adapter: args.adapter,
      features: args.featuresDir,
      // A forced edition, or a rerun's (taken from its results file), is named: the command judges the same.
      edition: args.edition ?? (decision.forced || prepared.rerun ? decision.edition : undefined),
      forceEdition: decision.forced === true,
      level: args.level,
    },
  };
  // A shard proves only its share (`merge` lists what the whole run left unproven); a rerun is not a full run.
  if (!args.shard && !prepared.rerun) {
    const narrowed = args.tags !== '' || args.featuresDir !== undefined;
    context.unproven = unprovenClauses(
      context.catalog,
      results.map((result) => proofOfResult(result, verdict.outcomes.get(result))),
      decision.edition,
      narrowed ? 'named' : 'all',
    );
  }
  // Baselined exploration classes a whole exploration did not find are listed too: their entries are stale.
  const reported = verdict.notFound.length > 0 ? [...results, ...verdict.notFound] : results;
  const unwritten = await writeKitReports(args.formats, context, reported, verdict, undefined, options.reportPath);
  for (const problem of unwritten) complain(`plan-mode-conformance: report ${problem}`);
  if (args.writeBaseline && suite.completed === false) {
    // Scenarios that never ran would lose their entries, and the one in flight would gain a crash entry.
    line(`baseline: ${args.writeBaseline} left as it was: the run did not complete`);
  } else if (args.writeBaseline) {
    const previous = [
      ...prepared.previous.entries,
      ...(prepared.baseline?.entries.map((located) => located.entry) ?? []),
    ];
    try {
      // Classes whose witness ran clean are stale; every other entry the exploration could not judge is kept.
      const staleClasses = new Set(
        verdict.stale.filter(({ result }) => result.exploration !== undefined).map(({ result }) => result.stableId!),
      );
      const judgedResults = [...results, ...verdict.notFound.filter((result) => result.status === 'failed')];
      const written = await writeBaseline(
        args.writeBaseline,
        decision.adapter.name,
        judgedResults,
        previous,
        args.level,
        prepared.previous.header,
        decision.edition,
        staleClasses,
      );
      line(`baseline: wrote ${written} known failure(s) to ${args.writeBaseline}`);
    } catch (error) {
      unwritten.push(
        `--write-baseline ${args.writeBaseline}: cannot be written: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
      complain(`plan-mode-conformance: ${unwritten.at(-1)}`);
    }
  }
  for (const text of verdictLines(verdict, prepared.baseline !== undefined, {
    catalog: context.catalog,
    verbose: args.verbose,
    ...(context.rerunBase ? { rerun: context.rerunBase } : {}),
  }))
    line(text);
  // A run that did not explore says nothing of it: `--explore off` gives the scenario-only verdict as it was.
  const explored = explorationLine(suite.exploration, verdict);
  if (explored) line(explored);
  line(`conformance: edition ${editionOfRun(context)}`);
  const recommended = recommendedLine(verdict);
  if (recommended) line(recommended);
  // What a rerun could not run again is named, and keeps it from passing: nothing counts as passed that was not checked.
  const notRerun = prepared.rerun?.notRerun ?? [];
  for (const { id, why } of notRerun) line(`not rerun: ${id}: ${why}`);
  const unproven = context.unproven ?? [];
  for (const text of unprovenLines(unproven)) line(text);
  const summary = summaryLine(verdict);
  line(
    prepared.rerun
      ? `${summary.text} (a rerun of what failed in ${prepared.rerun.from}${notRerun.length > 0 ? `, ${notRerun.length} not rerun` : ''}: not a full run)`
      : `${summary.text}${partialSuffix(unproven)}`,
  );
  // A report asked for and not written is output lost: exit 2, as for a path refused before the run.
  if (unwritten.length > 0) return EXIT_USAGE;
  if (args.requireAll && unproven.length > 0) return EXIT_FAILED;
  return summary.failed === 0 && notRerun.length === 0 ? EXIT_OK : EXIT_FAILED;
}

/**
 * A baseline that says which edition's runs it lists is refused for a run
 * against another edition: the failures one edition expects are another's
 * regressions (a seed baseline would hide rc.8's retry divergences). The
 * problem, or undefined; checked once, as soon as the child has decided.
 */
export function baselineOfAnotherEdition(baseline: Baseline | undefined, judged: Edition): UsageError | undefined {
  if (baseline?.edition === undefined || baseline.edition === judged) return undefined;
  return new UsageError(
    `baseline ${baseline.path} lists the known failures of runs against the ${baseline.edition} edition, but this run judged the ${judged} edition: give the ${judged} edition's baseline, or run with --edition ${baseline.edition}`,
  );
}

/** Each decision checked so far, by the value the CLI received: checked once however often it is asked. */
const checkedDecisions = new WeakMap<object, ReturnType<typeof SuiteDecisionSchema.safeParse>>();

/**
 * Checks what the suite's child decided against its schema, once: the CLI asks as soon as the child has
 * decided, while the run goes on, so that `finishRun` (which the run's end waits for) finds it checked; the
 * first check of a schema is its dearest (zod compiles its checks), a few milliseconds (issue 36). Only
 * `finishRun` acts on the outcome.
 */
export function checkDecision(decided: unknown): ReturnType<typeof SuiteDecisionSchema.safeParse> {
  const known = typeof decided === 'object' && decided !== null ? checkedDecisions.get(decided) : undefined;
  if (known) return known;
  const checked = SuiteDecisionSchema.safeParse(decided);
  if (typeof decided === 'object' && decided !== null) checkedDecisions.set(decided, checked);
  return checked;
}

/** The child's decision, or the kit's own failure when it is not one (its process ran the host's code). */
function suiteDecision(decided: unknown): SuiteDecision {
  const checked = checkDecision(decided);
  if (!checked.success) throw new Error(`the suite's process handed back no valid decision: ${checked.error.message}`);
  return checked.data;
}

/**
 * True when a report is written to stdout (no file given) in a format a
 * program reads: then the kit's own lines go to stderr, so stdout stays valid.
 */
export function reportOnStdout(args: CliArguments): boolean {
  return args.formats.some(
    (format) =>
      format.file === undefined && (isKitFormat(format.name) || format.name === 'json' || format.name === 'message'),
  );
}

/** A scenario's feature file relative to the features folder (cucumber gives it relative to the working folder). */
function featureUri(uri: string, featuresDir: string): string {
  const inside = relative(featuresDir, resolve(process.cwd(), uri));
  return inside.startsWith('..') || isAbsolute(inside) ? uri : inside;
}
