/**
 * Session log events, normalised. A host maps its own log records onto these;
 * anything the kit does not need to read is reported as `other` with its name.
 */
import { z } from 'zod';
import { ContentBlockSchema, MessageSourceSchema } from './model.js';

export const PlanModeEventSchema = z.object({
  type: z.literal('plan/mode'),
  /** The payload exactly as logged; the spec says it is `{ active: boolean }` and nothing else. */
  payload: z.record(z.string(), z.unknown()),
});

export const UserMessageEventSchema = z.object({
  type: z.literal('user/message'),
  source: MessageSourceSchema,
  text: z.string(),
  /** The message's blocks in order when it holds images (rc.8); absent means one text block, `text`. */
  content: z.array(ContentBlockSchema).optional(),
});

export const CommandRunEventSchema = z.object({
  type: z.literal('command/run'),
  /** Command name without the slash, e.g. `plan`. */
  name: z.string(),
  /** The raw argument text after the name (may be empty). */
  args: z.string(),
});

/**
 * The record that a command line finished (rc.8's projection folds it, PROJ-02):
 * `ok` is false when the command's result was an error. A host that logs no
 * such record (the seed edition has none) never reports it.
 */
export const CommandDoneEventSchema = z.object({
  type: z.literal('command/done'),
  /** Command name without the slash, as in its `command/run`. */
  name: z.string(),
  ok: z.boolean(),
});

export const RequestHeaderEventSchema = z.object({
  type: z.literal('request/header'),
  /** The system prompt the request carried, when the host logs it. */
  systemPrompt: z.string().optional(),
});

export const TurnStartEventSchema = z.object({ type: z.literal('turn/start') });
export const TurnEndEventSchema = z.object({ type: z.literal('turn/end') });

export const OtherEventSchema = z.object({
  type: z.literal('other'),
  /** The host's own name for the event. */
  name: z.string(),
});

export const SessionEventSchema = z.discriminatedUnion('type', [
  PlanModeEventSchema,
  UserMessageEventSchema,
  CommandRunEventSchema,
  CommandDoneEventSchema,
  RequestHeaderEventSchema,
  TurnStartEventSchema,
  TurnEndEventSchema,
  OtherEventSchema,
]);
export type SessionEvent = z.infer<typeof SessionEventSchema>;
export type PlanModeEvent = z.infer<typeof PlanModeEventSchema>;
export type SessionEventType = SessionEvent['type'];

export const SessionLogSchema = z.array(SessionEventSchema);
