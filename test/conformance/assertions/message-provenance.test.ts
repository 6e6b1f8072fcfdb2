/**
 * Which assistant messages a request may hold (message-provenance.ts): only the scripted model's answers, by
 * text and by each call's name and arguments in order, whatever ids the host gave the calls.
 */
import { describe, expect, it } from 'vitest';
import type { Message, ModelRequest, ModelResponse, ToolCall } from '../../../src/index.js';
import { strayMessages, type KitAuthored } from '../../../conformance/assertions/message-provenance.js';

const prompt: Message = { role: 'user', source: 'user', text: 'Plan the refactor.' };

function assistant(text: string, toolCalls: ToolCall[]): Message {
  return { role: 'assistant', text, toolCalls };
}

function kitWith(replies: ModelResponse[]): KitAuthored {
  return { prompts: [prompt.text], commandLines: [], replies, compacted: false };
}

function strayAssistants(message: Message, replies: ModelResponse[]): number[] {
  const request = { messages: [prompt, message] } as unknown as ModelRequest;
  return strayMessages(request, kitWith(replies)).map((stray) => stray.index);
}

const read: ToolCall = { id: 'host-1', name: 'read', arguments: { path: 'a.ts', range: { from: 1, to: 9 } } };
const write: ToolCall = { id: 'host-2', name: 'write', arguments: { path: 'a.ts', text: '' } };
const answer: ModelResponse = {
  type: 'tool_calls',
  text: '',
  calls: [
    { id: 'kit-1', name: 'read', arguments: { path: 'a.ts', range: { from: 1, to: 9 } } },
    { id: 'kit-2', name: 'write', arguments: { path: 'a.ts', text: '' } },
  ],
};

describe('assistant messages in a request', () => {
  it('are the model answers: the same text and calls, whatever ids the host gave the calls', () => {
    expect(strayAssistants(assistant('', [read, write]), [answer])).toEqual([]);
    expect(strayAssistants(assistant('Done.', []), [{ type: 'text', text: 'Done.' }])).toEqual([]);
    // One answer among others that share its empty text.
    const others: ModelResponse[] = [
      { type: 'text', text: '' },
      { type: 'tool_calls', text: '', calls: [answer.type === 'tool_calls' ? answer.calls[0]! : read] },
      { type: 'failure', message: 'overloaded', retryable: true },
    ];
    expect(strayAssistants(assistant('', [read, write]), [...others, answer])).toEqual([]);
  });

  it('are stray when a call differs in name, arguments, number or order, or the text differs', () => {
    expect(strayAssistants(assistant('', [read]), [answer])).toEqual([1]);
    expect(strayAssistants(assistant('', [read, write, read]), [answer])).toEqual([1]);
    expect(strayAssistants(assistant('', [write, read]), [answer])).toEqual([1]);
    expect(strayAssistants(assistant('', [{ ...read, name: 'reads' }, write]), [answer])).toEqual([1]);
    const moved = { ...read, arguments: { path: 'a.ts', range: { from: 1, to: 10 } } };
    expect(strayAssistants(assistant('', [moved, write]), [answer])).toEqual([1]);
    // Deep-strict: a number is not its string, and a missing key is not an undefined one.
    const typed = { ...read, arguments: { path: 'a.ts', range: { from: '1', to: 9 } } };
    expect(strayAssistants(assistant('', [typed, write]), [answer])).toEqual([1]);
    const extra = { ...write, arguments: { path: 'a.ts', text: '', mode: undefined } };
    expect(strayAssistants(assistant('', [read, extra]), [answer])).toEqual([1]);
    expect(strayAssistants(assistant('Reading.', [read, write]), [answer])).toEqual([1]);
    expect(strayAssistants(assistant('', []), [answer])).toEqual([1]);
    expect(strayAssistants(assistant('', [read, write]), [{ type: 'text', text: '' }])).toEqual([1]);
  });
});

describe('host messages in a request', () => {
  const context: Message = { role: 'user', source: 'host', text: '<environment>\nplatform: linux\n</environment>' };
  const record: Message = { role: 'user', source: 'host', text: '{"active":true}' };
  const request = { messages: [context, prompt, record] } as unknown as ModelRequest;

  it("are the host's own when its log records them as host-sourced user messages, stray otherwise", () => {
    const kit = kitWith([]);
    expect(strayMessages(request, kit).map((stray) => stray.index)).toEqual([0, 2]);
    const logged = { ...kit, hostLogged: new Set([context.text]) };
    expect(strayMessages(request, logged).map((stray) => stray.index)).toEqual([2]);
  });

  it("are never the host's own when they carry a plan/mode record or a typed /plan line, logged or compacted", () => {
    const leaks: Message[] = [
      record,
      { role: 'user', source: 'host', text: ' {"type":"plan/mode","payload":{"active":false}} ' },
      { role: 'user', source: 'host', text: '/plan  Sketch it ' },
      { role: 'user', source: 'host', text: '/plan off' },
    ];
    const fine: Message[] = [
      context,
      { role: 'user', source: 'host', text: '{"active":true,"mode":"edit"}' },
      { role: 'user', source: 'host', text: '/plan Something never typed' },
    ];
    const kit = { ...kitWith([]), commandLines: ['/plan Sketch it', '/plan\toff'], compacted: true };
    const all = [...leaks, ...fine];
    const logged = { ...kit, hostLogged: new Set(all.map((message) => message.text)) };
    const stray = strayMessages({ messages: all } as unknown as ModelRequest, logged);
    expect(stray.map((entry) => entry.index)).toEqual([0, 1, 2, 3]);
    expect(stray.map((entry) => entry.why)).toEqual([
      "a host message carrying a plan/mode record, which never enters the model's history",
      "a host message carrying a plan/mode record, which never enters the model's history",
      "a host message carrying a /plan line, which never enters the model's history",
      "a host message carrying a /plan line, which never enters the model's history",
    ]);
  });

  it("are the host's own when they stand at the agent's standing places, logged or not", () => {
    const ofAgent = { agent: 'a', messages: [context, prompt, record] } as unknown as ModelRequest;
    const kit = kitWith([]);
    expect(strayMessages(ofAgent, { ...kit, standing: new Map([['a', 1]]) }).map((s) => s.index)).toEqual([2]);
    // Another agent's standing places, or none, excuse nothing.
    expect(strayMessages(ofAgent, { ...kit, standing: new Map([['b', 1]]) }).map((s) => s.index)).toEqual([0, 2]);
    expect(strayMessages(ofAgent, { ...kit, standing: new Map([['a', 0]]) }).map((s) => s.index)).toEqual([0, 2]);
    // A standing message carrying a plan/mode record is a leak all the same (a record logged before the first prompt).
    const leakFirst = { agent: 'a', messages: [record, prompt] } as unknown as ModelRequest;
    expect(strayMessages(leakFirst, { ...kit, standing: new Map([['a', 1]]) }).map((s) => s.index)).toEqual([0]);
  });
});
