/**
 * The deadlines of the adapter calls in flight, watched by one timer (issue 36).
 *
 * Every adapter call is time-limited (time-limit.ts), and an exploration makes tens of thousands of them, nearly
 * all answered within microseconds. A Node timer per call, made and cleared, was about 3% of the exploration's
 * CPU (docs/benchmark.md, round 44): each makes a timer object and, its duration's list being empty again after
 * the last clear, a new list in the timers' priority queue. Here a call notes its deadline in a set and takes it
 * out when it settles; one timer is armed for the earliest deadline and, when it fires, fails every call whose
 * deadline has passed and arms again for the next. A call that settles leaves the timer armed for whatever
 * comes next, only no longer holding the process open (`unref`) while no call is in flight, as a cleared timer
 * did not.
 */

/** The longest delay a Node timer keeps (a longer one fires at once). */
const LONGEST_TIMER_MS = 2_147_483_647;

/** A call's deadline (`performance.now()`'s clock) and what to do if it passes first. */
export interface Watched {
  readonly due: number;
  readonly late: () => void;
}

export class CallDeadlines {
  private readonly pending = new Set<Watched>();
  private timer: NodeJS.Timeout | undefined;
  /** When the armed timer is due; infinite while none is armed. */
  private armedFor = Number.POSITIVE_INFINITY;

  /** Calls `late` once `limitMs` have passed, unless `settled` is called first. */
  watch(limitMs: number, late: () => void): Watched {
    const watched = { due: performance.now() + limitMs, late };
    this.pending.add(watched);
    if (watched.due < this.armedFor) this.arm(watched.due, limitMs);
    else if (this.pending.size === 1) this.timer?.ref();
    return watched;
  }

  /** The call settled: its deadline no longer matters. */
  settled(watched: Watched): void {
    if (this.pending.delete(watched) && this.pending.size === 0) this.timer?.unref();
  }

  private arm(due: number, delayMs: number): void {
    clearTimeout(this.timer);
    this.armedFor = due;
    this.timer = setTimeout(() => this.fire(), Math.min(LONGEST_TIMER_MS, Math.max(1, Math.ceil(delayMs))));
    if (this.pending.size === 0) this.timer.unref();
  }

  /** Fails the calls whose deadline has passed, and arms the timer for the earliest of the rest. */
  private fire(): void {
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
    const now = performance.now();
    let next = Number.POSITIVE_INFINITY;
    for (const watched of [...this.pending]) {
      if (watched.due <= now) {
        this.pending.delete(watched);
        watched.late();
      } else next = Math.min(next, watched.due);
    }
    // A timer may fire a little before its due time by this clock (Node counts from the event loop's time).
    if (next !== Number.POSITIVE_INFINITY) this.arm(next, next - now);
  }
}
