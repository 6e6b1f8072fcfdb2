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
  /** How a host failed to answer (an adapter call that failed); absent: the host answered and the oracle disagreed (`assertion`). */
  kind?: HostFailureKind;
}

/** How an adapter call fails, as a scenario's failure kinds name it. */
export type HostFailureKind = 'adapter-error' | 'timeout' | 'crash' | 'protocol-error';

/**
 * What an action, an answer's check or a check hands back: the disagreement it found, or none. They never stop
 * the session themselves; the session runner (or, inside a call the host made into the kit, the explored
 * session's guard) records the first one found, and the session ends there.
 */
export type Found = Disagreement | undefined;

/** A disagreement: `check` names the oracle's check (the class), `step` the suite step that fails on the host. */
export function disagreement(
  check: string,
  clauses: readonly string[],
  message: string,
  step: Disagreement['step'],
): Disagreement {
  return { clauses: [...new Set(clauses)], check, message, ...(step ? { step } : {}) };
}

/**
 * An adapter call that threw (or timed out, or returned a malformed value):
 * the action itself failed. Its kind is the failure's, as a scenario's would
 * be: a host process that died or broke the protocol is not a host error.
 */
export function adapterError(error: unknown): Disagreement {
  const message = error instanceof Error ? error.message : String(error);
  return { clauses: [], check: 'adapter-call', message, kind: hostFailureKind(error, message) };
}

function hostFailureKind(error: unknown, message: string): HostFailureKind {
  const name = error instanceof Error ? error.name : '';
  if (name === 'AdapterTimeoutError' || /^adapter method \S+: did not answer within \d+ ms/.test(message))
    return 'timeout';
  if (name === 'HostCrashError') return 'crash';
  if (name === 'HostProtocolError') return 'protocol-error';
  return 'adapter-error';
}
