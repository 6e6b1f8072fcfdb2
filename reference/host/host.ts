/**
 * The host: composes the registries, owns the agents, and loads everything
 * from the store on open. `stop()` is a process exit: in-memory state is
 * dropped and the store refuses further writes; a new `Host.open` on the same
 * folder resumes from what was persisted.
 */
import { Agent, type AgentLoopOptions, type BoundaryHook } from './agent.js';
import { CommandRegistry, parseCommandLine, type CommandDefinition, type CommandResult } from './commands.js';
import { event, type ImageAttachment, type SessionEvent } from './events.js';
import { deriveHistory, summarizeHistory } from './history.js';
import type { ChatMessage, ModelClient } from './model.js';
import { SessionEventBus, type SessionObserver } from './observers.js';
import type { Plugin, PluginContext } from './plugin.js';
import { ProjectionRegistry } from './projections.js';
import { PromptSections } from './prompt.js';
import { UserQuestionSeam, type QuestionProvider } from './questions.js';
import { SessionLog } from './session-log.js';
import { SessionStore, type AgentRecord } from './store.js';
import { errorMessage, ToolRegistry } from './tools.js';
import { SDK_SECTION, type ToolMode } from './code-mode.js';

export interface HostOptions {
  storeDir: string;
  model: ModelClient;
  /** Optional services; absent ones are not offered to plugins. */
  compose?: {
    commands?: boolean;
    projections?: boolean;
    /** The user-question seam, with the provider that answers (a seam without one fails each question). */
    questions?: { provider?: QuestionProvider };
  };
  loop?: Partial<AgentLoopOptions>;
  /** How the tool registry presents the tools to the model (code-mode.ts); native by default. */
  toolMode?: ToolMode;
  /** Log a `command/done` record with the outcome after each command line (the rc.8 edition's projection folds it). */
  logsCommandDone?: boolean;
  /** Store damage that was repaired (a torn last line). Defaults to `console.warn`. */
  onWarning?: (message: string) => void;
  /** Compaction summary; defaults to a plain digest of the history. */
  summarize?: (messages: ChatMessage[]) => string;
}

export const DEFAULT_LOOP_OPTIONS: AgentLoopOptions = { maxAttempts: 3, maxSteps: 64, retryReusesRequest: false };

export class UnknownAgentError extends Error {
  override name = 'UnknownAgentError';
}

export class Host {
  readonly bus = new SessionEventBus();
  readonly sections = new PromptSections();
  readonly tools: ToolRegistry;
  readonly commands: CommandRegistry | undefined;
  readonly projections: ProjectionRegistry | undefined;
  readonly questions: UserQuestionSeam | undefined;
  private readonly hooks: BoundaryHook[] = [];
  private readonly agents = new Map<string, Agent>();
  /**
   * Child -> owner, for children owned by a live agent of this process. Kept in
   * memory only: ownership is a runtime relation, so after a restart such a
   * child resumes as a root of its own (its lineage stays in the index).
   */
  private readonly owners = new Map<string, string>();
  private readonly records: AgentRecord[] = [];
  private readonly store: SessionStore;
  private readonly loop: AgentLoopOptions;

  private constructor(private readonly options: HostOptions) {
    this.store = new SessionStore(options.storeDir, options.onWarning ?? ((m) => console.warn(m)));
    this.loop = { ...DEFAULT_LOOP_OPTIONS, ...options.loop };
    this.tools = new ToolRegistry(options.toolMode);
    // Under a code mode the SDK text reaches the model as a prompt section; it renders nothing in native mode.
    this.sections.register({ name: SDK_SECTION.name, order: SDK_SECTION.order, render: () => this.tools.sdk() });
    this.commands = options.compose?.commands ? new CommandRegistry() : undefined;
    this.projections = options.compose?.projections ? new ProjectionRegistry() : undefined;
    const projections = this.projections;
    // The registry's change feed follows the log: each appended event is folded once.
    if (projections) {
      this.bus.subscribe((agent, e) =>
        projections.advance(agent, e, () => this.agents.get(agent)?.log.read().slice(0, -1) ?? []),
      );
    }
    const questions = options.compose?.questions;
    this.questions = questions ? new UserQuestionSeam(questions.provider) : undefined;
  }

  /** Opens a host on a store folder, loading every agent and its log. */
  static open(options: HostOptions): Host {
    const host = new Host(options);
    for (const record of host.store.readIndex()) host.loadFromStore(record);
    return host;
  }

  /** Installs a plugin through the plugin API; returns what the plugin exports. */
  install<Exports>(plugin: Plugin<Exports>): Exports {
    return plugin.install(this.pluginContext());
  }

  createAgent(): string {
    return this.addAgent({ id: this.nextId() }, []);
  }

  /** A new agent with a copy of the log; independent afterwards. */
  fork(agent: string): string {
    const events = this.agent(agent).log.read();
    return this.addAgent({ id: this.nextId(), forkOf: agent }, events);
  }

  /** A child agent with an empty log. */
  spawn(parent: string): string {
    this.agent(parent);
    return this.addAgent({ id: this.nextId(), parent }, []);
  }

  /** A child agent owned by the live agent `owner` (a delegated sub-agent), with an empty log. */
  spawnOwnedChild(owner: string): string {
    this.agent(owner);
    const child = this.addAgent({ id: this.nextId(), parent: owner }, []);
    this.owners.set(child, owner);
    return child;
  }

  /** The live agent owning `agent`, if any. */
  ownerOf(agent: string): string | undefined {
    this.agent(agent);
    const owner = this.owners.get(agent);
    return owner !== undefined && this.agents.has(owner) ? owner : undefined;
  }

  /** Replaces the model history with a summary; the log (and all state folded from it) stays. */
  compact(agent: string): void {
    const target = this.agent(agent);
    if (target.running) throw new Error(`agent ${agent} is running; compact it when idle`);
    const summarize = this.options.summarize ?? summarizeHistory;
    target.log.append(event('compaction', { summary: summarize(deriveHistory(target.log.read())) }));
  }

  prompt(agent: string, text: string, images: readonly ImageAttachment[] = []): Promise<void> {
    return this.agent(agent).prompt(text, images);
  }

  steer(agent: string, text: string, images: readonly ImageAttachment[] = []): Promise<void> {
    return this.agent(agent).steer(text, images);
  }

  isRunning(agent: string): boolean {
    return this.agent(agent).running;
  }

  readLog(agent: string): readonly SessionEvent[] {
    return this.agent(agent).log.read();
  }

  /** Throws `UnknownAgentError`, naming the id, unless the agent exists. */
  requireAgent(agent: string): void {
    this.agent(agent);
  }

  append(agent: string, e: SessionEvent): void {
    this.agent(agent).log.append(e);
  }

  agentIds(): string[] {
    return [...this.agents.keys()];
  }

  agentRecord(agent: string): AgentRecord | undefined {
    return this.records.find((record) => record.id === agent);
  }

  subscribe(observer: SessionObserver): () => void {
    return this.bus.subscribe(observer);
  }

  /**
   * Runs a `/name args` line with the composer's image attachments; the
   * `command/run` record is logged before the handler runs and, when the host
   * logs outcomes, `command/done` after it. Images for a command that does not
   * declare image input are refused before anything is logged.
   */
  async runCommand(agent: string, line: string, images: readonly ImageAttachment[] = []): Promise<CommandResult> {
    if (!this.commands) throw new Error('this host composes no command registry');
    const target = this.agent(agent);
    const parsed = parseCommandLine(line);
    if (!parsed) return { ok: false, text: `not a command line: ${JSON.stringify(line)}` };
    const command = this.commands.find(parsed.name);
    if (!command) return { ok: false, text: `unknown command /${parsed.name}` };
    if (images.length > 0 && command.input?.images !== true)
      return { ok: false, text: `/${parsed.name} takes no image attachments` };
    target.log.append(event('command/run', { name: parsed.name, args: parsed.args }));
    // The handler may be code the host does not own (a command of the kit's): the log is on disk first (store.ts).
    this.store.flush();
    const result = await this.runHandler(command, agent, parsed.args, images);
    if (this.options.logsCommandDone) target.log.append(event('command/done', { name: parsed.name, ok: result.ok }));
    return result;
  }

  /** A handler that throws is a failed command, reported with its error. */
  private async runHandler(
    command: CommandDefinition,
    agent: string,
    args: string,
    images: readonly ImageAttachment[],
  ): Promise<CommandResult> {
    try {
      return await command.run(agent, args, images);
    } catch (error) {
      return { ok: false, text: `/${command.name} failed: ${errorMessage(error)}` };
    }
  }

  readProjection(agent: string, name: string): unknown {
    if (!this.projections) throw new Error('this host composes no session-projection registry');
    return this.projections.view(name, this.agent(agent).log.read());
  }

  /** A process exit: nothing more is written; a new `Host.open` resumes from the store. */
  stop(): void {
    this.store.close();
    this.agents.clear();
  }

  private agent(id: string): Agent {
    const agent = this.agents.get(id);
    if (!agent) throw new UnknownAgentError(`unknown agent '${id}'`);
    return agent;
  }

  private nextId(): string {
    const used = this.records
      .map((record) => /^agent-(\d+)$/.exec(record.id)?.[1])
      .map((digits) => (digits === undefined ? 0 : Number(digits)));
    return `agent-${Math.max(0, ...used) + 1}`;
  }

  /**
   * Appends the initial events through the new log (persisted, and observers
   * told, in order), then the index line: an agent is listed only once its log
   * is complete, so a crash mid-fork leaves no half-copied agent behind.
   */
  private addAgent(record: AgentRecord, events: readonly SessionEvent[]): string {
    this.store.discardUnlistedLog(record.id);
    const log = new SessionLog(record.id, this.store, this.bus, []);
    for (const e of events) log.append(e);
    this.store.appendIndex(record);
    this.load(record, log);
    return record.id;
  }

  private loadFromStore(record: AgentRecord): void {
    this.load(record, new SessionLog(record.id, this.store, this.bus, this.store.readEvents(record.id)));
  }

  private load(record: AgentRecord, log: SessionLog): void {
    this.records.push(record);
    this.agents.set(
      record.id,
      new Agent(record.id, {
        log,
        sections: this.sections,
        tools: this.tools,
        model: this.options.model,
        hooks: () => this.hooks,
        options: this.loop,
      }),
    );
  }

  private pluginContext(): PluginContext {
    const commands = this.commands;
    const projections = this.projections;
    const questions = this.questions;
    return {
      registerSection: (section) => this.sections.register(section),
      registerTool: (tool) => this.tools.register(tool),
      onBoundary: (hook) => {
        this.hooks.push(hook);
      },
      commands: commands && { register: (command) => commands.register(command) },
      sessionProjections: projections && { register: (unit) => projections.register(unit) },
      // The user answers outside the host: the log is on disk before a question reaches them (store.ts).
      userInteraction: questions && {
        ask: (agent, question, signal) => {
          this.store.flush();
          return questions.ask(agent, question, signal);
        },
      },
      append: (agent, e) => this.append(agent, e),
      readLog: (agent) => this.readLog(agent),
      steer: (agent, text, images) => this.steer(agent, text, images),
      ownerOf: (agent) => this.ownerOf(agent),
      subscribe: (observer) => this.subscribe(observer),
      isRunning: (agent) => this.isRunning(agent),
    };
  }
}
