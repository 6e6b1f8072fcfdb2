/** What an explored session found wrong: one disagreement between a host and the oracle. */

/** One disagreement: the clauses it breaks, the check that failed, what differed, and the suite step that checks it. */
export interface Disagreement {
  clauses: string[];
  /**
   * The oracle's check that failed, a short stable kebab-case name (`notice-count`, `set-outcome`): with the
   * clause it is the disagreement's class, the same whatever the seed, the session or the host's texts.
   */
  check: string;
  message: string;
  /** The step that fails on the host; undefined when the failing step is the action itself (an adapter error). */
  step?: { text: string; midTurn: boolean };
  /** Set when the disagreement was observed at a retry of a failed request (so `--expect ID@retry` can name that class). */
  at?: 'retry';
}

/** Raised to stop the session at the first disagreement. */
export class Stop extends Error {
  constructor(readonly disagreement: Disagreement) {
    super(disagreement.message);
  }
}

/** An adapter call that threw (or timed out, or returned a malformed value): the action itself failed. */
export function adapterError(error: unknown): Disagreement {
  return { clauses: [], check: 'adapter-call', message: error instanceof Error ? error.message : String(error) };
}
