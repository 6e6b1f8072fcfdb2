/**
 * The kit's oracle for one agent: an executable reading of the SET, NARR and
 * STATE clauses, plus what the exit tool's approval and the `/plan` command's
 * projection target do to that agent's state. It predicts, for any sequence of
 * selections, prompts and request boundaries, what `set` answers, which
 * `plan/mode` events are logged, whether each request is assembled in plan
 * mode, and which notices the model has been sent by then. It knows nothing
 * of any host; model-based tests compare a host against it.
 *
 * Where the seed leaves a choice open the oracle keeps both readings (see
 * `acceptsGet`): it predicts only what a MUST clause fixes. Where an edition
 * reads a clause differently (a retry, the projection's `command/done`), the
 * oracle follows the edition it is made for (edition-readings.ts).
 */
import { DEFAULT_EDITION, type Edition, type PlanModeState, type SetOutcome } from '../../src/index.js';
import { EDITION_READINGS, type EditionReading } from './edition-readings.js';

/** The clause that fixes each answer of `set` (SET-01..04): a different answer breaks the clause of the predicted one. */
export const SET_OUTCOME_CLAUSE: Readonly<Record<SetOutcome, string>> = {
  committed: 'SET-01',
  queued: 'SET-02',
  cancelled: 'SET-03',
  noop: 'SET-04',
};

/**
 * The projection that agrees with what `get` answered (PROJ-05, once a `/plan` line completed): the same
 * active state, and a selection pending exactly when `get` shows one other than the active state.
 */
export function projectionAgreeingWith(state: PlanModeState): { active: boolean; pending: boolean } {
  return { active: state.active, pending: state.pending !== undefined && state.pending !== state.active };
}

/** Which way a notice tells the model the user switched. */
export type NoticeDirection = 'entering' | 'leaving';

export class PlanOracle {
  /** The logged state (STATE-02). */
  logged = false;
  /** The selected target waiting for a boundary (SET-02), if any. */
  pending: boolean | undefined;
  /** Whether a turn is open. */
  running = false;
  /** The state the last request header described, or undefined before any request (NARR-02). */
  lastHeader: boolean | undefined;
  /** Every plan/mode event this agent logged itself, in order (a fork's inherited ones are not here). */
  readonly events: boolean[] = [];
  /** Notices added so far (NARR-01). */
  notices = 0;
  /** The direction of every notice added so far, in order. */
  readonly noticeDirections: NoticeDirection[] = [];
  /** The `/plan` target the session projection keeps (PROJ-02); cleared by a commit. */
  projectionTarget: boolean | undefined;
  /** rc.8: the target of a `/plan` line that ran and is not done yet (its `command/done` settles it). */
  projectionUnsettled: boolean | undefined;
  /** Whether a pending selection was withdrawn since the last pre-step: `get` MAY then still show a pending equal to active (SET-03). */
  withdrawn = false;
  /** Clause ids that explain the state in force: the last thing that changed or kept it. */
  cause: string[] = ['STATE-02'];
  private readonly reading: EditionReading;

  constructor(readonly edition: Edition = DEFAULT_EDITION) {
    this.reading = EDITION_READINGS[edition];
  }

  /** Whether a request of this kind is a pre-step: the pending selection and steered messages reach it (SET-06, CMD-03). */
  isPreStep(kind: { retry: boolean }): boolean {
    return !kind.retry || this.reading.retryIsPreStep;
  }

  /** `set(agent, target)` (SET-01..04). */
  set(target: boolean): SetOutcome {
    if (this.pending !== undefined && target === this.pending) return 'noop';
    if (this.pending !== undefined) {
      this.pending = undefined; // back to the logged state: withdrawn, no notice (NARR-03)
      this.withdrawn = true;
      this.cause = ['SET-03', 'NARR-03'];
      return 'cancelled';
    }
    if (target === this.logged) return 'noop';
    if (this.running) {
      this.pending = target;
      return 'queued';
    }
    this.commit(target);
    this.cause = ['SET-01', 'NARR-01'];
    return 'committed';
  }

  /** `get(agent)` as the oracle predicts it (SET-05). */
  get(): { active: boolean; pending?: boolean } {
    return this.pending === undefined ? { active: this.logged } : { active: this.logged, pending: this.pending };
  }

  /**
   * Whether a host's `get` answer is one the MUST clauses allow: the logged
   * state, the waiting target when one waits, and otherwise no pending (one
   * withdrawn since the last pre-step MAY still show, equal to `active`:
   * SET-03, SET-05).
   */
  acceptsGet(state: PlanModeState): boolean {
    if (state.active !== this.logged) return false;
    if (this.pending !== undefined) return state.pending === this.pending;
    return state.pending === undefined || (this.withdrawn && state.pending === state.active);
  }

  /**
   * A request boundary: the pending selection is applied first (SET-06,
   * SET-08), then the request is assembled. A retry that is no pre-step (rc.8)
   * re-sends the failed request: nothing is applied, and it shows what that one showed.
   */
  request(kind: { retry: boolean } = { retry: false }): {
    inPlanMode: boolean;
    noticesSoFar: number;
    applied: boolean;
  } {
    if (!this.isPreStep(kind)) {
      if (this.pending !== undefined) this.cause = ['SET-06'];
      return { inPlanMode: this.lastHeader ?? this.logged, noticesSoFar: this.notices, applied: false };
    }
    let applied = false;
    // A retry leaves the leniency alone: in rc.8 it is no pre-step, and a host read in the other edition may differ there alone.
    if (!kind.retry) this.withdrawn = false;
    if (this.pending !== undefined) {
      const target = this.pending;
      this.pending = undefined;
      applied = true;
      if (target !== this.logged) this.commit(target);
      this.cause = ['SET-06', 'SET-07', 'SET-08'];
    }
    this.lastHeader = this.logged;
    return { inPlanMode: this.logged, noticesSoFar: this.notices, applied };
  }

  /**
   * An exit approved through `exit_plan_mode` (TOOL-05): inactive from the next
   * request on, with no notice (NARR-04). A pending leave now equals the logged
   * state, so the next boundary appends nothing.
   */
  approveExit(): void {
    this.logged = false;
    this.events.push(false);
    this.clearProjection();
    if (this.pending === false) this.pending = undefined;
    this.cause = ['TOOL-05', 'NARR-04'];
  }

  /** A `/plan` line's `command/run` as the projection folds it (PROJ-02): the target (rc.8: a candidate), until the next commit. */
  commandRun(target: boolean): void {
    if (this.reading.projectionSettlesOnDone) this.projectionUnsettled = target;
    else this.projectionTarget = target;
  }

  /** The line's outcome (rc.8's `command/done`): a success keeps its target, a failure drops it (PROJ-02, PROJ-03). */
  commandDone(ok: boolean): void {
    if (!this.reading.projectionSettlesOnDone || this.projectionUnsettled === undefined) return;
    if (ok) this.projectionTarget = this.projectionUnsettled;
    this.projectionUnsettled = undefined;
  }

  /** The projection view the log folds to (PROJ-02, PROJ-03). */
  projection(): { active: boolean; pending: boolean } {
    const selected = this.projectionUnsettled ?? this.projectionTarget;
    return { active: this.logged, pending: selected !== undefined && selected !== this.logged };
  }

  openTurn(): void {
    this.running = true;
  }

  closeTurn(): void {
    this.running = false;
  }

  private commit(target: boolean): void {
    this.logged = target;
    this.events.push(target);
    this.clearProjection();
    if (this.lastHeader !== undefined && this.lastHeader !== target) {
      this.notices += 1;
      this.noticeDirections.push(target ? 'entering' : 'leaving');
    }
  }

  private clearProjection(): void {
    this.projectionTarget = undefined;
    this.projectionUnsettled = undefined;
  }
}
