/**
 * The exploration a default run makes (its seed, budget and steps), as the mutant and variant matrices
 * run it against a patched reference: one place, so neither matrix can drift from what a run explores.
 * The variant matrix may ask for another budget or seed (`--explore N`, `--seed S`); nothing else differs.
 */
import { DEFAULT_EXPLORE_SEED, DEFAULT_EXPLORE_SESSIONS, DEFAULT_MAX_STEPS } from '../conformance/explore/budget.js';
import { explore, type Exploration, type ExplorationOptions } from '../conformance/explore/explore.js';
import type { Adapter, ClauseLevel, Edition } from '../src/index.js';

/** The budget and seed of a default run's exploration, which the matrices explore unless asked otherwise. */
export const DEFAULT_RUN_EXPLORATION = { budget: DEFAULT_EXPLORE_SESSIONS, seed: DEFAULT_EXPLORE_SEED } as const;

/** Call limit of the matrices' explorations (patched references answer at once). */
const CALL_LIMIT_MS = 2_000;

export function exploreAsDefaultRun(
  adapter: Adapter,
  edition: Edition,
  levels: ReadonlyMap<string, ClauseLevel>,
  more: Pick<ExplorationOptions, 'classLimit'> & Partial<Pick<ExplorationOptions, 'budget' | 'seed'>> = {},
): Promise<Exploration> {
  return explore({
    adapter,
    edition,
    strict: false,
    levels,
    callLimitMs: CALL_LIMIT_MS,
    maxSteps: DEFAULT_MAX_STEPS,
    seed: DEFAULT_EXPLORE_SEED,
    budget: DEFAULT_EXPLORE_SESSIONS,
    replay: '',
    shrinkRuns: 0,
    ...more,
  });
}
