/** One scenario's outcome as the kit reports it. */
import type { ClauseLevel, FailureKind, FaultKind, FaultPlace } from '../../src/index.js';
import type { ExplorationCoverage } from '../../src/results/results-document.js';

export type ScenarioStatus = 'passed' | 'failed' | 'skipped' | 'undefined' | 'pending' | 'ambiguous';

export interface ScenarioResult {
  stableId: string | undefined;
  name: string;
  uri: string;
  /** Line of the scenario (or of the outline row) in its feature file. */
  line?: number;
  clauses: string[];
  /**
   * The level of the scenario's clauses: `recommended` only when every clause
   * it names is recommended (the coverage lint rejects mixed scenarios; a mixed
   * one still counts as required, so it can never be excused by its level).
   */
  level: ClauseLevel;
  status: ScenarioStatus;
  /** First failure message, for failed/undefined/pending/ambiguous. */
  message?: string;
  /**
   * How it failed: set for every failing status. `crash` is set by whoever runs
   * the suite when the host process died under the scenario.
   */
  failureKind?: FailureKind;
  /** The text of the failing step (keyword excluded), or `(Before hook)` / `(After hook)`. */
  failedStep?: string;
  /** The failing step's line in the scenario's feature file (absent for a hook). */
  failedStepLine?: number;
  /** Why the scenario was skipped (a missing capability, with the adapter's reason). */
  skipReason?: string;
  durationMs: number;
  /**
   * Set when `--repeat` ran the scenario several times and its outcome
   * differed between them: each repeat's outcome, in order. The result is
   * then the first failing repeat's.
   */
  flaky?: RepeatOutcome[];
  /** Set on the records of the exploration that follows the scenarios (explore/exploration-records.ts). */
  exploration?: ExplorationFacts;
  /** Set on a fault no scenario could be charged with (runner/fault-records.ts): its kind and where it happened. */
  fault?: { kind: FaultKind; during: FaultPlace };
}

/**
 * What an exploration record adds: the seed and budget of the exploration;
 * for a class of disagreement (id `explore:<CLAUSE>/<check>`) its check, how
 * many sessions showed it, and its first session, shrunk: fast-check path,
 * the scenario and the command that replays it. The clean exploration (id
 * `explore`) says how many sessions agreed.
 */
export interface ExplorationFacts {
  seed: number;
  budget: number;
  /** The clean record: sessions that agreed with the oracle. */
  sessions?: number;
  check?: string;
  /** Sessions that disagreed in this class. */
  count?: number;
  /** The index of its first session in the exploration, the one shrunk. */
  session?: number;
  /** fast-check's path of the shrunk session. */
  path?: string;
  /** The shrunk session as a Gherkin scenario. */
  scenario?: string;
  /** The command that replays it. */
  replay?: string;
  /** A class's failure kind (part of the class: an entry for one kind excuses no other). */
  kind?: FailureKind;
  /**
   * The text a baseline entry's `shows` names for this class (the run passes
   * it to the exploration), and how many of the class's sessions held it in
   * their scenario: the entry excuses the class only when every one did.
   */
  shows?: ClassMark;
}

/** A text a baseline entry requires of every session of a class, and how many sessions held it. */
export interface ClassMark {
  text: string;
  sessions: number;
}

/** What a run (or a share of it) explored: the whole exploration's seed and budget, the sessions run, and why it stopped early. */
export interface ExplorationSummary {
  seed: number;
  budget: number;
  maxSteps: number;
  /** Sessions run. */
  sessions: number;
  /** Sessions its share held (the budget, for a run that was not sharded). */
  share: number;
  stopped?: string;
  /** What the sessions run reached: pairs of state feature and action, value classes (explore/coverage.ts). */
  coverage?: ExplorationCoverage;
  /** The share was not all run (the time limit): the run fails "exploration incomplete: N of M sessions". */
  incomplete?: boolean;
  /** The share's overall time limit, in milliseconds. */
  timeLimitMs?: number;
}
/** How one repeat of a scenario ended: what decides whether two repeats agree, and its first message line. */
export interface RepeatOutcome {
  status: ScenarioStatus;
  failureKind?: FailureKind;
  failedStep?: string;
  message?: string;
}

/** Statuses that fail a run: anything not checked is never counted as passed. */
export function isFailing(status: ScenarioStatus): boolean {
  return status === 'failed' || status === 'undefined' || status === 'pending' || status === 'ambiguous';
}

/** What a scenario is before it has a result: enough to name it if it never finishes. */
export interface ScenarioStart {
  stableId: string | undefined;
  name: string;
  uri: string;
  /** Line of the scenario or outline row, which orders results as a serial run does. */
  line?: number;
  clauses: string[];
}
