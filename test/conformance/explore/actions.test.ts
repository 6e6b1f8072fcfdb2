/**
 * The action families that make and remake agents, and those that run a turn
 * (conformance/explore/actions/), each run on its own against a host stub:
 * what it records in the transcript (worded as the suite's step), the model's
 * step it takes (oracle/session-oracle.ts) and what it hands back.
 */
import { describe, expect, it } from 'vitest';
import { actionOf } from '../../../conformance/explore/actions/index.js';
import { ExploredSession } from '../../../conformance/explore/explored-session.js';
import type { SessionMove } from '../../../conformance/explore/moves.js';
import type { GuardedHost } from '../../../conformance/guard/guarded-host.js';
import { createdAgent } from '../../../conformance/oracle/session-oracle.js';

/** A host whose calls succeed and make nothing happen: an agent it is asked for gets the next id. */
function quietHost(calls: string[]): GuardedHost {
  let ids = 1;
  const made = async () => `agent-${++ids}`;
  return {
    createAgent: made,
    fork: async (id: string) => {
      calls.push(`fork ${id}`);
      return made();
    },
    spawn: made,
    spawnOwnedChild: made,
    readLog: async () => [],
    restart: async () => {
      calls.push('restart');
    },
    prompt: async (id: string) => {
      calls.push(`prompt ${id}`);
    },
    compact: async () => {
      calls.push('compact');
    },
  } as unknown as GuardedHost;
}

/** `midTurn`: whether the user's mid-turn moves run (through the actions, as the session runner runs them). */
function session(calls: string[] = [], midTurn = false): ExploredSession {
  const explored: ExploredSession = new ExploredSession(
    { adapter: { name: 'host' } as never, callLimitMs: 1000, strict: false, edition: 'rc.8' },
    async (move, during) => (midTurn ? actionOf(move).run(explored, move, during) : undefined),
  );
  explored.host = quietHost(calls);
  explored.agents.push(createdAgent('the agent', 'agent-1', 'rc.8'));
  return explored;
}

const run = (s: ExploredSession, move: SessionMove) => actionOf(move).run(s, move);

describe('actions that make agents', () => {
  it('new agent, fork, spawn and owned child: each makes the agent, names it and records its step', async () => {
    const calls: string[] = [];
    const s = session(calls);
    s.agents[0]!.plan.set(true);
    for (const move of [
      { kind: 'new-agent' },
      { kind: 'fork', agent: 0 },
      { kind: 'spawn', agent: 0 },
      { kind: 'spawn-owned', agent: 0 },
    ] as const)
      expect(await run(s, move)).toBeUndefined();
    expect(s.agents.map((agent) => [agent.name, agent.kind])).toEqual([
      ['the agent', 'created'],
      ['agent "B"', 'created'],
      ['agent "fork 1"', 'fork'],
      ['agent "child 1"', 'child'],
      ['agent "child 2"', 'owned'],
    ]);
    // A fork carries its origin's logged state (STATE-04); a child starts outside plan mode (STATE-07).
    expect(s.agents[2]!.plan.logged).toBe(true);
    expect(s.agents[3]!.plan.logged).toBe(false);
    expect(calls).toEqual(['fork agent-1']);
    expect(s.transcript.lines()).toEqual([
      'When the user creates agent "B"',
      'And the agent is forked as agent "fork 1"',
      'And the agent spawns the child agent "child 1"',
      'Given agent "child 2" is a child agent owned by the agent',
    ]);
  });

  it('a restart takes the model step of every agent and starts the pushes count again (STATE-03, PROJ-02)', async () => {
    const s = session();
    s.notedPushes.set('agent-1', { pushes: [], logLength: 0, view: { active: false, pending: false }, mark: 0 });
    expect(await run(s, { kind: 'restart' })).toBeUndefined();
    expect(s.restarted).toBe(true);
    expect(s.notedPushes.size).toBe(0);
    expect(s.agents[0]!.plan.cause).toEqual(['STATE-03']);
    expect(s.agents[0]!.eventsAtRestarts).toEqual([0]);
    expect(s.transcript.lines()).toEqual(['When the host restarts']);
  });
});

describe('actions that run a turn', () => {
  it('a prompt the host answers with no model request is a request-count disagreement, handed back', async () => {
    const calls: string[] = [];
    const s = session(calls);
    const found = await run(s, {
      kind: 'prompt',
      agent: 0,
      requests: [
        { answer: { type: 'failure' }, during: [] },
        { answer: { type: 'text' }, during: [] },
      ],
    });
    expect(found).toMatchObject({
      check: 'request-count',
      step: { text: 'the number of model requests of the agent is 2' },
    });
    expect(calls).toEqual(['prompt agent-1']);
    expect(s.failure).toBeUndefined();
    expect(s.transcript.lines()).toEqual([
      'Given the model will answer request 1 of the agent with a retryable failure',
      'When the user prompts the agent with "Task 1 for the agent"',
    ]);
  });

  it('a compaction: a long conversation, then the history compacted and the model step taken (STATE-05, NARR-01)', async () => {
    const calls: string[] = [];
    const s = session(calls);
    expect(await run(s, { kind: 'compact', agent: 0 })).toBeUndefined();
    expect(calls).toEqual([...Array(4).fill('prompt agent-1'), 'compact']);
    expect(s.compacted).toBe(true);
    expect(s.agents[0]!).toMatchObject({ noticesKnown: false, compactedSinceRequest: true, turns: 4 });
    expect(s.agents[0]!.plan.cause).toEqual(['STATE-05']);
    expect(s.transcript.lines()).toEqual([
      'When the user has a long conversation with the agent',
      'And the history of the agent is compacted',
    ]);
  });

  it('a selection waiting through the compaction is printed before the long conversation that makes it (a replay scripts it first)', async () => {
    const s = session([], true);
    // The last part's request reaches the model, which runs the selection scripted for it.
    s.host = {
      ...quietHost([]),
      prompt: async (id: string, text: string) => {
        if (text.startsWith('Part 4:')) await s.model.port({ agent: id, systemPrompt: '', tools: [], messages: [] });
      },
      setPlanMode: async () => 'applied',
      getPlanMode: async () => ({ active: false, pending: true }),
    } as unknown as GuardedHost;
    await run(s, { kind: 'compact', agent: 0, waiting: true });
    const lines = s.transcript.lines();
    expect(lines[0]).toMatch(/^Given while the model handles request 1 of the agent, the user /);
    // (What the stub's answers make of the session after it is not this test's concern.)
    expect(lines[1]).toBe('When the user has a long conversation with the agent');
  });
});
