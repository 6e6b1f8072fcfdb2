/** Validation of persisted events, so a damaged store fails loudly instead of misleading a fold. */
import { z } from 'zod';
import type { SessionEvent } from './events.js';

const empty = z.object({}).strict();

const ToolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
});

const StoredEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('plan/mode'), payload: z.object({ active: z.boolean() }).strict() }),
  z.object({
    type: z.literal('user/message'),
    payload: z.object({
      source: z.enum(['user', 'plugin', 'host']),
      text: z.string(),
      content: z
        .array(
          z.discriminatedUnion('type', [
            z.object({ type: z.literal('text'), text: z.string() }),
            z.object({ type: z.literal('image'), mediaType: z.string(), data: z.string() }),
          ]),
        )
        .optional(),
    }),
  }),
  z.object({ type: z.literal('command/run'), payload: z.object({ name: z.string(), args: z.string() }) }),
  z.object({ type: z.literal('command/done'), payload: z.object({ name: z.string(), ok: z.boolean() }) }),
  z.object({
    type: z.literal('request/header'),
    payload: z.object({ systemPrompt: z.string(), tools: z.array(z.string()) }),
  }),
  z.object({
    type: z.literal('request/failure'),
    payload: z.object({ message: z.string(), retryable: z.boolean(), attempt: z.number() }),
  }),
  z.object({ type: z.literal('turn/start'), payload: empty }),
  z.object({ type: z.literal('turn/end'), payload: empty }),
  z.object({
    type: z.literal('assistant/message'),
    payload: z.object({ text: z.string(), toolCalls: z.array(ToolCallSchema) }),
  }),
  z.object({
    type: z.literal('tool/result'),
    payload: z.object({
      toolCallId: z.string(),
      toolName: z.string(),
      text: z.string(),
      isError: z.boolean(),
      value: z.unknown().optional(),
    }),
  }),
  z.object({ type: z.literal('compaction'), payload: z.object({ summary: z.string() }) }),
]);

/** Throws an `Error` describing the first problem when `value` is not a session event. */
export function parseStoredEvent(value: unknown): SessionEvent {
  const result = StoredEventSchema.safeParse(value);
  if (result.success) return result.data as SessionEvent;
  const issue = result.error.issues[0]!;
  const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new Error(`not a session event${where}: ${issue.message}`);
}
