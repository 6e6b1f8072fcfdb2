/**
 * The plugin API: everything a plugin may use. Optional services (commands,
 * projections, the user-question seam) are present only when the host composes them.
 */
import type { BoundaryHook } from './agent.js';
import type { CommandDefinition } from './commands.js';
import type { ImageAttachment, SessionEvent } from './events.js';
import type { SessionObserver } from './observers.js';
import type { ProjectionUnit } from './projections.js';
import type { PromptSection } from './prompt.js';
import type { QuestionOutcome, QuestionRequest } from './questions.js';
import type { ToolDefinition } from './tools.js';

export interface PluginContext {
  registerSection(section: PromptSection): void;
  registerTool(tool: ToolDefinition): void;
  /** Runs at every request boundary, before the request is assembled. */
  onBoundary(hook: BoundaryHook): void;
  commands?: { register(command: CommandDefinition): void };
  sessionProjections?: { register<State, View>(unit: ProjectionUnit<State, View>): void };
  userInteraction?: { ask(agent: string, question: QuestionRequest, signal?: AbortSignal): Promise<QuestionOutcome> };
  append(agent: string, event: SessionEvent): void;
  readLog(agent: string): readonly SessionEvent[];
  /**
   * A user message for the agent's next step (submitted as a prompt when the
   * agent is idle); `images` lead it, in order, and an empty `text` with images
   * makes an image-only message.
   */
  steer(agent: string, text: string, images?: readonly ImageAttachment[]): Promise<void>;
  /** The live agent that owns this one (a delegated child), or undefined for an agent no live agent owns. */
  ownerOf(agent: string): string | undefined;
  subscribe(observer: SessionObserver): () => void;
  /** Whether the agent has a turn open. */
  isRunning(agent: string): boolean;
}

export interface Plugin<Exports> {
  name: string;
  install(context: PluginContext): Exports;
}

export function definePlugin<Exports>(plugin: Plugin<Exports>): Plugin<Exports> {
  return plugin;
}
