/**
 * The model history is derived from the log, never kept beside it: user
 * messages, assistant messages and tool results, in log order. A `compaction`
 * event restarts the history from its summary (a host-sourced user message).
 * Every other event is log-only. The log's events are frozen (session-log.ts),
 * so a message shares their tool calls, blocks and values instead of copying
 * them for every request: nobody can change them through it.
 */
import type { SessionEvent, SessionEventMap } from './events.js';
import type { ChatMessage } from './model.js';

export function deriveHistory(events: readonly SessionEvent[]): ChatMessage[] {
  let messages: ChatMessage[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'user/message':
        messages.push(userMessage(e.payload));
        break;
      case 'assistant/message':
        messages.push({ role: 'assistant', text: e.payload.text, toolCalls: e.payload.toolCalls });
        break;
      case 'tool/result':
        messages.push({
          role: 'tool',
          toolCallId: e.payload.toolCallId,
          toolName: e.payload.toolName,
          text: e.payload.text,
          isError: e.payload.isError,
          // The structured value rides along when the tool returned one.
          ...(e.payload.value === undefined ? {} : { value: e.payload.value }),
        });
        break;
      case 'compaction':
        messages = [{ role: 'user', source: 'host', text: e.payload.summary }];
        break;
      default:
        break;
    }
  }
  return messages;
}

/** A logged user message as the model receives it: its blocks ride along when it holds images. */
function userMessage(payload: SessionEventMap['user/message']): ChatMessage {
  const message: ChatMessage = { role: 'user', source: payload.source, text: payload.text };
  if (payload.content !== undefined) message.content = payload.content;
  return message;
}

/** The host's own summariser: a plain digest of the history, no model call. */
export function summarizeHistory(messages: readonly ChatMessage[]): string {
  const lines = messages.map((m) => {
    if (m.role === 'user') return `- ${m.source === 'user' ? 'User' : 'Note'}: ${m.text}`;
    if (m.role === 'assistant') {
      const calls = m.toolCalls.map((c) => c.name).join(', ');
      return `- Assistant: ${m.text}${calls ? ` [called ${calls}]` : ''}`;
    }
    return `- Tool ${m.toolName}${m.isError ? ' (failed)' : ''}: ${m.text}`;
  });
  return ['Summary of the conversation so far:', ...lines].join('\n');
}
