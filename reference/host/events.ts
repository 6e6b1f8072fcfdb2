/**
 * The host's session events: the only things a session log holds.
 * Each event is `{ type, payload }`; the payload shape is fixed per type.
 */

/** Who put a user message into the conversation. */
export type MessageSource = 'user' | 'plugin' | 'host';

/** An image a person attached (to a prompt or a command line): its bytes in base64 and their media type. */
export interface ImageAttachment {
  type: 'image';
  mediaType: string;
  data: string;
}

/** One block of a user message, in the order the model receives them. */
export type ContentBlock = { type: 'text'; text: string } | ImageAttachment;

export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export interface SessionEventMap {
  'plan/mode': { active: boolean };
  /** `content` only for a message holding images: its blocks in order; `text` is its text (empty when it has none). */
  'user/message': { source: MessageSource; text: string; content?: ContentBlock[] };
  'command/run': { name: string; args: string };
  /** A command line finished: `ok` false when its result was an error (logged by hosts of the rc.8 edition). */
  'command/done': { name: string; ok: boolean };
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
  'command/done',
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
