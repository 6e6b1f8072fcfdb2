/**
 * The kit's oracle: an executable reading of the SET/NARR/STATE clauses for one
 * agent. It predicts, for any sequence of selections, prompts and request
 * boundaries, what `set` answers, which `plan/mode` events are logged, whether
 * each request is assembled in plan mode, and how many notices the model has
 * been sent by then. It knows nothing of any host; model-based tests compare a
 * host against it.
 */
import type { SetOutcome } from '../../src/index.js';

export class PlanOracle {
  /** The logged state (STATE-02). */
  logged = false;
  /** The selected target waiting for a boundary (SET-02), if any. */
  pending: boolean | undefined;
  /** Whether a turn is open. */
  running = false;
  /** The state the last request header described, or undefined before any request (NARR-02). */
  lastHeader: boolean | undefined;
  /** Every plan/mode event logged, in order. */
  readonly events: boolean[] = [];
  /** Notices added so far (NARR-01). */
  notices = 0;

  /** `set(agent, target)` (SET-01..04). */
  set(target: boolean): SetOutcome {
    if (this.pending !== undefined && target === this.pending) return 'noop';
    if (this.pending !== undefined) {
      this.pending = undefined; // back to the logged state: withdrawn, no notice (NARR-03)
      return 'cancelled';
    }
    if (target === this.logged) return 'noop';
    if (this.running) {
      this.pending = target;
      return 'queued';
    }
    this.commit(target);
    return 'committed';
  }

  /** `get(agent)` (SET-05). */
  get(): { active: boolean; pending?: boolean } {
    return this.pending === undefined ? { active: this.logged } : { active: this.logged, pending: this.pending };
  }

  /** A request boundary: the pending selection is applied first (SET-06, SET-08), then the request is assembled. */
  request(): { inPlanMode: boolean; noticesSoFar: number } {
    if (this.pending !== undefined) {
      const target = this.pending;
      this.pending = undefined;
      if (target !== this.logged) this.commit(target);
    }
    this.lastHeader = this.logged;
    return { inPlanMode: this.logged, noticesSoFar: this.notices };
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
    if (this.lastHeader !== undefined && this.lastHeader !== target) this.notices += 1;
  }
}
