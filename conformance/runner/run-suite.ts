/**
 * Runs the features against one adapter with cucumber-js, in this process, and
 * returns one result per scenario. Support code is loaded once per process and
 * reused (`support-library.ts`), so several runs (the mutant matrix) don't
 * re-register steps.
 *
 * The CLI does not call this directly: it runs it in a child process
 * (`suite-process.ts`) so an adapter cannot end or corrupt the verdict. The
 * mutant matrix and the bench call it in process, where the adapters are the
 * kit's own.
 */
import { Writable } from 'node:stream';
import { runCucumber } from '@cucumber/cucumber/api';
import type { Envelope, GherkinDocument, Pickle } from '@cucumber/messages';
import { clausesOf, KIT_FEATURES_DIR, nodeLines, rowNames, stableIdOf } from '../features/feature-files.js';
import { dirname } from 'node:path';
import { cucumberPathsOf, selectScenarios, type SelectedScenario } from '../features/scenario-selection.js';
import { sliceOf, type Slice } from '../features/slices.js';
import { kitFeatureFilesMatching } from '../features/feature-index.js';
import { startLimitFor, stepTimeoutFor } from '../guard/time-limit.js';
import { DEFAULT_CALL_LIMIT_MS, type KitParameters } from '../world/parameters.js';
import { ResultCollector } from './result-collector.js';
import { runConfigurationOf } from './run-configuration.js';
import { withinEdition } from '../features/edition-tags.js';
import { kitSupportLibrary } from './support-library.js';
import { tracePoint } from './trace-point.js';
import { foldRepeats, type RepeatedResult } from '../results/repeats.js';
import { firstOfEachKind } from '../results/review-text-order.js';
import type { ScenarioResult, ScenarioStart } from '../results/scenario-result.js';
import { DEFAULT_EDITION, type Edition, type ReviewText } from '../../src/index.js';

export interface SuiteOptions {
  adapterPath: string;
  /** Cucumber tag expression; empty runs everything. */
  tags?: string;
  /** Cucumber formatters, e.g. `progress`, `junit:reports/junit.xml`. */
  formats?: string[];
  callLimitMs?: number;
  /** Time limit for a host's start and restart; see `startLimitFor`. */
  startLimitMs?: number;
  /** The edition the host is judged against; the seed when absent. Scenarios of other editions are not run. */
  edition?: Edition;
  featuresDir?: string;
  /** `--shard i/n`: only this slice of the selected scenarios (see scenario-selection.ts). */
  shard?: Slice;
  /** `--parallel N`: only this worker's slice of the shard (or of the selection). */
  worker?: Slice;
  /** `--repeat N`: run the scenarios N times and fold each one's results (repeats.ts); 1 when absent. */
  repeat?: number;
  /** `--process-per-scenario`: an exec host gets a new process for every scenario, even one that declares `reuse`. */
  processPerScenario?: boolean;
  /**
   * `--rerun`: only these scenarios of the features (by stable id), and every
   * scenario of `replayFeature` (exploration classes replayed, replay-feature.ts).
   */
  rerun?: { ids: string[]; replayFeature?: string };
  /** Where formatters without a file write; defaults to the process's stdout. */
  stdout?: Writable;
  /** Told as each scenario starts and ends (the child process streams these to the CLI). */
  events?: SuiteEvents;
}

export interface SuiteEvents {
  /**
   * The number of scenarios the run will execute, once cucumber has planned
   * them; for a sliced run, also how many the whole selection holds.
   */
  planned?(total: number, selected?: number): void;
  started?(scenario: ScenarioStart): void;
  /** `pass`: which repeat (1-based) this result is of, when the run repeats. */
  finished?(result: ScenarioResult, pass?: number): void;
  /** While the exploration runs, about once a second: how far this process's share is (`lane`: its worker, 0-based). */
  exploring?(progress: ExplorationProgress, lane?: number): void;
}

/** How far one process's share of the exploration is: sessions begun of the sessions it holds. */
export interface ExplorationProgress {
  sessions: number;
  share: number;
}

export interface SuiteRun {
  results: ScenarioResult[];
  wallMs: number;
  /** Texts left to human review, the first of each kind (plain JSON, so it can cross a process boundary). */
  reviewTexts: ReviewText[];
  /** How many scenarios the tags and edition selected before any shard or worker slice; set for a sliced run. */
  selected?: number;
}

export async function runSuite(options: SuiteOptions): Promise<SuiteRun> {
  const callLimitMs = options.callLimitMs ?? DEFAULT_CALL_LIMIT_MS;
  const parameters: KitParameters = {
    adapterPath: options.adapterPath,
    callLimitMs,
    startLimitMs: startLimitFor(callLimitMs, options.startLimitMs),
    edition: options.edition ?? DEFAULT_EDITION,
  };
  const featuresDir = options.featuresDir ?? KIT_FEATURES_DIR;
  // Only the scenarios of the edition the host is judged against.
  const tags = withinEdition(options.tags ?? '', parameters.edition);
  let paths: string[];
  let selected: number | undefined;
  if (!options.shard && !options.worker && !options.rerun) {
    paths = (await kitFeatureFilesMatching(tags, featuresDir)) ?? [`${featuresDir.replace(/\/$/, '')}/**/*.feature`];
  } else {
    // A slice (or a rerun) runs exactly its scenarios, named to cucumber by file and line.
    const all = options.rerun
      ? await rerunSelection(featuresDir, tags, options.rerun)
      : await selectScenarios(featuresDir, tags);
    selected = all.length;
    let mine = options.shard ? sliceOf(all, options.shard) : all;
    if (options.worker) mine = sliceOf(mine, options.worker);
    if (mine.length === 0) {
      // Cucumber given no path would look for features of its own: an empty slice runs nothing.
      options.events?.planned?.(0, selected);
      return { results: [], wallMs: 0, reviewTexts: [], selected };
    }
    paths = cucumberPathsOf(mine);
  }
  const repeat = Math.max(1, options.repeat ?? 1);
  const started = performance.now();
  const support = await kitSupportLibrary();
  // Cucumber's own step timeout follows this run's limits, so that theirs answer first.
  const runSupport = { ...support, defaultTimeout: stepTimeoutFor(parameters.callLimitMs, parameters.startLimitMs) };
  tracePoint('suite-support-ready');
  const repeats: RepeatedResult[] = [];
  const texts: ReviewText[] = [];
  for (let pass = 1; pass <= repeat; pass += 1) {
    // Cucumber's own formats describe the first repeat: files written again would replace it.
    const formats = pass === 1 ? (options.formats ?? []) : [];
    const runConfiguration = runConfigurationOf({ paths, tags, formats, worldParameters: { ...parameters } });
    tracePoint('suite-configured');
    const collector = new ResultCollector();
    const events = options.events ? repeatEvents(options.events, pass, repeat) : undefined;
    const onMessage = events ? scenarioEvents(collector, events, selected) : collector.onMessage;
    // With no formatter asked for, cucumber would still print its default one: send that nowhere.
    const stdout = pass > 1 ? discard() : (options.stdout ?? (formats.length === 0 ? discard() : process.stdout));
    const environment = { cwd: process.cwd(), stdout, stderr: process.stderr };
    await runCucumber({ ...runConfiguration, support: runSupport }, environment, onMessage);
    repeats.push(...collector.results().map((result) => ({ pass, result })));
    texts.push(...collector.collectedReviewTexts());
  }
  const results = repeat === 1 ? repeats.map(({ result }) => result) : foldRepeats(repeats);
  const run: SuiteRun = {
    results,
    wallMs: performance.now() - started,
    reviewTexts:
      repeat === 1
        ? texts
        : firstOfEachKind(
            texts,
            results.map((result) => result.stableId ?? result.name),
          ),
  };
  return selected === undefined ? run : { ...run, selected };
}

/** A rerun's scenarios: those of the features it names, then the replayed ones, in serial order each. */
async function rerunSelection(
  featuresDir: string,
  tags: string,
  rerun: NonNullable<SuiteOptions['rerun']>,
): Promise<SelectedScenario[]> {
  const wanted = new Set(rerun.ids);
  const named =
    wanted.size === 0
      ? []
      : (await selectScenarios(featuresDir, tags)).filter(
          (scenario) => scenario.stableId !== undefined && wanted.has(scenario.stableId),
        );
  const replayed = rerun.replayFeature ? await selectScenarios(dirname(rerun.replayFeature), tags) : [];
  return [...named, ...replayed];
}

/** The events of one repeat: the whole run planned once (every repeat's scenarios), each result told with its repeat. */
function repeatEvents(events: SuiteEvents, pass: number, repeat: number): SuiteEvents {
  return {
    ...(pass === 1 && events.planned
      ? { planned: (total: number, selected?: number) => events.planned!(total * repeat, selected) }
      : {}),
    ...(events.started ? { started: (scenario: ScenarioStart) => events.started!(scenario) } : {}),
    ...(events.finished ? { finished: (result: ScenarioResult) => events.finished!(result, pass) } : {}),
  };
}

/**
 * Feeds the collector and tells `events` when a scenario starts (named as the
 * collector would name it) and when its result is final.
 */
function scenarioEvents(
  collector: ResultCollector,
  events: SuiteEvents,
  selected: number | undefined,
): (envelope: Envelope) => void {
  const documents = new Map<string, GherkinDocument>();
  const rows = new Map<string, Map<string, string>>();
  const lines = new Map<string, Map<string, number>>();
  const pickles = new Map<string, Pickle>();
  const testCases = new Map<string, string>();
  let planned = 0;
  let toldPlanned = false;
  let finished = 0;
  return (envelope) => {
    collector.onMessage(envelope);
    if (envelope.gherkinDocument?.uri) documents.set(envelope.gherkinDocument.uri, envelope.gherkinDocument);
    if (envelope.pickle) pickles.set(envelope.pickle.id, envelope.pickle);
    if (envelope.testCase) {
      testCases.set(envelope.testCase.id, envelope.testCase.pickleId);
      planned += 1;
    }
    // Cucumber assembles every test case before it starts the first one.
    if (envelope.testCaseStarted && !toldPlanned) {
      toldPlanned = true;
      tracePoint('suite-first-scenario');
      events.planned?.(planned, selected);
    }
    if (envelope.testCaseStarted && events.started) {
      const pickle = pickles.get(testCases.get(envelope.testCaseStarted.testCaseId) ?? '');
      if (pickle) {
        let documentRows = rows.get(pickle.uri);
        let documentLines = lines.get(pickle.uri);
        if (!documentRows || !documentLines) {
          const document = documents.get(pickle.uri);
          documentRows = document ? rowNames(document) : new Map<string, string>();
          documentLines = document ? nodeLines(document) : new Map<string, number>();
          rows.set(pickle.uri, documentRows);
          lines.set(pickle.uri, documentLines);
        }
        const line = documentLines.get(pickle.astNodeIds.at(-1) ?? '');
        events.started({
          stableId: stableIdOf(pickle, documentRows),
          name: pickle.name,
          uri: pickle.uri,
          ...(line !== undefined ? { line } : {}),
          clauses: clausesOf(pickle),
        });
      }
    }
    if (envelope.testCaseFinished && !envelope.testCaseFinished.willBeRetried && events.finished) {
      // The collector appends each final result: the new ones are this scenario's.
      for (const result of collector.results(finished)) {
        finished += 1;
        events.finished(result);
      }
    }
  };
}

function discard(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}
