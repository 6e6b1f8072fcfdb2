/**
 * What an exploration reached, as the results file holds it (`exploration.coverage`,
 * version 3): per pair of state feature and action, and per value class, the
 * sessions that reached it. Shares of a run (workers, shards) add up, so
 * combining them sums the counts; the exploration itself counts them
 * (explore/coverage.ts).
 */
import type { ExplorationCoverage } from '../../src/results/results-document.js';

/** Counts by pair (`feature\naction`) and by value class, as the results file lists them: sorted, so one exploration always writes the same. */
export function coverageOf(
  pairs: ReadonlyMap<string, number>,
  valueClasses: ReadonlyMap<string, number>,
): ExplorationCoverage {
  return {
    pairs: [...pairs]
      .map(([key, count]) => ({ ...splitPair(key), count }))
      .sort((a, b) => compare(a.feature, b.feature) || compare(a.action, b.action)),
    valueClasses: [...valueClasses]
      .map(([valueClass, count]) => ({ valueClass, count }))
      .sort((a, b) => compare(a.valueClass, b.valueClass)),
  };
}

/** The coverage of several shares as one: counts summed pair by pair and class by class (a share without any, an older file's, adds nothing). */
export function sumCoverage(shares: ReadonlyArray<ExplorationCoverage | undefined>): ExplorationCoverage | undefined {
  const given = shares.filter((share): share is ExplorationCoverage => share !== undefined);
  if (given.length === 0) return undefined;
  const pairs = new Map<string, number>();
  const valueClasses = new Map<string, number>();
  for (const share of given) {
    for (const pair of share.pairs)
      pairs.set(pairKey(pair.feature, pair.action), (pairs.get(pairKey(pair.feature, pair.action)) ?? 0) + pair.count);
    for (const entry of share.valueClasses)
      valueClasses.set(entry.valueClass, (valueClasses.get(entry.valueClass) ?? 0) + entry.count);
  }
  return coverageOf(pairs, valueClasses);
}

export function pairKey(feature: string, action: string): string {
  return `${feature}\n${action}`;
}

function splitPair(key: string): { feature: string; action: string } {
  const [feature, action] = key.split('\n');
  return { feature: feature!, action: action! };
}

/** Code-unit order (no Intl: nothing in a run initialises it). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
