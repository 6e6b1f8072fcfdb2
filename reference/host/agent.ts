/**
 * The agent loop. `prompt(text)` opens a turn and runs steps until the model
 * answers with text (and no steered message waits) or the turn fails. A
 * steered message a turn that gave up never took in is logged at the start of
 * the next turn, ahead of its prompt (it is never lost, and stays in order).
 *
 * Each step starts at a request boundary: the boundary hooks run (plugins apply
 * pending state there), steered messages are logged, then the request is
 * assembled from the sections, the tool catalog and the history derived from
 * the log, its header logged, and the model called. "Running" means a turn is open.
 * With `retryReusesRequest` (the rc.8 edition) a retry of a failed request is
 * no such pre-step: it re-sends the very request that failed.
 */
import { event, type ImageAttachment, type ToolCall } from './events.js';
import { deriveHistory } from './history.js';
import type { ModelClient, ModelRequest, ModelResponse } from './model.js';
import type { PromptSections } from './prompt.js';
import type { SessionLog } from './session-log.js';
import { errorMessage, type ToolRegistry } from './tools.js';
import { userInput, userMessagePayload, type UserInput } from './user-input.js';

/** Which request boundary: the first request of a turn, a later one, or a retry of a failed one. */
export type BoundaryKind = 'submission' | 'continuation' | 'retry';

export interface Boundary {
  agent: string;
  kind: BoundaryKind;
}

export type BoundaryHook = (boundary: Boundary) => void | Promise<void>;

export interface AgentLoopOptions {
  /** Attempts per request, the first included, before a retryable failure ends the turn. */
  maxAttempts: number;
  /** Steps per turn before the host gives up on the turn. */
  maxSteps: number;
  /**
   * Whether a retry re-sends the frozen request of the failed attempt (rc.8:
   * no hooks, no steered messages, the same system prompt and messages) rather
   * than assembling a new one at a `retry` boundary (the seed).
   */
  retryReusesRequest: boolean;
}

export interface AgentDependencies {
  log: SessionLog;
  sections: PromptSections;
  tools: ToolRegistry;
  model: ModelClient;
  hooks: () => readonly BoundaryHook[];
  options: AgentLoopOptions;
}

export class AgentBusyError extends Error {
  override name = 'AgentBusyError';
}

export class Agent {
  private turnOpen = false;
  private readonly steered: UserInput[] = [];

  constructor(
    readonly id: string,
    private readonly deps: AgentDependencies,
  ) {}

  get running(): boolean {
    return this.turnOpen;
  }

  get log(): SessionLog {
    return this.deps.log;
  }

  /** Runs one turn; resolves when the agent is idle again. `images` ride the prompt's user message. */
  async prompt(text: string, images: readonly ImageAttachment[] = []): Promise<void> {
    if (this.turnOpen) throw new AgentBusyError(`agent ${this.id} is running a turn; steer it instead`);
    this.turnOpen = true;
    try {
      this.deps.log.append(event('turn/start', {}));
      // A message steered into a turn that gave up before a step took it in waits for this turn, ahead of its prompt.
      this.logSteered();
      this.deps.log.append(event('user/message', userMessagePayload(userInput(text, images))));
      await this.runSteps();
    } finally {
      try {
        this.deps.log.append(event('turn/end', {}));
      } finally {
        this.turnOpen = false;
      }
    }
  }

  /**
   * A user message for the running turn: logged at the next request boundary
   * and part of that request. When idle there is no next step to join, so the
   * message is submitted as a prompt (resolving when that turn ends).
   */
  async steer(text: string, images: readonly ImageAttachment[] = []): Promise<void> {
    if (!this.turnOpen) return this.prompt(text, images);
    this.steered.push(userInput(text, images));
  }

  private async runSteps(): Promise<void> {
    let kind: BoundaryKind = 'submission';
    let attempt = 1;
    /** The failed request a retry re-sends, when retries reuse their request. */
    let frozen: ModelRequest | undefined;
    for (let step = 1; step <= this.deps.options.maxSteps; step++) {
      const request = frozen ?? (await this.preStep(kind));
      this.deps.log.append(
        event('request/header', { systemPrompt: request.systemPrompt, tools: request.tools.map((t) => t.name) }),
      );
      const response = await this.callModel(request);
      frozen = undefined;
      if (response.type === 'failure') {
        this.deps.log.append(
          event('request/failure', { message: response.message, retryable: response.retryable, attempt }),
        );
        if (!response.retryable || attempt >= this.deps.options.maxAttempts) return;
        attempt += 1;
        kind = 'retry';
        if (this.deps.options.retryReusesRequest) frozen = request;
        continue;
      }
      attempt = 1;
      const calls = response.type === 'tool_calls' ? response.calls : [];
      // The log keeps a frozen copy of what it is given (session-log.ts): the model's calls are not copied twice.
      this.deps.log.append(event('assistant/message', { text: response.text, toolCalls: calls }));
      if (calls.length > 0) {
        await this.runTools(calls);
        kind = 'continuation';
        continue;
      }
      if (this.steered.length === 0) return;
      kind = 'continuation';
    }
  }

  /** A pre-step: the boundary, then a request assembled from what the log holds now. */
  private async preStep(kind: BoundaryKind): Promise<ModelRequest> {
    await this.enterBoundary(kind);
    return this.assemble();
  }

  private async enterBoundary(kind: BoundaryKind): Promise<void> {
    for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind });
    for (const input of this.steered.splice(0)) {
      this.deps.log.append(event('user/message', userMessagePayload(input)));
    }
  }

  /** Logs the steered messages still waiting, in the order typed. */
  private logSteered(): void {
    for (const input of this.steered.splice(0)) this.deps.log.append(event('user/message', userMessagePayload(input)));
  }

  private assemble(): ModelRequest {
    const request: ModelRequest = {
      agent: this.id,
      systemPrompt: this.deps.sections.assemble(this.id),
      tools: this.deps.tools.catalog(),
      messages: deriveHistory(this.deps.log.read()),
    };
    const sdk = this.deps.tools.sdk();
    if (sdk !== undefined) request.toolSdk = sdk;
    return request;
  }

  private async callModel(request: ModelRequest): Promise<ModelResponse> {
    // The model is not the host's: what the log holds is on disk before it is asked (store.ts).
    this.deps.log.flush();
    try {
      return await this.deps.model(request);
    } catch (error) {
      return { type: 'failure', message: `model call threw: ${errorMessage(error)}`, retryable: false };
    }
  }

  private async runTools(calls: readonly ToolCall[]): Promise<void> {
    const signal = new AbortController().signal;
    for (const call of calls) {
      // A tool may be the host's user's (a probe of the kit's): the log is on disk before it runs (store.ts).
      this.deps.log.flush();
      const outcome = await this.deps.tools.run(call.name, call.arguments, {
        agent: this.id,
        toolCallId: call.id,
        signal,
      });
      const payload = { toolCallId: call.id, toolName: call.name, text: outcome.text, isError: outcome.isError };
      this.deps.log.append(
        event('tool/result', outcome.value === undefined ? payload : { ...payload, value: outcome.value }),
      );
    }
  }
}
