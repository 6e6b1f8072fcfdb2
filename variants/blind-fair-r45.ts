/**
 * Round 45's blind fairness batch: correct hosts written from the spec (its clause list and the editions' READMEs),
 * src/ and reference/ only, without reading the kit's steps, oracle, exploration, features or mutants. Each is
 * the reference changed the way another careful harness author could choose, meeting every MUST of the
 * editions it claims. Unlike round 44's batch (wording and prompt shape), these differ in timing (answers in
 * later ticks, observers told in batches), in how the log is persisted and read back, in what children and
 * forks are, in extra events, tools, prompt sections and contract fields, in the 0.0.1-rc.1 edition's open
 * choices taken all at once, and in texts written in other scripts. Each host's comment names the clauses it
 * relies on to be correct, and says where the writer was unsure.
 */
import { onlyIn, patch, type Patch } from '../mutants/mutant.js';
import {
  ADAPTER,
  AGENT,
  COMMAND,
  CONFIG,
  EXIT,
  HOST,
  NARRATION,
  QUESTIONS,
  REVIEW,
  SERVICE,
} from '../mutants/reference-sources.js';
import { together, variant, type Variant } from './variant.js';

const EVENTS = 'host/events.ts';
const STORE = 'host/store.ts';
const PROMPT_FILE = 'host/prompt.ts';
const EDITIONS_FILE = 'editions.ts';

/**
 * A bookkeeping record of the host's own, `host/note` (STATE-01 and "Left open": what other bookkeeping
 * records a host keeps): log-only, never in the model's history, shown to the kit as `other`.
 */
const HOST_NOTE_EVENT: Patch[] = [
  patch(
    EVENTS,
    '  compaction: { summary: string };\n}',
    "  compaction: { summary: string };\n  /** The host's own bookkeeping (a resume, a fork, a model's usage): log-only. */\n  'host/note': { kind: string; detail?: string };\n}",
  ),
  patch(EVENTS, "  'compaction',\n];", "  'compaction',\n  'host/note',\n];"),
  patch(
    'host/event-schema.ts',
    "  z.object({ type: z.literal('compaction'), payload: z.object({ summary: z.string() }) }),",
    "  z.object({ type: z.literal('compaction'), payload: z.object({ summary: z.string() }) }),\n  z.object({ type: z.literal('host/note'), payload: z.object({ kind: z.string(), detail: z.string().optional() }) }),",
  ),
];

/** A macrotask later: the host's work resumes after timers and I/O callbacks, not in the same microtask run. */
const LATER_TICK = `/** Resumes after the current macrotask (and everything queued before it). */
const laterTick = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

`;

/**
 * A. Everything answered later. The agent loop yields a macrotask before each boundary, before and after each
 * model call and after each tool; the adapter answers set, get, readLog and commands a tick later; the
 * question provider hands the question on, and its answer back, a tick later. Relies on: nothing in the spec
 * fixes when within the host's own work a promise settles; SET-01/02 (set while idle commits, while a turn is
 * open queues: the turn is open throughout the loop's awaits), SET-06 (the pending selection is still applied
 * before the request is assembled), STATE-06 (observers told in log order, still synchronously).
 */
const laterTicks = variant(
  'blind-r45-later-ticks',
  [],
  patch(
    AGENT,
    '/** Which request boundary: the first request of a turn, a later one, or a retry of a failed one. */',
    `${LATER_TICK}/** Which request boundary: the first request of a turn, a later one, or a retry of a failed one. */`,
  ),
  patch(
    AGENT,
    '  private async enterBoundary(kind: BoundaryKind): Promise<void> {\n',
    '  private async enterBoundary(kind: BoundaryKind): Promise<void> {\n    await laterTick();\n',
  ),
  patch(
    AGENT,
    '      return await this.deps.model(request);',
    '      await laterTick();\n      const answer = await this.deps.model(request);\n      await laterTick();\n      return answer;',
  ),
  patch(
    AGENT,
    "        event('tool/result', outcome.value === undefined ? payload : { ...payload, value: outcome.value }),\n      );",
    "        event('tool/result', outcome.value === undefined ? payload : { ...payload, value: outcome.value }),\n      );\n      await laterTick();",
  ),
  patch(
    ADAPTER,
    'export async function start(options: StartOptions): Promise<HostHandle> {',
    `${LATER_TICK}export async function start(options: StartOptions): Promise<HostHandle> {`,
  ),
  patch(
    ADAPTER,
    '    async setPlanMode(agent, active) {\n      const booted = current();',
    '    async setPlanMode(agent, active) {\n      await laterTick();\n      const booted = current();',
  ),
  patch(
    ADAPTER,
    '    async getPlanMode(agent) {\n      const booted = current();',
    '    async getPlanMode(agent) {\n      await laterTick();\n      const booted = current();',
  ),
  patch(
    ADAPTER,
    '      return current().host.readLog(agent).map(toContractEvent);',
    '      await laterTick();\n      return current().host.readLog(agent).map(toContractEvent);',
  ),
  patch(
    ADAPTER,
    '      return current().host.runCommand(agent, line, images);',
    '      await laterTick();\n      const result = await current().host.runCommand(agent, line, images);\n      await laterTick();\n      return result;',
  ),
  patch(
    ADAPTER,
    '    const reply = await options.questions(toContractQuestion(question), { agent: context.agent });',
    '    await laterTick();\n    const reply = await options.questions(toContractQuestion(question), { agent: context.agent });\n    await laterTick();',
  ),
);

/**
 * B. Observers told in batches. The host's UI stream collects events and delivers them a macrotask later, a
 * batch at a time; reading what observers were told first lets the batch in flight arrive. The stream leaves
 * out what a UI does not render (request headers, assistant messages, tool results) and adds a `ui/batch`
 * marker after each batch. Relies on: STATE-06 (every committed plan/mode event, in log order; it does not
 * say synchronously), "Left open": which other events observers are told about.
 */
const batchedObservers = variant(
  'blind-r45-batched-observers',
  ['observed-events'],
  patch(
    ADAPTER,
    `  host.subscribe((agent, e) => {
    const list = observed.get(agent) ?? [];
    list.push(toContractEvent(e));
    observed.set(agent, list);
  });`,
    `  const ui = uiStreamOf(observed);
  host.subscribe((agent, e) => {
    if (e.type === 'request/header' || e.type === 'assistant/message' || e.type === 'tool/result') return;
    ui.batch.push([agent, toContractEvent(e)]);
    if (ui.batch.length > 1) return;
    ui.delivered = new Promise<void>((resolve) =>
      setImmediate(() => {
        const batch = ui.batch.splice(0);
        const agents = new Set<string>();
        for (const [to, told] of batch) {
          const list = observed.get(to) ?? [];
          list.push(told);
          observed.set(to, list);
          agents.add(to);
        }
        for (const to of agents) observed.get(to)!.push({ type: 'other', name: 'ui/batch' });
        resolve();
      }),
    );
  });`,
  ),
  patch(
    ADAPTER,
    'export async function start(options: StartOptions): Promise<HostHandle> {',
    `/** A host's UI stream: events told and not yet delivered, and the delivery of the batch in flight. */
interface UiStream {
  batch: [string, ContractEvent][];
  delivered: Promise<void>;
}

/** One stream per started host (keyed by what its observers were told, which outlives its restarts). */
const uiStreams = new WeakMap<Map<string, ContractEvent[]>, UiStream>();

function uiStreamOf(observed: Map<string, ContractEvent[]>): UiStream {
  let stream = uiStreams.get(observed);
  if (stream === undefined) {
    stream = { batch: [], delivered: Promise.resolve() };
    uiStreams.set(observed, stream);
  }
  return stream;
}

export async function start(options: StartOptions): Promise<HostHandle> {`,
  ),
  patch(
    ADAPTER,
    '      current().host.requireAgent(agent);\n      return [...(observed.get(agent) ?? [])];',
    '      current().host.requireAgent(agent);\n      await uiStreamOf(observed).delivered;\n      return [...(observed.get(agent) ?? [])];',
  ),
);

/**
 * C. A store of whole JSON documents. Each agent's log is one JSON array, rewritten (to a temporary file, then
 * renamed over the old one) at every append, and the index likewise; agent ids are random (`s` and a UUID's
 * hex); each start logs a `host/note` "resumed" record in every agent it loaded. Relies on: STATE-01/03
 * (the logged plan/mode events are what a restart reads back, nothing else), LIM-01 (the logged state
 * survives; a pending selection may be lost), "Left open": bookkeeping records; agent ids are the host's own
 * (src/contract/host.ts). Unsure: none; how a host persists is its own business.
 */
const jsonSnapshotStore = variant(
  'blind-r45-json-snapshot-store',
  ['bookkeeping'],
  ...HOST_NOTE_EVENT,
  patch(
    STORE,
    "import { existsSync, mkdirSync, rmSync } from 'node:fs';",
    "import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';",
  ),
  patch(STORE, 'export class SessionStore {', 'export class JsonLinesSessionStore {'),
  patch(
    STORE,
    "  private assertOpen(): void {\n    if (this.closed) throw new StoreClosedError('the host was stopped; its store accepts no more writes');\n  }\n}",
    `  private assertOpen(): void {
    if (this.closed) throw new StoreClosedError('the host was stopped; its store accepts no more writes');
  }
}

/** Writes the whole value to a temporary file, then renames it over the old one: a reader sees one or the other. */
function writeWhole(file: string, value: unknown): void {
  const temporary = \`\${file}.next\`;
  writeFileSync(temporary, JSON.stringify(value));
  renameSync(temporary, file);
}

function readWhole(file: string): unknown[] {
  if (!existsSync(file)) return [];
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(value)) throw new Error(\`\${file}: not a JSON array\`);
  return value;
}

/** Every log a JSON document of its own, rewritten whole at each append. */
export class SessionStore {
  private closed = false;
  private readonly logs = new Map<string, SessionEvent[]>();

  constructor(
    readonly dir: string,
    private readonly onWarning: Warn,
  ) {
    mkdirSync(join(dir, 'sessions'), { recursive: true });
  }

  readIndex(): AgentRecord[] {
    return readWhole(this.indexFile()).map((value) => AgentRecordSchema.parse(value));
  }

  appendIndex(record: AgentRecord): void {
    this.assertOpen();
    writeWhole(this.indexFile(), [...this.readIndex(), record]);
  }

  readEvents(agent: string): SessionEvent[] {
    const events = readWhole(this.logFile(agent)).map(parseStoredEvent);
    this.logs.set(agent, events);
    return [...events];
  }

  appendEvent(agent: string, event: SessionEvent): void {
    this.assertOpen();
    if (!this.logs.has(agent)) this.readEvents(agent);
    const events = this.logs.get(agent)!;
    events.push(event);
    writeWhole(this.logFile(agent), events);
  }

  /** Nothing is ever held: each append is written before it returns. */
  flush(): void {}

  discardUnlistedLog(agent: string): void {
    this.assertOpen();
    this.logs.delete(agent);
    rmSync(this.logFile(agent), { force: true });
  }

  close(): void {
    this.closed = true;
  }

  logFile(agent: string): string {
    return join(this.dir, 'sessions', \`\${agent}.json\`);
  }

  indexFile(): string {
    return join(this.dir, 'agents.json');
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreClosedError('the host was stopped; its store accepts no more writes');
  }
}`,
  ),
  patch(
    HOST,
    "import { SDK_SECTION, type ToolMode } from './code-mode.js';",
    "import { SDK_SECTION, type ToolMode } from './code-mode.js';\nimport { randomUUID } from 'node:crypto';",
  ),
  patch(
    HOST,
    `    const used = this.records
      .map((record) => /^agent-(\\d+)$/.exec(record.id)?.[1])
      .map((digits) => (digits === undefined ? 0 : Number(digits)));
    return \`agent-\${Math.max(0, ...used) + 1}\`;`,
    "    return `s${randomUUID().replaceAll('-', '')}`;",
  ),
  // Once every plugin is installed (the projection registry folds the record with its units in place).
  patch(
    ADAPTER,
    '  host.install(probePlugin(options.probes));\n  return { host, planMode: exports.planMode };',
    "  host.install(probePlugin(options.probes));\n  for (const id of host.agentIds()) host.append(id, { type: 'host/note', payload: { kind: 'resumed' } });\n  return { host, planMode: exports.planMode };",
  ),
);

/**
 * D. Every free text in Chinese: notices, the tool's description and parameter description, its results and
 * failures, the review's header, question and keep-planning label (`继续规划`, offered before `Approve`), the
 * `/plan` results, the seam's errors, the config errors (each still naming the key, CFG-04), the host's own
 * command errors. The review carries the plan in its question text, after a Chinese line, and no detail; an
 * `Approve` with a free-text answer that is empty is not consent. Relies on: "Text is never judged by its
 * wording"; NARR-01 (enter and leave notices differ, each always the same); REVIEW-01 (`Approve` offered
 * beside a keep-planning option, whose label is free); REVIEW-05 (dismissal differs from rejection and from
 * the seam's errors); REVIEW-06 (the seam's message, and a provider's own message, kept unchanged inside the
 * failure); "Left open": plan placement, Approve with empty text.
 */
const chineseTexts = variant(
  'blind-r45-chinese-texts',
  ['wording', 'plan-placement', 'approve-empty-text'],
  patch(
    NARRATION,
    "export const ENTER_NOTICE = 'The user switched to plan mode.';",
    "export const ENTER_NOTICE = '用户已切换到计划模式：先调查和设计，暂不修改任何内容。';",
  ),
  patch(
    NARRATION,
    "export const EXIT_NOTICE = 'The user left plan mode; you are back in the default mode.';",
    "export const EXIT_NOTICE = '用户已退出计划模式，现在回到默认模式。';",
  ),
  patch(
    EXIT,
    `  'Present your complete plan to the user for review. Use it only in plan mode, once the plan is ready; ' +
  'if the user approves, plan mode ends and you carry out the plan.';`,
    "  '把完整的计划交给用户评审。仅在计划模式下、计划完成后使用；用户批准后计划模式结束，你再执行计划。';",
  ),
  patch(
    EXIT,
    "'The complete plan, as the user should review it (Markdown).'",
    "'完整的计划，即用户要评审的文本（Markdown）。'",
  ),
  patch(
    EXIT,
    "export const NOT_IN_PLAN_MODE = 'exit_plan_mode only works in plan mode, and plan mode is not active.';",
    "export const NOT_IN_PLAN_MODE = '当前不在计划模式，exit_plan_mode 无法使用。';",
  ),
  patch(
    EXIT,
    'export const PLAN_ARGUMENT_MISSING = "exit_plan_mode needs the plan as a string argument \'plan\'.";',
    "export const PLAN_ARGUMENT_MISSING = 'exit_plan_mode 需要字符串参数 plan。';",
  ),
  patch(
    EXIT,
    "export const APPROVED_TEXT = 'The user approved the plan. Plan mode is off; carry out the plan now.';",
    "export const APPROVED_TEXT = '用户已批准计划，计划模式已关闭，请开始执行。';",
  ),
  patch(
    EXIT,
    "export const REJECTED_TEXT = 'The user did not approve the plan. You are still in plan mode; revise the plan.';",
    "export const REJECTED_TEXT = '用户没有批准计划。你仍处于计划模式，请修改计划。';",
  ),
  patch(
    EXIT,
    `export const DISMISSED_TEXT =
  "The user dismissed the plan review to talk to you instead. Stay in plan mode, stop here, and wait for the user's message.";`,
    "export const DISMISSED_TEXT = '用户关闭了计划评审，想直接和你交谈。请保持计划模式，停下来，等待用户的消息。';",
  ),
  patch(
    EXIT,
    `  'A delegated agent cannot open the plan review; you are still in plan mode. ' +
  'Include the plan and the decision it needs in your final result, for the agent that delegated to you.';`,
    "  '子代理不能发起计划评审；你仍处于计划模式。请把计划和待定的决定写进你的最终结果，交给委派你的代理。';",
  ),
  patch(
    EXIT,
    "export const NO_SEAM_TEXT = 'no user-question channel is composed in this host, so the plan cannot be reviewed';",
    "export const NO_SEAM_TEXT = '此宿主没有用户提问通道，无法评审计划';",
  ),
  patch(EXIT, '`${REJECTED_TEXT} User feedback: ${feedback}`', '`${REJECTED_TEXT}用户反馈：${feedback}`'),
  patch(
    EXIT,
    '`The plan review failed, so you are still in plan mode: ${message}`',
    '`计划评审失败，你仍处于计划模式：${message}`',
  ),
  patch(
    REVIEW,
    "export const KEEP_PLANNING_LABEL = 'Keep planning';",
    "export const KEEP_PLANNING_LABEL = '继续规划';",
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
    question: \`是否批准下面的计划并退出计划模式？\\n\\n\${plan}\`,
    options: [
      { label: KEEP_PLANNING_LABEL, description: '留在计划模式，继续完善计划。' },
      { label: APPROVE_LABEL, description: '退出计划模式并执行此计划。' },
    ],`,
  ),
  patch(
    REVIEW,
    '  return answer.freeText !== undefined && answer.freeText.length > 0;',
    '  return answer.freeText !== undefined;',
  ),
  patch(
    COMMAND,
    `  committed: 'Entered plan mode.',
  queued: 'Plan mode is queued for the next step.',
  cancelled: 'Pending exit cancelled; staying in plan mode.',
  noop: 'Already in plan mode.',`,
    `  committed: '已进入计划模式。',
  queued: '计划模式将在下一步生效。',
  cancelled: '已取消待退出，继续保持计划模式。',
  noop: '已经处于计划模式。',`,
  ),
  patch(
    COMMAND,
    `  committed: 'Left plan mode.',
  queued: 'Leaving plan mode is queued for the next step.',
  cancelled: 'Plan mode entry cancelled.',
  noop: 'Plan mode is already inactive.',`,
    `  committed: '已退出计划模式。',
  queued: '将在下一步退出计划模式。',
  cancelled: '已取消进入计划模式。',
  noop: '计划模式本来就未开启。',`,
  ),
  patch(
    COMMAND,
    "export const ENTRY_ALREADY_QUEUED = 'Plan mode is already queued for the next step.';",
    "export const ENTRY_ALREADY_QUEUED = '计划模式已在等待下一步生效。';",
  ),
  patch(
    COMMAND,
    "export const EXIT_ALREADY_QUEUED = 'Leaving plan mode is already queued for the next step.';",
    "export const EXIT_ALREADY_QUEUED = '退出计划模式已在等待下一步。';",
  ),
  patch(
    COMMAND,
    "  '/plan off takes no images: nothing changed. Send the images with /plan <message> or a prompt.';",
    "  '/plan off 不接受图片，没有任何改变。请用 /plan <消息> 或直接发送提示附带图片。';",
  ),
  patch(
    COMMAND,
    "    description: '/plan [message]: enter plan mode (and send the message); /plan off: leave it',",
    "    description: '/plan [消息]：进入计划模式（并发送消息）；/plan off：退出',",
  ),
  patch(
    COMMAND,
    '        await ctx.steer(agent, message, images);\n        return ok(`${text} Message sent.`);',
    '        await ctx.steer(agent, message, images);\n        return ok(`${text}消息已发送。`);',
  ),
  patch(
    COMMAND,
    '      await ctx.steer(agent, message);\n      return ok(`${text} Message sent.`);',
    '      await ctx.steer(agent, message);\n      return ok(`${text}消息已发送。`);',
  ),
  patch(
    QUESTIONS,
    "'user-question seam: no question provider is composed, so nobody can answer'",
    "'提问通道：没有配置提问提供者，无人可以回答'",
  ),
  patch(
    QUESTIONS,
    '`user-question provider failed: ${errorMessage(error)}`',
    '`提问提供者出错：${errorMessage(error)}`',
  ),
  patch(
    QUESTIONS,
    "'user-question seam: the question was aborted before it was answered'",
    "'提问通道：问题在回答之前被中止'",
  ),
  patch(CONFIG, "const PREFIX = 'plan-mode config';", "const PREFIX = 'plan-mode 配置';"),
  patch(CONFIG, "`${PREFIX}: 'section' is required`", "`${PREFIX}：缺少必填项 'section'`"),
  patch(CONFIG, "`${PREFIX}: 'section' must be a string`", "`${PREFIX}：'section' 必须是字符串`"),
  patch(CONFIG, "`${PREFIX}: 'section' must not be empty`", "`${PREFIX}：'section' 不能为空`"),
  patch(CONFIG, "`${PREFIX}: 'section' must not be blank`", "`${PREFIX}：'section' 不能只有空白`"),
  patch(CONFIG, "`${PREFIX}: expected a mapping with a 'section' key`", "`${PREFIX}：应为含有 'section' 键的映射`"),
  patch(CONFIG, '`${PREFIX}: unknown key ${quoteKeys(keys)}`', '`${PREFIX}：未知的键 ${quoteKeys(keys)}`'),
  patch(CONFIG, '`${PREFIX}: unknown keys ${quoteKeys(keys)}`', '`${PREFIX}：未知的键 ${quoteKeys(keys)}`'),
  patch(HOST, '`not a command line: ${JSON.stringify(line)}`', '`不是命令行：${JSON.stringify(line)}`'),
  patch(HOST, '`unknown command /${parsed.name}`', '`未知命令 /${parsed.name}`'),
  patch(HOST, '`/${parsed.name} takes no image attachments`', '`/${parsed.name} 不接受图片附件`'),
  patch(
    HOST,
    '`/${command.name} failed: ${errorMessage(error)}`',
    '`/${command.name} 执行失败：${errorMessage(error)}`',
  ),
);

/**
 * E. Texts in right-to-left scripts, with emoji and bidirectional marks, and white space around them: the
 * notices (Arabic, a leading line break and an RLM), the tool's results and failures (Hebrew and Arabic,
 * emoji), the `/plan` results (Arabic), the review (its question in Arabic holding the plan, the plan again in
 * its detail, no header, three options: `Approve`, a keep-planning one and a "discuss" one; multiSelect left
 * out). Relies on: "Text is never judged by its wording"; NARR-01 (the two notices differ, each always the
 * same); REVIEW-01 (`Approve` offered beside a keep-planning option; a further option is not forbidden, and
 * selecting it is "any other answer", REVIEW-03); REVIEW-05/06 (dismissal differs from rejection and the seam's
 * errors, which are kept); CMD-08 (results reporting different outcomes differ); "Left open": plan placement.
 */
const rtlTexts = variant(
  'blind-r45-rtl-emoji-texts',
  ['wording', 'plan-placement'],
  patch(
    NARRATION,
    "export const ENTER_NOTICE = 'The user switched to plan mode.';",
    "export const ENTER_NOTICE = '\\n\\u200f🧭 انتقل المستخدم إلى وضع التخطيط. خطِّط أولاً ولا تغيّر شيئاً.  ';",
  ),
  patch(
    NARRATION,
    "export const EXIT_NOTICE = 'The user left plan mode; you are back in the default mode.';",
    "export const EXIT_NOTICE = '\\n\\u200f✅ غادر المستخدم وضع التخطيط؛ عدتَ إلى الوضع العادي.  ';",
  ),
  patch(
    EXIT,
    "export const NOT_IN_PLAN_MODE = 'exit_plan_mode only works in plan mode, and plan mode is not active.';",
    "export const NOT_IN_PLAN_MODE = '⛔ exit_plan_mode פועל רק במצב תכנון, ומצב התכנון אינו פעיל.';",
  ),
  patch(
    EXIT,
    "export const APPROVED_TEXT = 'The user approved the plan. Plan mode is off; carry out the plan now.';",
    "export const APPROVED_TEXT = '👍 המשתמש אישר את התוכנית. מצב התכנון כבוי; בצע אותה עכשיו.';",
  ),
  patch(
    EXIT,
    "export const REJECTED_TEXT = 'The user did not approve the plan. You are still in plan mode; revise the plan.';",
    "export const REJECTED_TEXT = '✋ لم يوافق المستخدم على الخطة. ما زلت في وضع التخطيط؛ راجِع الخطة.';",
  ),
  patch(
    EXIT,
    `export const DISMISSED_TEXT =
  "The user dismissed the plan review to talk to you instead. Stay in plan mode, stop here, and wait for the user's message.";`,
    "export const DISMISSED_TEXT = '💬 أغلق المستخدم المراجعة ليتحدث إليك. ابقَ في وضع التخطيط، وتوقّف، وانتظر رسالته.';",
  ),
  patch(
    EXIT,
    '`${REJECTED_TEXT} User feedback: ${feedback}`',
    '`${REJECTED_TEXT}\\n\\u200fملاحظات المستخدم: «${feedback}»`',
  ),
  patch(
    EXIT,
    '`The plan review failed, so you are still in plan mode: ${message}`',
    '`⚠️ فشلت مراجعة الخطة، ما زلت في وضع التخطيط — ${message}`',
  ),
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
    `    question: \`\\u200fهل توافق على هذه الخطة وتغادر وضع التخطيط؟\\n\\n\${plan}\`,
    detail: plan,
    options: [
      { label: APPROVE_LABEL, description: 'غادِر وضع التخطيط ونفّذ الخطة.' },
      { label: KEEP_PLANNING_LABEL, description: 'ابقَ في وضع التخطيط وحسّن الخطة.' },
      { label: 'ناقِش', description: 'لنتحدث عن الخطة أولاً.' },
    ],`,
  ),
  patch(
    REVIEW,
    "export const KEEP_PLANNING_LABEL = 'Keep planning';",
    "export const KEEP_PLANNING_LABEL = 'واصِل التخطيط';",
  ),
  patch(
    COMMAND,
    `  committed: 'Entered plan mode.',
  queued: 'Plan mode is queued for the next step.',
  cancelled: 'Pending exit cancelled; staying in plan mode.',
  noop: 'Already in plan mode.',`,
    `  committed: ' 🧭 دخلتَ وضع التخطيط ',
  queued: ' ⏳ سيبدأ وضع التخطيط في الخطوة التالية ',
  cancelled: ' ↩️ أُلغي الخروج المنتظر؛ ما زلت في وضع التخطيط ',
  noop: ' ℹ️ أنت في وضع التخطيط أصلاً ',`,
  ),
  patch(
    COMMAND,
    `  committed: 'Left plan mode.',
  queued: 'Leaving plan mode is queued for the next step.',
  cancelled: 'Plan mode entry cancelled.',
  noop: 'Plan mode is already inactive.',`,
    `  committed: ' ✅ خرجتَ من وضع التخطيط ',
  queued: ' ⏳ ستخرج من وضع التخطيط في الخطوة التالية ',
  cancelled: ' ↩️ أُلغي الدخول إلى وضع التخطيط ',
  noop: ' ℹ️ وضع التخطيط غير مفعّل أصلاً ',`,
  ),
);

/**
 * F. Prompt sections and tools of the host's own. Sections: the agent's id at order 5 (each agent's prompt is
 * its own, and never changes with another's selection), project conventions at order 49.5 and a reminder at
 * order 50.5 (fractional orders on each side of 50), and at order 120 a status line that changes with every
 * request (how many requests this agent has made, as real harnesses print a date or a git status). Tools:
 * `read_notes` registered before the plan-mode plugin (so `exit_plan_mode` is not first), `todo_write` after
 * it. Relies on: POLICY-01 (the section exactly, after everything below 50, before everything above), POLICY-02
 * (inactive: the plugin adds nothing; the host's own sections are not the plugin's), POLICY-03 (only the plan
 * section must be byte-identical from request to request), POLICY-04 (up to order 50 nothing changes with a
 * transition: the changing line is above 50), SCOPE-01, TOOL-02 (the catalog is the same in both states),
 * SCOPE-02, "Left open": tool position. Unsure: whether a section above 50 may change between two requests of
 * one plan state; the spec fixes only the plan section's bytes and the prefix up to order 50.
 */
const hostSectionsAndTools = variant(
  'blind-r45-host-sections-and-tools',
  ['tool-position'],
  patch(
    ADAPTER,
    '  host.install(baseSectionPlugin());\n  const exports = host.install(planMode);',
    `  host.install(baseSectionPlugin());
  host.install(
    definePlugin({
      name: 'host-extras-before',
      install(ctx) {
        ctx.registerSection({ name: 'host:agent', order: 5, render: (agent) => \`Session id: \${agent}\` });
        ctx.registerSection({
          name: 'host:conventions',
          order: 49.5,
          render: () => 'Project conventions:\\n- keep diffs small\\n- explain every change\\n',
        });
        ctx.registerSection({ name: 'host:reminder', order: 50.5, render: () => 'Reminder: answer in the language of the user.' });
        ctx.registerSection({
          name: 'host:status',
          order: 120,
          render: (agent) =>
            \`Status: request \${ctx.readLog(agent).filter((e) => e.type === 'request/header').length + 1} of this session.\`,
        });
        ctx.registerTool({
          name: 'read_notes',
          description: "Read the project's notes file.",
          parameters: { type: 'object', properties: {}, additionalProperties: false },
          execute: async () => ({ text: '(no notes)' }),
        });
      },
    }),
  );
  const exports = host.install(planMode);
  host.install(
    definePlugin({
      name: 'host-extras-after',
      install(ctx) {
        ctx.registerTool({
          name: 'todo_write',
          description: 'Replace the session todo list.',
          parameters: {
            type: 'object',
            properties: { items: { type: 'array', items: { type: 'string' } } },
            required: ['items'],
          },
          execute: async (args) => ({ text: \`\${Array.isArray(args['items']) ? args['items'].length : 0} todo item(s) saved\` }),
        });
      },
    }),
  );`,
  ),
);

/**
 * G. More than the contract needs, where it allows more. Every event read from the log carries a sequence
 * number and a timestamp; `request/header` records no system prompt (src/contract/events.ts: "when the host
 * logs it"); each model request carries a request id and each message an id; command results, `get`'s answer
 * and questions carry fields of their own; the host keeps no turn/start or turn/end records but logs
 * `host/note` records of its own (a tool starting, a model's usage). Relies on: the contract's schemas (extra
 * keys are not refused; `systemPrompt` optional), "Left open": header content, bookkeeping; STATE-01 (the
 * plan/mode payload itself stays exactly `{ active }`); SET-05 (`pending` only while a selection waits: the
 * extra field is another key). Unsure: whether extra keys on `get`'s answer are welcome; the schema takes them.
 */
const contractExtras = variant(
  'blind-r45-contract-extras',
  ['header-content', 'bookkeeping'],
  ...HOST_NOTE_EVENT,
  patch(
    ADAPTER,
    "    case 'request/header':\n      return { type: 'request/header', systemPrompt: e.payload.systemPrompt };",
    "    case 'request/header':\n      return { type: 'request/header' };",
  ),
  patch(
    ADAPTER,
    '      return current().host.readLog(agent).map(toContractEvent);',
    '      const readAt = new Date().toISOString();\n      return current()\n        .host.readLog(agent)\n        .map((e, seq) => ({ ...toContractEvent(e), seq, readAt }));',
  ),
  patch(
    ADAPTER,
    '      return booted.planMode.get(agent);',
    '      return { ...booted.planMode.get(agent), agent, at: Date.now() };',
  ),
  patch(
    ADAPTER,
    '      return current().host.runCommand(agent, line, images);',
    "      const result = await current().host.runCommand(agent, line, images);\n      return { ...result, finishedAt: new Date().toISOString(), kind: result.ok ? 'success' : 'error' };",
  ),
  patch(
    ADAPTER,
    '    messages: request.messages.map(toContractMessage),',
    "    messages: request.messages.map((message, index) => ({ ...toContractMessage(message), id: `msg-${index}` })),\n    ...({ requestId: `req-${Math.random().toString(36).slice(2)}`, metadata: { host: 'blind-r45' } } as object),",
  ),
  patch(
    ADAPTER,
    '  return out;\n}',
    '  return Object.assign(out, { createdAt: new Date().toISOString(), timeoutMs: 0 });\n}',
  ),
  patch(AGENT, "      this.deps.log.append(event('turn/start', {}));\n", ''),
  patch(
    AGENT,
    "      try {\n        this.deps.log.append(event('turn/end', {}));\n      } finally {\n        this.turnOpen = false;\n      }",
    '      this.turnOpen = false;',
  ),
  patch(
    AGENT,
    '      frozen = undefined;\n',
    "      frozen = undefined;\n      this.deps.log.append(event('host/note', { kind: 'model/usage', detail: `${JSON.stringify(response).length} bytes` }));\n",
  ),
  patch(
    AGENT,
    '      this.deps.log.flush();\n      const outcome = await this.deps.tools.run(',
    "      this.deps.log.append(event('host/note', { kind: 'tool/started', detail: call.name }));\n      this.deps.log.flush();\n      const outcome = await this.deps.tools.run(",
  ),
);

/**
 * H. Children and forks, made another way where the spec leaves it open. A fork's log is the original's
 * followed by a `host/note` "forked" record; a spawned child's log opens with a `host/note` "spawned" record;
 * child ids are their parent's id and a number (`agent-1_c1`); and a child spawned with `spawn` is owned by
 * its live parent, as a delegated sub-agent is (so under 0.0.1-rc.1 and rc.8 it cannot open the review,
 * REVIEW-07). Relies on: STATE-04 (the fork carries the logged state: the note changes no fold), STATE-07
 * (a spawned agent starts inactive), SCOPE-01, REVIEW-07 (a live child owned by another agent is refused the
 * review; lineage alone owns nothing: a fork is never owned), "Left open": bookkeeping. Unsure: whether `spawn`
 * (src/contract/host.ts: "a new child agent of this agent") may give an owned child; the contract has
 * `spawnOwnedChild` for the owned one, and does not say a spawned child is not owned.
 */
const childrenAndForks = variant(
  'blind-r45-children-and-forks',
  ['bookkeeping'],
  ...HOST_NOTE_EVENT,
  patch(
    HOST,
    `    const events = this.agent(agent).log.read();
    return this.addAgent({ id: this.nextId(), forkOf: agent }, events);`,
    `    const events = this.agent(agent).log.read();
    return this.addAgent({ id: this.nextId(), forkOf: agent }, [
      ...events,
      event('host/note', { kind: 'forked', detail: agent }),
    ]);`,
  ),
  patch(
    HOST,
    `    this.agent(parent);
    return this.addAgent({ id: this.nextId(), parent }, []);`,
    `    this.agent(parent);
    const child = this.addAgent({ id: this.childId(parent), parent }, [
      event('host/note', { kind: 'spawned', detail: parent }),
    ]);
    this.owners.set(child, parent);
    return child;`,
  ),
  patch(
    HOST,
    `    const child = this.addAgent({ id: this.nextId(), parent: owner }, []);`,
    `    const child = this.addAgent({ id: this.childId(owner), parent: owner }, [
      event('host/note', { kind: 'spawned', detail: owner }),
    ]);`,
  ),
  patch(
    HOST,
    '  private nextId(): string {',
    `  /** A child's id: its parent's and the child's number among the parent's children. */
  private childId(parent: string): string {
    const siblings = this.records.filter((record) => record.parent === parent).length;
    return \`\${parent}_c\${siblings + 1}\`;
  }

  private nextId(): string {`,
  ),
);

/**
 * I. The 0.0.1-rc.1 edition with every open choice taken the other way at once. The notice of an idle commit
 * is written when the next request is assembled (the commit logs a `host/note` "notice-owed" record, so a
 * restart in between still owes it); the prompt's user message is logged after the pending selection is
 * applied; a message steered while the agent runs waits for the next turn, ahead of its prompt, instead of
 * keeping the turn going; a failed request is tried five times, and the host gives up by rejecting the
 * prompt; no turn/start, turn/end or command/done records. Relies on: NARR-01/05 and "Left open" (when an idle
 * commit's notice is written: carried by the next request after what the model has seen), "Left open" (the
 * prompt before or after the pending selection; steer timing; retries and giving up; bookkeeping;
 * command/done, which a two-kind projection does not fold), SET-06 and LIM-01 as in rc.8 (a same-step retry
 * reuses the frozen request), PROJ-02/03 (two kinds, as the seed).
 */
const rc1OtherWays = onlyIn(
  ['0.0.1-rc.1'],
  variant(
    'blind-r45-rc1-other-ways',
    ['steer-timing', 'prompt-order', 'retries', 'bookkeeping', 'command-done-record'],
    ...HOST_NOTE_EVENT,
    patch(
      EDITIONS_FILE,
      "  '0.0.1-rc.1': {\n    retryReusesRequest: true,\n    logsCommandDone: true,",
      "  '0.0.1-rc.1': {\n    retryReusesRequest: true,\n    logsCommandDone: false,",
    ),
    patch(
      HOST,
      'export const DEFAULT_LOOP_OPTIONS: AgentLoopOptions = { maxAttempts: 3,',
      'export const DEFAULT_LOOP_OPTIONS: AgentLoopOptions = { maxAttempts: 5,',
    ),
    // The prompt waits in the steered queue: logged at the first boundary, after the hooks applied the selection.
    patch(
      AGENT,
      `      this.deps.log.append(event('turn/start', {}));
      // A message steered into a turn that gave up before a step took it in waits for this turn, ahead of its prompt.
      this.logSteered();
      this.deps.log.append(event('user/message', userMessagePayload(userInput(text, images))));`,
      '      this.steered.push(userInput(text, images));',
    ),
    patch(
      AGENT,
      "      try {\n        this.deps.log.append(event('turn/end', {}));\n      } finally {\n        this.turnOpen = false;\n      }",
      '      this.turnOpen = false;',
    ),
    patch(
      AGENT,
      '        if (!response.retryable || attempt >= this.deps.options.maxAttempts) return;',
      '        if (!response.retryable || attempt >= this.deps.options.maxAttempts)\n          throw new Error(`the model request failed after ${attempt} attempt(s): ${response.message}`);',
    ),
    // A steered message waits for the next turn rather than keeping this one going.
    patch(AGENT, "      if (this.steered.length === 0) return;\n      kind = 'continuation';", '      return;'),
    patch(
      SERVICE,
      `  commitSelection(agent: string, active: boolean): void {
    this.ctx.append(agent, planModeEvent(active));
    if (needsNotice(this.ctx.readLog(agent), active)) this.ctx.append(agent, noticeEvent(active));
  }`,
      `  commitSelection(agent: string, active: boolean): void {
    this.ctx.append(agent, planModeEvent(active));
    if (!needsNotice(this.ctx.readLog(agent), active)) return;
    // Idle: the notice is owed to the next request, and the log says so (a restart in between still owes it).
    if (this.ctx.isRunning(agent)) this.ctx.append(agent, noticeEvent(active));
    else this.ctx.append(agent, event('host/note', { kind: OWED_NOTICE, detail: String(active) }));
  }

  /** The notices owed by idle commits since the last request, in order, written before the next one. */
  payOwedNotices(agent: string): void {
    const events = this.ctx.readLog(agent);
    const since = events.slice(lastRequestIndex(events) + 1);
    const lastOwed = since.findLastIndex((e) => e.type === 'host/note' && e.payload.kind === OWED_NOTICE);
    if (lastOwed < 0) return;
    if (since.slice(lastOwed).some((e) => e.type === 'user/message' && e.payload.source === 'plugin')) return;
    for (const e of since) {
      if (e.type === 'host/note' && e.payload.kind === OWED_NOTICE) this.ctx.append(agent, noticeEvent(e.payload.detail === 'true'));
    }
  }`,
    ),
    patch(
      SERVICE,
      "import { foldPlanMode, PLAN_MODE_EVENT } from './state.js';",
      "import { foldPlanMode, lastRequestIndex, PLAN_MODE_EVENT } from './state.js';\n\nconst OWED_NOTICE = 'notice-owed';",
    ),
    patch(
      SERVICE,
      '  applyPending(agent: string): void {\n    const target = this.pending.get(agent);',
      '  applyPending(agent: string): void {\n    this.payOwedNotices(agent);\n    const target = this.pending.get(agent);',
    ),
  ),
);

/**
 * K. A plan it will not review: `exit_plan_mode` refuses a plan that is empty or white space alone (trimmed,
 * as the clause list's "trimmed" says), as a failed call that opens no review and leaves plan mode on; every other
 * string is reviewed byte for byte. The refusal's text differs from every other failure's. Relies on: "Left
 * open": whether exit_plan_mode rejects a plan it considers malformed, as a failed call without a review;
 * TOOL-04 (a review, when one is opened, carries the plan unchanged).
 */
const blankPlanRefused = variant(
  'blind-r45-blank-plan-refused',
  ['malformed-plan'],
  patch(
    EXIT,
    "      if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);",
    "      if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);\n      if (plan.trim().length === 0) return failed('The plan is empty: write the plan out before asking for its review.');",
  ),
);

/**
 * L. Sections joined by one line break and a rule, and a plan section that the host wraps nowhere: the same
 * as the reference except the separator, `\n\n* * *\n\n`, is different again, and the host's base section
 * ends with a line break of its own. Relies on: "Left open": how the system prompt joins sections; POLICY-01
 * (the section's text appears exactly), POLICY-02 (inactive: neither the section nor a separator of its own).
 */
const ruledSeparator = variant(
  'blind-r45-ruled-separator',
  ['separator'],
  patch(
    PROMPT_FILE,
    "export const SECTION_SEPARATOR = '\\n\\n';",
    "export const SECTION_SEPARATOR = '\\n\\n* * *\\n\\n';",
  ),
  patch(
    ADAPTER,
    '  text: "You are a coding agent working in the user\'s project. Use the tools you are given.",',
    '  text: "You are a coding agent working in the user\'s project. Use the tools you are given.\\n",',
  ),
);

/** The batch, each host on its own (runnable by name: variants/catalog.ts lists them as parts). */
export const BLIND_FAIR_R45_HOSTS: Variant[] = [
  laterTicks,
  batchedObservers,
  jsonSnapshotStore,
  chineseTexts,
  rtlTexts,
  hostSectionsAndTools,
  contractExtras,
  childrenAndForks,
  rc1OtherWays,
  blankPlanRefused,
  ruledSeparator,
];

/**
 * What the variant matrix runs of the batch: the hosts that touch different files made `together` (a correct host
 * makes many choices at once, and one run costs less than one a host), and 0.0.1-rc.1's alone. At most one part of
 * each carries the `host/note` record (its patches apply once).
 */
export const BLIND_FAIR_R45: Variant[] = [
  together('blind-r45-later-batched-stored', [laterTicks, batchedObservers, jsonSnapshotStore]),
  together('blind-r45-chinese-children-blank-ruled', [
    chineseTexts,
    childrenAndForks,
    blankPlanRefused,
    ruledSeparator,
  ]),
  // hostSectionsAndTools found the kit's fault of round 45 (a section of the host's own at order 50).
  together('blind-r45-rtl-extras-sections', [rtlTexts, contractExtras, hostSectionsAndTools]),
  rc1OtherWays,
];
