/**
 * Off a terminal (a CI log), a line on stderr every few seconds while the
 * exploration runs: how many of its sessions have begun and how long it has
 * taken, so a slow host (every call just under the call limit) shows it is
 * moving rather than a silent job. On a terminal the progress line does this
 * job. The timer never keeps the process alive (unref), and it is injected,
 * so a test drives it without waiting.
 */
import type { ExplorationProgress, SuiteEvents } from '../runner/run-suite.js';

/** How often the line is written. */
export const EXPLORATION_PROGRESS_EVERY_MS = 5_000;

/** A repeating timer and the time: the system's, or a test's. */
export interface ProgressClock {
  every(run: () => void, ms: number): { stop(): void };
  now(): number;
}

export const SYSTEM_CLOCK: ProgressClock = {
  every(run, ms) {
    const timer = setInterval(run, ms);
    timer.unref();
    return { stop: () => clearInterval(timer) };
  },
  now: () => performance.now(),
};

export class ExplorationProgressLines implements Pick<SuiteEvents, 'exploring'> {
  /** Each worker's share, by lane. */
  private readonly lanes = new Map<number, ExplorationProgress>();
  private timer: { stop(): void } | undefined;
  private startedAt = 0;
  private ended = false;

  constructor(
    private readonly write: (line: string) => void,
    private readonly clock: ProgressClock = SYSTEM_CLOCK,
  ) {}

  exploring(progress: ExplorationProgress, lane = 0): void {
    if (this.ended) return;
    this.lanes.set(lane, progress);
    if (this.timer) return;
    this.startedAt = this.clock.now();
    this.timer = this.clock.every(() => this.tell(), EXPLORATION_PROGRESS_EVERY_MS);
  }

  /** No more lines (the run is over). */
  end(): void {
    this.ended = true;
    this.timer?.stop();
    this.timer = undefined;
  }

  private tell(): void {
    const shares = [...this.lanes.values()];
    const sessions = shares.reduce((sum, share) => sum + share.sessions, 0);
    const share = shares.reduce((sum, one) => sum + one.share, 0);
    const seconds = Math.round((this.clock.now() - this.startedAt) / 1000);
    this.write(`exploration: ${sessions} of ${share} session(s) begun, ${seconds} s so far`);
  }
}
