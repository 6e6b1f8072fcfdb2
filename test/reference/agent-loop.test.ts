import { describe, expect, it } from 'vitest';
import { event, Host, type BoundaryKind, type ModelResponse } from '../../reference/host/index.js';
import { scriptedModel, tempStore } from './helpers.js';

const retryable = (message = 'overloaded'): ModelResponse => ({ type: 'failure', message, retryable: true });

function hostWith(script: Parameters<typeof scriptedModel>[0], maxAttempts?: number) {
  const model = scriptedModel(script);
  const host = Host.open({
    storeDir: tempStore(),
    model,
    loop: maxAttempts === undefined ? undefined : { maxAttempts },
    onWarning: () => undefined,
  });
  const boundaries: BoundaryKind[] = [];
  host.install({ name: 'spy', install: (ctx) => ctx.onBoundary(({ kind }) => void boundaries.push(kind)) });
  return { host, model, boundaries, agent: host.createAgent() };
}

describe('agent loop', () => {
  it('retries a retryable failure at most 3 attempts in all, then ends the turn', async () => {
    const { host, model, boundaries, agent } = hostWith([retryable(), retryable(), retryable(), retryable()]);
    await host.prompt(agent, 'go');
    expect(model.requests).toHaveLength(3);
    expect(boundaries).toEqual(['submission', 'retry', 'retry']);
    const types = host.readLog(agent).map((e) => e.type);
    expect(types.filter((t) => t === 'request/failure')).toHaveLength(3);
    expect(types.at(-1)).toBe('turn/end');
    expect(host.isRunning(agent)).toBe(false);
  });

  it('re-sends the frozen request at a retry when retries reuse their request (rc.8): no boundary, no steered message', async () => {
    const failsWhileTheUserTypes = () => {
      void host.steer(agent, 'typed while it failed');
      return retryable();
    };
    const model = scriptedModel([
      failsWhileTheUserTypes,
      { type: 'text', text: 'fine' },
      { type: 'text', text: 'and the message' },
    ]);
    const host = Host.open({
      storeDir: tempStore(),
      model,
      loop: { retryReusesRequest: true },
      onWarning: () => undefined,
    });
    const boundaries: BoundaryKind[] = [];
    host.install({ name: 'spy', install: (ctx) => ctx.onBoundary(({ kind }) => void boundaries.push(kind)) });
    const agent = host.createAgent();
    await host.prompt(agent, 'go');
    expect(model.requests[1]).toEqual(model.requests[0]);
    expect(boundaries).toEqual(['submission', 'continuation']);
    expect(model.requests[2]!.messages.at(-1)).toEqual({ role: 'user', source: 'user', text: 'typed while it failed' });
    expect(host.readLog(agent).filter((e) => e.type === 'request/header')).toHaveLength(3);
  });

  it('honours a configured bound', async () => {
    const { host, model, agent } = hostWith([retryable(), retryable(), retryable()], 2);
    await host.prompt(agent, 'go');
    expect(model.requests).toHaveLength(2);
  });

  it('recovers when a retry succeeds, and ends the turn at once on a non-retryable failure', async () => {
    const ok = hostWith([retryable(), { type: 'text', text: 'fine' }]);
    await ok.host.prompt(ok.agent, 'go');
    expect(ok.boundaries).toEqual(['submission', 'retry']);
    expect(ok.host.readLog(ok.agent).filter((e) => e.type === 'assistant/message')).toHaveLength(1);

    const bad = hostWith([{ type: 'failure', message: 'bad request', retryable: false }]);
    await bad.host.prompt(bad.agent, 'go');
    expect(bad.model.requests).toHaveLength(1);
    expect(bad.host.readLog(bad.agent).map((e) => e.type)).toEqual([
      'turn/start',
      'user/message',
      'request/header',
      'request/failure',
      'turn/end',
    ]);
  });

  it('runs tool calls, records failures for unknown and throwing tools, and continues', async () => {
    const { host, model, boundaries, agent } = hostWith([
      {
        type: 'tool_calls',
        text: '',
        calls: [
          { id: 'c1', name: 'echo', arguments: { x: 1 } },
          { id: 'c2', name: 'missing', arguments: {} },
          { id: 'c3', name: 'boom', arguments: {} },
        ],
      },
    ]);
    host.tools.register({
      name: 'echo',
      description: 'd',
      parameters: {},
      execute: async (a) => ({ text: JSON.stringify(a) }),
    });
    host.tools.register({
      name: 'boom',
      description: 'd',
      parameters: {},
      execute: async () => {
        throw new Error('kaput');
      },
    });
    await host.prompt(agent, 'go');
    expect(boundaries).toEqual(['submission', 'continuation']);
    const last = model.requests[1]!;
    expect(last.tools.map((t) => t.name)).toEqual(['echo', 'boom']);
    expect(last.messages.slice(2)).toEqual([
      { role: 'tool', toolCallId: 'c1', toolName: 'echo', text: '{"x":1}', isError: false },
      { role: 'tool', toolCallId: 'c2', toolName: 'missing', text: "Unknown tool 'missing'.", isError: true },
      { role: 'tool', toolCallId: 'c3', toolName: 'boom', text: "Tool 'boom' failed: kaput", isError: true },
    ]);
  });

  it('logs a steered message at the next boundary, and takes another step for it', async () => {
    let steered = false;
    const { host, model, agent } = hostWith([
      () => {
        if (!steered) void host.steer(agent, 'also this');
        steered = true;
        return { type: 'text', text: 'first' };
      },
    ]);
    await host.prompt(agent, 'go');
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]!.messages).toEqual([
      { role: 'user', source: 'user', text: 'go' },
      { role: 'assistant', text: 'first', toolCalls: [] },
      { role: 'user', source: 'user', text: 'also this' },
    ]);
  });

  it('derives history from the log; compaction restarts it from a host summary and keeps log-only events', async () => {
    const { host, model, agent } = hostWith([]);
    host.append(agent, event('plan/mode', { active: true }));
    await host.prompt(agent, 'one');
    host.compact(agent);
    await host.prompt(agent, 'two');
    const messages = model.requests[1]!.messages;
    expect(messages[0]).toMatchObject({ role: 'user', source: 'host' });
    expect(messages[0]!.role === 'user' && messages[0]!.text).toContain('one');
    expect(messages.slice(1)).toEqual([{ role: 'user', source: 'user', text: 'two' }]);
    expect(host.readLog(agent)[0]).toEqual(event('plan/mode', { active: true }));
  });
});
