/**
 * The deadlines of the adapter calls in flight, watched by one timer (issue 36).
 *
 * Every adapter call is time-limited (time-limit.ts), and an exploration makes tens of thousands of them, nearly
 * all answered within microseconds. A Node timer per call, made and cleared, was about 3% of the exploration's
 * CPU (docs/benchmark.md, round 44): each makes a timer object and, its duration's list being empty again after
 * the last clear, a new list in the timers' priority queue. Here a call notes its deadline in a list and marks it
 * settled when it settles; one timer is armed for the earliest deadline and, when it fires, fails every call whose
 * deadline has passed and arms again for the next. A call that settles leaves the timer armed for whatever
 * comes next, only no longer holding the process open (`unref`) while no call is in flight, as a cleared timer
 * did not.
 */

/** The longest delay a Node timer keeps (a longer one fires at once). */
const LONGEST_TIMER_MS = 2_147_483_647;

/** A call's deadline (`performance.now()`'s clock), what to do if it passes first, and whether it settled. */
export interface Watched {
  readonly due: number;
  readonly late: () => void;
  done: boolean;
}

export class CallDeadlines {
  /**
   * The calls watched since none was last in flight, settled or not: a list, not a Set, since a Set that grows by
   * one and shrinks by one at every call reallocates its table each time (seen in the profile).
   */
  private watched: Watched[] = [];
  /** How many of them are still in flight. */
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  /** When the armed timer is due; infinite while none is armed. */
  private armedFor = Number.POSITIVE_INFINITY;

  /** Calls `late` once `limitMs` have passed, unless `settled` is called first. */
  watch(limitMs: number, late: () => void): Watched {
    const watched = { due: performance.now() + limitMs, late, done: false };
    this.watched.push(watched);
    this.inFlight += 1;
    if (watched.due < this.armedFor) this.arm(watched.due, limitMs);
    else if (this.inFlight === 1) this.timer?.ref();
    return watched;
  }

  /** The call settled: its deadline no longer matters. */
  settled(watched: Watched): void {
    if (watched.done) return;
    watched.done = true;
    this.inFlight -= 1;
    if (this.inFlight === 0) {
      this.watched = [];
      this.timer?.unref();
    } else if (this.watched.length > 64 && this.watched.length > 4 * this.inFlight) {
      // Calls made and settled while a longer one stays in flight (a turn's model calls): kept to a few.
      this.watched = this.watched.filter((kept) => !kept.done);
    }
  }

  private arm(due: number, delayMs: number): void {
    clearTimeout(this.timer);
    this.armedFor = due;
    this.timer = setTimeout(() => this.fire(), Math.min(LONGEST_TIMER_MS, Math.max(1, Math.ceil(delayMs))));
    if (this.inFlight === 0) this.timer.unref();
  }

  /** Fails the calls whose deadline has passed, and arms the timer for the earliest of the rest. */
  private fire(): void {
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
    const now = performance.now();
    const late = this.watched.filter((watched) => !watched.done && watched.due <= now);
    for (const watched of late) this.settled(watched);
    this.watched = this.watched.filter((watched) => !watched.done);
    const next = this.watched.reduce((earliest, watched) => Math.min(earliest, watched.due), Number.POSITIVE_INFINITY);
    // A timer may fire a little before its due time by this clock (Node counts from the event loop's time).
    if (next !== Number.POSITIVE_INFINITY) this.arm(next, next - now);
    for (const watched of late) watched.late();
  }
}
