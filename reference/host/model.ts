/** What the agent loop sends to a model and what it gets back. */
import type { ContentBlock, MessageSource, ToolCall } from './events.js';
import type { ToolDescriptor } from './tools.js';

export type ChatMessage =
  | { role: 'user'; source: MessageSource; text: string; content?: ContentBlock[] }
  | { role: 'assistant'; text: string; toolCalls: ToolCall[] }
  | { role: 'tool'; toolCallId: string; toolName: string; text: string; isError: boolean; value?: unknown };

export interface ModelRequest {
  agent: string;
  systemPrompt: string;
  tools: ToolDescriptor[];
  messages: ChatMessage[];
  /** Under a code mode: the SDK text the system prompt shows of the tools. */
  toolSdk?: string;
}

export type ModelResponse =
  | { type: 'text'; text: string }
  | { type: 'tool_calls'; text: string; calls: ToolCall[] }
  | { type: 'failure'; message: string; retryable: boolean };

export type ModelClient = (request: ModelRequest) => Promise<ModelResponse>;
