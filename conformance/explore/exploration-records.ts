/**
 * An exploration as the run's results: one failed record per class of
 * disagreement (id `explore:<CLAUSE>/<check>`, counted once in the closing
 * line however many sessions showed it), or, when no session disagreed, one
 * passed record (id `explore`). A run that did not explore has neither: an
 * exploration is never counted as passed when it did not run. The records
 * are scenario results, so the baseline, every report, the results file,
 * `compare` and `--repeat` treat them as they treat scenarios; workers and
 * shards each explore a share and their records are combined here.
 */
import type { ClauseLevel } from '../../src/index.js';
import { scenarioLevel } from '../catalog/clause-catalog.js';
import type { ScenarioStart } from '../runner/run-suite.js';
import { foldRepeats } from '../runner/repeats.js';
import { isFailing, type ExplorationFacts, type ExplorationSummary, type ScenarioResult } from '../runner/scenario-result.js';
import { classText, replayCommand } from './class-report.js';
import type { Exploration, ExploredClass } from './explore.js';
import { scenarioText } from './scenario.js';
import { EXPLORATION_ID } from './signature.js';

/** Where exploration records sit among scenario results: after every feature file. */
export const EXPLORATION_URI = '~exploration';

/** The exploration as the scenario in flight while it runs: a crash during it fails this record. */
export const EXPLORATION_START: ScenarioStart = { stableId: EXPLORATION_ID, name: 'exploration against the oracle', uri: EXPLORATION_URI, clauses: [] };

export function isExplorationResult(result: { stableId?: string | undefined; uri: string }): boolean {
  return result.uri === EXPLORATION_URI;
}

export function summaryOf(exploration: Exploration, maxSteps: number): ExplorationSummary {
  return {
    seed: exploration.seed,
    budget: exploration.budget,
    maxSteps,
    sessions: exploration.sessions,
    share: exploration.share,
    ...(exploration.stopped !== undefined ? { stopped: exploration.stopped } : {}),
  };
}

export function explorationResults(exploration: Exploration, levels: ReadonlyMap<string, ClauseLevel>, adapterArgument?: string): ScenarioResult[] {
  const base = { seed: exploration.seed, budget: exploration.budget };
  if (exploration.classes.length === 0) {
    return [
      {
        ...EXPLORATION_START,
        name: `exploration: ${exploration.sessions} generated session(s) agree with the oracle`,
        level: 'required',
        status: 'passed',
        durationMs: exploration.durationMs,
        exploration: { ...base, sessions: exploration.sessions },
      },
    ];
  }
  const share = exploration.durationMs / exploration.classes.length;
  return exploration.classes.map((explored) => classResult(explored, base, levels, share, exploration.stopped, adapterArgument));
}

function classResult(
  explored: ExploredClass,
  base: Pick<ExplorationFacts, 'seed' | 'budget'>,
  levels: ReadonlyMap<string, ClauseLevel>,
  durationMs: number,
  stopped: string | undefined,
  adapterArgument: string | undefined,
): ScenarioResult {
  const shown = { ...explored, found: { ...explored.found, ...(adapterArgument !== undefined ? { adapterArgument } : {}) } };
  const { found } = shown;
  const first = found.disagreement.message.split('\n')[0]!;
  const text = classText(shown);
  return {
    stableId: explored.id,
    name: `exploration: ${first.length > 120 ? `${first.slice(0, 117)}...` : first}`,
    uri: EXPLORATION_URI,
    clauses: found.disagreement.clauses,
    level: found.disagreement.clauses.length > 0 ? scenarioLevel(found.disagreement.clauses, levels) : 'required',
    status: 'failed',
    failureKind: found.disagreement.check ? 'assertion' : /did not answer within/.test(first) ? 'timeout' : 'adapter-error',
    // The check's stable name: what `--repeat` compares and what a class is.
    failedStep: explored.signature.check,
    message: stopped !== undefined ? `${text}\n${stopped}` : text,
    durationMs,
    exploration: {
      ...base,
      check: explored.signature.check,
      count: explored.count,
      session: explored.session,
      path: found.path,
      scenario: scenarioText(found),
      replay: replayCommand(found),
    },
  };
}

/**
 * The records of several shares (workers, shards) as one exploration's:
 * a class seen in several shares is one record, its count summed, shown by
 * its first session (the lowest index, as an unsplit run would show it); the
 * clean record stays only when no share failed (its sessions summed). A share
 * whose exploration crashed keeps its failed `explore` record.
 */
export function combineExploration<T extends { status: string; durationMs: number; exploration?: ExplorationFacts | undefined }>(
  records: readonly T[],
  idOf: (record: T) => string,
  failing: (record: T) => boolean,
): T[] {
  const classes = new Map<string, T>();
  const failed: T[] = [];
  const clean: T[] = [];
  for (const record of records) {
    const id = idOf(record);
    if (id === EXPLORATION_ID) {
      (failing(record) ? failed : clean).push(record);
      continue;
    }
    const earlier = classes.get(id);
    if (!earlier) {
      classes.set(id, record);
      continue;
    }
    const [first, other] = (record.exploration?.session ?? Infinity) < (earlier.exploration?.session ?? Infinity) ? [record, earlier] : [earlier, record];
    classes.set(id, {
      ...first,
      durationMs: first.durationMs + other.durationMs,
      ...(first.exploration ? { exploration: { ...first.exploration, count: (first.exploration.count ?? 1) + (other.exploration?.count ?? 1) } } : {}),
    });
  }
  const combined = [...failed.slice(0, 1), ...classes.values()];
  if (combined.length > 0 || clean.length === 0) return combined;
  const sessions = clean.reduce((sum, record) => sum + (record.exploration?.sessions ?? 0), 0);
  const first = clean[0]!;
  return [
    {
      ...first,
      ...('name' in first ? { name: `exploration: ${sessions} generated session(s) agree with the oracle` } : {}),
      durationMs: clean.reduce((sum, record) => sum + record.durationMs, 0),
      ...(first.exploration ? { exploration: { ...first.exploration, sessions } } : {}),
    },
  ];
}

/** The summaries of several shares as one: sessions summed, the first reason to stop kept. */
export function combineSummaries(summaries: ReadonlyArray<ExplorationSummary | undefined>): ExplorationSummary | undefined {
  const given = summaries.filter((summary): summary is ExplorationSummary => summary !== undefined);
  if (given.length === 0) return undefined;
  const stopped = given.find((summary) => summary.stopped !== undefined)?.stopped;
  return {
    ...given[0]!,
    sessions: given.reduce((sum, summary) => sum + summary.sessions, 0),
    share: given.reduce((sum, summary) => sum + summary.share, 0),
    ...(stopped !== undefined ? { stopped } : {}),
  };
}

/** Scenario results first (as they came), then the exploration's, combined. */
export function withCombinedExploration(results: readonly ScenarioResult[]): ScenarioResult[] {
  const scenarios = results.filter((result) => !isExplorationResult(result));
  const explored = results.filter(isExplorationResult);
  if (explored.length === 0) return [...scenarios];
  return [
    ...scenarios,
    ...combineExploration(
      explored,
      (result) => result.stableId ?? EXPLORATION_ID,
      (result) => isFailing(result.status),
    ),
  ];
}

/**
 * `--repeat N`: each repeat's exploration folded into one. A class some
 * repeats found and others did not is flaky (a repeat without it counts as
 * passed for it); the clean record stays only when every repeat was clean.
 */
export function foldExplorationRepeats(repeats: ReadonlyArray<ScenarioResult[]>): ScenarioResult[] {
  if (repeats.length <= 1) return [...(repeats[0] ?? [])];
  const classIds = new Set(repeats.flatMap((results) => results.filter((result) => result.stableId !== EXPLORATION_ID).map((result) => result.stableId!)));
  if (classIds.size === 0) return [...repeats[0]!];
  const passes = repeats.flatMap((results, index) => {
    const found = results.filter((result) => result.stableId !== EXPLORATION_ID);
    const present = new Set(found.map((result) => result.stableId));
    const absent = [...classIds].filter((id) => !present.has(id));
    const template = repeats.flat().find((result) => result.stableId !== EXPLORATION_ID)!;
    return [
      ...found.map((result) => ({ pass: index + 1, result })),
      ...absent.map((id) => {
        const { exploration: _facts, message: _message, failureKind: _kind, failedStep: _step, ...rest } = repeats.flat().find((result) => result.stableId === id) ?? template;
        return { pass: index + 1, result: { ...rest, status: 'passed' as const } };
      }),
    ];
  });
  return foldRepeats(passes);
}
