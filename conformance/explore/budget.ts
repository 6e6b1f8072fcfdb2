/**
 * How much a run explores. Every whole run explores after its scenarios, from
 * a fixed seed, so two runs of one kit on one host explore the same sessions
 * and give the same verdict. The default budget is sized so that a default run
 * on the reference costs at most twice the scenario-only run (measured by
 * `npm run bench`); nightly jobs explore ten times as much (`--explore 2000`).
 * A run narrowed by `--tags` or `--features` explores only when `--explore N`
 * is given: it asked for some scenarios, not for a verdict on the host.
 * Dependency-free: the CLI decides before anything heavy loads.
 */

/** Sessions a default run explores. */
export const DEFAULT_EXPLORE_SESSIONS = 200;
/** The seed of a default run's exploration. */
export const DEFAULT_EXPLORE_SEED = 23;
/** At most this many commands per generated session (as `explore --max-steps`). */
export const DEFAULT_MAX_STEPS = 12;
/** Budgets beyond this are refused: a typo of a few zeros would run for days. */
export const MAX_EXPLORE_SESSIONS = 1_000_000;

/**
 * The exploration's overall time limit when none is given: a call limit per
 * session of the share on average, and at least a minute. The reference runs
 * its 200 sessions in seconds; a host that answers every call just under the
 * call limit would otherwise take a day (every session makes dozens of calls),
 * and reaching the limit fails the run as incomplete rather than hanging it.
 */
export function explorationTimeLimit(share: number, callLimitMs: number): number {
  return Math.max(60_000, share * callLimitMs);
}

/** `--explore-time-limit` beyond this is refused (about 23 days, within a timer's range). */
export const MAX_EXPLORE_TIME_LIMIT_S = 2_000_000;

/** What `--explore` and `--explore-seed` asked for, as parsed. */
export interface ExploreChoice {
  /** `--explore N` or `--explore off`; undefined: the default. */
  explore?: number | 'off';
  exploreSeed?: number;
  tags: string;
  featuresDir?: string;
}

/** What a run explores: a budget and a seed, or nothing. */
export interface ExplorePlan {
  budget: number;
  seed: number;
}

export function explorePlan(choice: ExploreChoice): ExplorePlan | undefined {
  const seed = choice.exploreSeed ?? DEFAULT_EXPLORE_SEED;
  if (choice.explore === 'off') return undefined;
  if (typeof choice.explore === 'number') return { budget: choice.explore, seed };
  const narrowed = choice.tags !== '' || choice.featuresDir !== undefined;
  return narrowed ? undefined : { budget: DEFAULT_EXPLORE_SESSIONS, seed };
}
