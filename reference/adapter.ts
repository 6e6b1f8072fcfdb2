/**
 * The reference adapter: starts the reference host with the plan-mode plugin
 * composed in, and maps the kit's contract onto the host's own seams.
 */
import {
  DEFAULT_EDITION,
  defineAdapter,
  readPlanModeEntry,
  type HostHandle,
  type Message,
  type ModelRequest as ContractModelRequest,
  type ModelResponse as ContractModelResponse,
  type PlanProjectionView,
  type Question,
  type SessionEvent as ContractEvent,
  type StartOptions,
} from '../src/index.js';
import {
  definePlugin,
  Host,
  type ChatMessage,
  type ModelClient,
  type ModelRequest,
  type ModelResponse,
  type PendingQuestion,
  type Plugin,
  type ProviderReply,
  type QuestionProvider,
  type SessionEvent,
} from './host/index.js';
import { frozenCopy } from './host/frozen.js';
import { planModePlugin, PLAN_PROJECTION_NAME, type PlanModeService } from './plan-mode/index.js';
import { EDITION_BEHAVIOUR, type EditionBehaviour } from './editions.js';

/** The host's own base prompt, ahead of everything plugins add. */
export const HOST_BASE_SECTION = {
  name: 'host:base',
  order: 0,
  text: "You are a coding agent working in the user's project. Use the tools you are given.",
};

export default defineAdapter({
  name: 'reference',
  // One host and one plugin for every edition; the edition a run judges picks their options (editions.ts).
  editions: ['seed', '0.0.1-rc.1', 'rc.8'],
  capabilities: {
    commands: true,
    questions: true,
    projections: true,
    fork: true,
    spawn: true,
    restart: true,
    compaction: true,
    retry: true,
    ownedChild: true,
    codeMode: true,
    bothMode: true,
  },
  // The registry's code mode runs JavaScript (reference/host/code-mode.ts); the program hands back what the tool returned.
  codeTool: { name: 'run_code', exitArguments: { code: 'return await tools.exit_plan_mode({ plan: {{plan}} });' } },
  start,
});

export async function start(options: StartOptions): Promise<HostHandle> {
  const entry = readPlanModeEntry(options.deployment);
  // Throws the plugin's config error, rejecting `start`.
  const planMode = planModePlugin(entry.config, editionBehaviour(options));
  // What an outside observer was told, kept across restarts like a UI's own memory.
  const observed = new Map<string, ContractEvent[]>();
  const pushes = new Map<string, PlanProjectionView[]>();
  let running = boot(options, planMode, observed, pushes);
  let disposed = false;

  const current = (): BootedHost => {
    if (disposed) throw new Error('the reference host was disposed');
    return running;
  };

  return {
    async createAgent() {
      return current().host.createAgent();
    },
    async prompt(agent, text, images) {
      await current().host.prompt(agent, text, images);
    },
    async setPlanMode(agent, active) {
      const booted = current();
      booted.host.requireAgent(agent); // an unknown agent fails here, by name
      return booted.planMode.set(agent, active);
    },
    async getPlanMode(agent) {
      const booted = current();
      booted.host.requireAgent(agent);
      return booted.planMode.get(agent);
    },
    async readLog(agent) {
      return current().host.readLog(agent).map(toContractEvent);
    },
    async readObserved(agent) {
      current().host.requireAgent(agent);
      return [...(observed.get(agent) ?? [])];
    },
    async runCommand(agent, line, images) {
      return current().host.runCommand(agent, line, images);
    },
    async readProjection(agent) {
      return current().host.readProjection(agent, PLAN_PROJECTION_NAME) as PlanProjectionView;
    },
    async readProjectionPushes(agent) {
      current().host.requireAgent(agent);
      return [...(pushes.get(agent) ?? [])];
    },
    async fork(agent) {
      return current().host.fork(agent);
    },
    async spawn(agent) {
      return current().host.spawn(agent);
    },
    async spawnOwnedChild(owner) {
      return current().host.spawnOwnedChild(owner);
    },
    async compact(agent) {
      current().host.compact(agent);
    },
    async restart() {
      // A process exit: the old host writes nothing more and its memory (pending selections included) is gone.
      current().host.stop();
      running = boot(options, planMode, observed, pushes);
    },
    async dispose() {
      if (disposed) return;
      running.host.stop();
      disposed = true;
    },
  };
}

interface BootedHost {
  host: Host;
  planMode: PlanModeService;
}

/** What the edition the run judges asks of the host and the plugin. */
function editionBehaviour(options: StartOptions): EditionBehaviour {
  return EDITION_BEHAVIOUR[options.edition ?? DEFAULT_EDITION];
}

function boot(
  options: StartOptions,
  planMode: Plugin<{ planMode: PlanModeService }>,
  observed: Map<string, ContractEvent[]>,
  pushes: Map<string, PlanProjectionView[]>,
): BootedHost {
  const behaviour = editionBehaviour(options);
  const host = Host.open({
    storeDir: options.storeDir,
    model: modelClient(options),
    compose: {
      commands: options.compose.commands,
      projections: options.compose.projections,
      questions: options.compose.questions ? { provider: questionProvider(options) } : undefined,
    },
    loop: { retryReusesRequest: behaviour.retryReusesRequest },
    ...(options.toolMode === undefined ? {} : { toolMode: options.toolMode }),
    logsCommandDone: behaviour.logsCommandDone,
    onWarning: (message) => console.warn(`[reference host] ${message}`),
  });
  host.subscribe((agent, e) => {
    const list = observed.get(agent) ?? [];
    list.push(toContractEvent(e));
    observed.set(agent, list);
  });
  host.projections?.onPush((agent, unit, view) => {
    if (unit !== PLAN_PROJECTION_NAME) return;
    pushes.set(agent, [...(pushes.get(agent) ?? []), view as PlanProjectionView]);
  });
  host.install(baseSectionPlugin());
  const exports = host.install(planMode);
  host.install(probePlugin(options.probes));
  return { host, planMode: exports.planMode };
}

function baseSectionPlugin(): Plugin<void> {
  return definePlugin({
    name: 'host-base',
    install(ctx) {
      ctx.registerSection({
        name: HOST_BASE_SECTION.name,
        order: HOST_BASE_SECTION.order,
        render: () => HOST_BASE_SECTION.text,
      });
    },
  });
}

function probePlugin(probes: StartOptions['probes']): Plugin<void> {
  return definePlugin({
    name: 'conformance-probes',
    install(ctx) {
      for (const section of probes.sections) {
        ctx.registerSection({ name: section.name, order: section.order, render: () => section.text });
      }
      // The reference classifies no tools, so a probe's `effect` changes nothing here.
      for (const tool of probes.tools) {
        ctx.registerTool({
          name: tool.name,
          description: tool.description,
          parameters: tool.parameters,
          execute: async (args) => ({ text: await tool.execute(args) }),
        });
      }
      for (const command of probes.commands ?? []) {
        ctx.commands?.register({
          name: command.name,
          description: command.description,
          run: async (agent, args) => ({ ok: true, text: await command.run(agent, args) }),
        });
      }
    },
  });
}

function modelClient(options: StartOptions): ModelClient {
  return async (request: ModelRequest): Promise<ModelResponse> => {
    const response: ContractModelResponse = await options.model(toContractRequest(request));
    return response;
  };
}

function toContractRequest(request: ModelRequest): ContractModelRequest {
  return {
    agent: request.agent,
    systemPrompt: request.systemPrompt,
    tools: request.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
    })),
    messages: request.messages.map(toContractMessage),
    ...(request.toolSdk === undefined ? {} : { toolSdk: request.toolSdk }),
  };
}

function toContractMessage(message: ChatMessage): Message {
  // A history's tool calls, blocks and values are the log's frozen events (reference/host/history.ts): handed on
  // as they are, since no reader can change them.
  switch (message.role) {
    case 'user':
      return message.content === undefined
        ? { role: 'user', source: message.source, text: message.text }
        : { role: 'user', source: message.source, text: message.text, content: message.content };
    case 'assistant':
      return { role: 'assistant', text: message.text, toolCalls: message.toolCalls };
    case 'tool': {
      const result: Message = {
        role: 'tool',
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        text: message.text,
        isError: message.isError,
      };
      if (message.value !== undefined) result.value = message.value;
      return result;
    }
  }
}

function questionProvider(options: StartOptions): QuestionProvider {
  return async (question, context): Promise<ProviderReply> => {
    const reply = await options.questions(toContractQuestion(question), { agent: context.agent });
    switch (reply.type) {
      case 'answer':
        return {
          kind: 'answered',
          answers: [
            reply.freeText === undefined
              ? { questionId: question.id, selected: [...reply.selected] }
              : { questionId: question.id, selected: [...reply.selected], freeText: reply.freeText },
          ],
        };
      case 'answers':
        return {
          kind: 'answered',
          answers: reply.items.map((item) =>
            item.freeText === undefined
              ? { questionId: question.id, selected: [...item.selected] }
              : { questionId: question.id, selected: [...item.selected], freeText: item.freeText },
          ),
        };
      case 'no-answer':
        return { kind: 'answered', answers: [] };
      case 'dismiss':
        return { kind: 'dismissed' };
      case 'fail':
        throw new Error(reply.message);
      case 'abort':
        // The user aborts the pending question; the seam reports its own abort error.
        context.abort();
        return { kind: 'answered', answers: [] };
    }
  };
}

function toContractQuestion(question: PendingQuestion): Question {
  const out: Question = {
    id: question.id,
    question: question.question,
    options: question.options.map((o) => ({ ...o })),
  };
  if (question.header !== undefined) out.header = question.header;
  if (question.detail !== undefined) out.detail = question.detail;
  if (question.multiSelect !== undefined) out.multiSelect = question.multiSelect;
  if (question.intent !== undefined) out.intent = question.intent;
  if (question.approveLabel !== undefined) out.approveLabel = question.approveLabel;
  return out;
}

/**
 * Each logged event as the contract reads it, made once and handed out again: the log's events are frozen
 * and kept (host/session-log.ts), and the log and what observers were told are read again and again, so a
 * reader is handed the same frozen event each time instead of a fresh copy of it.
 */
const contractEvents = new WeakMap<SessionEvent, ContractEvent>();

/** The contract's normalised event; kinds the contract does not name become `other`. */
export function toContractEvent(e: SessionEvent): ContractEvent {
  // Only a frozen event is the same event next time.
  if (!Object.isFrozen(e)) return contractEventOf(e);
  const known = contractEvents.get(e);
  if (known !== undefined) return known;
  const event: ContractEvent = frozenCopy(contractEventOf(e));
  contractEvents.set(e, event);
  return event;
}

function contractEventOf(e: SessionEvent): ContractEvent {
  switch (e.type) {
    case 'plan/mode':
      return { type: 'plan/mode', payload: { ...e.payload } };
    case 'user/message':
      return e.payload.content === undefined
        ? { type: 'user/message', source: e.payload.source, text: e.payload.text }
        : {
            type: 'user/message',
            source: e.payload.source,
            text: e.payload.text,
            content: structuredClone(e.payload.content),
          };
    case 'command/run':
      return { type: 'command/run', name: e.payload.name, args: e.payload.args };
    case 'command/done':
      return { type: 'command/done', name: e.payload.name, ok: e.payload.ok };
    case 'request/header':
      return { type: 'request/header', systemPrompt: e.payload.systemPrompt };
    case 'turn/start':
      return { type: 'turn/start' };
    case 'turn/end':
      return { type: 'turn/end' };
    default:
      return { type: 'other', name: e.type };
  }
}
