/**
 * Model-based check of the reference host against the kit's oracle: random
 * sessions of prompts, tool-call continuations, retried failures and user
 * selections made while idle or while the model handles a request, run by the
 * exploration's own session runner (the oracle's one runner). On a mismatch
 * fast-check shrinks the session to a minimal one.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { describeMove } from '../../../conformance/explore/actions/index.js';
import type { PlannedRequest, Session, SetMove } from '../../../conformance/explore/moves.js';
import { SessionRunner } from '../../../conformance/explore/session-runner.js';
import { PlanOracle } from '../../../conformance/oracle/plan-oracle.js';
import { readPlanCommand } from '../../../conformance/oracle/plan-command.js';
import reference from '../../../reference/adapter.js';
import type { Adapter, Edition } from '../../../src/index.js';

const selections = fc.array(fc.boolean(), { maxLength: 3 });
const sets = (targets: boolean[]): SetMove[] => targets.map((active) => ({ kind: 'set', agent: 0, active }));

/** 1-4 requests; all but the last continue (tool call) or fail (retried), never two failures in a row. */
const turnRequests = fc
  .array(fc.record({ answer: fc.constantFrom('tool' as const, 'failure' as const), during: selections }), {
    maxLength: 3,
  })
  .chain((middle) =>
    fc.record({ during: selections }).map((last) => [...middle, { answer: 'text' as const, during: last.during }]),
  )
  .filter((requests) => requests.every((r, i) => !(r.answer === 'failure' && requests[i + 1]?.answer === 'failure')))
  .map((requests): PlannedRequest[] =>
    requests.map(({ answer, during }) => ({
      answer: answer === 'tool' ? { type: 'probe', effect: 'read' } : { type: answer },
      during: sets(during),
    })),
  );

/** Turns of one agent, with selections before each turn and after the last. */
const sessions: fc.Arbitrary<Session> = fc
  .record({
    turns: fc.array(fc.record({ before: selections, requests: turnRequests }), { minLength: 1, maxLength: 4 }),
    after: selections,
  })
  .map(({ turns, after }) => ({
    probeOrders: [],
    moves: [
      ...turns.flatMap((turn) => [
        ...sets(turn.before),
        { kind: 'prompt' as const, agent: 0, requests: turn.requests },
      ]),
      ...sets(after),
    ],
  }));

/** The session's disagreement with the oracle, if any, described. */
async function mismatch(adapter: Adapter, session: Session, edition: Edition): Promise<string | undefined> {
  const result = await new SessionRunner({ adapter, callLimitMs: 5_000, strict: false, edition }).run(session);
  return result.disagreement && `${session.moves.map(describeMove).join(' | ')}\n${result.disagreement.message}`;
}

describe('the oracle', () => {
  it('reads the clauses: queue while running, apply at the boundary, narrate only a change the model saw', () => {
    const oracle = new PlanOracle();
    expect(oracle.set(true)).toBe('committed');
    expect(oracle.notices).toBe(0); // NARR-02: no request yet
    expect(oracle.request().inPlanMode).toBe(true);
    oracle.openTurn();
    expect(oracle.set(false)).toBe('queued');
    expect(oracle.get()).toEqual({ active: true, pending: false });
    expect(oracle.set(true)).toBe('cancelled');
    expect(oracle.set(false)).toBe('queued');
    expect(oracle.request()).toMatchObject({ inPlanMode: false, noticesSoFar: 1 });
    oracle.closeTurn();
    expect(oracle.set(false)).toBe('noop');
    expect(oracle.events).toEqual([true, false]);
  });
});

describe('the oracle beyond SET/NARR/STATE', () => {
  it('accepts a withdrawn pending equal to active, never one that differs (SET-03, SET-05)', () => {
    const oracle = new PlanOracle();
    oracle.openTurn();
    expect(oracle.set(true)).toBe('queued');
    expect(oracle.set(false)).toBe('cancelled');
    expect(oracle.acceptsGet({ active: false })).toBe(true);
    expect(oracle.acceptsGet({ active: false, pending: false })).toBe(true);
    expect(oracle.acceptsGet({ active: false, pending: true })).toBe(false);
  });

  it('leaves plan mode on an approved exit without a notice, and a pending leave then nets out (TOOL-05, NARR-04)', () => {
    const oracle = new PlanOracle();
    oracle.set(true);
    oracle.request();
    oracle.openTurn();
    expect(oracle.set(false)).toBe('queued');
    oracle.approveExit();
    expect(oracle.request()).toMatchObject({ inPlanMode: false, noticesSoFar: 0 });
    expect(oracle.events).toEqual([true, false]);
  });

  it('folds the projection from /plan targets and commits (PROJ-02, PROJ-03)', () => {
    const oracle = new PlanOracle();
    oracle.openTurn();
    oracle.set(true);
    oracle.commandRun(true);
    expect(oracle.projection()).toEqual({ active: false, pending: true });
    oracle.request();
    expect(oracle.projection()).toEqual({ active: true, pending: false });
  });

  it('reads a retry as the edition does: a boundary in the seed, the failed request again in rc.8 (SET-06)', () => {
    const seed = new PlanOracle('seed');
    const rc8 = new PlanOracle('rc.8');
    for (const oracle of [seed, rc8]) {
      oracle.openTurn();
      oracle.request();
      expect(oracle.set(true)).toBe('queued');
    }
    expect(seed.request({ retry: true })).toMatchObject({ inPlanMode: true, applied: true });
    expect(rc8.request({ retry: true })).toMatchObject({ inPlanMode: false, applied: false });
    expect(rc8.get()).toEqual({ active: false, pending: true });
    expect(rc8.request()).toMatchObject({ inPlanMode: true, applied: true, noticesSoFar: 1 });
  });

  it("settles a /plan line's target by its outcome in rc.8, and by its command/run alone in the seed (PROJ-02, PROJ-03)", () => {
    const seed = new PlanOracle('seed');
    const rc8 = new PlanOracle('rc.8');
    for (const oracle of [seed, rc8]) {
      oracle.set(true);
      oracle.commandRun(false);
      oracle.commandDone(false);
    }
    expect(seed.projection()).toEqual({ active: true, pending: true });
    expect(rc8.projection()).toEqual({ active: true, pending: false });
  });

  it.each([
    ['/plan', { kind: 'enter' }],
    ['/plan  \t ', { kind: 'enter' }],
    ['/plan off', { kind: 'leave' }],
    ['/plan \t off\t', { kind: 'leave' }],
    ['/plan Off', { kind: 'message', text: 'Off' }],
    ['/plan off now', { kind: 'message', text: 'off now' }],
    ['/plan   check the callers  ', { kind: 'message', text: 'check the callers' }],
  ])('reads %j as the spec says (CMD-02..04)', (line, command) => {
    expect(readPlanCommand(line)).toEqual(command);
  });
});

describe('the reference host against the oracle', () => {
  it.each(['seed', '0.0.1-rc.1', 'rc.8'] as const)('agrees on every random session (%s edition)', async (edition) => {
    await fc.assert(
      fc.asyncProperty(sessions, async (session) => {
        const problem = await mismatch(reference, session, edition);
        if (problem !== undefined) throw new Error(problem);
      }),
      { numRuns: 150 },
    );
  });
});

describe('the oracle check has teeth', () => {
  // The mutants' folder under .mutants/ goes with the test: a worker may end without an 'exit' event.
  afterAll(async () => (await import('../../../mutants/build-mutant.js')).removeDefaultWorkspace());
  it.each([
    ['pending-ignored-at-retry', 'seed'],
    ['notice-when-header-already-agrees', 'seed'],
    ['cancel-keeps-pending', 'seed'],
    ['running-set-commits', 'seed'],
    ['frozen-retry-applies-selection', 'rc.8'],
    ['retry-reassembled-at-a-boundary', 'rc.8'],
  ] as const)('finds a session that the mutant %s gets wrong (%s edition)', async (name, edition) => {
    const { MUTANTS } = await import('../../../mutants/catalog.js');
    const { buildMutant } = await import('../../../mutants/build-mutant.js');
    const { loadAdapter } = await import('../../../conformance/adapters/load-adapter.js');
    const { PACKAGE_ROOT } = await import('../../../conformance/package-root.js');
    const mutant = MUTANTS.find((candidate) => candidate.name === name)!;
    const adapter = await loadAdapter(await buildMutant(PACKAGE_ROOT, mutant));
    const result = await fc.check(
      fc.asyncProperty(sessions, async (session) => (await mismatch(adapter, session, edition)) === undefined),
      { numRuns: 300 },
    );
    expect(result.failed).toBe(true);
  });
});
