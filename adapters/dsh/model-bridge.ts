/**
 * Model bridge: an upstream `LlmAdapter` whose only model is the kit's model
 * port. Each `stream()` call is one model request: it is translated to the
 * contract's `ModelRequest`, answered by the port, and the answer is streamed
 * back in the upstream chunk protocol.
 */
import { CallId, LlmAdapter, resolveRetryPolicy } from '@deepseek-ai/dsh-llm';
import type {
  GenerateOptions,
  LlmResolvedModelInfo,
  Message as UpstreamMessage,
  ResolvedRetryPolicy,
  StreamChunk,
} from '@deepseek-ai/dsh-llm';
import type { Message, ModelPort, ModelRequest, ModelResponse, ToolCall } from '../../src/index.js';
import { toMessageSource, type UpstreamSource } from './events.js';
import { contentOf, NO_IMAGES, textOf, type ResolvedImages, type UpstreamBlock } from './images.js';

/** The provider route and model id every agent of this host is created with. */
export const KIT_PROVIDER = 'conformance-kit';
export const KIT_MODEL = 'kit-model';

/** Failure codes the route's retry policy treats as transient (a `retryable` failure uses the first). */
export const RETRYABLE_CODE = 'SERVER';
/** A `retryable: false` failure: a request the provider refused, never retried. */
export const PERMANENT_CODE = 'INVALID_REQUEST';

/** Bounded, fast retries (the kit's failures are scripted, so no real back-off is needed). */
export const KIT_RETRY_POLICY: ResolvedRetryPolicy = resolveRetryPolicy(
  {
    mode: 'normal',
    maxRetries: 2,
    retryableCodes: [RETRYABLE_CODE],
    backoff: { initialDelayMs: 1, maxDelayMs: 5, jitterRatio: 0 },
  },
  KIT_PROVIDER,
);

/** Large enough that no request ever nears it: compaction happens only when the kit asks. */
const CONTEXT_WINDOW = 10_000_000;

/** The structured value of a finished tool call, by call id (see tool-values.ts). */
export interface ToolValueLookup {
  valueOf(callId: string): { value: unknown } | undefined;
}

const NO_VALUES: ToolValueLookup = { valueOf: () => undefined };

/** Reads the images these blocks reference from the host's store (see images.ts). */
export type ImageReader = (blocks: UpstreamBlock[]) => Promise<ResolvedImages>;

const NO_IMAGE_READER: ImageReader = async () => NO_IMAGES;

/** Under a code mode, the SDK text an agent's latest request was assembled with (see code-mode.ts). */
export type SdkLookup = (agent: string) => string | undefined;

export class KitModelAdapter extends LlmAdapter {
  constructor(
    private readonly port: ModelPort,
    private readonly values: ToolValueLookup = NO_VALUES,
    private readonly readImages: ImageReader = NO_IMAGE_READER,
    private readonly sdkOf: SdkLookup = () => undefined,
  ) {
    super();
  }

  override providerRetryPolicy(): ResolvedRetryPolicy {
    return KIT_RETRY_POLICY;
  }

  override async resolveModel(provider: string, model: string): Promise<LlmResolvedModelInfo> {
    return { provider, id: model, name: model, context: { contextWindow: CONTEXT_WINDOW } };
  }

  override async *stream(options: GenerateOptions): AsyncIterable<StreamChunk> {
    const images = await this.readImages(userBlocksOf(options.messages));
    const request = toModelRequest(options, this.values, images);
    const sdk = this.sdkOf(request.agent);
    const response = await this.port(sdk === undefined ? request : { ...request, toolSdk: sdk });
    yield* toChunks(response);
  }
}

/** The request as the contract's `ModelRequest`; the agent is the session id (upstream agent id = session id). */
export function toModelRequest(
  options: GenerateOptions,
  values: ToolValueLookup = NO_VALUES,
  images: ResolvedImages = NO_IMAGES,
): ModelRequest {
  if (options.sessionId === undefined)
    throw new Error('dsh adapter: a model request carried no session id, so its agent is unknown');
  return {
    agent: String(options.sessionId),
    systemPrompt: options.system ?? '',
    tools: (options.tools ?? []).map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: structuredClone(tool.parameters),
    })),
    messages: toMessages(options.messages, values, images),
  };
}

/** The content blocks of the user messages of a history: where its images are. */
export function userBlocksOf(messages: readonly UpstreamMessage[]): UpstreamBlock[] {
  return messages.flatMap((message) => (message.role === 'user' ? (message.content as UpstreamBlock[]) : []));
}

/**
 * The upstream history, oldest first, as contract messages (one tool message
 * per tool-result block, with the tool's structured value when the host
 * reported one for that call; a user message holding images carries its
 * blocks, images read back from the store, in `content`).
 */
export function toMessages(
  messages: readonly UpstreamMessage[],
  values: ToolValueLookup = NO_VALUES,
  images: ResolvedImages = NO_IMAGES,
): Message[] {
  const toolNames = new Map<string, string>();
  const out: Message[] = [];
  for (const message of messages) {
    if (message.role === 'assistant') {
      const toolCalls: ToolCall[] = [];
      for (const block of message.content) {
        if (block.type !== 'tool-call') continue;
        toolNames.set(block.id, block.name);
        toolCalls.push({ id: block.id, name: block.name, arguments: parseArguments(block.arguments) });
      }
      out.push({ role: 'assistant', text: textOf(message.content), toolCalls });
      continue;
    }
    const results = message.content.filter((block) => block.type === 'tool-result');
    if (message.source.kind === 'tool' || results.length > 0) {
      for (const block of results) {
        if (block.type !== 'tool-result') continue;
        const result: Message = {
          role: 'tool',
          toolCallId: block.toolCallId,
          toolName: toolNames.get(block.toolCallId) ?? 'unknown',
          text: textOf(block.content),
          isError: block.isError === true,
        };
        const known = values.valueOf(String(block.toolCallId));
        if (known !== undefined) result.value = structuredClone(known.value);
        out.push(result);
      }
      continue;
    }
    const content = message.content as UpstreamBlock[];
    out.push({
      role: 'user',
      source: toMessageSource(message.source as UpstreamSource),
      text: textOf(content),
      ...contentOf(content, images),
    });
  }
  return out;
}

function parseArguments(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw === '' ? '{}' : raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  } catch {
    return { raw };
  }
}

/** The kit's answer in the upstream stream protocol. */
export function toChunks(response: ModelResponse): StreamChunk[] {
  const usage: StreamChunk = { type: 'usage', usage: { inputTokens: 1, outputTokens: 1 } };
  switch (response.type) {
    case 'text':
      return [...textBlock(0, response.text), usage, { type: 'finish', reason: { kind: 'stop' } }];
    case 'tool_calls': {
      const chunks: StreamChunk[] = [];
      let index = 0;
      if (response.text !== '') chunks.push(...textBlock(index++, response.text));
      for (const call of response.calls) {
        const id = CallId(call.id);
        const json = JSON.stringify(call.arguments);
        chunks.push(
          { type: 'block-start', index, blockType: 'tool-call' },
          { type: 'tool-call-delta', index, id, name: call.name, argumentsDelta: json },
          { type: 'block-end', index, block: { type: 'tool-call', id, name: call.name, arguments: json } },
        );
        index += 1;
      }
      return [...chunks, usage, { type: 'finish', reason: { kind: 'tool-calls' } }];
    }
    case 'failure':
      return [
        {
          type: 'finish',
          reason: {
            kind: 'error',
            failure: {
              message: response.message,
              code: response.retryable ? RETRYABLE_CODE : PERMANENT_CODE,
              ...(response.retryable ? { status: 503 } : { status: 400 }),
            },
          },
        },
      ];
  }
}

function textBlock(index: number, text: string): StreamChunk[] {
  return [
    { type: 'block-start', index, blockType: 'text' },
    { type: 'text-delta', index, text },
    { type: 'block-end', index, block: { type: 'text', text } },
  ];
}
