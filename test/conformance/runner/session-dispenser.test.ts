/**
 * The CLI's dispenser of an exploration's sessions to the two processes that
 * draw on one share (exploration-beside.ts): whatever order the claims come
 * in, every session is given once; each process is given stretches of
 * consecutive sessions (a fast-check pass each, session-source.ts), the
 * exploration's from the share's first on, the scenarios' from the upper half
 * of what is left, and few of them; each `--repeat` pass draws anew.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionDispenser } from '../../../conformance/runner/session-dispenser.js';
import type { ClaimStart } from '../../../conformance/explore/session-source.js';

const share = fc.uniqueArray(fc.nat(1000), { maxLength: 300 }).map((indexes) => indexes.sort((a, b) => a - b));
const claims = fc.array(fc.constantFrom<ClaimStart>('first', 'split'), { maxLength: 400 });

/** Each process's given positions in the share, in the order given, for claims made in `order` and then until none is left. */
function draw(indexes: readonly number[], order: readonly ClaimStart[]) {
  const dispenser = new SessionDispenser(indexes);
  const given: Record<ClaimStart, number[]> = { first: [], split: [] };
  for (const start of [...order, ...indexes.map((): ClaimStart => 'first')]) {
    const index = dispenser.claim(start, 1);
    if (index !== undefined) given[start].push(indexes.indexOf(index));
  }
  return { dispenser, given };
}

/** How many times a process's next position was not the one after its last: the passes it starts. */
function stretches(positions: readonly number[]): number {
  return positions.filter((position, at) => at === 0 || position !== positions[at - 1]! + 1).length;
}

describe('the session dispenser', () => {
  it('gives every session of the share once, in any order of claims, then none to either process', () => {
    fc.assert(
      fc.property(share, claims, (indexes, order) => {
        const { dispenser, given } = draw(indexes, order);
        expect([...given.first, ...given.split].sort((a, b) => a - b)).toEqual(indexes.map((_, position) => position));
        expect(dispenser.given()).toBe(indexes.length);
        expect(dispenser.claim('first', 1)).toBeUndefined();
        expect(dispenser.claim('split', 1)).toBeUndefined();
      }),
    );
  });

  it('gives each process few stretches of consecutive sessions: a handful of passes, not one per session', () => {
    fc.assert(
      fc.property(share, claims, (indexes, order) => {
        const { given } = draw(indexes, order);
        // Each time a process must move, it takes the upper half of the longest stretch left: the stretches halve.
        const most = 2 * Math.ceil(Math.log2(indexes.length + 1)) + 2;
        expect(stretches(given.first)).toBeLessThanOrEqual(most);
        expect(stretches(given.split)).toBeLessThanOrEqual(most);
      }),
    );
  });

  it("starts the exploration's process at the first session, and the other in the upper half of what is left", () => {
    const dispenser = new SessionDispenser(Array.from({ length: 100 }, (_, index) => index * 2));
    const first = Array.from({ length: 30 }, () => dispenser.claim('first', 1));
    expect(first).toEqual(Array.from({ length: 30 }, (_, position) => position * 2));
    // 70 left (positions 30 to 99): the upper half starts at position 65.
    expect([dispenser.claim('split', 1), dispenser.claim('split', 1), dispenser.claim('first', 1)]).toEqual([
      130, 132, 60,
    ]);
  });

  it('moves a process whose next session was given to the upper half of the longest stretch left', () => {
    const dispenser = new SessionDispenser([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // first: 0; split: the upper half of 1..9, from 5; first: 1 to 4; then 5 is gone: the longest left is 8..9 (split at 7).
    expect(dispenser.claim('first', 1)).toBe(0);
    expect([dispenser.claim('split', 1), dispenser.claim('split', 1), dispenser.claim('split', 1)]).toEqual([5, 6, 7]);
    expect([1, 2, 3, 4].map(() => dispenser.claim('first', 1))).toEqual([1, 2, 3, 4]);
    expect([dispenser.claim('first', 1), dispenser.claim('split', 1), dispenser.claim('split', 1)]).toEqual([
      9,
      8,
      undefined,
    ]);
  });

  it('draws on the whole share again in each pass, and gives nothing for a pass that is not one', () => {
    const dispenser = new SessionDispenser([3, 5, 9]);
    expect([dispenser.claim('first', 1), dispenser.claim('split', 1), dispenser.claim('first', 1)]).toEqual([3, 9, 5]);
    expect(dispenser.claim('split', 1)).toBeUndefined();
    expect([dispenser.claim('split', 2), dispenser.claim('split', 2)]).toEqual([5, 9]);
    for (const pass of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(dispenser.claim('first', pass)).toBeUndefined();
    }
    expect(dispenser.given()).toBe(5);
    expect(dispenser.size).toBe(3);
  });
});
