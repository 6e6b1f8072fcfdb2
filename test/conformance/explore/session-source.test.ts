/**
 * Where a process's exploration sessions come from (session-source.ts): a
 * fixed share as runs of consecutive indexes, or sessions claimed one at a
 * time with the next claim made as each is taken, so a process never waits
 * between sessions and holds at most one it has not begun; a claim that follows
 * on from the last session lengthens its run, so one fast-check pass goes on.
 */
import { describe, expect, it } from 'vitest';
import { claimedSessions, fixedSessions, type SessionRun } from '../../../conformance/explore/session-source.js';

/** Every run, as start and length; `follow`: ask each run for more (as a pass does) until it declines. */
async function allRuns(runs: AsyncIterable<SessionRun>, follow = false): Promise<{ start: number; length: number }[]> {
  const taken: { start: number; length: number }[] = [];
  for await (const run of runs) {
    if (follow) while (await run.more?.());
    taken.push({ start: run.start, length: run.length });
  }
  return taken;
}

describe('a fixed share', () => {
  it('is its runs of consecutive indexes, in order', async () => {
    const source = fixedSessions([0, 1, 2, 5, 6, 9]);
    expect(await allRuns(source.runs())).toEqual([
      { start: 0, length: 3 },
      { start: 5, length: 2 },
      { start: 9, length: 1 },
    ]);
    expect([source.size, source.end, source.given()]).toEqual([6, 10, 6]);
    expect(await allRuns(fixedSessions([]).runs())).toEqual([]);
  });
});

describe('claimed sessions', () => {
  it('are each a run of their own, in the order given, until a claim gets none, when no run asks for more', async () => {
    const answers = [7, 3, 4, undefined, 8];
    const source = claimedSessions(10, 12, async () => answers.shift());
    expect(await allRuns(source.runs())).toEqual([
      { start: 7, length: 1 },
      { start: 3, length: 1 },
      { start: 4, length: 1 },
    ]);
    expect([source.size, source.end, source.given()]).toEqual([10, 12, 3]);
  });

  it('lengthen a run by each claim that follows on from its last session, and start a new run at any other', async () => {
    const answers = [3, 4, 5, 9, 10, 2, undefined];
    const source = claimedSessions(12, 12, async () => answers.shift());
    expect(await allRuns(source.runs(), true)).toEqual([
      { start: 3, length: 3 },
      { start: 9, length: 2 },
      { start: 2, length: 1 },
    ]);
    expect(source.given()).toBe(6);
  });

  it('claim the next session as one is taken, one claim at a time', async () => {
    let asked = 0;
    let outstanding = 0;
    let most = 0;
    const source = claimedSessions(3, 3, async () => {
      asked += 1;
      outstanding += 1;
      most = Math.max(most, outstanding);
      await Promise.resolve();
      outstanding -= 1;
      return asked <= 3 ? asked : undefined;
    });
    const seen: number[] = [];
    for await (const run of source.runs()) {
      // While this session runs, the next one is asked for already.
      seen.push(asked);
      expect(run.start).toBe(asked - 1);
    }
    expect(seen).toEqual([2, 3, 4]);
    expect(most).toBe(1);
  });
});
