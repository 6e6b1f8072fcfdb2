/**
 * The host's session events: the only things a session log holds.
 * Each event is `{ type, payload }`; the payload shape is fixed per type.
 */

/** Who put a user message into the conversation. */
export type MessageSource = 'user' | 'plugin' | 'host';

export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export interface SessionEventMap {
  'plan/mode': { active: boolean };
  'user/message': { source: MessageSource; text: string };
  'command/run': { name: string; args: string };
  'request/header': { systemPrompt: string; tools: string[] };
  'request/failure': { message: string; retryable: boolean; attempt: number };
  'turn/start': Record<string, never>;
  'turn/end': Record<string, never>;
  'assistant/message': { text: string; toolCalls: ToolCall[] };
  'tool/result': { toolCallId: string; toolName: string; text: string; isError: boolean; value?: unknown };
  compaction: { summary: string };
}

export type SessionEventType = keyof SessionEventMap;

export type SessionEventOf<K extends SessionEventType> = { type: K; payload: SessionEventMap[K] };

/** One logged event. */
export type SessionEvent = { [K in SessionEventType]: SessionEventOf<K> }[SessionEventType];

export const SESSION_EVENT_TYPES: readonly SessionEventType[] = [
  'plan/mode',
  'user/message',
  'command/run',
  'request/header',
  'request/failure',
  'turn/start',
  'turn/end',
  'assistant/message',
  'tool/result',
  'compaction',
];

/** Builds an event with its payload type checked against its type. */
export function event<K extends SessionEventType>(type: K, payload: SessionEventMap[K]): SessionEventOf<K> {
  return { type, payload };
}

/** Narrows an event to one type. */
export function isEvent<K extends SessionEventType>(e: SessionEvent, type: K): e is Extract<SessionEvent, { type: K }> {
  return e.type === type;
}
