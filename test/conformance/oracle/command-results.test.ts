/**
 * The oracle's readings of what a `/plan` line and `set` report
 * (conformance/oracle/command-results.ts, plan-oracle.ts): the outcome a
 * result reports and which earlier result one must differ from (CMD-08), the
 * clause each `set` answer is fixed by (SET-01..04), and the projection that
 * agrees with `get` (PROJ-05).
 */
import { describe, expect, it } from 'vitest';
import { commandOutcome, OTHER_OUTCOME, sameTextOtherOutcome } from '../../../conformance/oracle/command-results.js';
import { projectionAgreeingWith, SET_OUTCOME_CLAUSE } from '../../../conformance/oracle/plan-oracle.js';

describe('command results (CMD-08)', () => {
  it('tells outcomes apart by target and set answer', () => {
    expect(commandOutcome(true, 'committed')).toBe('on:committed');
    expect(commandOutcome(false, 'committed')).not.toBe(commandOutcome(true, 'committed'));
    expect(commandOutcome(true, 'queued')).not.toBe(commandOutcome(true, 'noop'));
  });

  it('finds the first earlier result with the same text and another outcome; other lines are never compared', () => {
    const entered = commandOutcome(true, 'committed');
    const left = commandOutcome(false, 'committed');
    expect(sameTextOtherOutcome(['ok'], [entered])).toBeUndefined();
    expect(sameTextOtherOutcome(['ok', 'ok'], [entered, entered])).toBeUndefined();
    expect(sameTextOtherOutcome(['entered', 'left'], [entered, left])).toBeUndefined();
    expect(sameTextOtherOutcome(['x', 'ok', 'ok', 'ok'], [left, entered, left, entered])).toBe(2);
    expect(sameTextOtherOutcome(['ok', 'ok'], [OTHER_OUTCOME, entered])).toBeUndefined();
  });
});

describe('set and the projection', () => {
  it('each set answer has its own clause', () => {
    expect(SET_OUTCOME_CLAUSE).toEqual({ committed: 'SET-01', queued: 'SET-02', cancelled: 'SET-03', noop: 'SET-04' });
  });

  it('the projection agreeing with get shows a selection pending only when get shows one other than active (PROJ-05)', () => {
    expect(projectionAgreeingWith({ active: true })).toEqual({ active: true, pending: false });
    expect(projectionAgreeingWith({ active: true, pending: true })).toEqual({ active: true, pending: false });
    expect(projectionAgreeingWith({ active: false, pending: true })).toEqual({ active: false, pending: true });
  });
});
