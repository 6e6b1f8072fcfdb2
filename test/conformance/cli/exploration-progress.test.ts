/**
 * The exploration's progress line off a terminal: every few seconds while it
 * runs, the sessions begun of the share (all workers together), and nothing
 * once the run is over. Driven by a fake clock: no waiting.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  EXPLORATION_PROGRESS_EVERY_MS,
  ExplorationProgressLines,
  SYSTEM_CLOCK,
  type ProgressClock,
} from '../../../conformance/cli/exploration-progress.js';

function fakeClock(): ProgressClock & { tick(): void; intervals: number[]; stopped: boolean } {
  let now = 0;
  let run: (() => void) | undefined;
  const clock = {
    intervals: [] as number[],
    stopped: false,
    every(body: () => void, ms: number) {
      run = body;
      clock.intervals.push(ms);
      return { stop: () => void (clock.stopped = true) };
    },
    now: () => now,
    tick() {
      now += EXPLORATION_PROGRESS_EVERY_MS;
      if (!clock.stopped) run?.();
    },
  };
  return clock;
}

describe('the exploration progress line off a terminal', () => {
  it('says every few seconds how many sessions of the share have begun, summed over workers, until the end', () => {
    const lines: string[] = [];
    const clock = fakeClock();
    const progress = new ExplorationProgressLines((line) => lines.push(line), clock);
    progress.exploring({ sessions: 3, share: 100 }, 0);
    progress.exploring({ sessions: 5, share: 100 }, 1);
    expect(clock.intervals).toEqual([EXPLORATION_PROGRESS_EVERY_MS]);
    expect(EXPLORATION_PROGRESS_EVERY_MS).toBeLessThanOrEqual(10_000);
    clock.tick();
    progress.exploring({ sessions: 40, share: 100 }, 0);
    clock.tick();
    progress.end();
    clock.tick();
    progress.exploring({ sessions: 100, share: 100 }, 0);
    expect(lines).toEqual([
      'exploration: 8 of 200 session(s) begun, 5 s so far',
      'exploration: 45 of 200 session(s) begun, 10 s so far',
    ]);
    expect(clock.stopped).toBe(true);
  });

  it("the system clock's timer does not keep the process alive", () => {
    const made = vi.spyOn(globalThis, 'setInterval');
    const timer = SYSTEM_CLOCK.every(() => undefined, 60_000);
    const interval = made.mock.results[0]!.value as NodeJS.Timeout;
    made.mockRestore();
    timer.stop();
    expect(interval.hasRef()).toBe(false);
  });
});
