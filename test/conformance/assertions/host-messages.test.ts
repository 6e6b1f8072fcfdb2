/** The host's own messages (host-messages.ts): those its log records as host-sourced user messages. */
import { describe, expect, it } from 'vitest';
import type { Message, SessionEvent } from '../../../src/index.js';
import { loggedHostTexts, withoutHostOwn } from '../../../conformance/assertions/host-messages.js';

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
});
