/**
 * An exploration split into shares (workers, shards) and repeats put back
 * together: the records of each share combined into one exploration's, the
 * repeats of `--repeat` folded. Light on purpose: the CLI and `merge` load
 * it without the exploration itself.
 */
import { foldRepeats } from './repeats.js';
import { isFailing, type ExplorationFacts, type ExplorationSummary, type ScenarioResult } from './scenario-result.js';
import { sumCoverage } from './exploration-coverage.js';
import { EXPLORATION_ID, isExplorationResult } from './exploration-uri.js';
import { combineFaultRecords, isFaultResult } from './fault-records.js';

/**
 * The records of several shares (workers, shards) as one exploration's:
 * a class seen in several shares is one record, its count summed, shown by
 * its first session (the lowest index, as an unsplit run would show it); the
 * clean record stays only when no share failed (its sessions summed). A share
 * whose exploration crashed keeps its failed `explore` record.
 */
export function combineExploration<
  T extends { status: string; durationMs: number; exploration?: ExplorationFacts | undefined },
>(records: readonly T[], idOf: (record: T) => string, failing: (record: T) => boolean): T[] {
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
    const [first, other] =
      (record.exploration?.session ?? Infinity) < (earlier.exploration?.session ?? Infinity)
        ? [record, earlier]
        : [earlier, record];
    classes.set(id, {
      ...first,
      durationMs: first.durationMs + other.durationMs,
      ...(first.exploration
        ? {
            exploration: {
              ...first.exploration,
              count: (first.exploration.count ?? 1) + (other.exploration?.count ?? 1),
              ...(first.exploration.shows
                ? {
                    shows: {
                      text: first.exploration.shows.text,
                      // A share that did not count the text counted none of its sessions as holding it.
                      sessions:
                        first.exploration.shows.sessions +
                        (other.exploration?.shows?.text === first.exploration.shows.text
                          ? other.exploration.shows.sessions
                          : 0),
                    },
                  }
                : {}),
            },
          }
        : {}),
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

/** The summaries of several shares as one: sessions summed, the first reason to stop kept, incomplete when any share was. */
export function combineSummaries(
  summaries: ReadonlyArray<ExplorationSummary | undefined>,
): ExplorationSummary | undefined {
  const given = summaries.filter((summary): summary is ExplorationSummary => summary !== undefined);
  if (given.length === 0) return undefined;
  const stopped = given.find((summary) => summary.stopped !== undefined)?.stopped;
  const incomplete = given.some((summary) => summary.incomplete === true);
  const limits = given.flatMap((summary) => (summary.timeLimitMs !== undefined ? [summary.timeLimitMs] : []));
  const { coverage: _first, stopped: _stopped, incomplete: _incomplete, timeLimitMs: _limit, ...first } = given[0]!;
  // What the shares reached, summed pair by pair (a share without it, an older file's, adds nothing).
  const coverage = sumCoverage(given.map((summary) => summary.coverage));
  return {
    ...first,
    sessions: given.reduce((sum, summary) => sum + summary.sessions, 0),
    share: given.reduce((sum, summary) => sum + summary.share, 0),
    ...(stopped !== undefined ? { stopped } : {}),
    ...(coverage !== undefined ? { coverage } : {}),
    ...(incomplete ? { incomplete } : {}),
    ...(limits.length > 0 ? { timeLimitMs: Math.max(...limits) } : {}),
  };
}

/** Scenario results first (as they came), then the exploration's, combined, then the faults, one record per place. */
export function withCombinedExploration(results: readonly ScenarioResult[]): ScenarioResult[] {
  const faults = combineFaultRecords(
    results.filter(isFaultResult),
    (result) => result.stableId ?? '',
    (result) => result.message ?? '',
    (result, message) => ({ ...result, message }),
  );
  const scenarios = results.filter((result) => !isExplorationResult(result) && !isFaultResult(result));
  const explored = results.filter(isExplorationResult);
  if (explored.length === 0) return [...scenarios, ...faults];
  return [
    ...scenarios,
    ...combineExploration(
      explored,
      (result) => result.stableId ?? EXPLORATION_ID,
      (result) => isFailing(result.status),
    ),
    ...faults,
  ];
}

/**
 * `--repeat N`: each repeat's exploration folded into one. A class some
 * repeats found and others did not is flaky (a repeat without it counts as
 * passed for it); the clean record stays only when every repeat was clean.
 */
export function foldExplorationRepeats(repeats: ReadonlyArray<ScenarioResult[]>): ScenarioResult[] {
  if (repeats.length <= 1) return [...(repeats[0] ?? [])];
  const classIds = new Set(
    repeats.flatMap((results) =>
      results.filter((result) => result.stableId !== EXPLORATION_ID).map((result) => result.stableId!),
    ),
  );
  if (classIds.size === 0) return [...repeats[0]!];
  const passes = repeats.flatMap((results, index) => {
    const found = results.filter((result) => result.stableId !== EXPLORATION_ID);
    const present = new Set(found.map((result) => result.stableId));
    const absent = [...classIds].filter((id) => !present.has(id));
    const template = repeats.flat().find((result) => result.stableId !== EXPLORATION_ID)!;
    return [
      ...found.map((result) => ({ pass: index + 1, result })),
      ...absent.map((id) => {
        const {
          exploration: _facts,
          message: _message,
          failureKind: _kind,
          failedStep: _step,
          ...rest
        } = repeats.flat().find((result) => result.stableId === id) ?? template;
        return { pass: index + 1, result: { ...rest, status: 'passed' as const } };
      }),
    ];
  });
  return foldRepeats(passes);
}
