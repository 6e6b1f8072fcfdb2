/**
 * Round 47's blind fairness batch: correct hosts written from the spec (docs/clauses.md, the editions'
 * READMEs), src/ and reference/ only, before reading anything of the kit's checks, features, mutants or
 * earlier batches. Each is the reference changed the way a careful, different harness author could choose,
 * still meeting every MUST of the editions it claims; each names the clauses its change leans on, and says
 * where its author was unsure the change is allowed. The kinds differ from earlier rounds': timing (later
 * ticks, observers told in batches), persistence (the log read back from disk, a pending selection kept
 * across a restart, ownership resumed), bookkeeping records and fields, the host's own tools and sections
 * that move from request to request after order 50, the idle commit's notice written at the next request,
 * texts in other scripts, a reshaped review and exit tool, reshaped records, and compaction keeping a tail.
 */
import { onlyIn, patch } from '../mutants/mutant.js';
import {
  ADAPTER,
  AGENT,
  COMMAND,
  COMMANDS,
  CONFIG,
  EVENT_SCHEMA,
  EXIT,
  HOST,
  NARRATION,
  QUESTIONS,
  REVIEW,
  SERVICE,
  USER_INPUT,
} from '../mutants/reference-sources.js';
import { together, variant, type Variant } from './variant.js';

const EVENTS = 'host/events.ts';
const HOST_PLUGIN = 'host/plugin.ts';
const HISTORY = 'host/history.ts';
const STORE = 'host/store.ts';
const TOOLS = 'host/tools.ts';

/** A helper the adapter patches below share: the next macrotask (not a sleep: no time is waited for). */
const LATER_TICK = `
/** The next turn of the event loop: this host answers in later ticks, as one behind a socket would. */
function laterTick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export default defineAdapter({`;

/**
 * Every adapter call, model request, question and probe tool answered in later ticks of the event loop:
 * the model is called a macrotask after the request was assembled and its answer taken a macrotask later,
 * a question reaches the user a tick late, `prompt` and command lines resolve a tick after they finished,
 * and `set` takes effect at once but answers a tick later. SET-01/02 hold (the selection is made when the
 * call is made, with the turn open or not as it is then); nothing the spec fixes depends on ticks.
 */
const lateTicks = variant(
  'r47-late-ticks',
  [],
  patch(ADAPTER, '\nexport default defineAdapter({', LATER_TICK),
  patch(
    ADAPTER,
    `    async prompt(agent, text, images) {
      await current().host.prompt(agent, text, images);
    },`,
    `    async prompt(agent, text, images) {
      await laterTick();
      await current().host.prompt(agent, text, images);
      await laterTick();
    },`,
  ),
  patch(
    ADAPTER,
    `      return booted.planMode.set(agent, active);`,
    `      const outcome = booted.planMode.set(agent, active);
      await laterTick();
      return outcome;`,
  ),
  patch(
    ADAPTER,
    `      booted.host.requireAgent(agent);
      return booted.planMode.get(agent);`,
    `      booted.host.requireAgent(agent);
      await laterTick();
      return current().planMode.get(agent);`,
  ),
  patch(
    ADAPTER,
    `      return current().host.runCommand(agent, line, images);`,
    `      const result = await current().host.runCommand(agent, line, images);
      await laterTick();
      return result;`,
  ),
  patch(
    ADAPTER,
    `          execute: async (args) => ({ text: await tool.execute(args) }),`,
    `          execute: async (args) => {
            await laterTick();
            const text = await tool.execute(args);
            await laterTick();
            return { text };
          },`,
  ),
  patch(
    ADAPTER,
    `    const response: ContractModelResponse = await options.model(toContractRequest(request));
    return response;`,
    `    const sent = toContractRequest(request);
    await laterTick();
    const response: ContractModelResponse = await options.model(sent);
    await laterTick();
    return response;`,
  ),
  patch(
    ADAPTER,
    `    const reply = await options.questions(toContractQuestion(question), { agent: context.agent });`,
    `    const asked = toContractQuestion(question);
    await laterTick();
    const reply = await options.questions(asked, { agent: context.agent });
    await laterTick();`,
  ),
);

/**
 * The UI side (the adapter's observer and the projection's subscriber) is told in batches, one batch per
 * macrotask, as a host that frames its `session/event` stream over a socket tells it; reading what
 * observers were told waits for the batch on its way. STATE-06 (every committed `plan/mode` event, in log
 * order) and PROJ-02's pushes hold: each is told once, in order, only later than the append.
 */
const observersInBatches = variant(
  'r47-observers-in-batches',
  [],
  patch(
    ADAPTER,
    '\nexport default defineAdapter({',
    `
/** Deliveries to the UI side, sent in one batch per macrotask, in the order they were made. */
const outbox: Array<() => void> = [];
let sending: Promise<void> | undefined;

function deliverLater(deliver: () => void): void {
  outbox.push(deliver);
  sending ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      sending = undefined;
      for (const each of outbox.splice(0)) each();
      resolve();
    }),
  );
}

/** Waits until every delivery made so far has reached the UI side. */
async function delivered(): Promise<void> {
  while (sending !== undefined) await sending;
}

export default defineAdapter({`,
  ),
  patch(
    ADAPTER,
    `      current().host.requireAgent(agent);
      return [...(observed.get(agent) ?? [])];`,
    `      current().host.requireAgent(agent);
      await delivered();
      return [...(observed.get(agent) ?? [])];`,
  ),
  patch(
    ADAPTER,
    `      current().host.requireAgent(agent);
      return [...(pushes.get(agent) ?? [])];`,
    `      current().host.requireAgent(agent);
      await delivered();
      return [...(pushes.get(agent) ?? [])];`,
  ),
  patch(
    ADAPTER,
    `  host.subscribe((agent, e) => {
    const list = observed.get(agent) ?? [];
    list.push(toContractEvent(e));
    observed.set(agent, list);
  });
  host.projections?.onPush((agent, unit, view) => {
    if (unit !== PLAN_PROJECTION_NAME) return;
    pushes.set(agent, [...(pushes.get(agent) ?? []), view as PlanProjectionView]);
  });`,
    `  host.subscribe((agent, e) => {
    const told = toContractEvent(e);
    deliverLater(() => {
      const list = observed.get(agent) ?? [];
      list.push(told);
      observed.set(agent, list);
    });
  });
  host.projections?.onPush((agent, unit, view) => {
    if (unit !== PLAN_PROJECTION_NAME) return;
    deliverLater(() => pushes.set(agent, [...(pushes.get(agent) ?? []), view as PlanProjectionView]));
  });`,
  ),
);

/**
 * The log the kit reads is read back from the store on disk (written first), not from memory, and every
 * stored line carries the host's own fields beside the event (a sequence number and a timestamp), which
 * the reader drops. STATE-01..03: the same events, in the same order; only where they are read from differs.
 */
const logReadBackFromDisk = variant(
  'r47-log-read-back-from-disk',
  [],
  patch(
    HOST,
    `  readLog(agent: string): readonly SessionEvent[] {
    return this.agent(agent).log.read();
  }`,
    `  readLog(agent: string): readonly SessionEvent[] {
    return this.agent(agent).log.read();
  }

  /** The agent's log as the store on disk holds it: what is held is written first, then read back. */
  readPersisted(agent: string): readonly SessionEvent[] {
    this.agent(agent);
    this.store.flush();
    return this.store.readEvents(agent);
  }`,
  ),
  patch(
    ADAPTER,
    `      return current().host.readLog(agent).map(toContractEvent);`,
    `      return current().host.readPersisted(agent).map(toContractEvent);`,
  ),
  patch(
    STORE,
    `    this.appender.append(this.logFile(agent), event);`,
    `    this.sequence += 1;
    this.appender.append(this.logFile(agent), { ...event, seq: this.sequence, at: new Date().toISOString() });`,
  ),
  patch(STORE, `  private closed = false;`, `  private closed = false;\n  private sequence = 0;`),
);

/**
 * Bookkeeping records of the host's own, logged and told to observers like any event: `session/created`
 * (a timestamp and a random nonce) when an agent is created or spawned, `session/forked` after a fork's
 * copied log, `model/usage` after every model answer, `tool/started` before every tool runs. STATE-01/02
 * fold `plan/mode` alone; the Left-open list leaves "what other bookkeeping records it keeps" to the host;
 * PROJ-02: the projection returns the same state for them.
 */
const extraRecords = variant(
  'r47-extra-records',
  ['bookkeeping', 'observed-events'],
  patch(
    EVENTS,
    `  compaction: { summary: string };
}`,
    `  compaction: { summary: string };
  'session/created': { at: string; nonce: string };
  'session/forked': { from: string; at: string };
  'model/usage': { inputCharacters: number; outputCharacters: number; at: string };
  'tool/started': { toolCallId: string; toolName: string };
}`,
  ),
  patch(
    EVENTS,
    `  'compaction',
];`,
    `  'compaction',
  'session/created',
  'session/forked',
  'model/usage',
  'tool/started',
];`,
  ),
  patch(
    EVENT_SCHEMA,
    `  z.object({ type: z.literal('compaction'), payload: z.object({ summary: z.string() }) }),`,
    `  z.object({ type: z.literal('compaction'), payload: z.object({ summary: z.string() }) }),
  z.object({ type: z.literal('session/created'), payload: z.object({ at: z.string(), nonce: z.string() }) }),
  z.object({ type: z.literal('session/forked'), payload: z.object({ from: z.string(), at: z.string() }) }),
  z.object({
    type: z.literal('model/usage'),
    payload: z.object({ inputCharacters: z.number(), outputCharacters: z.number(), at: z.string() }),
  }),
  z.object({ type: z.literal('tool/started'), payload: z.object({ toolCallId: z.string(), toolName: z.string() }) }),`,
  ),
  patch(
    AGENT,
    `      const response = await this.callModel(request);
      frozen = undefined;`,
    `      const response = await this.callModel(request);
      this.deps.log.append(
        event('model/usage', {
          inputCharacters: request.systemPrompt.length + JSON.stringify(request.messages).length,
          outputCharacters: JSON.stringify(response).length,
          at: new Date().toISOString(),
        }),
      );
      frozen = undefined;`,
  ),
  patch(
    AGENT,
    `      const outcome = await this.deps.tools.run(call.name, call.arguments, {`,
    `      this.deps.log.append(event('tool/started', { toolCallId: call.id, toolName: call.name }));
      const outcome = await this.deps.tools.run(call.name, call.arguments, {`,
  ),
  patch(
    HOST,
    `    return this.addAgent({ id: this.nextId() }, []);`,
    `    return this.addAgent({ id: this.nextId() }, [created()]);`,
  ),
  patch(
    HOST,
    `    return this.addAgent({ id: this.nextId(), forkOf: agent }, events);`,
    `    return this.addAgent({ id: this.nextId(), forkOf: agent }, [
      ...events,
      event('session/forked', { from: agent, at: new Date().toISOString() }),
    ]);`,
  ),
  patch(
    HOST,
    `    return this.addAgent({ id: this.nextId(), parent }, []);`,
    `    return this.addAgent({ id: this.nextId(), parent }, [created()]);`,
  ),
  patch(
    HOST,
    `    const child = this.addAgent({ id: this.nextId(), parent: owner }, []);`,
    `    const child = this.addAgent({ id: this.nextId(), parent: owner }, [created()]);`,
  ),
  patch(
    HOST,
    `export class UnknownAgentError extends Error {`,
    `/** The host's own record of an agent's creation. */
function created(): SessionEvent {
  return event('session/created', { at: new Date().toISOString(), nonce: Math.random().toString(36).slice(2) });
}

export class UnknownAgentError extends Error {`,
  ),
);

/**
 * The host's own tools and prompt sections: a \`read_file\` tool registered before the plugin and a
 * \`todo_write\` after it (static, so the catalog is the same in both states: TOOL-02); static sections at
 * orders -5, 5 (the agent's id: the same for every request of one agent) and 49.5; and sections after the
 * plan section that change from request to request (order 60 counts the agent's requests so far, order 400
 * its tool results, rendering nothing before the first). POLICY-01 (the section at order
 * 50, between them), POLICY-03 (the section, not the prompt, is byte-identical within plan mode), POLICY-04
 * (only up to order 50 is fixed across a transition). Unsure: nothing in the spec fixes the prompt after
 * order 50 between two requests in the same state; a kit comparing whole prompts there would be unfair.
 */
const ownToolsAndMovingSections = variant(
  'r47-own-tools-and-moving-sections',
  [],
  patch(
    ADAPTER,
    `  host.install(baseSectionPlugin());
  const exports = host.install(planMode);`,
    `  host.install(baseSectionPlugin());
  host.install(hostOwnPlugin());
  const exports = host.install(planMode);
  host.install(hostLaterToolPlugin());`,
  ),
  patch(
    ADAPTER,
    `function probePlugin(probes: StartOptions['probes']): Plugin<void> {`,
    `/** The host's own sections and first tool: some fixed, some that follow the agent's log after order 50. */
function hostOwnPlugin(): Plugin<void> {
  return definePlugin({
    name: 'host-own',
    install(ctx) {
      ctx.registerSection({ name: 'host:env', order: -5, render: () => '# Environment\\nOS: linux; shell: bash' });
      ctx.registerSection({ name: 'host:agent', order: 5, render: (agent) => \`Your agent id: \${agent}\` });
      ctx.registerSection({ name: 'host:cwd', order: 49.5, render: () => 'Working directory: /project' });
      ctx.registerSection({
        name: 'host:progress',
        order: 60,
        render: (agent) =>
          \`Requests so far in this session: \${ctx.readLog(agent).filter((e) => e.type === 'request/header').length}\`,
      });
      ctx.registerSection({
        name: 'host:results',
        order: 400,
        render: (agent) => {
          const results = ctx.readLog(agent).filter((e) => e.type === 'tool/result').length;
          return results === 0 ? undefined : \`Tool results so far: \${results}\`;
        },
      });
      ctx.registerTool({
        name: 'read_file',
        description: 'Read a file of the project.',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        execute: async (args) => ({ text: \`No file at \${String(args['path'])}.\`, isError: true }),
      });
    },
  });
}

/** A tool of the host's registered after the plugin's, so the exit tool stands between the host's own. */
function hostLaterToolPlugin(): Plugin<void> {
  return definePlugin({
    name: 'host-later-tool',
    install(ctx) {
      ctx.registerTool({
        name: 'todo_write',
        description: 'Keep a short todo list for the task.',
        parameters: { type: 'object', properties: { items: { type: 'array', items: { type: 'string' } } } },
        execute: async () => ({ text: 'Todo list saved.' }),
      });
    },
  });
}

function probePlugin(probes: StartOptions['probes']): Plugin<void> {`,
  ),
);

/**
 * An idle commit's notice is written when the next request is assembled, not at the commit (the Left-open
 * list: "When the notice of an idle commit is written to the log: at the commit, or when the next request
 * is assembled, as long as that next request carries it after what the model has already seen"). Which
 * notices are owed is read from the log (each `plan/mode` committed while idle, after the last request, that
 * differs from what that request described: NARR-01/02), so a restart or a fork in between keeps them.
 * Selections applied at a boundary are narrated there, as before.
 */
const idleNoticeAtNextRequest = variant(
  'r47-idle-notice-at-next-request',
  ['idle-notice-timing'],
  patch(
    SERVICE,
    `import { foldPlanMode, PLAN_MODE_EVENT } from './state.js';`,
    `import { foldPlanMode, lastRequestIndex, PLAN_MODE_EVENT } from './state.js';`,
  ),
  patch(
    SERVICE,
    `  applyPending(agent: string): void {
    const target = this.pending.get(agent);`,
    `  applyPending(agent: string): void {
    this.writeIdleNotices(agent);
    const target = this.pending.get(agent);`,
  ),
  patch(
    SERVICE,
    `    if (outcome === 'committed') this.commitSelection(agent, active);`,
    `    // An idle commit: the event now, its notice when the next request is assembled (writeIdleNotices).
    if (outcome === 'committed') this.ctx.append(agent, planModeEvent(active));`,
  ),
  patch(
    SERVICE,
    `  /** An exit approved through \`exit_plan_mode\`: the tool result tells the model, so no notice. */`,
    `  /**
   * The notices owed to idle commits since the last request: each \`plan/mode\` logged between a turn's end and
   * the next turn's start that differs from what the last request described, in the order committed.
   */
  private writeIdleNotices(agent: string): void {
    const events = this.ctx.readLog(agent);
    const header = lastRequestIndex(events);
    if (header < 0) return;
    const described = foldPlanMode(events.slice(0, header));
    let idle = false;
    const owed: boolean[] = [];
    for (const e of events.slice(header + 1)) {
      if (e.type === 'turn/end') idle = true;
      else if (e.type === 'turn/start') idle = false;
      else if (idle && e.type === PLAN_MODE_EVENT && e.payload.active !== described) owed.push(e.payload.active);
    }
    for (const active of owed) this.ctx.append(agent, noticeEvent(active));
  }

  /** An exit approved through \`exit_plan_mode\`: the tool result tells the model, so no notice. */`,
  ),
);

/**
 * A pending selection survives a restart: the service keeps its pending selections in a file of the store
 * folder and reads them back when the host starts again, so the selection is applied at the next boundary
 * as if the process had not exited. LIM-01 says a pending selection MAY be lost (not that it must be);
 * no `plan/mode` event appears that no selection asked for; PROJ-05's agreement then holds after a restart
 * too (the projection, replaying the log, shows the same pending the service kept).
 */
const pendingSurvivesRestart = variant(
  'r47-pending-survives-restart',
  [],
  patch(
    HOST_PLUGIN,
    `  /** Whether the agent has a turn open. */
  isRunning(agent: string): boolean;`,
    `  /** Whether the agent has a turn open. */
  isRunning(agent: string): boolean;
  /** A folder of the store where a plugin may keep what it wants back after a restart. */
  stateDir: string;`,
  ),
  patch(
    HOST,
    `      isRunning: (agent) => this.isRunning(agent),`,
    `      isRunning: (agent) => this.isRunning(agent),
      stateDir: this.options.storeDir,`,
  ),
  patch(
    SERVICE,
    `import { event } from '../host/index.js';`,
    `import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { event } from '../host/index.js';`,
  ),
  patch(
    SERVICE,
    `type Context = Pick<PluginContext, 'append' | 'readLog' | 'isRunning'>;`,
    `type Context = Pick<PluginContext, 'append' | 'readLog' | 'isRunning' | 'stateDir'>;

/** Pending selections, written to a file at each change and read back when the host starts again. */
class KeptPending extends Map<string, boolean> {
  constructor(private readonly file: string) {
    super();
    if (!existsSync(file)) return;
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Record<string, boolean>;
    for (const [agent, target] of Object.entries(kept)) super.set(agent, target);
  }

  override set(agent: string, target: boolean): this {
    super.set(agent, target);
    this.keep();
    return this;
  }

  override delete(agent: string): boolean {
    const had = super.delete(agent);
    if (had) this.keep();
    return had;
  }

  private keep(): void {
    writeFileSync(this.file, JSON.stringify(Object.fromEntries(this.entries())));
  }
}`,
  ),
  patch(
    SERVICE,
    `  private readonly pending = new Map<string, boolean>();

  constructor(private readonly ctx: Context) {}`,
    `  private readonly pending: Map<string, boolean>;

  constructor(private readonly ctx: Context) {
    this.pending = new KeptPending(join(ctx.stateDir, 'plan-pending.json'));
  }`,
  ),
);

/**
 * Every text the spec leaves free in other languages and scripts (Japanese, Arabic, Chinese, Hindi,
 * Russian, Korean, Greek, Hebrew, Spanish, emoji): notices, exit results and failures, `/plan` results,
 * the seam's and the host's errors, the tool's description, the review's header, question and keep-planning
 * option. Kept: the literals the spec fixes (`Approve`, `plan-review`, `off`, the tool and event names), the
 * two notices different and each the same every time (NARR-01), the dismissal different from the
 * keep-planning failure and from the seam's errors (REVIEW-05), the seam's or provider's own message inside
 * the failure text (REVIEW-06), the feedback carried (REVIEW-04: here ahead of the text), results per
 * outcome different (CMD-08), the unknown key named in the config error (CFG-04).
 */
const textsInOtherScripts = variant(
  'r47-texts-in-other-scripts',
  ['wording'],
  patch(
    NARRATION,
    `export const ENTER_NOTICE = 'The user switched to plan mode.';
export const EXIT_NOTICE = 'The user left plan mode; you are back in the default mode.';`,
    `export const ENTER_NOTICE = 'ユーザーがプランモードに切り替えました。まず計画を立ててください。';
export const EXIT_NOTICE = 'المستخدم غادر وضع التخطيط؛ عُد إلى الوضع الافتراضي.';`,
  ),
  patch(
    EXIT,
    `export const EXIT_TOOL_DESCRIPTION =
  'Present your complete plan to the user for review. Use it only in plan mode, once the plan is ready; ' +
  'if the user approves, plan mode ends and you carry out the plan.';`,
    `export const EXIT_TOOL_DESCRIPTION =
  '把完整的计划提交给用户审阅。仅在计划模式下、计划完成后使用；用户批准后计划模式结束，随后执行计划。';`,
  ),
  patch(
    EXIT,
    `    plan: { type: 'string', description: 'The complete plan, as the user should review it (Markdown).' },`,
    `    plan: { type: 'string', description: '完整的计划（Markdown），即用户将审阅的内容。' },`,
  ),
  patch(
    EXIT,
    `export const NOT_IN_PLAN_MODE = 'exit_plan_mode only works in plan mode, and plan mode is not active.';
export const PLAN_ARGUMENT_MISSING = "exit_plan_mode needs the plan as a string argument 'plan'.";
export const APPROVED_TEXT = 'The user approved the plan. Plan mode is off; carry out the plan now.';
export const REJECTED_TEXT = 'The user did not approve the plan. You are still in plan mode; revise the plan.';
export const DISMISSED_TEXT =
  "The user dismissed the plan review to talk to you instead. Stay in plan mode, stop here, and wait for the user's message.";
export const OWNED_CHILD_TEXT =
  'A delegated agent cannot open the plan review; you are still in plan mode. ' +
  'Include the plan and the decision it needs in your final result, for the agent that delegated to you.';
export const NO_SEAM_TEXT = 'no user-question channel is composed in this host, so the plan cannot be reviewed';`,
    `export const NOT_IN_PLAN_MODE = 'exit_plan_mode：当前不在计划模式，无法提交计划。';
export const PLAN_ARGUMENT_MISSING = 'exit_plan_mode：参数 plan 必须是字符串。';
export const APPROVED_TEXT = '✅ 计划已获批准，计划模式已关闭。现在开始执行。';
export const REJECTED_TEXT = 'योजना स्वीकृत नहीं हुई; आप अभी भी योजना मोड में हैं।';
export const DISMISSED_TEXT =
  'Пользователь закрыл обзор плана, чтобы поговорить с вами. Оставайтесь в режиме планирования, остановитесь и дождитесь его сообщения.';
export const OWNED_CHILD_TEXT =
  'Ως εξουσιοδοτημένος πράκτορας δεν μπορείτε να ανοίξετε την αξιολόγηση· παραμένετε σε λειτουργία σχεδιασμού. ' +
  'Συμπεριλάβετε το σχέδιο και την απόφαση που χρειάζεται στο τελικό σας αποτέλεσμα.';
export const NO_SEAM_TEXT = 'אין ערוץ שאלות למשתמש במארח הזה';`,
  ),
  patch(
    EXIT,
    `  return failed(\`\${REJECTED_TEXT} User feedback: \${feedback}\`);`,
    `  return failed(\`«\${feedback}» — \${REJECTED_TEXT}\`);`,
  ),
  patch(
    EXIT,
    `  return failed(\`The plan review failed, so you are still in plan mode: \${message}\`);`,
    `  return failed(\`계획 검토 실패 (계획 모드 유지): \${message}\`);`,
  ),
  patch(
    REVIEW,
    `export const KEEP_PLANNING_LABEL = 'Keep planning';`,
    `export const KEEP_PLANNING_LABEL = '继续规划';`,
  ),
  patch(
    REVIEW,
    `    header: 'Plan review',
    question: 'Approve this plan and leave plan mode?',
    detail: plan,
    options: [
      { label: APPROVE_LABEL, description: 'Leave plan mode and carry out this plan.' },
      { label: KEEP_PLANNING_LABEL, description: 'Stay in plan mode and keep refining the plan.' },
    ],`,
    `    header: '计划评审',
    question: 'هل توافق على هذه الخطة وتغادر وضع التخطيط؟',
    detail: plan,
    options: [
      { label: APPROVE_LABEL, description: '离开计划模式并执行此计划。' },
      { label: KEEP_PLANNING_LABEL, description: '留在计划模式，继续完善计划。' },
    ],`,
  ),
  patch(
    COMMAND,
    `export const ENTER_TEXTS: Record<SetOutcome, string> = {
  committed: 'Entered plan mode.',
  queued: 'Plan mode is queued for the next step.',
  cancelled: 'Pending exit cancelled; staying in plan mode.',
  noop: 'Already in plan mode.',
};

export const LEAVE_TEXTS: Record<SetOutcome, string> = {
  committed: 'Left plan mode.',
  queued: 'Leaving plan mode is queued for the next step.',
  cancelled: 'Plan mode entry cancelled.',
  noop: 'Plan mode is already inactive.',
};

export const ENTRY_ALREADY_QUEUED = 'Plan mode is already queued for the next step.';
export const EXIT_ALREADY_QUEUED = 'Leaving plan mode is already queued for the next step.';
export const OFF_WITH_IMAGES =
  '/plan off takes no images: nothing changed. Send the images with /plan <message> or a prompt.';`,
    `export const ENTER_TEXTS: Record<SetOutcome, string> = {
  committed: '📝 已进入计划模式',
  queued: '⏳ 计划模式将在下一步生效',
  cancelled: '↩️ 已取消待退出，仍在计划模式',
  noop: '📝 已经处于计划模式',
};

export const LEAVE_TEXTS: Record<SetOutcome, string> = {
  committed: '🚪 已退出计划模式',
  queued: '⏳ 将在下一步退出计划模式',
  cancelled: '↩️ 已取消进入计划模式',
  noop: '🚪 计划模式本就未开启',
};

export const ENTRY_ALREADY_QUEUED = '⏳ 计划模式已在排队，下一步生效';
export const EXIT_ALREADY_QUEUED = '⏳ 退出计划模式已在排队，下一步生效';
export const OFF_WITH_IMAGES = '/plan off 不接受图片：未做任何更改。请用 /plan <消息> 或普通提示发送图片。';`,
  ),
  patch(COMMAND, '        return ok(`${text} Message sent.`);', '        return ok(`${text}（消息已发送）`);'),
  patch(COMMAND, '      return ok(`${text} Message sent.`);', '      return ok(`${text}（消息已发送）`);'),
  patch(CONFIG, `const PREFIX = 'plan-mode config';`, `const PREFIX = 'plan-mode 配置';`),
  patch(
    CONFIG,
    `  if (input === undefined) return \`\${PREFIX}: 'section' is required\`;
  return \`\${PREFIX}: 'section' must be a string\`;`,
    `  if (input === undefined) return \`\${PREFIX}：缺少必填项 'section'\`;
  return \`\${PREFIX}：'section' 必须是字符串\`;`,
  ),
  patch(
    CONFIG,
    `  if (keys.length === 1) return \`\${PREFIX}: unknown key \${quoteKeys(keys)}\`;
  return \`\${PREFIX}: unknown keys \${quoteKeys(keys)}\`;`,
    `  if (keys.length === 1) return \`\${PREFIX}：未知的键 \${quoteKeys(keys)}\`;
  return \`\${PREFIX}：未知的键 \${quoteKeys(keys)}\`;`,
  ),
  patch(
    QUESTIONS,
    `      throw new QuestionUnavailableError('user-question seam: no question provider is composed, so nobody can answer');`,
    `      throw new QuestionUnavailableError('canal de preguntas: no hay proveedor, nadie puede responder');`,
  ),
  patch(
    QUESTIONS,
    '      throw new QuestionProviderError(`user-question provider failed: ${errorMessage(error)}`, { cause: error });',
    '      throw new QuestionProviderError(`el proveedor de preguntas falló: ${errorMessage(error)}`, { cause: error });',
  ),
  patch(
    QUESTIONS,
    `  return new QuestionAbortedError('user-question seam: the question was aborted before it was answered');`,
    `  return new QuestionAbortedError('canal de preguntas: la pregunta se canceló antes de responderse');`,
  ),
  patch(
    TOOLS,
    "    if (!tool) return { text: `Unknown tool '${name}'.`, isError: true };",
    '    if (!tool) return { text: `未知的工具「${name}」`, isError: true };',
  ),
  patch(
    TOOLS,
    "    return { text: `Tool '${tool.name}' failed: ${errorMessage(error)}`, isError: true };",
    '    return { text: `工具「${tool.name}」出错：${errorMessage(error)}`, isError: true };',
  ),
  patch(
    HOST,
    '    if (!command) return { ok: false, text: `unknown command /${parsed.name}` };',
    '    if (!command) return { ok: false, text: `未知命令 /${parsed.name}` };',
  ),
  patch(
    HOST,
    '      return { ok: false, text: `/${command.name} failed: ${errorMessage(error)}` };',
    '      return { ok: false, text: `/${command.name} 出错：${errorMessage(error)}` };',
  ),
);

/**
 * The review and the exit tool shaped otherwise: the keep-planning option first, then \`Approve\`, then a
 * third option to talk it over (REVIEW-01: \`Approve\` is offered alongside a keep-planning option; REVIEW-03:
 * any answer but exactly \`Approve\` is no consent); the plan carried verbatim in both the question text and
 * the detail, no header; question ids random; the parameter schema written in another key order with a
 * \`minLength\` and without \`additionalProperties\` (TOOL-01: \`plan\` a string argument; the same schema in
 * both states, TOOL-02); a failed review's result carries a structured value \`{ approved: false }\` beside
 * its text (TOOL-05 fixes the value of an approval only); and a blank plan is refused without a review (the
 * Left-open "malformed plan" choice).
 */
const reviewReshaped = variant(
  'r47-review-reshaped',
  ['malformed-plan', 'plan-placement'],
  patch(
    REVIEW,
    `    header: 'Plan review',
    question: 'Approve this plan and leave plan mode?',
    detail: plan,
    options: [
      { label: APPROVE_LABEL, description: 'Leave plan mode and carry out this plan.' },
      { label: KEEP_PLANNING_LABEL, description: 'Stay in plan mode and keep refining the plan.' },
    ],
    multiSelect: false,`,
    `    question: \`The agent proposes this plan:\\n\\n\${plan}\\n\\nApprove it and leave plan mode?\`,
    detail: plan,
    options: [
      { label: KEEP_PLANNING_LABEL },
      { label: APPROVE_LABEL, description: 'Leave plan mode and carry out this plan.' },
      { label: 'Talk it over', description: 'Stay in plan mode and discuss the plan first.' },
    ],`,
  ),
  patch(
    EXIT,
    `export const EXIT_TOOL_PARAMETERS = {
  type: 'object',
  properties: {
    plan: { type: 'string', description: 'The complete plan, as the user should review it (Markdown).' },
  },
  required: ['plan'],
  additionalProperties: false,
};`,
    `export const EXIT_TOOL_PARAMETERS = {
  required: ['plan'],
  properties: {
    plan: { description: 'The complete plan for the user to review.', minLength: 1, type: 'string' },
  },
  type: 'object',
};

export const BLANK_PLAN = 'The plan is empty. Write the complete plan, then call exit_plan_mode with it.';`,
  ),
  patch(
    EXIT,
    `function rejected(feedback: string | undefined): ToolOutcome {
  if (feedback === undefined) return failed(REJECTED_TEXT);
  return failed(\`\${REJECTED_TEXT} User feedback: \${feedback}\`);
}`,
    `function rejected(feedback: string | undefined): ToolOutcome {
  if (feedback === undefined) return { text: REJECTED_TEXT, isError: true, value: { approved: false } };
  return { text: \`\${REJECTED_TEXT} User feedback: \${feedback}\`, isError: true, value: { approved: false, feedback } };
}`,
  ),
  patch(
    EXIT,
    `      if (outcome.kind === 'dismissed') return failed(DISMISSED_TEXT);`,
    `      if (outcome.kind === 'dismissed') return { text: DISMISSED_TEXT, isError: true, value: { approved: false } };`,
  ),
  patch(
    EXIT,
    `      if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);`,
    `      if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);
      if (plan.trim().length === 0) return failed(BLANK_PLAN);`,
  ),
  patch(
    QUESTIONS,
    '    const question: PendingQuestion = { ...structuredClone(request), id: `question-${this.nextId++}` };',
    '    const question: PendingQuestion = { ...structuredClone(request), id: `q_${randomUUID()}` };',
  ),
  patch(
    QUESTIONS,
    `import { errorMessage } from './tools.js';`,
    `import { randomUUID } from 'node:crypto';\nimport { errorMessage } from './tools.js';`,
  ),
);

/**
 * Records shaped otherwise: agent ids random (\`s-<uuid>\`, stable across a restart through the index), a
 * \`command/run\` record keeping the raw argument text after the name, the separating white space included
 * (\`/plan off\` records \` off\`; CMD-04 and PROJ-02 read it trimmed), and every user message carrying its
 * blocks (one text block for a plain message) where the reference leaves \`content\` out. Unsure: the
 * contract says \`content\` is there "when it holds more than one text block or any image" and that absent
 * means one text block; a message that spells out its one block means the same, but it is the contract's
 * reading, not the spec's, that makes this fair.
 */
const recordsReshaped = variant(
  'r47-records-reshaped',
  ['bookkeeping'],
  patch(
    HOST,
    `  private nextId(): string {`,
    `  private nextId(): string {
    return \`s-\${randomUUID()}\`;
  }

  /** The reference's numbering, no longer used: ids are random here. */
  private numberedId(): string {`,
  ),
  patch(
    HOST,
    `import { Agent, type AgentLoopOptions, type BoundaryHook } from './agent.js';`,
    `import { randomUUID } from 'node:crypto';\nimport { Agent, type AgentLoopOptions, type BoundaryHook } from './agent.js';`,
  ),
  patch(
    COMMANDS,
    '  const match = /^\\s*\\/([^\\s/]+)(?:\\s+([\\s\\S]*))?$/.exec(line);',
    '  const match = /^\\s*\\/([^\\s/]+)((?:\\s[\\s\\S]*)?)$/.exec(line);',
  ),
  patch(
    USER_INPUT,
    `  if (input.images.length === 0) return { source: 'user', text: input.text };`,
    `  if (input.images.length === 0) return { source: 'user', text: input.text, content: [{ type: 'text', text: input.text }] };`,
  ),
);

/**
 * A child owned by a live agent stays owned after a restart: the owner is written to the agent index and the
 * relation restored when both are resumed (the owner is live again). REVIEW-07 refuses the review to "a live
 * child agent owned by another agent"; the rc.8 and 0.0.1-rc.1 READMEs say durable fork lineage alone does
 * not stop "a session resumed as a runtime root" from opening it, and this host resumes such a child under
 * its owner, not as a root. Forks are never owned. Unsure: the reference reads ownership as a runtime-only
 * relation; nothing in the READMEs requires a resumed child to become a root, which is why it is here.
 */
const ownedChildResumedOwned = onlyIn(
  ['0.0.1-rc.1', 'rc.8'],
  variant(
    'r47-owned-child-resumed-owned',
    [],
    patch(
      STORE,
      `  /** The agent this one was forked from. */
  forkOf?: string;
}`,
      `  /** The agent this one was forked from. */
  forkOf?: string;
  /** The agent owning this one (a delegated child), resumed with it after a restart. */
  owner?: string;
}`,
    ),
    patch(
      STORE,
      `  .object({ id: z.string().regex(/^[A-Za-z0-9_-]+$/), parent: z.string().optional(), forkOf: z.string().optional() })`,
      `  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]+$/),
    parent: z.string().optional(),
    forkOf: z.string().optional(),
    owner: z.string().optional(),
  })`,
    ),
    patch(
      HOST,
      `    const child = this.addAgent({ id: this.nextId(), parent: owner }, []);`,
      `    const child = this.addAgent({ id: this.nextId(), parent: owner, owner }, []);`,
    ),
    patch(
      HOST,
      `  private loadFromStore(record: AgentRecord): void {`,
      `  private loadFromStore(record: AgentRecord): void {
    if (record.owner !== undefined) this.owners.set(record.id, record.owner);`,
    ),
  ),
);

/**
 * Compaction that keeps the last thing the user said after the summary (a summary in Chinese), and up to
 * five attempts per failed request instead of three. STATE-05 (the plan state and its guidance do not change
 * with compaction: they come from the log, not the history); the Left-open list leaves how many times a
 * failed request is retried to the host.
 */
const compactionKeepsTailAndRetriesMore = variant(
  'r47-compaction-keeps-tail',
  ['retries'],
  patch(
    HISTORY,
    `      case 'compaction':
        messages = [{ role: 'user', source: 'host', text: e.payload.summary }];
        break;`,
    `      case 'compaction': {
        // The summary, then the user's last message word for word, so the next request still answers it.
        const lastSaid = [...messages].reverse().find((m) => m.role === 'user' && m.source === 'user');
        messages = [{ role: 'user', source: 'host', text: e.payload.summary }, ...(lastSaid ? [lastSaid] : [])];
        break;
      }`,
  ),
  patch(
    HISTORY,
    `    if (m.role === 'user') return \`- \${m.source === 'user' ? 'User' : 'Note'}: \${m.text}\`;`,
    `    if (m.role === 'user') return \`- \${m.source === 'user' ? '用户' : '备注'}：\${m.text}\`;`,
  ),
  patch(
    HISTORY,
    `  return ['Summary of the conversation so far:', ...lines].join('\\n');`,
    `  return ['此前对话的摘要：', ...lines].join('\\n');`,
  ),
  patch(
    HOST,
    `{ maxAttempts: 3, maxSteps: 64, retryReusesRequest: false }`,
    `{ maxAttempts: 5, maxSteps: 64, retryReusesRequest: false }`,
  ),
);

/**
 * Tools of one model answer run together: consecutive calls of tools that ask nobody run at once, and each
 * result is logged as its call finishes, so results come in another order than the calls (here the last call
 * of a run finishes first); a tool that may ask the user (`exit_plan_mode`, or a `run_code` program that may
 * call it) runs alone, after the calls before it. SCOPE-02 (every tool still executes normally), TOOL-06 (the
 * plan and the review result stay in the history like any call and result), MX-03 (each result appended after
 * what the model has seen). Unsure: nothing in the spec orders the results of one answer's calls among
 * themselves; a model API matches them by call id.
 */
const toolsTogether = variant(
  'r47-tools-together',
  [],
  patch(
    AGENT,
    `  private async runTools(calls: readonly ToolCall[]): Promise<void> {
    const signal = new AbortController().signal;
    for (const call of calls) {`,
    `  private async runTools(calls: readonly ToolCall[]): Promise<void> {
    const signal = new AbortController().signal;
    // Runs of calls that ask nobody go together; a call that may ask the user goes alone.
    const asks = (call: ToolCall): boolean => call.name === 'exit_plan_mode' || call.name === 'run_code';
    let index = 0;
    while (index < calls.length) {
      if (asks(calls[index]!)) {
        await this.runToolsOneByOne([calls[index]!], signal);
        index += 1;
        continue;
      }
      let end = index;
      while (end < calls.length && !asks(calls[end]!)) end += 1;
      const run = calls.slice(index, end);
      this.deps.log.flush();
      await Promise.all(
        run.map(async (call, position) => {
          const outcome = await this.deps.tools.run(call.name, call.arguments, {
            agent: this.id,
            toolCallId: call.id,
            signal,
          });
          // The later a call stands in its run, the sooner its result is taken.
          for (let wait = position; wait < run.length; wait++) await new Promise((resolve) => setImmediate(resolve));
          const payload = { toolCallId: call.id, toolName: call.name, text: outcome.text, isError: outcome.isError };
          this.deps.log.append(
            event('tool/result', outcome.value === undefined ? payload : { ...payload, value: outcome.value }),
          );
        }),
      );
      index = end;
    }
  }

  private async runToolsOneByOne(calls: readonly ToolCall[], signal: AbortSignal): Promise<void> {
    for (const call of calls) {`,
  ),
);

/**
 * Every request opens with the host's own context message (a host-sourced user message, the same in every
 * request, not logged: the host adds it when it assembles a request), as harnesses that hand the model
 * its environment do. MX-01/POLICY-02 (plan mode adds nothing while inactive: this message is the host's,
 * in both states), MX-03/NARR-05 (the conversation only grows by appending: the message stays first),
 * MX-02 (a \`/plan\` message adds what the same message alone adds).
 */
const contextMessageFirst = variant(
  'r47-context-message-first',
  [],
  patch(
    AGENT,
    `      messages: deriveHistory(this.deps.log.read()),`,
    `      messages: [
        { role: 'user', source: 'host', text: '<environment>\\ncwd: /project\\nshell: bash\\n</environment>' },
        ...deriveHistory(this.deps.log.read()),
      ],`,
  ),
);

/**
 * Under a code mode the SDK text rides the code tool's description (the wire's one tool carries it), not a
 * prompt section: the contract's \`toolSdk\` is "the SDK text ... wherever the host puts it (inside the system
 * prompt, or a wire tool's description)". TOOL-07: the SDK holds the exit binding and, like the whole
 * catalog, is byte-identical in both states; the Left-open list leaves the SDK's text and shape to the host.
 */
const sdkInCodeToolDescription = variant(
  'r47-sdk-in-code-tool-description',
  ['code-mode-sdk'],
  patch(
    HOST,
    `    this.sections.register({ name: SDK_SECTION.name, order: SDK_SECTION.order, render: () => this.tools.sdk() });`,
    `    // The SDK text rides the code tool's description (tools.ts), so this section renders nothing.
    this.sections.register({ name: SDK_SECTION.name, order: SDK_SECTION.order, render: () => undefined });`,
  ),
  patch(
    TOOLS,
    `    if (this.mode === 'code') return [CODE_TOOL];`,
    `    if (this.mode === 'code') return [this.codeDescriptor()];`,
  ),
  patch(
    TOOLS,
    `    return this.mode === 'both' ? [...native, CODE_TOOL] : native;
  }`,
    `    return this.mode === 'both' ? [...native, this.codeDescriptor()] : native;
  }

  /** The code tool as the wire carries it: its description holds the SDK text. */
  private codeDescriptor(): ToolDescriptor {
    return {
      name: CODE_TOOL.name,
      description: \`Run a JavaScript program (the body of an async function) that calls these tools:\\n\\n\${sdkText(this.tools)}\`,
      parameters: CODE_TOOL.parameters,
    };
  }`,
  ),
);

/**
 * Values crossing the contract carry fields of the host's own beside the contract's (every schema of src/
 * is an open zod object): \`get\` answers with a \`pending\` key set to \`undefined\` when nothing waits (the
 * same as leaving it out, in JSON) and a \`readAt\` time; command results an \`id\`; the projection view a
 * \`revision\`; each log event the host's own \`kind\`; each request a \`requestId\` and its tools \`strict: false\`;
 * each question a \`createdAt\`. The plan/mode payload stays exactly \`{ active }\` (STATE-01).
 */
const extraFields = variant(
  'r47-extra-fields',
  [],
  patch(
    ADAPTER,
    `      booted.host.requireAgent(agent);
      return booted.planMode.get(agent);`,
    `      booted.host.requireAgent(agent);
      const view = booted.planMode.get(agent);
      return { pending: undefined, ...view, readAt: new Date().toISOString() } as typeof view;`,
  ),
  patch(
    ADAPTER,
    `      return current().host.runCommand(agent, line, images);`,
    `      const result = await current().host.runCommand(agent, line, images);
      return { ...result, id: Math.random().toString(36).slice(2) } as typeof result;`,
  ),
  patch(
    ADAPTER,
    `      return current().host.readProjection(agent, PLAN_PROJECTION_NAME) as PlanProjectionView;`,
    `      const view = current().host.readProjection(agent, PLAN_PROJECTION_NAME) as PlanProjectionView;
      return { ...view, revision: current().host.readLog(agent).length } as PlanProjectionView;`,
  ),
  patch(
    ADAPTER,
    `function contractEventOf(e: SessionEvent): ContractEvent {`,
    `function contractEventOf(e: SessionEvent): ContractEvent {
  return { ...bareContractEventOf(e), kind: e.type } as unknown as ContractEvent;
}

function bareContractEventOf(e: SessionEvent): ContractEvent {`,
  ),
  patch(
    ADAPTER,
    `    tools: request.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
    })),`,
    `    tools: request.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      strict: false,
    })),
    ...({ requestId: Math.random().toString(36).slice(2) } as object),`,
  ),
  patch(
    ADAPTER,
    `  if (question.approveLabel !== undefined) out.approveLabel = question.approveLabel;`,
    `  if (question.approveLabel !== undefined) out.approveLabel = question.approveLabel;
  Object.assign(out, { createdAt: new Date().toISOString() });`,
  ),
);

/**
 * The projection's subscriber is sent one frame per macrotask per agent, holding the unit's latest view
 * (several changes in one tick coalesce into the last), as a UI carrier that throttles its
 * \`session/projection\` frames does; reading the pushes waits for the frame on its way. PROJ-02: "What a
 * registry does on its own account ... is the registry's business, not the unit's"; the unit still returns
 * the same state for every other event. Unsure: a frame may then repeat the view of the frame before it
 * (a change and its reversal in one tick), which is the carrier's doing, not the unit's.
 */
const coalescedPushes = variant(
  'r47-coalesced-pushes',
  [],
  patch(
    ADAPTER,
    '\nexport default defineAdapter({',
    `
/** Projection frames waiting for the next macrotask: the latest view per agent. */
const frames = new Map<string, () => void>();
let framing: Promise<void> | undefined;

function frameLater(agent: string, send: () => void): void {
  frames.set(agent, send);
  framing ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      framing = undefined;
      const due = [...frames.values()];
      frames.clear();
      for (const each of due) each();
      resolve();
    }),
  );
}

async function framesSent(): Promise<void> {
  while (framing !== undefined) await framing;
}

export default defineAdapter({`,
  ),
  patch(
    ADAPTER,
    `      current().host.requireAgent(agent);
      return [...(pushes.get(agent) ?? [])];`,
    `      current().host.requireAgent(agent);
      await framesSent();
      return [...(pushes.get(agent) ?? [])];`,
  ),
  patch(
    ADAPTER,
    `    pushes.set(agent, [...(pushes.get(agent) ?? []), view as PlanProjectionView]);`,
    `    frameLater(agent, () => pushes.set(agent, [...(pushes.get(agent) ?? []), view as PlanProjectionView]));`,
  ),
);

/** Every host of the batch, each runnable alone by name. */
export const BLIND_FAIR_R47_HOSTS: Variant[] = [
  lateTicks,
  observersInBatches,
  logReadBackFromDisk,
  extraRecords,
  ownToolsAndMovingSections,
  idleNoticeAtNextRequest,
  pendingSurvivesRestart,
  textsInOtherScripts,
  reviewReshaped,
  recordsReshaped,
  ownedChildResumedOwned,
  compactionKeepsTailAndRetriesMore,
  toolsTogether,
  contextMessageFirst,
  sdkInCodeToolDescription,
  extraFields,
  coalescedPushes,
];

/**
 * What the variant matrix runs by default: the batch's hosts that pass, made together in two hosts (one build
 * and one run each; every host still runs alone by name). r47-context-message-first, which the kit failed until
 * a host's standing messages counted as its own (conformance/assertions/host-messages.ts, docs/teeth.md, round
 * 47), joins the second. Left out: r47-owned-child-resumed-owned (two editions only: a part of either would
 * take the seed edition away from it).
 */
export const BLIND_FAIR_R47: Variant[] = [
  together('r47-later-kept-and-reshaped', [
    lateTicks,
    observersInBatches,
    logReadBackFromDisk,
    extraRecords,
    idleNoticeAtNextRequest,
    pendingSurvivesRestart,
    ownToolsAndMovingSections,
    compactionKeepsTailAndRetriesMore,
    toolsTogether,
    reviewReshaped,
  ]),
  together('r47-other-scripts-and-fields', [
    textsInOtherScripts,
    recordsReshaped,
    extraFields,
    sdkInCodeToolDescription,
    coalescedPushes,
    contextMessageFirst,
  ]),
];
