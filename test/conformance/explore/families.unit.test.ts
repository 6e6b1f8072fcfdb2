/**
 * Each action and answer family of the exploration on its own
 * (conformance/explore/actions/, answers/): what it generates for a host that
 * can be asked it (and nothing for one that cannot), its precondition, the
 * response the kit's model gives, how it is described; and what an answer's
 * check of the result the next request shows accepts and refuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Generation } from '../../../conformance/explore/actions/action.js';
import { ACTIONS, actionOf, describeMove } from '../../../conformance/explore/actions/index.js';
import type { AnswerGeneration, ToolResultMessage } from '../../../conformance/explore/answers/answer.js';
import { ANSWERS, answerFamily } from '../../../conformance/explore/answers/index.js';
import type { ExploredSession, OpenCall } from '../../../conformance/explore/explored-session.js';
import type { PlannedAnswer, SessionMove } from '../../../conformance/explore/moves.js';
import { createdAgent, ownedAgent } from '../../../conformance/oracle/session-oracle.js';
import type { Capability, Edition, QuestionReply, ToolMode } from '../../../src/index.js';

/** Fifty values of an arbitrary (of any of a union of arbitraries, typed as the union of their values); none without one. */
const sample = <A extends fc.Arbitrary<unknown>>(
  arbitrary: A | undefined,
): Array<A extends fc.Arbitrary<infer T> ? T : never> =>
  arbitrary
    ? (fc.sample(arbitrary, { numRuns: 50, seed: 1 }) as Array<A extends fc.Arbitrary<infer T> ? T : never>)
    : [];

function generation(capabilities: Capability[], edition: Edition = 'seed'): Generation {
  return {
    has: (capability) => capabilities.includes(capability),
    edition,
    agent: fc.nat({ max: 3 }),
    requests: fc.constant([{ answer: { type: 'text' }, during: [] }]),
  };
}

const ALL: Capability[] = [
  'commands',
  'fork',
  'spawn',
  'compaction',
  'restart',
  'ownedChild',
  'retry',
  'questions',
  'projections',
];

describe('action families', () => {
  it('each generates moves of its own kind, and only for a host that has what it needs', () => {
    const needs: Record<string, Capability | undefined> = {
      'plan-line': 'commands',
      fork: 'fork',
      spawn: 'spawn',
      compact: 'compaction',
      restart: 'restart',
      'spawn-owned': 'ownedChild',
    };
    for (const action of ACTIONS) {
      const moves = sample(action.move?.(generation(ALL, 'rc.8'))?.arbitrary);
      expect(moves.length, action.kind).toBeGreaterThan(0);
      expect(moves.every((move) => move.kind === action.kind)).toBe(true);
      const need = needs[action.kind];
      if (need)
        expect(
          action.move?.(
            generation(
              ALL.filter((capability) => capability !== need),
              'rc.8',
            ),
          ),
          action.kind,
        ).toBeUndefined();
    }
  });

  it('owned children only in the edition that has them (REVIEW-07)', () => {
    expect(actionOf({ kind: 'spawn-owned', agent: 0 }).move?.(generation(ALL, 'seed'))).toBeUndefined();
    expect(actionOf({ kind: 'spawn-owned', agent: 0 }).move?.(generation(ALL, 'rc.8'))).toBeDefined();
  });

  it('mid-turn: selections, typed lines and (one level deep) other turns; lineage: agents a restart finds', () => {
    const midTurn = ACTIONS.filter((action) => action.midTurn?.(generation(ALL)) !== undefined).map(
      (action) => action.kind,
    );
    expect(midTurn.sort()).toEqual(['plan-line', 'prompt', 'set']);
    expect(promptMidTurn({ ...generation(ALL), requests: undefined })).toBeUndefined();
    const lineage = ACTIONS.filter((action) => action.lineage?.(generation(ALL)) !== undefined).map(
      (action) => action.kind,
    );
    expect(lineage.sort()).toEqual(['fork', 'new-agent', 'spawn']);
  });

  it('typed lines carry images only where /plan takes them, and never on another command', () => {
    const lines = sample(
      actionOf({ kind: 'plan-line', agent: 0, line: '' }).move?.(generation(ALL, 'rc.8'))?.arbitrary,
    ) as Array<Extract<SessionMove, { kind: 'plan-line' }>>;
    expect(lines.some((line) => line.images !== undefined)).toBe(true);
    expect(lines.filter((line) => line.line.startsWith('/probe')).every((line) => line.images === undefined)).toBe(
      true,
    );
    const seedLines = sample(
      actionOf({ kind: 'plan-line', agent: 0, line: '' }).move?.(generation(ALL, 'seed'))?.arbitrary,
    ) as Array<Extract<SessionMove, { kind: 'plan-line' }>>;
    expect(seedLines.every((line) => line.images === undefined)).toBe(true);
  });

  it('preconditions: no fork of an agent with a selection pending, no restart with one; compaction of any agent', () => {
    const agent = createdAgent('the agent', 'a', 'seed');
    const session = { agents: [agent], agentAt: () => agent } as unknown as ExploredSession;
    // The compaction has its long conversation first, so an agent with no turn of its own (a fork, a child) is compacted too.
    expect(actionOf({ kind: 'compact', agent: 0 }).feasible?.(session, { kind: 'compact', agent: 0 }) ?? true).toBe(
      true,
    );
    expect(actionOf({ kind: 'fork', agent: 0 }).feasible?.(session, { kind: 'fork', agent: 0 })).toBe(true);
    expect(actionOf({ kind: 'restart' }).feasible?.(session, { kind: 'restart' })).toBe(true);
    agent.plan.openTurn();
    agent.plan.set(true);
    expect(actionOf({ kind: 'fork', agent: 0 }).feasible?.(session, { kind: 'fork', agent: 0 })).toBe(false);
    expect(actionOf({ kind: 'restart' }).feasible?.(session, { kind: 'restart' })).toBe(false);
  });

  it('describes every move in one line, a turn inside a request in brackets', () => {
    const move: SessionMove = {
      kind: 'prompt',
      agent: 1,
      requests: [
        {
          answer: { type: 'probe', effect: 'read' },
          during: [
            { kind: 'prompt', agent: 0, requests: [{ answer: { type: 'text' }, during: [] }] },
            { kind: 'set', agent: 0, active: true },
          ],
        },
        { answer: { type: 'give-up' }, during: [] },
      ],
    };
    expect(describeMove(move)).toBe('prompt #1: probe(read)[(prompt #0: text); set #0 on] give-up');
    expect(describeMove({ kind: 'plan-line', agent: 2, line: '/plan off', images: ['red'] })).toBe(
      '#2 "/plan off" +images(red)',
    );
    expect(describeMove({ kind: 'restart' })).toBe('restart');
  });
});

function promptMidTurn(g: Generation) {
  return actionOf({ kind: 'prompt', agent: 0, requests: [] }).midTurn?.(g);
}

describe('answer families', () => {
  const answerGeneration = (toolMode: ToolMode, capabilities: Capability[] = ALL): AnswerGeneration => ({
    has: (capability) => capabilities.includes(capability),
    edition: 'seed',
    toolMode,
  });
  const generated = (toolMode: ToolMode, capabilities?: Capability[]) =>
    ANSWERS.filter((family) => family.generate(answerGeneration(toolMode, capabilities)) !== undefined)
      .map((family) => family.type)
      .sort();

  it('each generates answers of its own type, by tool mode and capability', () => {
    expect(generated('native')).toEqual(['exit', 'failure', 'give-up', 'probe', 'text']);
    expect(generated('code')).toEqual(['failure', 'give-up', 'program-exit', 'text']);
    expect(generated('both')).toEqual(['exit', 'failure', 'give-up', 'probe', 'program-exit', 'text']);
    expect(
      generated(
        'native',
        ALL.filter((capability) => capability !== 'retry'),
      ),
    ).not.toContain('failure');
    for (const family of ANSWERS) {
      const answers = sample(family.generate(answerGeneration('both'))?.arbitrary);
      expect(
        answers.every((answer) => answer.type === family.type),
        family.type,
      ).toBe(true);
    }
    expect(
      ANSWERS.filter((family) => family.place === 'ends')
        .map((family) => family.type)
        .sort(),
    ).toEqual(['give-up', 'text']);
  });

  it("a program's exit is never answered with the approval whose consent the spec leaves open", () => {
    const answers = sample(
      answerFamily({ type: 'program-exit', review: 'approve' }).generate(answerGeneration('code'))?.arbitrary,
    ) as Array<Extract<PlannedAnswer, { type: 'program-exit' }>>;
    expect(answers.some((answer) => answer.review === 'approve-with-empty-text')).toBe(false);
  });

  const session = () =>
    ({
      callCounter: 0,
      reviewsAsked: 0,
      composed: { questions: true },
      reviewOutcomes: new Map(),
      // The requests the model saw, by agent: REVIEW-05's comparison reads the exit results of request n.
      model: { requestsOf: () => [{ messages: [] }, { messages: [] }] },
      transcript: { setup() {} },
      options: { adapter: { name: 'host', codeTool: { name: 'run_code', exitProgram: { code: 'exit({{plan}})' } } } },
    }) as unknown as ExploredSession;

  it("scripts the model's response and what the transcript keeps of it", () => {
    const s = session();
    expect(answerFamily({ type: 'text' }).response(s, { type: 'text' })).toBeUndefined();
    expect(answerFamily({ type: 'failure' }).response(s, { type: 'failure' })?.response).toMatchObject({
      type: 'failure',
      retryable: true,
    });
    expect(answerFamily({ type: 'give-up' }).response(s, { type: 'give-up' })?.response).toMatchObject({
      type: 'failure',
      retryable: false,
    });
    const exit = answerFamily({ type: 'exit', review: 'approve' }).response(s, { type: 'exit', review: 'approve' })!;
    expect(exit.response).toMatchObject({
      type: 'tool_calls',
      calls: [{ id: 'call_1', name: 'exit_plan_mode', arguments: { plan: exit.plan } }],
    });
    expect(exit.record).toEqual({ type: 'exit', plan: exit.plan });
    const probe = answerFamily({ type: 'probe', effect: 'write' }).response(s, { type: 'probe', effect: 'write' })!;
    expect(probe.response).toMatchObject({ type: 'tool_calls', calls: [{ id: 'call_2' }] });
  });

  const result = (isError: boolean, text: string, value?: unknown): ToolResultMessage =>
    ({
      role: 'tool',
      toolCallId: 'call_1',
      toolName: 'exit_plan_mode',
      text,
      isError,
      ...(value === undefined ? {} : { value }),
    }) as ToolResultMessage;
  const resolve = (
    answer: PlannedAnswer,
    call: Partial<OpenCall>,
    shown: ToolResultMessage | undefined,
    agent = createdAgent('the agent', 'a', 'seed'),
  ) => {
    const s = session();
    const open = {
      id: 'call_1',
      answer,
      activeAtCall: true,
      questions: 1,
      reviewLike: 0,
      hostQuestions: [],
      request: 1,
      ...call,
    } as OpenCall & {
      answer: never;
    };
    return answerFamily(answer).resolve?.(s, agent, open, shown, 2);
  };

  it('an exit approved succeeds with { approved: true } and leaves plan mode (TOOL-05)', () => {
    const agent = createdAgent('the agent', 'a', 'seed');
    agent.plan.set(true);
    const approve = { type: 'exit', review: 'approve' } as const;
    expect(
      resolve(
        approve,
        { reply: { type: 'answer', selected: ['Approve'] } },
        result(false, 'ok', { approved: true }),
        agent,
      ),
    ).toBeUndefined();
    expect(agent.plan.logged).toBe(false);
    expect(resolve(approve, { reply: { type: 'answer', selected: ['Approve'] } }, result(false, 'ok'))).toMatchObject({
      check: 'approved-exit-succeeds',
      clauses: ['TOOL-04', 'TOOL-05'],
    });
    expect(resolve(approve, {}, undefined)).toMatchObject({ check: 'exit-result-present', clauses: ['TOOL-06'] });
  });

  it('an exit refused fails carrying the feedback; outside plan mode it asks nothing and fails (REVIEW-04, TOOL-03)', () => {
    const withText = { type: 'exit', review: 'keep-planning-with-text' } as const;
    const reply: QuestionReply = {
      type: 'answer',
      selected: ['Keep planning'],
      freeText: 'Split the second step in two',
    };
    expect(resolve(withText, { reply }, result(true, 'Not approved: Split the second step in two'))).toBeUndefined();
    expect(resolve(withText, { reply }, result(true, 'Not approved'))).toMatchObject({
      check: 'refusal-carries-text',
      clauses: ['REVIEW-04'],
    });
    expect(resolve(withText, { reply }, result(false, 'ok'))).toMatchObject({
      check: 'refused-exit-fails',
      clauses: ['REVIEW-04'],
    });
    expect(resolve(withText, { activeAtCall: false, questions: 0 }, result(true, 'not in plan mode'))).toBeUndefined();
    expect(resolve(withText, { activeAtCall: false, questions: 1 }, result(true, 'not in plan mode'))).toMatchObject({
      check: 'exit-outside-plan-mode-asks-no-review',
      clauses: ['TOOL-03'],
    });
    expect(resolve(withText, { questions: 0 }, result(true, 'x'))).toMatchObject({
      check: 'review-count',
      clauses: ['TOOL-04'],
    });
    // A question that reads as a review (an Approve option) without the plan-review intent is a review all the same.
    expect(
      resolve(withText, { activeAtCall: false, questions: 0, reviewLike: 1 }, result(true, 'not in plan mode')),
    ).toMatchObject({
      check: 'exit-opens-review-without-intent',
      clauses: ['TOOL-03'],
    });
  });

  it("an owned child's exit opens no review and fails (REVIEW-07); a program's exit is judged by its review alone (TOOL-08)", () => {
    const owned = ownedAgent('agent "child 1"', 'c', 'rc.8');
    expect(
      resolve({ type: 'exit', review: 'approve' }, { questions: 0 }, result(true, 'owned'), owned),
    ).toBeUndefined();
    expect(resolve({ type: 'exit', review: 'approve' }, { questions: 1 }, result(true, 'owned'), owned)).toMatchObject({
      check: 'owned-child-refused-review',
      clauses: ['REVIEW-07'],
    });
    const agent = createdAgent('the agent', 'a', 'seed');
    agent.plan.set(true);
    expect(
      resolve({ type: 'program-exit', review: 'dismiss' }, { reply: { type: 'dismiss' } }, undefined, agent),
    ).toBeUndefined();
    expect(agent.plan.cause).toEqual(['TOOL-08', 'REVIEW-05']);
    expect(resolve({ type: 'program-exit', review: 'approve' }, { questions: 2 }, undefined, agent)).toMatchObject({
      check: 'program-exit-review-count',
      clauses: ['TOOL-08', 'TOOL-04'],
    });
  });

  it("a probe tool's result reaches the next request unchanged (SCOPE-02)", () => {
    const probe = { type: 'probe', effect: 'read' } as const;
    expect(resolve(probe, {}, undefined)).toMatchObject({ check: 'tool-result', clauses: ['SCOPE-02'] });
    expect(resolve(probe, {}, result(true, 'refused in plan mode'))).toMatchObject({ check: 'tool-result' });
  });
});
