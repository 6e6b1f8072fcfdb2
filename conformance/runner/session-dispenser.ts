/**
 * The CLI's side of an exploration whose share two processes draw on
 * (exploration-beside.ts): it hands out the share's sessions one at a time.
 * The exploration's process starts at the share's first session; the
 * scenarios' process, once its scenarios are done, starts in the upper half of
 * what is left. Each is then given the session after its last while that one is
 * still there, and otherwise the start of the upper half of the longest stretch
 * left, until none is. Each session is given once; a claim after that is
 * answered with none. How fast each process turns out to be (a warm process
 * runs a session in a fraction of a fresh one's time, a loaded machine slows
 * either) decides where they meet, so both end about together without a split
 * tuned to one machine. A `--repeat` run draws on the share again in each pass.
 *
 * Why stretches and not one session from each end: a process generates a run of
 * consecutive sessions in one fast-check pass, and a pass started at session k
 * first jumps the random generator k times (session-source.ts). Drawn one at a
 * time from the end, the scenarios' process paid about 190 jumps a session, and
 * the exploration's a pass per session too: about 20,000 jumps a default run, a
 * tenth of a second of CPU in the exploration's capped tiers. In stretches each
 * process makes a few passes.
 */
import type { ClaimStart } from '../explore/session-source.js';

/** One pass's draw: which of the share's positions are given, and where each process would go on. */
interface PassDraw {
  readonly given: boolean[];
  left: number;
  readonly next: Map<ClaimStart, number>;
}

export class SessionDispenser {
  private readonly passes = new Map<number, PassDraw>();
  private givenCount = 0;

  /** `share`: the session indexes of the run's share, in order. */
  constructor(private readonly share: readonly number[]) {}

  /** The next session of pass `pass` for the process that starts at `start`, or undefined once the pass's share is drawn. */
  claim(start: ClaimStart, pass: number): number | undefined {
    if (!Number.isSafeInteger(pass) || pass < 1) return undefined;
    let draw = this.passes.get(pass);
    if (!draw) {
      draw = { given: this.share.map(() => false), left: this.share.length, next: new Map([['first', 0]]) };
      this.passes.set(pass, draw);
    }
    if (draw.left === 0) return undefined;
    const following = draw.next.get(start);
    const position =
      following !== undefined && following < this.share.length && !draw.given[following]
        ? following
        : upperHalfOfLongestStretch(draw.given);
    draw.given[position] = true;
    draw.left -= 1;
    draw.next.set(start, position + 1);
    this.givenCount += 1;
    return this.share[position];
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

/**
 * The first position of the upper half of the longest stretch of positions not yet given (the first such
 * stretch if several are as long): the process below it keeps the lower half. At least one is left.
 */
function upperHalfOfLongestStretch(given: readonly boolean[]): number {
  let best = { from: 0, length: 0 };
  let from = 0;
  for (let position = 0; position <= given.length; position += 1) {
    if (position < given.length && !given[position]) continue;
    if (position - from > best.length) best = { from, length: position - from };
    from = position + 1;
  }
  return best.from + Math.floor(best.length / 2);
}
