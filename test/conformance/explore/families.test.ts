/**
 * The families the explore oracle holds (conformance/explore/actions/,
 * answers/, configuration.ts): each is generated for a host that can be asked
 * it, and a conforming host (the reference) agrees with the oracle on a
 * session of each, in both editions, including every way of giving up on a
 * failed request the spec leaves open.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refusedBeside, sessionArbitrary } from '../../../conformance/explore/arbitraries.js';
import type { PlannedRequest, ReviewAnswer, Session } from '../../../conformance/explore/moves.js';
import { SessionRunner } from '../../../conformance/explore/session-runner.js';
import { PlanOracle } from '../../../conformance/oracle/plan-oracle.js';
import reference from '../../../reference/adapter.js';
import type { Edition } from '../../../src/index.js';

const run = (session: Session, edition: Edition) =>
  new SessionRunner({ adapter: reference, callLimitMs: 5_000, strict: false, edition }).run(session);

describe('what explore generates', () => {
  const sample = (edition: Edition) =>
    fc.sample(sessionArbitrary({ capabilities: reference.capabilities, maxSteps: 12, edition }), {
      numRuns: 300,
      seed: 5,
    });
  const text = (edition: Edition) => sample(edition).map((session) => JSON.stringify(session));

  it('turns that give up on a failed request, configurations valid and invalid, and references to the newest agent', () => {
    const sessions = text('seed');
    expect(sessions.filter((session) => session.includes('"give-up"')).length).toBeGreaterThan(30);
    expect(sessions.filter((session) => session.includes('"kind":"valid"')).length).toBeGreaterThan(10);
    expect(sessions.filter((session) => session.includes('"kind":"invalid"')).length).toBeGreaterThan(5);
    expect(sessions.filter((session) => session.includes('"agent":-1')).length).toBeGreaterThan(50);
  });

  it('idle commits with no request between them: two selections of one agent in a row, each the other way (NARR-02)', () => {
    const switchedBack = sample('seed').filter((session) =>
      session.moves.some((move, index) => {
        const next = session.moves[index + 1];
        return move.kind === 'set' && next?.kind === 'set' && next.agent === move.agent && next.active !== move.active;
      }),
    );
    expect(switchedBack.length).toBeGreaterThan(8);
  });

  it('a dismissed review beside one refused by keep planning, an abort or a failing provider, in one turn (REVIEW-05)', () => {
    const UNLIKE: readonly ReviewAnswer[] = ['keep-planning', 'abort', 'provider-fails'];
    const requestLists = (moves: readonly unknown[]): PlannedRequest[][] =>
      moves.flatMap((move) => {
        const requests = (move as { requests?: PlannedRequest[] }).requests;
        return requests ? [requests, ...requests.flatMap((request) => requestLists(request.during))] : [];
      });
    const turns = sample('rc.8').flatMap((session) => requestLists(session.moves));
    const reviews = (requests: PlannedRequest[]) =>
      requests.flatMap(({ answer }) => (answer.type === 'exit' ? [answer.review] : []));
    const paired = turns.filter((requests) => {
      const answered = reviews(requests);
      return answered.includes('dismiss') && answered.some((review) => UNLIKE.includes(review));
    });
    expect(paired.length).toBeGreaterThan(50);
    for (const unlike of UNLIKE) expect(paired.some((requests) => reviews(requests).includes(unlike))).toBe(true);
    // Every exit answered by one of them has the other answer beside it.
    for (const requests of turns) {
      const answered = reviews(requests);
      if (answered.some((review) => review === 'dismiss' || UNLIKE.includes(review)))
        expect(paired).toContain(requests);
    }
    expect(refusedBeside({ type: 'exit', review: 'keep-planning' })).toEqual({ type: 'exit', review: 'dismiss' });
    expect(refusedBeside({ type: 'exit', review: 'dismiss' })).toEqual({ type: 'exit', review: 'keep-planning' });
    expect(refusedBeside({ type: 'exit', review: 'approve' })).toBeUndefined();
    expect(refusedBeside({ type: 'program-exit', review: 'dismiss' })).toBeUndefined();
  });

  it('children owned by a live agent only in the edition that has them (rc.8, REVIEW-07)', () => {
    expect(text('rc.8').some((session) => session.includes('"spawn-owned"'))).toBe(true);
    expect(text('seed').some((session) => session.includes('"spawn-owned"'))).toBe(false);
  });
});

describe('a conforming host agrees with the oracle', () => {
  const giveUpThenSwitch: Session = {
    probeOrders: [],
    moves: [
      {
        kind: 'prompt',
        agent: 0,
        requests: [{ answer: { type: 'give-up' }, during: [{ kind: 'set', agent: 0, active: true }] }],
      },
      { kind: 'set', agent: 0, active: false },
      { kind: 'prompt', agent: 0, requests: [{ answer: { type: 'give-up' }, during: [] }] },
      { kind: 'set', agent: 0, active: true },
      { kind: 'fork', agent: 0 },
      { kind: 'fork', agent: -1 },
      { kind: 'prompt', agent: -1, requests: [{ answer: { type: 'text' }, during: [] }] },
    ],
  };

  it.each(['seed', '0.0.1-rc.1', 'rc.8'] as const)(
    'on turns that give up, the switches after them and forks of forks (%s)',
    async (edition) => {
      const result = await run(giveUpThenSwitch, edition);
      expect(result.disagreement).toBeUndefined();
      expect(result.transcript.lines().join('\n')).toMatch(
        /with a failure that is not retryable[\s\S]*, which may give up/,
      );
    },
  );

  it('on a host that rejects the prompt to give up (variant one-retry-then-reject): both ways pass', async () => {
    let rejected = 0;
    const rejecting = {
      ...reference,
      start: async (options: Parameters<typeof reference.start>[0]) => {
        // The model's last answer to each agent: a failure not to be retried ends the turn, and this host then rejects the prompt.
        const gaveUp = new Map<string, boolean>();
        const model: typeof options.model = async (request) => {
          const response = await options.model(request);
          gaveUp.set(request.agent, response.type === 'failure' && !response.retryable);
          return response;
        };
        const host = await reference.start({ ...options, model });
        return {
          ...host,
          prompt: async (agent: string, text: string, images?: Parameters<typeof host.prompt>[2]) => {
            await host.prompt(agent, text, images);
            if (gaveUp.get(agent)) {
              rejected += 1;
              throw new Error('the model request failed and will not be retried');
            }
          },
        };
      },
    };
    const result = await new SessionRunner({
      adapter: rejecting,
      callLimitMs: 5_000,
      strict: false,
      edition: 'rc.8',
    }).run(giveUpThenSwitch);
    expect(result.disagreement).toBeUndefined();
    expect(rejected).toBe(2);
  });

  it.each(['seed', 'rc.8'] as const)(
    'on a section of its own and on configurations that must fail at load (%s)',
    async (edition) => {
      const section = 'Plan mode. Before changing anything:   \n  - read the code\t\n\nThen present the plan.\n';
      const valid = await run(
        {
          probeOrders: [],
          configuration: { kind: 'valid', section },
          moves: [
            { kind: 'set', agent: 0, active: true },
            { kind: 'prompt', agent: 0, requests: [{ answer: { type: 'text' }, during: [] }] },
          ],
        },
        edition,
      );
      expect(valid.disagreement).toBeUndefined();
      expect(valid.transcript.lines()[0]).toMatch(/^Given the deployment is:\n"""yaml\n/);
      for (const config of [{ section: '' }, { section: 'x', modes: ['plan'] }, { section: null }]) {
        const invalid = await run(
          {
            probeOrders: [],
            configuration: { kind: 'invalid', config, breaks: 'CFG-01', why: 'a bad configuration' },
            moves: [{ kind: 'new-agent' }],
          },
          edition,
        );
        expect(invalid.disagreement, JSON.stringify(config)).toBeUndefined();
      }
    },
  );

  it('on a child owned by a live agent, whose exit in plan mode opens no review (rc.8)', async () => {
    const result = await run(
      {
        probeOrders: [],
        moves: [
          { kind: 'spawn-owned', agent: 0 },
          { kind: 'set', agent: -1, active: true },
          {
            kind: 'prompt',
            agent: -1,
            requests: [
              { answer: { type: 'exit', review: 'approve' }, during: [] },
              { answer: { type: 'text' }, during: [] },
            ],
          },
        ],
      },
      'rc.8',
    );
    expect(result.disagreement).toBeUndefined();
  });
});

describe('the oracle', () => {
  it('accepts a pending equal to active only after a withdrawal, until the next boundary (SET-03, SET-05)', () => {
    const oracle = new PlanOracle();
    expect(oracle.acceptsGet({ active: false, pending: false })).toBe(false);
    oracle.openTurn();
    oracle.set(true);
    oracle.set(false);
    expect(oracle.acceptsGet({ active: false, pending: false })).toBe(true);
    oracle.request();
    expect(oracle.acceptsGet({ active: false, pending: false })).toBe(false);
  });
});
