/**
 * The model side of the contract: what a host sends to the kit's model port
 * and what the kit answers. The kit is the only model a host talks to, so
 * every request a host assembles is observable here.
 */
import { z } from 'zod';

/** Who put a user message into the conversation. */
export const MessageSourceSchema = z.enum(['user', 'plugin', 'host']);
export type MessageSource = z.infer<typeof MessageSourceSchema>;

export const ToolCallSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

/**
 * An image as a user attaches it (to a prompt or a command line, rc.8) and as
 * it reaches the model inside a user message: the bytes, base64-encoded, and
 * their media type. The kit compares images by these two fields only.
 */
export const ImageBlockSchema = z.object({
  type: z.literal('image'),
  mediaType: z.string().min(1),
  /** The image bytes, base64. */
  data: z.string().min(1),
});
export type ImageBlock = z.infer<typeof ImageBlockSchema>;

export const TextBlockSchema = z.object({ type: z.literal('text'), text: z.string() });
export type TextBlock = z.infer<typeof TextBlockSchema>;

/** One block of a user message's content, in the order the model receives them. */
export const ContentBlockSchema = z.discriminatedUnion('type', [TextBlockSchema, ImageBlockSchema]);
export type ContentBlock = z.infer<typeof ContentBlockSchema>;

export const UserMessageSchema = z.object({
  role: z.literal('user'),
  /** `user` for what a person typed (prompt or steer), `plugin` for plugin notices. */
  source: MessageSourceSchema,
  /** The message's text: its text blocks joined (empty for an image-only message). */
  text: z.string(),
  /**
   * The message's blocks in order, when it holds more than one text block or
   * any image (rc.8: images attached to a prompt or `/plan` line). Absent
   * means one text block, `text`; adapters written before images may leave it
   * out always.
   */
  content: z.array(ContentBlockSchema).optional(),
});

export const AssistantMessageSchema = z.object({
  role: z.literal('assistant'),
  text: z.string(),
  toolCalls: z.array(ToolCallSchema),
});

export const ToolResultMessageSchema = z.object({
  role: z.literal('tool'),
  toolCallId: z.string().min(1),
  toolName: z.string().min(1),
  /** The text the model reads for this result. */
  text: z.string(),
  isError: z.boolean(),
  /**
   * The tool's structured result, when the host keeps one beside the text (an
   * approved plan review's is `{ approved: true }`, TOOL-05). Optional in the
   * schema so older adapters still load; a host that shows none for an approved
   * review fails TOOL-05, which requires the value to be observable.
   */
  value: z.unknown().optional(),
});

export const MessageSchema = z.discriminatedUnion('role', [
  UserMessageSchema,
  AssistantMessageSchema,
  ToolResultMessageSchema,
]);
export type Message = z.infer<typeof MessageSchema>;
export type UserMessage = z.infer<typeof UserMessageSchema>;
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>;
export type ToolResultMessage = z.infer<typeof ToolResultMessageSchema>;

export const ToolDescriptorSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  /** JSON schema of the parameters, as the model receives it. */
  parameters: z.unknown(),
});
export type ToolDescriptor = z.infer<typeof ToolDescriptorSchema>;

/** One model request, exactly as the host would send it to a real model. */
export const ModelRequestSchema = z.object({
  /** The id `createAgent`/`fork`/`spawn` returned for the agent making the request. */
  agent: z.string().min(1),
  /** The whole system prompt text, sections joined in prompt order. */
  systemPrompt: z.string(),
  /** The tool catalog, in the order the model receives it. */
  tools: z.array(ToolDescriptorSchema),
  /** The conversation history, oldest first. */
  messages: z.array(MessageSchema),
  /**
   * Under a code mode (`StartOptions.toolMode` `code` or `both`): the SDK text
   * the model is shown of the tools, exactly as it reaches the model, wherever
   * the host puts it (inside the system prompt, or a wire tool's description).
   * Absent in native mode; older adapters leave it out.
   */
  toolSdk: z.string().optional(),
});
export type ModelRequest = z.infer<typeof ModelRequestSchema>;

/** The scripted model's answer to one request. */
export type ModelResponse =
  | { type: 'text'; text: string }
  | { type: 'tool_calls'; text: string; calls: ToolCall[] }
  /** A failed request; the host should retry it (request recovery) when `retryable`. */
  | { type: 'failure'; message: string; retryable: boolean };

/**
 * The kit's model. A host calls it once per model request and awaits the answer.
 * While a call is pending the agent is, by definition, running: the kit performs
 * mid-turn user actions (set, /plan ...) inside this call.
 */
export type ModelPort = (request: ModelRequest) => Promise<ModelResponse>;
