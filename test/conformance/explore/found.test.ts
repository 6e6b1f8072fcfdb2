/**
 * What the exploration's actions, answers and checks hand back
 * (conformance/explore/disagreement.ts, `Found`): each returns the
 * disagreement it found, or none, and records nothing itself; the session
 * runner (or, inside a call the host made into the kit, the explored
 * session's guard) records the first one. Shown here on each action family
 * that compares (set, typed lines), a turn's request count, an invalid
 * configuration, and the guard; and held as a rule over the sources.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionOf } from '../../../conformance/explore/actions/index.js';
import { judgeRefusal } from '../../../conformance/explore/configuration.js';
import { ExploredSession } from '../../../conformance/explore/explored-session.js';
import type { SessionMove } from '../../../conformance/explore/moves.js';
import { afterTurn } from '../../../conformance/explore/turn.js';
import type { GuardedHost } from '../../../conformance/guard/guarded-host.js';
import { createdAgent } from '../../../conformance/oracle/session-oracle.js';
import { PACKAGE_ROOT } from '../../../conformance/package-root.js';
import type { Edition, PlanModeState, SetOutcome } from '../../../src/index.js';

/** A host that answers as told; what it is not told it answers as a conforming host would for an idle agent. */
function fakeHost(answers: {
  set?: SetOutcome;
  get?: PlanModeState;
  command?: { ok: boolean; text: string };
  projection?: unknown;
}): GuardedHost {
  return {
    setPlanMode: async () => answers.set ?? 'committed',
    getPlanMode: async () => answers.get ?? { active: true },
    runCommand: async () => answers.command ?? { ok: true, text: 'done' },
    readProjection: async () => answers.projection ?? { active: true, pending: false },
  } as unknown as GuardedHost;
}

function sessionWith(
  host: GuardedHost,
  options: { edition?: Edition; projections?: boolean; strict?: boolean } = {},
): ExploredSession {
  const session = new ExploredSession(
    {
      adapter: { name: 'host' } as never,
      callLimitMs: 1000,
      strict: options.strict ?? false,
      edition: options.edition ?? 'seed',
    },
    async () => undefined,
  );
  session.host = host;
  session.composed = { commands: true, questions: true, projections: options.projections ?? false };
  session.agents.push(createdAgent('the agent', 'agent-1', session.edition));
  return session;
}

const run = (session: ExploredSession, move: SessionMove) => actionOf(move).run(session, move);

describe('actions hand back what they found and record nothing', () => {
  it("set: an outcome other than the oracle's is a set-outcome disagreement under the clause of the predicted one", async () => {
    const agreeing = sessionWith(fakeHost({ set: 'committed', get: { active: true } }));
    expect(await run(agreeing, { kind: 'set', agent: 0, active: true })).toBeUndefined();

    const broken = sessionWith(fakeHost({ set: 'queued' }));
    const found = await run(broken, { kind: 'set', agent: 0, active: true });
    expect(found).toMatchObject({
      check: 'set-outcome',
      clauses: ['SET-01'],
      step: { text: 'the set results were "committed"', midTurn: false },
    });
    expect(broken.failure).toBeUndefined();
  });

  it('set: then get, whose disagreement is handed back as found (SET-05)', async () => {
    const session = sessionWith(fakeHost({ set: 'committed', get: { active: false } }));
    expect(await run(session, { kind: 'set', agent: 0, active: true })).toMatchObject({ check: 'get-state' });
    expect(session.failure).toBeUndefined();
  });

  it('a /plan line answered with a failure is a command-succeeds disagreement (CMD-07)', async () => {
    const session = sessionWith(fakeHost({ command: { ok: false, text: 'no' } }));
    // `/plan off` for an idle agent outside plan mode selects nothing and starts no turn.
    const found = await run(session, { kind: 'plan-line', agent: 0, line: '/plan off' });
    expect(found).toMatchObject({ check: 'command-succeeds', clauses: ['CMD-07'] });
    expect(session.failure).toBeUndefined();
    const agreeing = sessionWith(fakeHost({ get: { active: false } }));
    expect(await run(agreeing, { kind: 'plan-line', agent: 0, line: '/plan off' })).toBeUndefined();
  });

  it('results of different outcomes with one text are a command-texts-differ disagreement at the strict level (CMD-08)', async () => {
    const session = sessionWith(fakeHost({ command: { ok: true, text: 'same' }, get: { active: false } }), {
      strict: true,
    });
    session.agents[0]!.plan.set(true);
    // Leaving plan mode, then leaving again (already off): two outcomes, one text.
    expect(await run(session, { kind: 'plan-line', agent: 0, line: '/plan off' })).toBeUndefined();
    expect(await run(session, { kind: 'plan-line', agent: 0, line: '/plan off' })).toMatchObject({
      check: 'command-texts-differ',
      clauses: ['CMD-08'],
    });
  });

  it('rc.8: /plan off with images answered with a success is refused (CMD-10), and its projection compared', async () => {
    const host = fakeHost({ command: { ok: true, text: 'left' }, get: { active: false } });
    const move: SessionMove = { kind: 'plan-line', agent: 0, line: '/plan off', images: ['red'] };
    expect(await run(sessionWith(host, { edition: 'rc.8' }), move)).toMatchObject({
      check: 'plan-off-with-images-refused',
      clauses: ['CMD-10', 'CMD-07'],
    });
    const refused = fakeHost({
      command: { ok: false, text: 'refused' },
      get: { active: false },
      projection: { active: false, pending: true },
    });
    expect(await run(sessionWith(refused, { edition: 'rc.8', projections: true }), move)).toMatchObject({
      check: 'projection-after-refused-command',
      clauses: ['CMD-10'],
    });
  });

  it('a turn with fewer requests than scripted is a request-count disagreement', () => {
    const session = sessionWith(fakeHost({}));
    const agent = session.agents[0]!;
    session.turns.set(agent.id, { planned: [], start: 0, firstTexts: ['go'] });
    expect(afterTurn(session, agent, 0, 2, ['CMD-03'])).toMatchObject({
      check: 'request-count',
      clauses: ['CMD-03'],
      step: { text: 'the number of model requests of the agent is 2' },
    });
    expect(agent.turns).toBe(1);
    expect(afterTurn(session, agent, 0, 0, [])).toBeUndefined();
  });

  it('a host that starts on an invalid configuration is found, one that refuses is not (CFG-01, CFG-02)', () => {
    const session = sessionWith(fakeHost({}));
    const invalid = { kind: 'invalid', config: {}, breaks: 'CFG-01', why: 'no section' } as const;
    expect(judgeRefusal(session, invalid, true)).toMatchObject({
      check: 'invalid-configuration-refused',
      clauses: ['CFG-01'],
    });
    expect(judgeRefusal(session, invalid, false)).toBeUndefined();
    expect(session.failure).toBeUndefined();
  });
});

describe("the guard records what is found inside the host's calls", () => {
  it('keeps the first, writes a mid-turn check before the turn, and skips later checks', async () => {
    const session = sessionWith(fakeHost({}));
    const first = { clauses: ['SET-05'], check: 'get-state', message: 'm', step: { text: 'a check', midTurn: true } };
    await session.guard(async () => first);
    expect(session.failure).toBe(first);
    expect(session.transcript.lines()).toEqual(['Given a check']);
    let ran = false;
    await session.guard(async () => {
      ran = true;
      return undefined;
    });
    expect(ran).toBe(false);
    expect(session.failed()).toBe(first);
  });

  it('an adapter call that throws is recorded as the adapter-call failure', async () => {
    const session = sessionWith(fakeHost({}));
    await session.guard(async () => {
      throw new Error('adapter method getPlanMode: exploded');
    });
    expect(session.failure).toMatchObject({ check: 'adapter-call', kind: 'adapter-error' });
  });
});

describe('the rule: only the runner and the guard record', () => {
  const folder = join(PACKAGE_ROOT, 'conformance', 'explore');
  const sources = ['actions', 'answers', 'checks'].flatMap((sub) =>
    readdirSync(join(folder, sub))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(sub, name)),
  );

  it('no action, answer or check records, guards or stops the session itself', () => {
    expect(sources.length).toBeGreaterThan(15);
    for (const file of sources) {
      const text = readFileSync(join(folder, file), 'utf8');
      expect(text, file).not.toMatch(/session\.(disagree|record|guard)\(|\.failure\b|\bStop\b/);
    }
  });

  it('the explored session offers no way to stop the session from inside a move', () => {
    expect('disagree' in ExploredSession.prototype).toBe(false);
    expect('stopIfFailed' in ExploredSession.prototype).toBe(false);
  });
});
