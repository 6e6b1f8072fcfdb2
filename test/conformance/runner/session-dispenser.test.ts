/**
 * The CLI's dispenser of an exploration's sessions to the two processes that
 * draw on one share (exploration-beside.ts): whatever order the claims come
 * in, every session is given once, the first ones to the process claiming
 * from the first, the last ones to the other; each `--repeat` pass draws anew.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionDispenser } from '../../../conformance/runner/session-dispenser.js';
import type { ShareEnd } from '../../../conformance/explore/session-source.js';

describe('the session dispenser', () => {
  it('gives every session of the share once, a prefix to the first end and the rest to the last, in any order of claims', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(1000)).map((indexes) => indexes.sort((a, b) => a - b)),
        fc.array(fc.constantFrom<ShareEnd>('first', 'last'), { maxLength: 60 }),
        (share, claims) => {
          const dispenser = new SessionDispenser(share);
          const given: Record<ShareEnd, number[]> = { first: [], last: [] };
          for (const end of [...claims, ...share.map((): ShareEnd => 'first'), 'last' as const]) {
            const index = dispenser.claim(end, 1);
            if (index !== undefined) given[end].push(index);
          }
          expect([...given.first, ...[...given.last].reverse()]).toEqual(share);
          expect(dispenser.given()).toBe(share.length);
          expect(dispenser.claim('first', 1)).toBeUndefined();
          expect(dispenser.claim('last', 1)).toBeUndefined();
        },
      ),
    );
  });

  it('draws on the whole share again in each pass, and gives nothing for a pass that is not one', () => {
    const dispenser = new SessionDispenser([3, 5, 9]);
    expect([dispenser.claim('first', 1), dispenser.claim('last', 1), dispenser.claim('first', 1)]).toEqual([3, 9, 5]);
    expect(dispenser.claim('last', 1)).toBeUndefined();
    expect([dispenser.claim('last', 2), dispenser.claim('last', 2)]).toEqual([9, 5]);
    for (const pass of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(dispenser.claim('first', pass)).toBeUndefined();
    }
    expect(dispenser.given()).toBe(5);
    expect(dispenser.size).toBe(3);
  });
});
