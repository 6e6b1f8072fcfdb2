/** The plan-mode plugin end to end, through the reference adapter (the kit's view of the host). */
import { describe, expect, it } from 'vitest';
import adapter from '../../reference/adapter.js';
import {
  planModeDeployment,
  type HostHandle,
  type ModelRequest,
  type ModelResponse,
  type Question,
  type QuestionReply,
  type SessionEvent,
} from '../../src/index.js';
import { tempStore } from './helpers.js';
import { event } from '../../reference/host/index.js';
import {
  INITIAL_PLAN_PROJECTION,
  reducePlanProjection,
  viewPlanProjection,
} from '../../reference/plan-mode/projection.js';

const SECTION = 'You are in plan mode.\nExplore, then present the plan through exit_plan_mode.\n';
type Step = ModelResponse | ((request: ModelRequest) => ModelResponse | Promise<ModelResponse>);

async function harness(opts: { questions?: boolean; replies?: QuestionReply[]; storeDir?: string } = {}) {
  const script: Step[] = [];
  const requests: ModelRequest[] = [];
  const asked: Question[] = [];
  const replies = opts.replies ?? [];
  const host: HostHandle = await adapter.start({
    storeDir: opts.storeDir ?? tempStore(),
    edition: 'seed',
    deployment: planModeDeployment({ section: SECTION }),
    compose: { commands: true, questions: opts.questions ?? true, projections: true },
    model: async (request) => {
      requests.push(structuredClone(request));
      const next = script.shift();
      if (next === undefined) return { type: 'text', text: 'ok' };
      return typeof next === 'function' ? next(request) : next;
    },
    questions: async (question) => {
      asked.push(question);
      return replies.shift() ?? { type: 'dismiss' };
    },
    probes: {
      sections: [
        { name: 'probe:low', order: 10, text: 'LOW' },
        { name: 'probe:high', order: 90, text: 'HIGH' },
      ],
      tools: [
        { name: 'probe_tool', description: 'probe', parameters: { type: 'object' }, execute: async () => 'probed' },
      ],
      commands: [
        { name: 'probe', description: 'probe command', run: async (agent, args) => `probed ${agent} ${args}` },
      ],
    },
  });
  const agent = await host.createAgent();
  return { host, agent, script, requests, asked };
}

const planEvents = (log: SessionEvent[]) => log.filter((e) => e.type === 'plan/mode');
const notices = (log: SessionEvent[]) => log.filter((e) => e.type === 'user/message' && e.source === 'plugin');
const exitCall = (plan = 'the plan'): ModelResponse => ({
  type: 'tool_calls',
  text: '',
  calls: [{ id: 'x1', name: 'exit_plan_mode', arguments: { plan } }],
});

describe('selection (SET) and narration (NARR)', () => {
  it('commits at once while idle, without a notice before any request', async () => {
    const { host, agent, requests } = await harness();
    expect(await host.setPlanMode(agent, true)).toBe('committed');
    expect(await host.setPlanMode(agent, true)).toBe('noop');
    expect(await host.getPlanMode(agent)).toEqual({ active: true });
    await host.prompt(agent, 'hi');
    const log = await host.readLog(agent);
    expect(planEvents(log)).toEqual([{ type: 'plan/mode', payload: { active: true } }]);
    expect(notices(log)).toEqual([]);
    expect(requests[0]!.systemPrompt).toContain(`LOW\n\n${SECTION}\n\nHIGH`);
    expect(await host.readObserved(agent)).toEqual(expect.arrayContaining(planEvents(log)));
  });

  it('queues mid-turn and applies at the continuation boundary, before the header, with one notice', async () => {
    const { host, agent, script, requests } = await harness();
    script.push(async () => {
      expect(await host.setPlanMode(agent, true)).toBe('queued');
      expect(await host.getPlanMode(agent)).toEqual({ active: false, pending: true });
      return { type: 'tool_calls', text: '', calls: [{ id: 't1', name: 'probe_tool', arguments: {} }] };
    });
    await host.prompt(agent, 'hi');
    const log = await host.readLog(agent);
    const types = log.map((e) => (e.type === 'other' ? e.name : e.type));
    const planAt = types.indexOf('plan/mode');
    expect(types.slice(planAt, planAt + 3)).toEqual(['plan/mode', 'user/message', 'request/header']);
    expect(notices(log)).toHaveLength(1);
    expect(requests[0]!.systemPrompt).not.toContain(SECTION);
    expect(requests[1]!.systemPrompt).toContain(SECTION);
    expect(requests[1]!.messages.at(-1)).toEqual({
      role: 'user',
      source: 'plugin',
      text: 'The user switched to plan mode.',
    });
    expect(requests[0]!.tools).toEqual(requests[1]!.tools);
    expect(await host.getPlanMode(agent)).toEqual({ active: true });
  });

  it('applies a pending selection at a retry boundary', async () => {
    const { host, agent, script, requests } = await harness();
    script.push(async () => {
      await host.setPlanMode(agent, true);
      return { type: 'failure', message: 'busy', retryable: true };
    });
    await host.prompt(agent, 'hi');
    expect(requests[1]!.systemPrompt).toContain(SECTION);
  });

  it('cancels a pending selection, also after the turn closed; nets out several selections', async () => {
    const { host, agent, script } = await harness();
    script.push(async () => {
      expect(await host.setPlanMode(agent, true)).toBe('queued');
      expect(await host.setPlanMode(agent, true)).toBe('noop');
      expect(await host.setPlanMode(agent, false)).toBe('cancelled');
      expect(await host.setPlanMode(agent, true)).toBe('queued');
      return { type: 'text', text: 'done' };
    });
    await host.prompt(agent, 'hi');
    expect(await host.getPlanMode(agent)).toEqual({ active: false, pending: true });
    expect(await host.setPlanMode(agent, false)).toBe('cancelled');
    await host.prompt(agent, 'again');
    const log = await host.readLog(agent);
    expect(planEvents(log)).toEqual([]);
    expect(notices(log)).toEqual([]);
  });

  it('narrates an idle exit after a plan-mode request', async () => {
    const { host, agent, requests } = await harness();
    await host.setPlanMode(agent, true);
    await host.prompt(agent, 'hi');
    expect(await host.setPlanMode(agent, false)).toBe('committed');
    await host.prompt(agent, 'next');
    expect(requests[1]!.systemPrompt).not.toContain(SECTION);
    expect(requests[1]!.messages.map((m) => (m.role === 'user' ? `${m.source}:${m.text}` : m.role))).toEqual([
      'user:hi',
      'assistant',
      'plugin:The user left plan mode; you are back in the default mode.',
      'user:next',
    ]);
  });
});

describe('exit_plan_mode (TOOL, REVIEW)', () => {
  it('fails while inactive, with no question', async () => {
    const { host, agent, script, requests, asked } = await harness();
    script.push(exitCall());
    await host.prompt(agent, 'hi');
    expect(asked).toEqual([]);
    expect(requests[1]!.messages.at(-1)).toMatchObject({ role: 'tool', isError: true });
  });

  it('leaves plan mode on an exact approval, without a notice', async () => {
    const { host, agent, script, requests, asked } = await harness({
      replies: [{ type: 'answer', selected: ['Approve'] }],
    });
    await host.setPlanMode(agent, true);
    script.push(exitCall('step 1\nstep 2'));
    await host.prompt(agent, 'plan it');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      intent: 'plan-review',
      approveLabel: 'Approve',
      detail: 'step 1\nstep 2',
      options: [{ label: 'Approve' }, { label: 'Keep planning' }],
    });
    expect(requests[1]!.systemPrompt).not.toContain(SECTION);
    expect(requests[1]!.messages.at(-1)).toMatchObject({ role: 'tool', isError: false, value: { approved: true } });
    const log = await host.readLog(agent);
    expect(planEvents(log).map((e) => e.payload)).toEqual([{ active: true }, { active: false }]);
    expect(notices(log)).toEqual([]);
  });

  it('reads several answer items for the review as one answer: every selection and text counts', async () => {
    const { host, agent, script, requests } = await harness({
      replies: [
        { type: 'answers', items: [{ selected: ['Approve'] }, { selected: ['Approve'] }] },
        { type: 'answers', items: [{ selected: ['Approve'] }, { selected: [], freeText: 'later' }] },
        { type: 'answers', items: [{ selected: ['Approve'] }] },
      ],
    });
    await host.setPlanMode(agent, true);
    script.push(exitCall(), exitCall(), exitCall());
    await host.prompt(agent, 'plan it');
    const results = requests.map((request) => request.messages.at(-1));
    expect(results[1]).toMatchObject({ role: 'tool', isError: true });
    expect(results[2]).toMatchObject({ role: 'tool', isError: true });
    expect(results[2]!.text).toContain('later');
    expect(results[3]).toMatchObject({ role: 'tool', isError: false, value: { approved: true } });
  });

  it.each<[QuestionReply, string]>([
    [{ type: 'answer', selected: ['Keep planning'], freeText: 'add tests' }, 'add tests'],
    [{ type: 'answer', selected: ['Approve'], freeText: 'but rename it' }, 'but rename it'],
    [{ type: 'answer', selected: ['Approve', 'Keep planning'] }, 'did not approve'],
    [{ type: 'no-answer' }, 'did not approve'],
    [{ type: 'dismiss' }, 'wait for the user'],
    [{ type: 'fail', message: 'provider exploded' }, 'provider exploded'],
    [{ type: 'abort' }, 'aborted'],
  ])('keeps plan mode on %j', async (reply, text) => {
    const { host, agent, script, requests } = await harness({ replies: [reply] });
    await host.setPlanMode(agent, true);
    script.push(exitCall());
    await host.prompt(agent, 'plan it');
    const last = requests[1]!.messages.at(-1)!;
    expect(last).toMatchObject({ role: 'tool', isError: true });
    expect(last.role === 'tool' && last.text).toContain(text);
    expect(await host.getPlanMode(agent)).toEqual({ active: true });
    expect(requests[1]!.systemPrompt).toContain(SECTION);
  });

  it('fails clearly when no question seam is composed', async () => {
    const { host, agent, script, requests } = await harness({ questions: false });
    await host.setPlanMode(agent, true);
    script.push(exitCall());
    await host.prompt(agent, 'plan it');
    expect(requests[1]!.messages.at(-1)).toMatchObject({ role: 'tool', isError: true });
    expect(await host.getPlanMode(agent)).toEqual({ active: true });
  });
});

describe('/plan (CMD) and the plan projection (PROJ)', () => {
  it('registers the probe command beside /plan; it logs its command/run and leaves the projection alone', async () => {
    const { host, agent } = await harness();
    expect(await host.runCommand!(agent, '/probe off')).toEqual({ ok: true, text: `probed ${agent} off` });
    const log = await host.readLog(agent);
    expect(log.filter((e) => e.type === 'command/run')).toEqual([{ type: 'command/run', name: 'probe', args: 'off' }]);
    expect(await host.readProjection!(agent)).toEqual({ active: false, pending: false });
    expect(await host.readProjectionPushes!(agent)).toEqual([]);
  });

  it('enters and leaves while idle; nothing reaches the model', async () => {
    const { host, agent, requests } = await harness();
    expect(await host.runCommand!(agent, '/plan')).toEqual({ ok: true, text: 'Entered plan mode.' });
    expect(await host.runCommand!(agent, '/plan')).toEqual({ ok: true, text: 'Already in plan mode.' });
    expect(await host.readProjection!(agent)).toEqual({ active: true, pending: false });
    expect(await host.runCommand!(agent, '/plan  off ')).toEqual({ ok: true, text: 'Left plan mode.' });
    expect(await host.runCommand!(agent, '/plan off')).toEqual({ ok: true, text: 'Plan mode is already inactive.' });
    expect(requests).toEqual([]);
  });

  it('selects plan mode first, then sends the trimmed message as an ordinary user message', async () => {
    const { host, agent, requests } = await harness();
    const result = await host.runCommand!(agent, '/plan   Off now  ');
    expect(result.ok).toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.systemPrompt).toContain(SECTION);
    expect(requests[0]!.messages).toEqual([{ role: 'user', source: 'user', text: 'Off now' }]);
    const log = await host.readLog(agent);
    expect(log.map((e) => e.type).slice(0, 3)).toEqual(['command/run', 'plan/mode', 'turn/start']);
  });

  it('mid-turn: /plan queues, /plan off cancels the entry with no event and no notice', async () => {
    const { host, agent, script } = await harness();
    script.push(async () => {
      expect(await host.runCommand!(agent, '/plan')).toEqual({
        ok: true,
        text: 'Plan mode is queued for the next step.',
      });
      expect(await host.readProjection!(agent)).toEqual({ active: false, pending: true });
      expect(await host.runCommand!(agent, '/plan off')).toEqual({ ok: true, text: 'Plan mode entry cancelled.' });
      expect(await host.readProjection!(agent)).toEqual({ active: false, pending: false });
      return { type: 'tool_calls', text: '', calls: [{ id: 't', name: 'probe_tool', arguments: {} }] };
    });
    await host.prompt(agent, 'hi');
    const log = await host.readLog(agent);
    expect(planEvents(log)).toEqual([]);
    expect(notices(log)).toEqual([]);
  });

  it('mid-turn /plan <message>: the next step runs in plan mode and carries the message', async () => {
    const { host, agent, script, requests } = await harness();
    script.push(async () => {
      await host.runCommand!(agent, '/plan think first');
      return { type: 'text', text: 'working' };
    });
    await host.prompt(agent, 'hi');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.systemPrompt).toContain(SECTION);
    expect(requests[1]!.messages.at(-1)).toEqual({ role: 'user', source: 'user', text: 'think first' });
  });
});

describe('agents (SCOPE, STATE)', () => {
  it('restart keeps the logged state and loses a pending selection', async () => {
    const storeDir = tempStore();
    const { host, agent, script } = await harness({ storeDir });
    await host.setPlanMode(agent, true);
    script.push(async () => {
      await host.setPlanMode(agent, false);
      return { type: 'text', text: 'ok' };
    });
    await host.prompt(agent, 'hi');
    expect(await host.getPlanMode(agent)).toEqual({ active: true, pending: false });
    await host.restart!();
    expect(await host.getPlanMode(agent)).toEqual({ active: true });
    expect(planEvents(await host.readLog(agent))).toHaveLength(1);
  });

  it('fork carries the state and is independent; spawn starts inactive; compaction keeps the section', async () => {
    const { host, agent, requests } = await harness();
    await host.setPlanMode(agent, true);
    const fork = await host.fork!(agent);
    const child = await host.spawn!(agent);
    expect(await host.getPlanMode(fork)).toEqual({ active: true });
    expect(await host.getPlanMode(child)).toEqual({ active: false });
    await host.setPlanMode(fork, false);
    expect(await host.getPlanMode(agent)).toEqual({ active: true });
    await host.prompt(agent, 'one');
    await host.compact!(agent);
    await host.prompt(agent, 'two');
    expect(requests[1]!.systemPrompt).toBe(requests[0]!.systemPrompt);
    expect(requests[1]!.messages[0]).toMatchObject({ role: 'user', source: 'host' });
  });
});

describe('the plan projection under the rc.8 edition (PROJ-02, PROJ-03)', () => {
  const rc8 = { settlesOnDone: true };
  const fold = (events: Parameters<typeof reducePlanProjection>[1][]) =>
    events.reduce((state, e) => reducePlanProjection(state, e, rc8), INITIAL_PLAN_PROJECTION);

  it('keeps a /plan selection its command/done reports successful, and drops a failed one', () => {
    const run = event('command/run', { name: 'plan', args: '' });
    expect(viewPlanProjection(fold([run]))).toEqual({ active: false, pending: true });
    expect(viewPlanProjection(fold([run, event('command/done', { name: 'plan', ok: true })]))).toEqual({
      active: false,
      pending: true,
    });
    expect(viewPlanProjection(fold([run, event('command/done', { name: 'plan', ok: false })]))).toEqual({
      active: false,
      pending: false,
    });
    // A failed /plan off after a kept /plan leaves the kept selection as it was.
    const kept = [run, event('command/done', { name: 'plan', ok: true })];
    const refused = [
      event('command/run', { name: 'plan', args: 'off' }),
      event('command/done', { name: 'plan', ok: false }),
    ];
    expect(viewPlanProjection(fold([...kept, ...refused]))).toEqual({ active: false, pending: true });
  });

  it('clears on plan/mode, and returns the very same state for everything that settles nothing', () => {
    const committed = fold([event('command/run', { name: 'plan', args: '' }), event('plan/mode', { active: true })]);
    expect(viewPlanProjection(committed)).toEqual({ active: true, pending: false });
    expect(reducePlanProjection(committed, event('command/done', { name: 'plan', ok: true }), rc8)).toBe(committed);
    expect(reducePlanProjection(committed, event('command/done', { name: 'probe', ok: true }), rc8)).toBe(committed);
    expect(reducePlanProjection(committed, event('turn/end', {}), rc8)).toBe(committed);
    // The seed reading folds no command/done at all.
    const pending = fold([event('command/run', { name: 'plan', args: 'off' })]);
    expect(reducePlanProjection(pending, event('command/done', { name: 'plan', ok: false }))).toBe(pending);
  });
});

describe('the log as the adapter hands it out', () => {
  it('hands out each logged event as the same frozen value at every read, to the log and to observers alike', async () => {
    const { host, agent } = await harness();
    await host.setPlanMode(agent, true);
    await host.prompt(agent, 'hi');
    const first = await host.readLog(agent);
    await host.prompt(agent, 'again');
    const later = await host.readLog(agent);
    expect(later.slice(0, first.length)).toEqual(first);
    for (const [index, logged] of first.entries()) {
      expect(later[index]).toBe(logged);
      expect(Object.isFrozen(logged)).toBe(true);
    }
    const observed = await host.readObserved(agent);
    expect(observed.every((told) => later.includes(told))).toBe(true);
    await host.dispose();
  });
});
