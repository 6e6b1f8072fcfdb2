/**
 * The dsh adapter against the real upstream packages: composition, the model
 * and question bridges, event normalisation and the handle's operations.
 */
import { describe, expect, it } from 'vitest';
import adapter from '../../../adapters/dsh/adapter.js';
import { commandArgs, toContractEvent, toMessageSource } from '../../../adapters/dsh/events.js';
import { toChunks } from '../../../adapters/dsh/model-bridge.js';
import { nodeHasZstd } from '../../../adapters/dsh/persistence.js';
import { toAnswers, toQuestion } from '../../../adapters/dsh/question-bridge.js';
import { nodeStripsTypes } from '../../../adapters/dsh/code-mode.js';
import { harness, SECTION, withHost } from './dsh-harness.js';

describe('dsh adapter: capabilities and configuration', () => {
  it('declares everything supported, but restart where this Node cannot load the persistence backend (restart.test.ts)', () => {
    expect(adapter.name).toBe('dsh');
    const missing = Object.entries(adapter.capabilities).filter(([, support]) => support !== true);
    // Restart needs a Node with zstd (restart.test.ts), the code modes one that type-strips (code-mode.test.ts).
    expect(missing.map(([name]) => name)).toEqual([
      ...(nodeHasZstd() ? [] : ['restart']),
      ...(nodeStripsTypes() ? [] : ['codeMode', 'bothMode']),
    ]);
  });

  it.each([
    [{ section: '' }, 'non-empty'],
    [{ section: 'x', modes: ['strict'] }, 'modes'],
    [{}, 'section'],
  ])('rejects the config %j with the plugin message', async (config, word) => {
    await expect(adapter.start(harness(config).options)).rejects.toThrow(word);
  });
});

describe('dsh adapter: a plan-mode round trip', () => {
  it('commits set when idle, puts the section at order 50 and exits through an approved review', async () => {
    const h = harness();
    h.responses.push(
      { type: 'tool_calls', text: '', calls: [{ id: 'c1', name: 'probe_lookup', arguments: { query: 'q' } }] },
      {
        type: 'tool_calls',
        text: '',
        calls: [{ id: 'c2', name: 'exit_plan_mode', arguments: { plan: '# Plan\n- do' } }],
      },
    );
    h.replies.push({ type: 'answer', selected: ['Approve'] });
    await withHost(h, async (host) => {
      const agent = await host.createAgent();
      expect(await host.setPlanMode(agent, true)).toBe('committed');
      await host.prompt(agent, 'hello');
      expect(h.requests).toHaveLength(3);
      expect(h.requests.every((request) => request.agent === agent)).toBe(true);
      expect(h.requests[0]!.systemPrompt).toContain(`AT 49\n\n${SECTION}\n\nAT 51`);
      expect(h.requests[2]!.systemPrompt).not.toContain(SECTION);
      expect(h.requests[0]!.tools.map((tool) => tool.name)).toEqual(h.requests[2]!.tools.map((tool) => tool.name));
      // Upstream's canonical value of a string-output tool is the string itself.
      expect(h.requests[1]!.messages.at(-1)).toEqual({
        role: 'tool',
        toolCallId: 'c1',
        toolName: 'probe_lookup',
        text: 'PROBE RESULT',
        isError: false,
        value: 'PROBE RESULT',
      });
      expect(h.requests[2]!.messages.at(-1)).toMatchObject({
        role: 'tool',
        toolCallId: 'c2',
        toolName: 'exit_plan_mode',
        isError: false,
        value: { approved: true },
      });
      expect(h.asked).toEqual([`${agent}:plan-review`]);
      expect(await host.getPlanMode(agent)).toEqual({ active: false });
      const log = await host.readLog(agent);
      expect(log.filter((e) => e.type === 'plan/mode')).toEqual([
        { type: 'plan/mode', payload: { active: true } },
        { type: 'plan/mode', payload: { active: false } },
      ]);
      expect(await host.readObserved(agent)).toEqual(log);
    });
  });

  it('registers the probe command beside /plan: a successful result, its own command/run, the plan projection untouched', async () => {
    const h = harness();
    await withHost(h, async (host) => {
      const agent = await host.createAgent();
      expect(await host.runCommand!(agent, '/probe off')).toEqual({ ok: true, text: `probed ${agent} off` });
      const log = await host.readLog(agent);
      expect(log.filter((e) => e.type === 'command/run')).toEqual([
        { type: 'command/run', name: 'probe', args: 'off' },
      ]);
      expect(await host.readProjection!(agent)).toEqual({ active: false, pending: false });
      expect(await host.getPlanMode(agent)).toEqual({ active: false });
    });
  });

  it('surfaces the upstream refusal of a plan without a heading as a failed call, before any review', async () => {
    const h = harness();
    h.responses.push({
      type: 'tool_calls',
      text: '',
      calls: [{ id: 'c1', name: 'exit_plan_mode', arguments: { plan: '1. Read. 2. Write.' } }],
    });
    await withHost(h, async (host) => {
      const agent = await host.createAgent();
      await host.setPlanMode(agent, true);
      await host.prompt(agent, 'plan it');
      expect(h.asked).toEqual([]);
      expect(h.requests[1]!.messages.at(-1)).toMatchObject({
        role: 'tool',
        toolName: 'exit_plan_mode',
        isError: true,
        text: expect.stringContaining('# heading'),
      });
      expect(await host.getPlanMode(agent)).toEqual({ active: true });
    });
  });

  it('runs /plan through the command service and reads the plan projection', async () => {
    const h = harness();
    await withHost(h, async (host) => {
      const agent = await host.createAgent();
      expect(await host.runCommand!(agent, '/plan')).toEqual({ ok: true, text: expect.any(String) });
      expect(await host.readProjection!(agent)).toEqual({ active: true, pending: false });
      const before = h.requests.length;
      await host.runCommand!(agent, '/plan  write it down ');
      expect(h.requests.length).toBe(before + 1);
      expect(h.requests.at(-1)!.messages).toEqual([{ role: 'user', source: 'user', text: 'write it down' }]);
      const runs = (await host.readLog(agent)).filter((e) => e.type === 'command/run');
      expect(runs).toEqual([
        { type: 'command/run', name: 'plan', args: '' },
        { type: 'command/run', name: 'plan', args: 'write it down ' },
      ]);
    });
  });

  it('forks with the logged state and spawns an inactive child', async () => {
    const h = harness();
    await withHost(h, async (host) => {
      const agent = await host.createAgent();
      await host.setPlanMode(agent, true);
      await host.prompt(agent, 'hi');
      const fork = await host.fork!(agent);
      const child = await host.spawn!(agent);
      expect(await host.getPlanMode(fork)).toEqual({ active: true });
      expect(await host.getPlanMode(child)).toEqual({ active: false });
      await host.prompt(fork, 'in the fork');
      expect(h.requests.at(-1)!.agent).toBe(fork);
      expect(h.requests.at(-1)!.systemPrompt).toContain(SECTION);
    });
  });

  it('retries a retryable failure in the same turn, and compacts a long history through the model', async () => {
    const h = harness();
    h.responses.push({ type: 'failure', message: 'transient', retryable: true });
    await withHost(h, async (host) => {
      const agent = await host.createAgent();
      await host.prompt(agent, `one ${'long history '.repeat(100)}`);
      expect(h.requests).toHaveLength(2);
      await host.compact!(agent);
      expect(h.requests).toHaveLength(3);
      await host.prompt(agent, 'two');
      expect(h.requests.at(-1)!.messages.at(-1)).toEqual({ role: 'user', source: 'user', text: 'two' });
    });
  });

  it('refuses to compact a history shorter than the upstream checkpoint frame', async () => {
    const h = harness();
    await withHost(h, async (host) => {
      const agent = await host.createAgent();
      await host.prompt(agent, 'short');
      await expect(host.compact!(agent)).rejects.toThrow('smaller summary');
    });
  });
});

describe('dsh adapter: pure mappings', () => {
  it('normalises events', () => {
    expect(toContractEvent({ type: 'plan/mode', data: { active: true } })).toEqual({
      type: 'plan/mode',
      payload: { active: true },
    });
    expect(toContractEvent({ type: 'command/run', data: { name: 'plan', args: ' off' } })).toEqual({
      type: 'command/run',
      name: 'plan',
      args: 'off',
    });
    expect(toContractEvent({ type: 'request/header', data: { header: { system: 'S' } } })).toEqual({
      type: 'request/header',
      systemPrompt: 'S',
    });
    expect(toContractEvent({ type: 'step/start', data: {} })).toEqual({ type: 'other', name: 'step/start' });
    expect(commandArgs(undefined)).toBe('');
  });

  it('maps message sources', () => {
    expect(toMessageSource({ kind: 'user' })).toBe('user');
    expect(toMessageSource({ kind: 'plugin', plugin: 'plan-mode', form: 'notice' })).toBe('plugin');
    expect(toMessageSource({ kind: 'plugin', plugin: 'compact' })).toBe('host');
  });

  it('streams failures with a retryable or permanent code', () => {
    const [retryable] = toChunks({ type: 'failure', message: 'm', retryable: true });
    const [permanent] = toChunks({ type: 'failure', message: 'm', retryable: false });
    expect(retryable).toMatchObject({ type: 'finish', reason: { kind: 'error', failure: { code: 'SERVER' } } });
    expect(permanent).toMatchObject({
      type: 'finish',
      reason: { kind: 'error', failure: { code: 'INVALID_REQUEST' } },
    });
  });

  it('maps replies to the upstream answer encoding', () => {
    expect(toAnswers('q', { type: 'answer', selected: ['Approve'] })).toEqual([{ id: 'q', selected: ['Approve'] }]);
    expect(toAnswers('q', { type: 'answer', selected: [], freeText: 'more' })).toEqual([
      { id: 'q', selected: [], custom: 'more' },
    ]);
    expect(
      toAnswers('q', { type: 'answers', items: [{ selected: ['Approve'] }, { selected: ['x'], freeText: 't' }] }),
    ).toEqual([
      { id: 'q', selected: ['Approve'] },
      { id: 'q', selected: ['x'], custom: 't' },
    ]);
    expect(toAnswers('q', { type: 'no-answer' })).toEqual([]);
    expect(() => toAnswers('q', { type: 'dismiss' })).toThrow(expect.objectContaining({ code: 'ASK_CANCELLED' }));
    expect(() => toAnswers('q', { type: 'abort' })).toThrow(expect.objectContaining({ code: 'ASK_ABORTED' }));
    expect(() => toAnswers('q', { type: 'fail', message: 'boom' })).toThrow('boom');
    expect(
      toQuestion({
        id: 'q',
        question: 'Q?',
        detail: 'D',
        intent: { kind: 'plan-review', approve: 'Yes' },
        options: [{ label: 'Yes' }],
      }),
    ).toEqual({
      id: 'q',
      question: 'Q?',
      detail: 'D',
      options: [{ label: 'Yes' }],
      intent: 'plan-review',
      approveLabel: 'Yes',
    });
  });
});
