/** The host's own messages (host-messages.ts): those its log records as host-sourced user messages. */
import { describe, expect, it } from 'vitest';
import type { Message, SessionEvent } from '../../../src/index.js';
import {
  commonLead,
  leadingHostTexts,
  loggedHostTexts,
  standingHostTexts,
  withoutHostOwn,
  withoutStanding,
} from '../../../conformance/assertions/host-messages.js';

describe("a host's own messages", () => {
  const log: SessionEvent[] = [
    { type: 'user/message', source: 'host', text: 'context' },
    { type: 'user/message', source: 'user', text: 'Look around' },
    { type: 'user/message', source: 'plugin', text: 'notice' },
    { type: 'plan/mode', payload: { active: true } },
  ];

  it('are the host-sourced user messages of the logs', () => {
    expect([...loggedHostTexts([log, []])]).toEqual(['context']);
  });

  it('are left out of what plan-mode clauses compare; a host message the log does not record stays', () => {
    const messages: Message[] = [
      { role: 'user', source: 'host', text: 'context' },
      { role: 'user', source: 'user', text: 'context' },
      { role: 'user', source: 'host', text: '{"active":true}' },
      { role: 'user', source: 'plugin', text: 'notice' },
    ];
    expect(withoutHostOwn(messages, loggedHostTexts([log]))).toEqual(messages.slice(1));
  });

  it('stand when every request of the agent opens with them, the same texts at the same positions', () => {
    const context: Message = { role: 'user', source: 'host', text: 'context' };
    const planOnly: Message = { role: 'user', source: 'host', text: 'planning' };
    const prompt: Message = { role: 'user', source: 'user', text: 'Look around' };
    const later: Message = { role: 'user', source: 'host', text: 'later' };
    expect(leadingHostTexts([context, planOnly, prompt, later])).toEqual(['context', 'planning']);
    expect(leadingHostTexts([prompt, context])).toEqual([]);
    expect(commonLead(['a', 'b'], ['a', 'c'])).toEqual(['a']);
    expect(standingHostTexts([])).toEqual([]);
    expect(standingHostTexts([{ messages: [context, planOnly, prompt] }])).toEqual(['context', 'planning']);
    // A message that comes and goes (here with plan mode) stands in no request; the constant one does.
    expect(standingHostTexts([{ messages: [context, planOnly, prompt] }, { messages: [context, prompt] }])).toEqual([
      'context',
    ]);
    // The same text at another position is not the same standing message.
    expect(standingHostTexts([{ messages: [context, prompt] }, { messages: [planOnly, context, prompt] }])).toEqual([]);
    expect(withoutStanding([context, planOnly, prompt], ['context'])).toEqual([planOnly, prompt]);
    expect(withoutStanding([prompt, context], ['context'])).toEqual([prompt, context]);
  });
});
