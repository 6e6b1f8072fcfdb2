/**
 * Round 48's blind fairness batch: correct hosts written from the spec (docs/clauses.md and the three editions'
 * READMEs), src/ and reference/ only, before reading anything of the kit's checks. Each is the reference
 * changed the way another careful harness author could choose, and each still meets every MUST of the
 * editions it claims. The kinds tried here are unlike the earlier batches': calls answered and made in
 * later macrotasks, observers told in batches, a log read back from its file, what survives a restart
 * (pending selections, ownership), texts in many scripts, a notice logged ahead of its event, structured
 * failure values, a prompt naming its agent, command arguments as typed, compaction keeping the last
 * message, and a fork's own bookkeeping record. Where a host's correctness rests on a reading of the spec
 * that could be argued, its comment says so.
 */
import { onlyIn, patch } from '../mutants/mutant.js';
import { together, variant, type Variant } from './variant.js';

const ADAPTER = 'adapter.ts';
const AGENT = 'host/agent.ts';
const HOST = 'host/host.ts';
const EVENTS = 'host/events.ts';
const EVENT_SCHEMA = 'host/event-schema.ts';
const STORE = 'host/store.ts';
const SESSION_LOG = 'host/session-log.ts';
const PROMPT = 'host/prompt.ts';
const COMMANDS = 'host/commands.ts';
const HISTORY = 'host/history.ts';
const QUESTIONS = 'host/questions.ts';
const PLUGIN = 'plan-mode/plugin.ts';
const SERVICE = 'plan-mode/service.ts';
const NARRATION = 'plan-mode/narration.ts';
const EXIT = 'plan-mode/exit-tool.ts';
const REVIEW = 'plan-mode/review.ts';
const COMMAND = 'plan-mode/command.ts';
const CONFIG = 'plan-mode/config.ts';

const ALL_REFUSING_EDITIONS = ['0.0.1-rc.1', 'rc.8'] as const;

/**
 * Every call answered a macrotask later, and every call out made a macrotask later: the adapter's methods,
 * the model port, the question port, each tool run, and the plan-mode boundary hook (asynchronous, applying
 * the pending selection after a `setImmediate`). Nothing the host shows changes, only when. Relies on: the
 * contract (each method's promise resolves when it is done, not in any given tick), SET-06 (the hook still
 * runs before the request is assembled), STATE-06.
 */
const laterTicks = variant(
  'r48-answers-in-later-ticks',
  [],
  patch(
    ADAPTER,
    "/** The host's own base prompt, ahead of everything plugins add. */",
    `/** A later macrotask: this host answers every call, and calls out, a tick later than it could. */
const later = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/** The host's own base prompt, ahead of everything plugins add. */`,
  ),
  patch(
    ADAPTER,
    `      return current().host.createAgent();
    },
    async prompt(agent, text, images) {
      await current().host.prompt(agent, text, images);
    },`,
    `      await later();
      const id = current().host.createAgent();
      await later();
      return id;
    },
    async prompt(agent, text, images) {
      await later();
      await current().host.prompt(agent, text, images);
      await later();
    },`,
  ),
  patch(
    ADAPTER,
    '      return booted.planMode.set(agent, active);',
    `      await later();
      const outcome = current().planMode.set(agent, active);
      await later();
      return outcome;`,
  ),
  patch(
    ADAPTER,
    '      return booted.planMode.get(agent);',
    `      await later();
      return current().planMode.get(agent);`,
  ),
  patch(
    ADAPTER,
    '      return current().host.readLog(agent).map(toContractEvent);',
    `      await later();
      return current().host.readLog(agent).map(toContractEvent);`,
  ),
  patch(
    ADAPTER,
    '      return current().host.runCommand(agent, line, images);',
    `      await later();
      const result = await current().host.runCommand(agent, line, images);
      await later();
      return result;`,
  ),
  patch(
    ADAPTER,
    '    const response: ContractModelResponse = await options.model(toContractRequest(request));',
    `    const sent = toContractRequest(request);
    await later();
    const response: ContractModelResponse = await options.model(sent);
    await later();`,
  ),
  patch(
    ADAPTER,
    '    const reply = await options.questions(toContractQuestion(question), { agent: context.agent });',
    `    const asked = toContractQuestion(question);
    await later();
    const reply = await options.questions(asked, { agent: context.agent });
    await later();`,
  ),
  patch(
    PLUGIN,
    '      ctx.onBoundary(({ agent }) => selections.applyPending(agent));',
    `      // This host's boundary hooks are asynchronous: the selection is applied a macrotask into the boundary.
      ctx.onBoundary(async ({ agent }) => {
        await new Promise<void>((resolve) => setImmediate(resolve));
        selections.applyPending(agent);
      });`,
  ),
  patch(
    AGENT,
    '      const outcome = await this.deps.tools.run(call.name, call.arguments, {',
    `      await new Promise<void>((resolve) => setImmediate(resolve));
      const outcome = await this.deps.tools.run(call.name, call.arguments, {`,
  ),
);

/**
 * Observers told in batches: the events of one macrotask reach the `session/event` stream together, in log
 * order, a `setImmediate` later (a UI reading what it was told first lets the batch in flight arrive). The log
 * also holds two bookkeeping records of the host's own, told to observers like any event: `model/usage` after
 * each model reply (between the header and the reply) and `input/queued` when a message is typed while the
 * agent runs. Relies on: STATE-06 (every committed `plan/mode`, in log order; no timing), "Left open" (what
 * other bookkeeping records a host keeps; which other events observers are told about), STATE-01 (records
 * are log-only; neither reaches the model).
 */
const observersInBatches = variant(
  'r48-observers-told-in-batches',
  ['observed-events', 'bookkeeping'],
  patch(
    ADAPTER,
    `  host.subscribe((agent, e) => {
    const list = observed.get(agent) ?? [];
    list.push(toContractEvent(e));
    observed.set(agent, list);
  });`,
    `  // Observers are told in batches: the events of one macrotask reach them together, in log order, after it.
  const batch: [string, ContractEvent][] = [];
  let told: Promise<void> | undefined;
  const tell = (): void => {
    for (const [agent, e] of batch.splice(0)) {
      const list = observed.get(agent) ?? [];
      list.push(e);
      observed.set(agent, list);
    }
    told = undefined;
  };
  host.subscribe((agent, e) => {
    batch.push([agent, toContractEvent(e)]);
    told ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        tell();
        resolve();
      }),
    );
  });`,
  ),
  patch(
    ADAPTER,
    '  return { host, planMode: exports.planMode };',
    `  return {
    host,
    planMode: exports.planMode,
    told: async () => {
      await told;
    },
  };`,
  ),
  patch(
    ADAPTER,
    `interface BootedHost {
  host: Host;
  planMode: PlanModeService;
}`,
    `interface BootedHost {
  host: Host;
  planMode: PlanModeService;
  /** Resolves once observers were told every event appended so far. */
  told(): Promise<void>;
}`,
  ),
  patch(
    ADAPTER,
    `    async readObserved(agent) {
      current().host.requireAgent(agent);`,
    `    async readObserved(agent) {
      await current().told();
      current().host.requireAgent(agent);`,
  ),
  patch(
    ADAPTER,
    `      current().host.stop();
      running = boot(`,
    `      await current().told();
      current().host.stop();
      running = boot(`,
  ),
  patch(
    EVENTS,
    `  compaction: { summary: string };
}`,
    `  compaction: { summary: string };
  /** Bookkeeping: what a model request cost, logged after its reply. */
  'model/usage': { characters: number };
  /** Bookkeeping: a message typed while the agent runs, queued for its next step. */
  'input/queued': { images: number };
}`,
  ),
  patch(
    EVENTS,
    `  'compaction',
];`,
    `  'compaction',
  'model/usage',
  'input/queued',
];`,
  ),
  patch(
    EVENT_SCHEMA,
    "  z.object({ type: z.literal('compaction'), payload: z.object({ summary: z.string() }) }),",
    `  z.object({ type: z.literal('compaction'), payload: z.object({ summary: z.string() }) }),
  z.object({ type: z.literal('model/usage'), payload: z.object({ characters: z.number() }) }),
  z.object({ type: z.literal('input/queued'), payload: z.object({ images: z.number() }) }),`,
  ),
  patch(
    AGENT,
    `      const response = await this.callModel(request);
      frozen = undefined;`,
    `      const response = await this.callModel(request);
      this.deps.log.append(
        event('model/usage', { characters: request.systemPrompt.length + JSON.stringify(request.messages).length }),
      );
      frozen = undefined;`,
  ),
  patch(
    AGENT,
    '    this.steered.push(userInput(text, images));',
    `    this.steered.push(userInput(text, images));
    this.deps.log.append(event('input/queued', { images: images.length }));`,
  ),
);

/**
 * The log read back from its file: every read of an agent's log (the adapter's, and the plan-mode plugin's
 * folds) writes what is held and parses the agent's JSON-lines file, as a second process sharing the store
 * would. Each stored line also carries, beside the event, when it was written and its place in the log
 * (the reader drops both). Relies on: STATE-01/02 (the log's events and their order are what counts, not
 * where they are kept), STATE-03, the contract (`readLog` is the log, oldest first, normalised).
 */
const logFromDisk = variant(
  'r48-log-read-back-from-disk',
  [],
  patch(
    HOST,
    `  readLog(agent: string): readonly SessionEvent[] {
    return this.agent(agent).log.read();
  }`,
    `  readLog(agent: string): readonly SessionEvent[] {
    // This host's readers read the log back from its file, as a second process would: written first, then parsed.
    this.agent(agent);
    this.store.flush();
    return this.store.readEvents(agent);
  }`,
  ),
  patch(
    SESSION_LOG,
    '    this.store.appendEvent(this.agent, copy);',
    `    // Each line carries when it was written and its place in the log, beside the event.
    this.store.appendEvent(this.agent, {
      ...copy,
      at: new Date().toISOString(),
      seq: this.events.length,
    } as SessionEvent);`,
  ),
);

/**
 * Pending selections kept in the store: the plan-mode service writes its pending selections to a file
 * beside the logs at every change and reads them back when the host starts, so a selection still pending
 * at a restart is still pending after it and is applied at the next boundary, as if no restart had
 * happened. Relies on: LIM-01 (a pending selection MAY be lost: losing it is a permission, not a duty;
 * the logged state survives intact, and the only `plan/mode` event that appears is the one the selection
 * asked for), SET-05/06 (`get` reports it pending until a boundary applies it), PROJ-05 (agreement after a
 * restart is not required, and this host keeps it anyway for `/plan` lines). Arguable: STATE-03 says the
 * logged state is restored "with no other memory"; this host restores the logged state from the log alone
 * and keeps only the pending selection beside it, which I read as allowed.
 */
const pendingKept = variant(
  'r48-pending-kept-in-store',
  [],
  patch(
    ADAPTER,
    "import { frozenCopy } from './host/frozen.js';",
    "import { join } from 'node:path';\nimport { frozenCopy } from './host/frozen.js';",
  ),
  patch(
    ADAPTER,
    '  const planMode = planModePlugin(entry.config, editionBehaviour(options));',
    `  // This host keeps pending selections in its store, so a restart finds them waiting (LIM-01 lets a host lose them).
  const planMode = planModePlugin(entry.config, {
    ...editionBehaviour(options),
    pendingFile: join(options.storeDir, 'plan-pending.json'),
  });`,
  ),
  patch(
    PLUGIN,
    `  projectionSettlesOnDone: boolean;
}`,
    `  projectionSettlesOnDone: boolean;
  /** Where the service keeps its pending selections across restarts (none: in memory only). */
  pendingFile?: string;
}`,
  ),
  patch(
    PLUGIN,
    '      const selections = new PlanModeSelections(ctx);',
    '      const selections = new PlanModeSelections(ctx, rules.pendingFile);',
  ),
  patch(
    SERVICE,
    "import { event } from '../host/index.js';",
    "import { existsSync, readFileSync, writeFileSync } from 'node:fs';\nimport { event } from '../host/index.js';",
  ),
  patch(
    SERVICE,
    'export class PlanModeSelections implements PlanModeService {',
    `/** Pending selections kept in a file beside the logs: written at every change, read back when the host starts. */
class KeptSelections extends Map<string, boolean> {
  private readonly file: string | undefined;

  constructor(file: string | undefined) {
    super();
    this.file = file;
    if (file !== undefined && existsSync(file)) {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as Record<string, boolean>;
      for (const agent of Object.keys(kept)) super.set(agent, kept[agent]!);
    }
  }

  override set(agent: string, target: boolean): this {
    super.set(agent, target);
    this.save();
    return this;
  }

  override delete(agent: string): boolean {
    const had = super.delete(agent);
    if (had) this.save();
    return had;
  }

  private save(): void {
    if (this.file !== undefined) writeFileSync(this.file, JSON.stringify(Object.fromEntries(this)));
  }
}

export class PlanModeSelections implements PlanModeService {`,
  ),
  patch(
    SERVICE,
    `  private readonly pending = new Map<string, boolean>();

  constructor(private readonly ctx: Context) {}`,
    `  private readonly pending: Map<string, boolean>;

  constructor(
    private readonly ctx: Context,
    file?: string,
  ) {
    this.pending = new KeptSelections(file);
  }`,
  ),
);

/**
 * Ownership resumed: the index records which live agent owns a delegated child, and a restart resumes both,
 * so the child is still owned by a live agent and still refused the review (REVIEW-07). Relies on: REVIEW-07
 * (a live child owned by another agent cannot open the review; *derived*: fork lineage alone makes no agent
 * owned, and this host owns no fork), the 0.0.1-rc.1 README ("durable fork lineage alone does not prevent a
 * session resumed as a runtime root from opening the review": whether a resumed delegated child is a runtime
 * root is the host's choice; this host resumes the delegation). Arguable, and said so: a reader could take
 * "runtime relation" to mean every restart ends ownership; the spec does not say so. 0.0.1-rc.1 and rc.8 only
 * (the seed has no owned children).
 */
const ownershipResumed = onlyIn(
  [...ALL_REFUSING_EDITIONS],
  variant(
    'r48-ownership-resumed-after-restart',
    ['fork-ownership'],
    patch(
      HOST,
      '    const child = this.addAgent({ id: this.nextId(), parent: owner }, []);',
      '    const child = this.addAgent({ id: this.nextId(), parent: owner, ownedBy: owner }, []);',
    ),
    patch(
      HOST,
      `  private loadFromStore(record: AgentRecord): void {
`,
      `  private loadFromStore(record: AgentRecord): void {
    // This host resumes a delegation with its agents: the child is owned again once its owner is back.
    if (record.ownedBy !== undefined) this.owners.set(record.id, record.ownedBy);
`,
    ),
    patch(
      STORE,
      '  .object({ id: z.string().regex(/^[A-Za-z0-9_-]+$/), parent: z.string().optional(), forkOf: z.string().optional() })',
      `  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]+$/),
    parent: z.string().optional(),
    forkOf: z.string().optional(),
    ownedBy: z.string().optional(),
  })`,
    ),
    patch(
      STORE,
      `  /** The agent this one was forked from. */
  forkOf?: string;
}`,
      `  /** The agent this one was forked from. */
  forkOf?: string;
  /** The agent that owns this one (a delegated child); the ownership resumes with both. */
  ownedBy?: string;
}`,
    ),
  ),
);

/**
 * Every free text in another script, with marks a careless reader might trip on: right-to-left and Indic
 * scripts, combining accents (decomposed), a zero-width joiner emoji, bidi marks. The notices, every exit
 * tool result and failure, the tool's description, every `/plan` result (each outcome its own, CMD-08), the
 * review's header, question, keep-planning label and option descriptions, the config errors (each still
 * naming the key, CFG-04), the seam's own errors and the host's. Relies on: "Text is never judged by its
 * wording" and "Left open" (wording), NARR-01 (the two notices differ, each always the same), REVIEW-01 (only
 * `Approve` is fixed), REVIEW-05/06 (the dismissal differs from the keep-planning failure and the seam's
 * errors; a provider's message is kept unchanged), CFG-04.
 */
const manyScripts = variant(
  'r48-texts-in-many-scripts',
  ['wording'],
  patch(
    NARRATION,
    "export const ENTER_NOTICE = 'The user switched to plan mode.';",
    "export const ENTER_NOTICE = 'ผู้ใช้เปลี่ยนเป็นโหมดวางแผนแล้ว \\u200f🧑\\u200d💻 — planifie\\u0301 d’abord.';",
  ),
  patch(
    NARRATION,
    "export const EXIT_NOTICE = 'The user left plan mode; you are back in the default mode.';",
    "export const EXIT_NOTICE = 'მომხმარებელმა დატოვა დაგეგმვის რეჟიმი — ჩვეულებრივ რეჟიმში ხართ.';",
  ),
  patch(
    EXIT,
    `export const EXIT_TOOL_DESCRIPTION =
  'Present your complete plan to the user for review. Use it only in plan mode, once the plan is ready; ' +
  'if the user approves, plan mode ends and you carry out the plan.';`,
    "export const EXIT_TOOL_DESCRIPTION =\n  'Υποβάλετε το πλήρες σχέδιο στον χρήστη για έγκριση· μόνο σε λειτουργία σχεδιασμού.';",
  ),
  patch(
    EXIT,
    "export const NOT_IN_PLAN_MODE = 'exit_plan_mode only works in plan mode, and plan mode is not active.';",
    "export const NOT_IN_PLAN_MODE = '계획 모드가 아니므로 exit_plan_mode를 사용할 수 없습니다.';",
  ),
  patch(
    EXIT,
    "export const APPROVED_TEXT = 'The user approved the plan. Plan mode is off; carry out the plan now.';",
    "export const APPROVED_TEXT = '사용자가 계획을 승인했습니다. 이제 실행하세요 ✅';",
  ),
  patch(
    EXIT,
    "export const REJECTED_TEXT = 'The user did not approve the plan. You are still in plan mode; revise the plan.';",
    "export const REJECTED_TEXT = 'திட்டம் ஏற்கப்படவில்லை; திட்ட முறையில் தொடர்கிறீர்கள்.';",
  ),
  patch(
    EXIT,
    `export const DISMISSED_TEXT =
  "The user dismissed the plan review to talk to you instead. Stay in plan mode, stop here, and wait for the user's message.";`,
    "export const DISMISSED_TEXT =\n  'Օգտատերը փակեց վերանայումը՝ ձեզ գրելու համար։ Մնացեք պլանավորման ռեժիմում, կանգ առեք և սպասեք նրա հաղորդագրությանը։';",
  ),
  patch(
    EXIT,
    `export const OWNED_CHILD_TEXT =
  'A delegated agent cannot open the plan review; you are still in plan mode. ' +
  'Include the plan and the decision it needs in your final result, for the agent that delegated to you.';`,
    "export const OWNED_CHILD_TEXT =\n  'Wakala aliyekabidhiwa hawezi kufungua ukaguzi wa mpango; weka uamuzi ambao haujatatuliwa katika matokeo yako ya mwisho.';",
  ),
  patch(
    EXIT,
    "export const NO_SEAM_TEXT = 'no user-question channel is composed in this host, so the plan cannot be reviewed';",
    "export const NO_SEAM_TEXT = 'у цьому хості немає каналу запитань до користувача';",
  ),
  patch(
    EXIT,
    '  return failed(`${REJECTED_TEXT} User feedback: ${feedback}`);',
    '  return failed(`${REJECTED_TEXT}\\n\\n💬 ${feedback}`);',
  ),
  patch(
    EXIT,
    '  return failed(`The plan review failed, so you are still in plan mode: ${message}`);',
    '  return failed(`审查失败（仍在计划模式）：${message}`);',
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
export const EXIT_ALREADY_QUEUED = 'Leaving plan mode is already queued for the next step.';`,
    `export const ENTER_TEXTS: Record<SetOutcome, string> = {
  committed: 'ወደ እቅድ ሁነታ ገብተዋል።',
  queued: 'योजना मोड अगले चरण के लिए कतार में है।',
  cancelled: 'בקשת היציאה בוטלה; נשארים במצב תכנון.',
  noop: 'Уже в режиме планирования.',
};

export const LEAVE_TEXTS: Record<SetOutcome, string> = {
  committed: 'ออกจากโหมดวางแผนแล้ว',
  queued: 'Η έξοδος από τη λειτουργία σχεδιασμού περιμένει το επόμενο βήμα.',
  cancelled: '計画モードへの切り替えを取り消しました。',
  noop: 'وضع التخطيط غير مفعّل أصلاً.',
};

export const ENTRY_ALREADY_QUEUED = 'योजना मोड पहले से ही अगले चरण के लिए कतार में है।';
export const EXIT_ALREADY_QUEUED = 'Η έξοδος περιμένει ήδη το επόμενο βήμα.';`,
  ),
  patch(
    REVIEW,
    `    header: 'Plan review',
    question: 'Approve this plan and leave plan mode?',`,
    `    header: 'Обзор плана',
    question: 'Утвердить этот план и выйти из режима планирования?',`,
  ),
  patch(
    REVIEW,
    "export const KEEP_PLANNING_LABEL = 'Keep planning';",
    "export const KEEP_PLANNING_LABEL = '继续规划';",
  ),
  patch(
    REVIEW,
    `      { label: APPROVE_LABEL, description: 'Leave plan mode and carry out this plan.' },
      { label: KEEP_PLANNING_LABEL, description: 'Stay in plan mode and keep refining the plan.' },`,
    `      { label: APPROVE_LABEL, description: 'סיים את מצב התכנון ובצע את התוכנית.' },
      { label: KEEP_PLANNING_LABEL, description: '留在计划模式，继续完善计划。' },`,
  ),
  patch(CONFIG, "const PREFIX = 'plan-mode config';", "const PREFIX = 'plan-mode 配置';"),
  patch(
    CONFIG,
    '  if (keys.length === 1) return `${PREFIX}: unknown key ${quoteKeys(keys)}`;\n  return `${PREFIX}: unknown keys ${quoteKeys(keys)}`;',
    '  return `${PREFIX}：未知的键 ${quoteKeys(keys)}`;',
  ),
  patch(
    HOST,
    "    if (!agent) throw new UnknownAgentError(`unknown agent '${id}'`);",
    "    if (!agent) throw new UnknownAgentError(`अज्ञात एजेंट '${id}'`);",
  ),
  patch(
    QUESTIONS,
    "      throw new QuestionUnavailableError('user-question seam: no question provider is composed, so nobody can answer');",
    "      throw new QuestionUnavailableError('質問チャネル：回答者が構成されていません');",
  ),
  patch(
    QUESTIONS,
    "  return new QuestionAbortedError('user-question seam: the question was aborted before it was answered');",
    "  return new QuestionAbortedError('質問チャネル：回答の前に質問が中止されました');",
  ),
);

/**
 * The notice logged ahead of its event: a user selection that commits owes a notice (the last header
 * described the other state), and this host appends the notice first and the `plan/mode` event right after
 * it, in the same synchronous commit, before any request. Relies on: NARR-01 (exactly one notice, visible in
 * the next request; nothing fixes its place in the log relative to the event), SET-06 (the event precedes the
 * header it changes, and so does the notice), NARR-05 (appended after the conversation so far), "Left open"
 * (when an idle commit's notice is written). Arguable: a reader could take "when a selection commits, a notice
 * is added" to mean after the event; the spec fixes no order between them.
 */
const noticeAhead = variant(
  'r48-notice-ahead-of-its-event',
  ['idle-notice-timing'],
  patch(
    SERVICE,
    `    this.ctx.append(agent, planModeEvent(active));
    if (needsNotice(this.ctx.readLog(agent), active)) this.ctx.append(agent, noticeEvent(active));`,
    `    // This host writes the notice first, then the event it narrates, in one commit.
    if (needsNotice(this.ctx.readLog(agent), active)) this.ctx.append(agent, noticeEvent(active));
    this.ctx.append(agent, planModeEvent(active));`,
  ),
);

/**
 * Structured values beyond the approval's: every failed `exit_plan_mode` call also carries the value
 * `{ approved: false }` beside its text, and each probe tool's result a value naming the tool and its text.
 * The review offers a third option (`Discuss first`, which is not consent), and carries the plan in its
 * question text as well as its detail. Relies on: TOOL-05 (only the approval's value is fixed, `{ approved:
 * true }`), REVIEW-03/04 (any answer but the exact `Approve` is not consent; a failed call), REVIEW-01
 * (`Approve` offered alongside a keep-planning option: more options are not forbidden), "Left open" (where
 * the review carries the plan, verbatim), the contract (`value`: the tool's structured result, when it keeps one).
 */
const structuredFailures = variant(
  'r48-structured-failures-and-third-option',
  ['plan-placement'],
  patch(
    EXIT,
    `function failed(text: string): ToolOutcome {
  return { text, isError: true };
}`,
    `function failed(text: string): ToolOutcome {
  // This host gives every failure of the exit tool a structured value too, beside its text.
  return { text, isError: true, value: { approved: false } };
}`,
  ),
  patch(
    REVIEW,
    "    question: 'Approve this plan and leave plan mode?',",
    '    question: `Approve this plan and leave plan mode?\\n\\n${plan}`,',
  ),
  patch(
    REVIEW,
    "      { label: KEEP_PLANNING_LABEL, description: 'Stay in plan mode and keep refining the plan.' },",
    `      { label: KEEP_PLANNING_LABEL, description: 'Stay in plan mode and keep refining the plan.' },
      { label: 'Discuss first', description: 'Talk it over before deciding.' },`,
  ),
  patch(
    ADAPTER,
    '          execute: async (args) => ({ text: await tool.execute(args) }),',
    `          execute: async (args) => {
            const text = await tool.execute(args);
            return { text, value: { tool: tool.name, text } };
          },`,
  ),
);

/**
 * A system prompt that names its agent, among more sections and tools: the base section says which agent it
 * speaks to (the same text for one agent in both states, another for each agent: a fork's and a child's
 * prompts differ from their origin's there); four more host sections at orders -7, 49, 51 and 900; two host
 * tools, one registered before the plan-mode plugin and one after it; the whole prompt ends with a line
 * break; agent ids are in Japanese script. Relies on: POLICY-01/03/04 (per agent: byte-identical up to order
 * 50 across a transition; the section exactly at 50), MX-01 (only the section changes between states),
 * TOOL-02 (the catalog identical in both states, for one agent), "Left open" (how sections are joined; where
 * the exit tool stands), the contract (agent ids are the host's own strings).
 */
const agentNamedPrompt = variant(
  'r48-agent-named-prompt-and-extras',
  ['separator', 'tool-position'],
  patch(
    ADAPTER,
    '        render: () => HOST_BASE_SECTION.text,',
    `        // This host's base prompt names the agent it speaks to.
        render: (agent) => \`\${HOST_BASE_SECTION.text} You are agent \${agent}.\`,
      });
      ctx.registerSection({ name: 'host:environment', order: -7, render: () => 'Περιβάλλον: αποθετήριο Git, Linux.' });
      ctx.registerSection({ name: 'host:conventions', order: 49, render: () => 'Follow the repository\\'s conventions.' });
      ctx.registerSection({ name: 'host:memory', order: 51, render: () => '記憶：なし。' });
      ctx.registerSection({ name: 'host:footer', order: 900, render: () => '— end of instructions —' });
      ctx.registerTool({
        name: 'host_list_files',
        description: 'Lists the files of the project.',
        parameters: { type: 'object', properties: {}, additionalProperties: false },
        execute: async () => ({ text: 'README.md' }),`,
  ),
  patch(
    ADAPTER,
    `    name: 'conformance-probes',
    install(ctx) {`,
    `    name: 'conformance-probes',
    install(ctx) {
      ctx.registerTool({
        name: 'host_search_notes',
        description: 'Searches the notes of the session.',
        parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
        execute: async () => ({ text: 'no notes' }),
      });`,
  ),
  patch(
    PROMPT,
    `      .join(SECTION_SEPARATOR);
  }`,
    `      .join(SECTION_SEPARATOR)
      // This host ends its system prompt with a line break.
      .concat('\\n');
  }`,
  ),
  patch(
    HOST,
    '      .map((record) => /^agent-(\\d+)$/.exec(record.id)?.[1])',
    '      .map((record) => /^エージェント-(\\d+)$/u.exec(record.id)?.[1])',
  ),
  patch(
    HOST,
    '    return `agent-${Math.max(0, ...used) + 1}`;',
    '    return `エージェント-${Math.max(0, ...used) + 1}`;',
  ),
  patch(STORE, 'z.string().regex(/^[A-Za-z0-9_-]+$/)', 'z.string().regex(/^[\\p{L}\\p{N}_-]+$/u)'),
);

/**
 * Command arguments as typed: the host hands a command, and records in `command/run`, everything after the
 * command's name, the separating white space included (`/plan off` records ` off`). `/plan` trims its
 * argument, and so does the projection's fold. Relies on: CMD-03/04 (the argument, trimmed), PROJ-02 (`off`
 * after trimming means inactive), the contract (`args`: the raw argument text after the name). Arguable: a
 * reader could take "the raw argument text" to start after the separating space; the contract does not say.
 */
const argsAsTyped = variant(
  'r48-command-args-as-typed',
  [],
  patch(
    COMMANDS,
    "  const match = /^\\s*\\/([^\\s/]+)(?:\\s+([\\s\\S]*))?$/.exec(line);\n  if (!match) return undefined;\n  return { name: match[1]!, args: match[2] ?? '' };",
    "  // This host hands a command everything after its name, as typed, the separating white space included.\n  const match = /^\\s*\\/([^\\s/]+)(\\s[\\s\\S]*)?$/.exec(line);\n  if (!match) return undefined;\n  return { name: match[1]!, args: match[2] ?? '' };",
  ),
);

/**
 * Compaction that keeps the user's last message: after the host-sourced summary, the history keeps the last
 * message the user typed, verbatim. Relies on: STATE-05 (compaction changes no plan state; the next request
 * carries the same guidance), the contract (`compact`: the host's compaction, its summary its own), MX-03 and
 * NARR-05 (after compaction the conversation grows by appending again).
 */
const compactionKeepsLast = variant(
  'r48-compaction-keeps-last-message',
  [],
  patch(
    HISTORY,
    "        messages = [{ role: 'user', source: 'host', text: e.payload.summary }];",
    `        {
          // This host's compaction keeps the user's last message verbatim after the summary.
          const last = [...messages].reverse().find((m) => m.role === 'user' && m.source === 'user');
          messages = [{ role: 'user', source: 'host', text: e.payload.summary }, ...(last === undefined ? [] : [last])];
        }`,
  ),
);

/**
 * A fork's own bookkeeping record: a fork's log is its origin's, copied event for event, then a
 * `fork/created` record naming the origin (observers are told of it like of the copied events). Relies on:
 * STATE-04 (the fork carries the logged plan state: the record is no `plan/mode` event), "Left open" (what
 * bookkeeping records a host keeps), STATE-01 (log-only: it never reaches the model).
 */
const forkRecord = variant(
  'r48-fork-records-its-origin',
  ['bookkeeping'],
  patch(
    HOST,
    '    return this.addAgent({ id: this.nextId(), forkOf: agent }, events);',
    "    return this.addAgent({ id: this.nextId(), forkOf: agent }, [...events, event('fork/created', { from: agent })]);",
  ),
  patch(
    EVENTS,
    `  compaction: { summary: string };
}`,
    `  compaction: { summary: string };
  /** Bookkeeping: this agent was forked from \`from\`. */
  'fork/created': { from: string };
}`,
  ),
  patch(
    EVENTS,
    `  'compaction',
];`,
    `  'compaction',
  'fork/created',
];`,
  ),
  patch(
    EVENT_SCHEMA,
    "  z.object({ type: z.literal('compaction'), payload: z.object({ summary: z.string() }) }),",
    `  z.object({ type: z.literal('compaction'), payload: z.object({ summary: z.string() }) }),
  z.object({ type: z.literal('fork/created'), payload: z.object({ from: z.string() }) }),`,
  ),
);

/**
 * An approved exit lands at the next boundary: the exit tool's approval is noted, and the `plan/mode` event
 * leaving plan mode is appended by the boundary hook before the next request is assembled (after the tool's
 * result, and any sibling call's, is logged), with no notice. Until then the step that made the call is still
 * the one plan mode shaped: `get` reports it active, and a second `exit_plan_mode` call in that step is a
 * failed call (the exit is already approved). Relies on: TOOL-05 ("plan mode is inactive from the next
 * request on, and that request no longer carries the plan section"), SET-05 (`get` reports the logged state
 * that shapes the current step), NARR-04, STATE-01/02. A tool call always leads to a next request, so the
 * approval never waits past its turn. Arguable: a reader could expect the event before the tool's result.
 */
const exitAtBoundary = variant(
  'r48-approved-exit-lands-at-next-boundary',
  [],
  patch(
    SERVICE,
    `  applyPending(agent: string): void {
    const target = this.pending.get(agent);`,
    `  applyPending(agent: string): void {
    // An exit approved during the step that ends here takes effect first, with no notice (NARR-04).
    if (this.approvedExits.delete(agent) && this.logged(agent)) this.ctx.append(agent, planModeEvent(false));
    const target = this.pending.get(agent);`,
  ),
  patch(
    SERVICE,
    `  commitApprovedExit(agent: string): void {
    this.ctx.append(agent, planModeEvent(false));
  }`,
    `  commitApprovedExit(agent: string): void {
    // This host lets the approval land at the next boundary, before the next request is assembled.
    this.approvedExits.add(agent);
  }

  /** Whether an exit was approved in the current step and waits for the next boundary. */
  exitApproved(agent: string): boolean {
    return this.approvedExits.has(agent);
  }

  private readonly approvedExits = new Set<string>();`,
  ),
  patch(
    EXIT,
    '      if (!selections.logged(agent)) return failed(NOT_IN_PLAN_MODE);',
    '      if (!selections.logged(agent) || selections.exitApproved(agent)) return failed(NOT_IN_PLAN_MODE);',
  ),
);

/**
 * Projection pushes coalesced: the registry's change feed sends a subscriber at most one frame per agent a
 * macrotask, carrying the unit's latest view, when the unit's state changed in that macrotask (a UI's
 * throttled frames); a reader of the feed first lets the frame in flight arrive. The unit is the reference's:
 * it returns the very same state for every other event. Relies on: PROJ-02 ("what a registry does on its own
 * account is the registry's business, not the unit's"; nothing requires a frame per change), PROJ-03/04 (the
 * view read is the cold fold), the contract (`readProjectionPushes`: what the registry pushed).
 */
const pushesCoalesced = variant(
  'r48-projection-pushes-coalesced',
  [],
  patch(
    ADAPTER,
    `  host.projections?.onPush((agent, unit, view) => {
    if (unit !== PLAN_PROJECTION_NAME) return;
    pushes.set(agent, [...(pushes.get(agent) ?? []), view as PlanProjectionView]);
  });`,
    `  // This registry's feed is throttled: one frame per agent a macrotask, with the latest view.
  const latest = new Map<string, PlanProjectionView>();
  let framed: Promise<void> | undefined;
  const frame = (): void => {
    for (const [agent, view] of latest) pushes.set(agent, [...(pushes.get(agent) ?? []), view]);
    latest.clear();
    framed = undefined;
  };
  host.projections?.onPush((agent, unit, view) => {
    if (unit !== PLAN_PROJECTION_NAME) return;
    latest.set(agent, view as PlanProjectionView);
    framed ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        frame();
        resolve();
      }),
    );
  });`,
  ),
  patch(
    ADAPTER,
    '  return { host, planMode: exports.planMode };',
    `  return {
    host,
    planMode: exports.planMode,
    framed: async () => {
      await framed;
    },
  };`,
  ),
  patch(
    ADAPTER,
    `interface BootedHost {
  host: Host;
  planMode: PlanModeService;
}`,
    `interface BootedHost {
  host: Host;
  planMode: PlanModeService;
  /** Resolves once the frame in flight, if any, reached the feed. */
  framed(): Promise<void>;
}`,
  ),
  patch(
    ADAPTER,
    `    async readProjectionPushes(agent) {
      current().host.requireAgent(agent);`,
    `    async readProjectionPushes(agent) {
      await current().framed();
      current().host.requireAgent(agent);`,
  ),
  patch(
    ADAPTER,
    `      current().host.stop();
      running = boot(`,
    `      await current().framed();
      current().host.stop();
      running = boot(`,
  ),
);

/**
 * A re-sent request logs no second header: under 0.0.1-rc.1 and rc.8 a same-step retry re-sends the frozen
 * request of the attempt that failed, and this host logs that request's header once, when it was assembled
 * (each failed attempt still gets its `request/failure` record). Relies on: SET-06 (rc.8; the retry reuses the
 * frozen request: the same system prompt and messages), "Left open" (what a header records beyond being
 * there, one per request, in order). Arguable, and said so: whether a re-sent request is "a request" of its
 * own that needs a header of its own; I read "reuses the frozen request" as the same request.
 */
const resendOneHeader = onlyIn(
  [...ALL_REFUSING_EDITIONS],
  variant(
    'r48-resend-logs-no-second-header',
    ['header-content'],
    patch(
      AGENT,
      `      const request = frozen ?? (await this.preStep(kind));
      this.deps.log.append(
        event('request/header', { systemPrompt: request.systemPrompt, tools: request.tools.map((t) => t.name) }),
      );`,
      `      const resent = frozen !== undefined;
      const request = frozen ?? (await this.preStep(kind));
      // A re-sent request is the same request: this host logs its header once, when it was assembled.
      if (!resent)
        this.deps.log.append(
          event('request/header', { systemPrompt: request.systemPrompt, tools: request.tools.map((t) => t.name) }),
        );`,
    ),
  ),
);

/**
 * Sessions that open with a record: a new agent's log (created, spawned, or a delegated child) starts with a
 * bookkeeping record `session/open` saying how it was made; a fork's log is its origin's copy, that record
 * included. No conversation, no plan state: the session is empty of both. Relies on: "Left open" (what
 * bookkeeping records a host keeps), STATE-07 (a spawned agent starts inactive: no `plan/mode` event),
 * STATE-02 (the fold of a log without `plan/mode` is false), STATE-01. Arguable: the contract calls a new
 * agent's session "empty"; I read that as empty of conversation and plan state.
 */
const sessionsOpenWithRecord = variant(
  'r48-sessions-open-with-a-record',
  ['bookkeeping'],
  patch(
    HOST,
    '    return this.addAgent({ id: this.nextId() }, []);',
    "    return this.addAgent({ id: this.nextId() }, [event('session/open', { kind: 'root' })]);",
  ),
  patch(
    HOST,
    '    return this.addAgent({ id: this.nextId(), parent }, []);',
    "    return this.addAgent({ id: this.nextId(), parent }, [event('session/open', { kind: 'child' })]);",
  ),
  patch(
    HOST,
    '    const child = this.addAgent({ id: this.nextId(), parent: owner }, []);',
    "    const child = this.addAgent({ id: this.nextId(), parent: owner }, [event('session/open', { kind: 'delegated' })]);",
  ),
  patch(
    EVENTS,
    `  compaction: { summary: string };
}`,
    `  compaction: { summary: string };
  /** Bookkeeping: how this agent's session was made. */
  'session/open': { kind: string };
}`,
  ),
  patch(
    EVENTS,
    `  'compaction',
];`,
    `  'compaction',
  'session/open',
];`,
  ),
  patch(
    EVENT_SCHEMA,
    "  z.object({ type: z.literal('compaction'), payload: z.object({ summary: z.string() }) }),",
    `  z.object({ type: z.literal('compaction'), payload: z.object({ summary: z.string() }) }),
  z.object({ type: z.literal('session/open'), payload: z.object({ kind: z.string() }) }),`,
  ),
);

/**
 * The exit tool's schema in another shape: a title, `plan` with a minimum length, an optional second
 * argument `title` the tool ignores, no `additionalProperties: false`, and a description of the host's own.
 * Relies on: TOOL-01 (the tool takes the plan as a string argument `plan`; nothing else of its schema is
 * fixed), TOOL-02 (the same catalog in both states), "Left open" (whether a malformed plan is refused: this
 * host reviews any string it is given, the schema's minimum only guides the model).
 */
const exitSchemaExtras = variant(
  'r48-exit-tool-schema-of-its-own',
  ['malformed-plan'],
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
  type: 'object',
  title: 'Plan for review',
  properties: {
    plan: { type: 'string', minLength: 1, description: 'Everything you intend to do, step by step.' },
    title: { type: 'string', description: 'An optional short title shown above the plan.' },
  },
  required: ['plan'],
};`,
  ),
  patch(
    EXIT,
    `export const EXIT_TOOL_DESCRIPTION =
  'Present your complete plan to the user for review. Use it only in plan mode, once the plan is ready; ' +
  'if the user approves, plan mode ends and you carry out the plan.';`,
    "export const EXIT_TOOL_DESCRIPTION = 'Ask the user to sign off on your plan.';",
  ),
);

/**
 * Content blocks always: every user message the host shows, in a request and in the log, carries its
 * `content` blocks, a plain text message as one text block (the host's wire format has no other shape).
 * Relies on: the contract (`content`: the blocks in order; absent means one text block, so one text block
 * present says the same), CMD-03 and MX-02 (a steered message is one text block, as a prompt is), NARR-01.
 */
const blocksAlways = variant(
  'r48-content-blocks-always',
  [],
  patch(
    ADAPTER,
    `      return message.content === undefined
        ? { role: 'user', source: message.source, text: message.text }
        : { role: 'user', source: message.source, text: message.text, content: message.content };`,
    `      // This host's messages are always blocks: a plain message is one text block.
      return {
        role: 'user',
        source: message.source,
        text: message.text,
        content: message.content ?? [{ type: 'text', text: message.text }],
      };`,
  ),
  patch(
    ADAPTER,
    `      return e.payload.content === undefined
        ? { type: 'user/message', source: e.payload.source, text: e.payload.text }
        : {`,
    `      return e.payload.content === undefined
        ? {
            type: 'user/message',
            source: e.payload.source,
            text: e.payload.text,
            content: [{ type: 'text', text: e.payload.text }],
          }
        : {`,
  ),
);

/**
 * The review's options the other way round and open to several selections: `Keep planning` first, then
 * `Approve`, with `multiSelect: true`. Relies on: REVIEW-01 (`Approve` offered alongside a keep-planning
 * option, named as the approving label; nothing fixes the order or `multiSelect`), REVIEW-03 (several
 * selections are not consent: this host reads the answer exactly as the reference does).
 */
const reviewOtherWayRound = variant(
  'r48-review-options-other-way-round',
  [],
  patch(
    REVIEW,
    `      { label: APPROVE_LABEL, description: 'Leave plan mode and carry out this plan.' },
      { label: KEEP_PLANNING_LABEL, description: 'Stay in plan mode and keep refining the plan.' },
    ],
    multiSelect: false,`,
    `      { label: KEEP_PLANNING_LABEL, description: 'Stay in plan mode and keep refining the plan.' },
      { label: APPROVE_LABEL, description: 'Leave plan mode and carry out this plan.' },
    ],
    multiSelect: true,`,
  ),
);

/**
 * Empty replies left out of the history: a model reply with no text and no tool call is logged, and the
 * history the host sends leaves it out (as providers that refuse an empty assistant message require), so two
 * user messages can follow each other. Relies on: MX-03 and NARR-05 (the conversation only grows by
 * appending: what was sent stays, in order), TOOL-06 (tool calls and results stay: a reply with a call is
 * never left out), STATE-01 (the log keeps every event).
 */
const emptyRepliesLeftOut = variant(
  'r48-empty-replies-left-out',
  [],
  patch(
    HISTORY,
    "        messages.push({ role: 'assistant', text: e.payload.text, toolCalls: e.payload.toolCalls });",
    `        // This host sends no empty assistant message: a reply with neither text nor a call stays in the log only.
        if (e.payload.text !== '' || e.payload.toolCalls.length > 0)
          messages.push({ role: 'assistant', text: e.payload.text, toolCalls: e.payload.toolCalls });`,
  ),
);

/**
 * The seed edition with `command/done` records: under the seed the host logs, after each command line, the
 * record rc.8's runtime logs, which the seed's two-kind projection does not fold. Relies on: PROJ-02 (seed:
 * the unit folds `command/run` and `plan/mode`; every other event returns the same state), "Left open" (what
 * bookkeeping records a host keeps), the contract (`command/done`: a host that logs none never reports it).
 */
const seedCommandDone = onlyIn(
  ['seed'],
  variant(
    'r48-seed-logs-command-done',
    ['command-done-record', 'bookkeeping'],
    patch(
      'editions.ts',
      `  seed: {
    retryReusesRequest: false,
    logsCommandDone: false,`,
      `  seed: {
    retryReusesRequest: false,
    // This host logs command/done under every edition, the seed's included.
    logsCommandDone: true,`,
    ),
  ),
);

/**
 * Command names in any case, unknown lines logged: the registry finds a command whatever the case of its
 * name (`/PLAN off` is `/plan off`, logged under the registered name `plan`), and a line naming no command is
 * logged too, as a `command/run` (and, where the host logs outcomes, a failed `command/done`) before its
 * error. Relies on: CMD-01 (`/plan` is registered; how a registry matches names is the host's), CMD-06 (no
 * command line reaches the model), PROJ-02 (the unit folds only `command/run` records named `plan`: an
 * unknown command's record is any other event), CMD-07 (every `/plan` result is a success). Arguable: a
 * reader could take `/PLAN` for a line that is not `/plan`; the spec names the command, not how a registry
 * matches it.
 */
const commandsAnyCase = variant(
  'r48-command-names-any-case',
  [],
  patch(
    COMMANDS,
    `  find(name: string): CommandDefinition | undefined {
    return this.commands.get(name);
  }`,
    `  find(name: string): CommandDefinition | undefined {
    // This registry matches a command's name whatever its case.
    return (
      this.commands.get(name) ??
      [...this.commands.values()].find((command) => command.name.toLowerCase() === name.toLowerCase())
    );
  }`,
  ),
  patch(
    HOST,
    '    if (!command) return { ok: false, text: `unknown command /${parsed.name}` };',
    `    if (!command) {
      // This host logs a line naming no command too, and its failure.
      target.log.append(event('command/run', { name: parsed.name, args: parsed.args }));
      if (this.options.logsCommandDone) target.log.append(event('command/done', { name: parsed.name, ok: false }));
      return { ok: false, text: \`unknown command /\${parsed.name}\` };
    }`,
  ),
  patch(
    HOST,
    "    target.log.append(event('command/run', { name: parsed.name, args: parsed.args }));\n    // The handler",
    "    target.log.append(event('command/run', { name: command.name, args: parsed.args }));\n    // The handler",
  ),
  patch(
    HOST,
    "    if (this.options.logsCommandDone) target.log.append(event('command/done', { name: parsed.name, ok: result.ok }));",
    "    if (this.options.logsCommandDone) target.log.append(event('command/done', { name: command.name, ok: result.ok }));",
  ),
);

/** Every host of the batch, each runnable alone by name. */
export const BLIND_FAIR_R48_HOSTS: Variant[] = [
  laterTicks,
  observersInBatches,
  logFromDisk,
  pendingKept,
  ownershipResumed,
  manyScripts,
  noticeAhead,
  structuredFailures,
  agentNamedPrompt,
  argsAsTyped,
  compactionKeepsLast,
  forkRecord,
  exitAtBoundary,
  pushesCoalesced,
  resendOneHeader,
  sessionsOpenWithRecord,
  exitSchemaExtras,
  blocksAlways,
  reviewOtherWayRound,
  emptyRepliesLeftOut,
  seedCommandDone,
  commandsAnyCase,
];

/**
 * What the default variant matrix runs of the batch: two hosts, each making many of the batch's choices at
 * once (one build and one run per edition instead of one per host; each part still runs alone by name).
 * Left to run by name only: the hosts whose reading of the spec is arguable and not mine alone to settle
 * (ownership resumed after a restart, one header for a re-sent request, command arguments as typed, command
 * names in any case), the seed-only `command/done` host, those whose patches meet another's text (the
 * fork's and a new session's records, the exit tool's own schema, the review's options the other way round),
 * and the log read back from the disk: it parses the whole file at every read, which cost the first host
 * about 17 s of CPU a matrix run (with it, the two hosts took 60 s; without it 43 s), for a kind round 47's
 * `r47-later-kept-and-reshaped` already holds.
 */
export const BLIND_FAIR_R48: Variant[] = [
  together('r48-late-exit-notice-first-and-empty-replies', [
    laterTicks,
    noticeAhead,
    exitAtBoundary,
    compactionKeepsLast,
    structuredFailures,
    blocksAlways,
    pushesCoalesced,
    emptyRepliesLeftOut,
  ]),
  together('r48-batched-observers-kept-pending-and-scripts', [
    observersInBatches,
    pendingKept,
    manyScripts,
    agentNamedPrompt,
  ]),
];
