/**
 * The oracle's reading of an exit's review (conformance/oracle/exit-review.ts)
 * and of what a request must show of notices and user texts
 * (session-oracle.ts): pure functions of the model's state and of what the
 * user answered.
 */
import { describe, expect, it } from 'vitest';
import {
  carriedTextClauseOf,
  carriedTextOf,
  consentOf,
  dismissalAlike,
  exitApproved,
  exitCircumstancesOf,
  exitExpectation,
  mayBeRefusedAsMalformed,
  refusalClauseOf,
  reviewCountAllowed,
} from '../../../conformance/oracle/exit-review.js';
import {
  compactAgent,
  createdAgent,
  forkedAgent,
  ownedAgent,
  restartAgent,
  spawnedAgent,
  noticesAtRequest,
  userTextsAtRequest,
} from '../../../conformance/oracle/session-oracle.js';
import type { QuestionReply } from '../../../src/index.js';

describe("an exit's review", () => {
  it.each<[QuestionReply, boolean | 'open']>([
    [{ type: 'answer', selected: ['Approve'] }, true],
    [{ type: 'answer', selected: ['Approve'], freeText: '' }, 'open'],
    [{ type: 'answer', selected: ['Approve'], freeText: 'but add a test' }, false],
    [{ type: 'answer', selected: ['approve'] }, false],
    [{ type: 'answer', selected: [' Approve '] }, false],
    [{ type: 'answer', selected: ['Approve', 'Approve'] }, false],
    [{ type: 'answer', selected: ['Approve', 'Keep planning'] }, false],
    [{ type: 'answer', selected: [], freeText: 'Approve' }, false],
    [{ type: 'dismiss' }, false],
    [{ type: 'no-answer' }, false],
    [{ type: 'abort' }, false],
    [{ type: 'fail', message: 'down' }, false],
  ])('reads %j as consent %j (REVIEW-03)', (reply, consent) => {
    expect(consentOf(reply)).toBe(consent);
  });

  it('a refusal carries the feedback or the provider message, byte for byte (REVIEW-04, REVIEW-06)', () => {
    expect(carriedTextOf({ type: 'answer', selected: ['Keep planning'], freeText: 'two\nlines' })).toBe('two\nlines');
    expect(carriedTextOf({ type: 'fail', message: 'the provider is down' })).toBe('the provider is down');
    expect(carriedTextOf({ type: 'answer', selected: ['Keep planning'] })).toBeUndefined();
    expect(carriedTextOf({ type: 'answer', selected: ['Approve'], freeText: '' })).toBeUndefined();
    expect(carriedTextClauseOf({ type: 'fail', message: 'x' })).toBe('REVIEW-06');
    expect(carriedTextClauseOf({ type: 'answer', selected: [], freeText: 'x' })).toBe('REVIEW-04');
  });

  it('names the clause an exit that succeeded after a refusal breaks', () => {
    expect(refusalClauseOf({ type: 'dismiss' })).toBe('REVIEW-05');
    expect(refusalClauseOf({ type: 'abort' })).toBe('REVIEW-06');
    expect(refusalClauseOf({ type: 'fail', message: 'x' })).toBe('REVIEW-06');
    expect(refusalClauseOf({ type: 'no-answer' })).toBe('REVIEW-04');
    expect(refusalClauseOf({ type: 'answer', selected: ['Keep planning'] })).toBe('REVIEW-04');
    expect(refusalClauseOf({ type: 'answer', selected: ['Approve', 'Keep planning'] })).toBe('REVIEW-04');
  });

  it('expects no review outside plan mode or for an owned child, one otherwise (none only where the agent may go unasked)', () => {
    const none = { mayBeOwned: false, mayBeMalformed: false };
    expect(exitExpectation({ activeAtCall: false, ownedByLiveAgent: true, mayGoUnasked: true, ...none })).toEqual({
      kind: 'outside-plan-mode',
    });
    expect(exitExpectation({ activeAtCall: true, ownedByLiveAgent: true, mayGoUnasked: true, ...none })).toEqual({
      kind: 'owned-child',
    });
    const created = exitExpectation({ activeAtCall: true, ownedByLiveAgent: false, mayGoUnasked: false, ...none });
    const child = exitExpectation({ activeAtCall: true, ownedByLiveAgent: false, mayGoUnasked: true, ...none });
    if (created.kind !== 'reviewed' || child.kind !== 'reviewed') throw new Error('a review is due');
    expect([0, 1, 2].map((questions) => reviewCountAllowed(created, questions))).toEqual([false, true, false]);
    expect([0, 1, 2].map((questions) => reviewCountAllowed(child, questions))).toEqual([true, true, false]);
    expect(child.unasked).toEqual(['REVIEW-06']);
    expect(created.unasked).toEqual([]);
  });

  it('charges an unasked exit to the clause of each reason the host may have had: a malformed plan to TOOL-04', () => {
    const asked = { activeAtCall: true, ownedByLiveAgent: false, mayGoUnasked: false, mayBeOwned: false };
    const malformed = exitExpectation({ ...asked, mayBeMalformed: true });
    expect(malformed).toEqual({ kind: 'reviewed', mayGoUnasked: true, unasked: ['TOOL-04'] });
    const everyReason = exitExpectation({ ...asked, mayGoUnasked: true, mayBeOwned: true, mayBeMalformed: true });
    expect(everyReason).toEqual({
      kind: 'reviewed',
      mayGoUnasked: true,
      unasked: ['TOOL-04', 'REVIEW-06', 'REVIEW-07'],
    });
  });

  it("leaves a fork of an owned child's ownership to the host: one review, or none and an owned agent's refusal", () => {
    const owned = ownedAgent('agent "child 1"', 'o', 'rc.8');
    const fork = forkedAgent('agent "fork 1"', 'f', owned, 0);
    const forkOfFork = forkedAgent('agent "fork 2"', 'g', fork, 0);
    const ofCreated = forkedAgent('agent "fork 3"', 'h', createdAgent('the agent', 'a', 'rc.8'), 0);
    expect([fork.mayBeOwned, forkOfFork.mayBeOwned, ofCreated.mayBeOwned]).toEqual([true, true, false]);
    const expected = exitExpectation(exitCircumstancesOf(forkOfFork, true, true));
    if (expected.kind !== 'reviewed') throw new Error('a review or a refusal is due');
    expect([0, 1, 2].map((questions) => reviewCountAllowed(expected, questions))).toEqual([true, true, false]);
    expect(expected.unasked).toEqual(['REVIEW-07']);
    const unowned = exitExpectation(exitCircumstancesOf(ofCreated, true, true));
    expect(unowned).toEqual({ kind: 'reviewed', mayGoUnasked: false, unasked: [] });
  });
});

describe('what a request must show', () => {
  it('every notice the agent was sent; after a compaction those since', () => {
    const agent = createdAgent('the agent', 'a', 'seed');
    agent.plan.request();
    agent.plan.set(true);
    agent.plan.request();
    agent.plan.set(false);
    expect(noticesAtRequest(agent, 2)).toEqual({ known: true, expected: ['entering', 'leaving'] });
    agent.noticesKnown = false;
    agent.noticesAtCompaction = 1;
    expect(noticesAtRequest(agent, 0)).toEqual({ known: false, expected: ['leaving'] });
  });

  it("a fork may lack the latest notices its origin's model had not seen, which are then gone for good", () => {
    const origin = createdAgent('the agent', 'a', 'seed');
    origin.plan.request();
    origin.plan.set(true);
    origin.plan.request();
    noticesAtRequest(origin, 1);
    origin.plan.set(false);
    const fork = forkedAgent('agent "fork 1"', 'f', origin, 2);
    expect(fork.optionalNotices).toBe(1);
    expect(noticesAtRequest(fork, 1)).toEqual({ known: true, expected: ['entering'] });
    expect(fork.plan.notices).toBe(1);
    expect(noticesAtRequest(fork, 0)).toEqual({ known: true, expected: ['entering'] });
  });

  it('the prompt, and the steered messages at a pre-step only (CMD-03, SET-06)', () => {
    const agent = createdAgent('the agent', 'a', 'rc.8');
    agent.steered.push('b', 'a');
    expect(userTextsAtRequest(agent, ['Task 1'], false)).toEqual({ expected: ['Task 1'], steered: [] });
    expect(userTextsAtRequest(agent, ['Task 1'], true)).toEqual({
      expected: ['Task 1', 'a', 'b'],
      steered: ['b', 'a'],
    });
    expect(agent.steered).toEqual([]);
  });
});

describe("an exit's circumstances and approval", () => {
  it('reads who called: an owned child with a known owner refuses, a delegated agent or a host without questions may go unasked', () => {
    const created = createdAgent('the agent', 'a', 'seed');
    expect(exitCircumstancesOf(created, true, true)).toEqual({
      activeAtCall: true,
      ownedByLiveAgent: false,
      mayGoUnasked: false,
      mayBeOwned: false,
      mayBeMalformed: false,
    });
    expect(exitCircumstancesOf(created, false, false)).toEqual({
      activeAtCall: false,
      ownedByLiveAgent: false,
      mayGoUnasked: true,
      mayBeOwned: false,
      mayBeMalformed: false,
    });
    expect(exitCircumstancesOf(spawnedAgent('agent "child 1"', 'c', 'seed'), true, true).mayGoUnasked).toBe(true);
    const owned = ownedAgent('agent "child 2"', 'o', 'rc.8');
    expect(exitCircumstancesOf(owned, true, true)).toMatchObject({ ownedByLiveAgent: true, mayGoUnasked: true });
    owned.ownerKnown = false;
    expect(exitCircumstancesOf(owned, true, true).ownedByLiveAgent).toBe(false);
  });

  it('lets a host refuse, without a review, a plan not opening with a heading (Left open), and only such a plan', () => {
    for (const plan of ['\t# Plan', '  # Plan', '\uFEFF# Plan', '\u00A0# Plan', 'Plan without a heading', '#Plan'])
      expect(mayBeRefusedAsMalformed(plan), JSON.stringify(plan)).toBe(true);
    for (const plan of ['# Plan', '# Plan\n\t1. Step  ', '# \uFEFFPlan'])
      expect(mayBeRefusedAsMalformed(plan), JSON.stringify(plan)).toBe(false);
    // A plan the kit does not know is not refused (fail closed).
    expect(mayBeRefusedAsMalformed(undefined)).toBe(false);
    const created = createdAgent('agent "main"', 'a', 'seed');
    expect(exitCircumstancesOf(created, true, true, '# Plan').mayBeMalformed).toBe(false);
    expect(exitCircumstancesOf(created, true, true, ' \t # Plan')).toMatchObject({
      mayGoUnasked: false,
      mayBeMalformed: true,
    });
  });

  it('approves on consent, and on the open empty-text approval only as the host read it (its result a success)', () => {
    expect(exitApproved({ type: 'answer', selected: ['Approve'] }, true)).toBe(true);
    expect(exitApproved({ type: 'answer', selected: ['Approve'], freeText: '' }, false)).toBe(true);
    expect(exitApproved({ type: 'answer', selected: ['Approve'], freeText: '' }, true)).toBe(false);
    expect(exitApproved({ type: 'answer', selected: ['Approve'], freeText: 'but' }, false)).toBe(false);
    expect(exitApproved({ type: 'dismiss' }, false)).toBe(false);
  });
});

describe('REVIEW-05: a dismissal fails unlike keep-planning and the seam errors', () => {
  const failed = (toolCallId: string, text: string) => ({ toolCallId, isError: true, text });

  it('finds a dismissal reading like an earlier keep-planning, abort or provider failure, and the reverse', () => {
    for (const earlier of ['keep-planning', 'abort', 'provider-fails']) {
      const answers = new Map([['c1', earlier]]);
      const results = [failed('c1', 'no'), failed('c2', 'no')];
      expect(dismissalAlike({ toolCallId: 'c2', text: 'no', answer: 'dismiss' }, results, answers)).toEqual({
        dismissal: 2,
        unlike: 1,
        unlikeAnswer: earlier,
      });
      // The dismissal came first: the later failure is judged against it.
      expect(
        dismissalAlike({ toolCallId: 'c2', text: 'no', answer: earlier }, results, new Map([['c1', 'dismiss']])),
      ).toEqual({ dismissal: 1, unlike: 2, unlikeAnswer: earlier });
    }
  });

  it('accepts different texts, successes, and answers REVIEW-05 does not set apart', () => {
    const answers = new Map([['c1', 'keep-planning']]);
    const dismissal = { toolCallId: 'c2', text: 'dismissed', answer: 'dismiss' };
    expect(dismissalAlike(dismissal, [failed('c1', 'kept'), failed('c2', 'dismissed')], answers)).toBeUndefined();
    expect(
      dismissalAlike(dismissal, [{ ...failed('c1', 'dismissed'), isError: false }, failed('c2', 'dismissed')], answers),
    ).toBeUndefined();
    // Two dismissals may read alike, as may a dismissal and a rejection with feedback, or an approved call (no answer noted).
    for (const other of [
      new Map([['c1', 'dismiss']]),
      new Map([['c1', 'keep-planning-with-text']]),
      new Map<string, string>(),
    ])
      expect(dismissalAlike(dismissal, [failed('c1', 'dismissed'), failed('c2', 'dismissed')], other)).toBeUndefined();
    // A review answered otherwise is not compared at all.
    expect(
      dismissalAlike(
        { toolCallId: 'c2', text: 'x', answer: 'approve-with-text' },
        [failed('c1', 'x'), failed('c2', 'x')],
        answers,
      ),
    ).toBeUndefined();
    // A result the request does not show is not judged.
    expect(dismissalAlike(dismissal, [failed('c1', 'dismissed')], answers)).toBeUndefined();
  });
});

describe('compaction and restart, as the model steps them', () => {
  it('compaction keeps the state, counts only the notices added since and lets the next request drop the history (STATE-05, NARR-01)', () => {
    const agent = createdAgent('the agent', 'a', 'seed');
    agent.plan.set(true);
    agent.plan.request({ retry: false });
    compactAgent(agent);
    expect(agent.plan.logged).toBe(true);
    expect(agent.plan.cause).toEqual(['STATE-05']);
    expect(agent.compactedSinceRequest).toBe(true);
    expect(noticesAtRequest(agent, 0)).toEqual({ known: false, expected: [] });
  });

  it("a restart keeps what was logged; the model's unseen notices become optional, the owner unknown, the observers start again (STATE-03, STATE-06)", () => {
    const owned = ownedAgent('agent "child 1"', 'o', 'rc.8');
    owned.plan.request({ retry: false });
    // Switched after a request its model saw: a notice the next request would show, unseen at the restart.
    owned.plan.set(true);
    restartAgent(owned);
    expect(owned.plan.logged).toBe(true);
    expect(owned.plan.cause).toEqual(['STATE-03']);
    expect(owned.ownerKnown).toBe(false);
    expect(owned.plan.notices).toBe(1);
    expect(owned.optionalNotices).toBe(1);
    expect(owned.eventsAtRestarts).toEqual([owned.plan.events.length]);
  });
});
