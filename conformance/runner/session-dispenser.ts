/**
 * The CLI's side of an exploration whose share two processes draw on
 * (exploration-beside.ts): it hands out the share's sessions one at a time,
 * the first ones to the exploration's process, the last ones to the
 * scenarios' process once its scenarios are done, until the two meet. Each
 * session is given once; a claim after that is answered with none. How fast
 * each process turns out to be (a warm process runs a session in a fraction of
 * a fresh one's time, a loaded machine slows either) decides where they meet,
 * so both end about together without a split tuned to one machine. A `--repeat`
 * run draws on the share again in each pass.
 */
import type { ShareEnd } from '../explore/session-source.js';

export class SessionDispenser {
  private readonly passes = new Map<number, { first: number; last: number }>();
  private givenCount = 0;

  /** `share`: the session indexes of the run's share, in order. */
  constructor(private readonly share: readonly number[]) {}

  /** The next session of pass `pass` from `end` of the share, or undefined once the pass's share is drawn. */
  claim(end: ShareEnd, pass: number): number | undefined {
    if (!Number.isSafeInteger(pass) || pass < 1) return undefined;
    let drawn = this.passes.get(pass);
    if (!drawn) {
      drawn = { first: 0, last: this.share.length };
      this.passes.set(pass, drawn);
    }
    if (drawn.first >= drawn.last) return undefined;
    this.givenCount += 1;
    return end === 'first' ? this.share[drawn.first++] : this.share[--drawn.last];
  }

  /** Sessions given so far, every pass together. */
  given(): number {
    return this.givenCount;
  }

  /** Sessions of one pass. */
  get size(): number {
    return this.share.length;
  }
}
