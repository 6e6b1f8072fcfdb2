/**
 * How a run's results name its exploration: dependency-free, so the CLI, the
 * supervisor and the merge can tell exploration records from scenarios
 * without loading the exploration.
 */

/** The id of the clean exploration's record, and the prefix of every class's (`explore:<CLAUSE>/<check>`). */
export const EXPLORATION_ID = 'explore';

/** Where exploration records sit among scenario results: after every feature file. */
export const EXPLORATION_URI = '~exploration';

/** Where replayed exploration classes sit among a run's results (explore/replay-feature.ts writes their feature). */
export const REPLAY_URI = '~replay';

export function isExplorationResult(result: { uri: string }): boolean {
  return result.uri === EXPLORATION_URI;
}
