/**
 * Round 46's blind fairness batch: correct hosts written from the spec (its clause list and the editions'
 * READMEs), src/ and reference/ only, before reading the kit's steps, oracle, exploration, features or mutants.
 * Each is the reference changed the way another careful harness author could choose, meeting every MUST of
 * the editions it claims. Unlike the earlier batches (wording, prompt shape, ticks, batched observers), these
 * take other kinds: an idle commit's notice written at the next boundary (persisted as a due record), records
 * a host appends when it resumes, forks or spawns, agent ids of another shape, owned children resumed under
 * their owner after a restart, a review with a third option and the plan inside a framing text, failed tool
 * results with a structured value, a prompt tail that changes with every request, host tools and sections,
 * a host context message ahead of an agent's first prompt, retries with their own bookkeeping and back-off,
 * contract values with every optional field filled in, and texts in many scripts. Each host's comment names
 * the clauses it relies on to be correct, and says where the writer was unsure.
 */
import { onlyIn, patch, type Patch } from '../mutants/mutant.js';
import {
  ADAPTER,
  AGENT,
  COMMAND,
  CONFIG,
  EVENT_SCHEMA,
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

/** Adds bookkeeping event kinds (name: TypeScript payload type, zod payload schema) to the host's event map and store schema. */
function bookkeepingEvents(kinds: readonly { name: string; type: string; schema: string }[]): Patch[] {
  return [
    patch(
      EVENTS,
      '  compaction: { summary: string };\n}',
      `  compaction: { summary: string };\n${kinds.map((kind) => `  '${kind.name}': ${kind.type};`).join('\n')}\n}`,
    ),
    patch(EVENTS, "  'compaction',\n];", `  'compaction',\n${kinds.map((kind) => `  '${kind.name}',`).join('\n')}\n];`),
    patch(
      EVENT_SCHEMA,
      "  z.object({ type: z.literal('compaction'), payload: z.object({ summary: z.string() }) }),\n]);",
      `  z.object({ type: z.literal('compaction'), payload: z.object({ summary: z.string() }) }),\n${kinds
        .map((kind) => `  z.object({ type: z.literal('${kind.name}'), payload: ${kind.schema} }),`)
        .join('\n')}\n]);`,
    ),
  ];
}

/**
 * A: every answer in a later macrotask. The adapter hands each call to the host one macrotask later (FIFO, so
 * calls keep their order) and resolves a prompt and a command one macrotask after the host finished; the
 * agent takes the model's answer in a later macrotask than it arrived, and starts each tool in a later one.
 * Relies on: no clause fixes when, within a call, a host acts; a turn is open from admission (Terms), so a
 * `set` reaching the host after the prompt was admitted is queued (SET-02), one reaching it before commits.
 */
const laterMacrotasks = variant(
  'r46-later-macrotasks',
  [],
  patch(
    ADAPTER,
    'export async function start(options: StartOptions): Promise<HostHandle> {',
    `/** One macrotask later (setImmediate callbacks run in the order queued, so calls keep their order). */
const nextMacrotask = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

export async function start(options: StartOptions): Promise<HostHandle> {`,
  ),
  patch(
    ADAPTER,
    '      await current().host.prompt(agent, text, images);',
    '      await nextMacrotask();\n      await current().host.prompt(agent, text, images);\n      await nextMacrotask();',
  ),
  patch(
    ADAPTER,
    '    async setPlanMode(agent, active) {\n      const booted = current();',
    '    async setPlanMode(agent, active) {\n      await nextMacrotask();\n      const booted = current();',
  ),
  patch(
    ADAPTER,
    '    async getPlanMode(agent) {\n      const booted = current();',
    '    async getPlanMode(agent) {\n      await nextMacrotask();\n      const booted = current();',
  ),
  patch(
    ADAPTER,
    '      return current().host.readLog(agent).map(toContractEvent);',
    '      await nextMacrotask();\n      return current().host.readLog(agent).map(toContractEvent);',
  ),
  patch(
    ADAPTER,
    '      return current().host.runCommand(agent, line, images);',
    '      await nextMacrotask();\n      const result = await current().host.runCommand(agent, line, images);\n      await nextMacrotask();\n      return result;',
  ),
  patch(
    AGENT,
    '      return await this.deps.model(request);',
    '      const answer = await this.deps.model(request);\n      await new Promise<void>((resolve) => setImmediate(resolve));\n      return answer;',
  ),
  patch(
    AGENT,
    '      this.deps.log.flush();\n      const outcome = await this.deps.tools.run(',
    '      await new Promise<void>((resolve) => setImmediate(resolve));\n      this.deps.log.flush();\n      const outcome = await this.deps.tools.run(',
  ),
);

/**
 * B: an idle commit's notice is written when the next request is assembled, not at the commit. The commit
 * appends `plan/mode` and, when a notice is owed (NARR-01: the last header described the other state), a
 * bookkeeping record `plan/notice-due`; the next boundary writes the notice of every due record since the
 * last request header, before the request is assembled, so a restart or a fork in between keeps it.
 * Relies on: Left open "when the notice of an idle commit is written to the log"; NARR-01/02/05 (the notice is
 * owed by the state the last header described when the selection committed, and lands after what the model
 * saw); bookkeeping records are free (Left open).
 */
const lateIdleNotice = variant(
  'r46-idle-notice-at-next-request',
  [],
  ...bookkeepingEvents([
    { name: 'plan/notice-due', type: '{ active: boolean }', schema: 'z.object({ active: z.boolean() }).strict()' },
  ]),
  patch(
    SERVICE,
    "if (outcome === 'committed') this.commitSelection(agent, active);",
    "if (outcome === 'committed') this.commitIdleSelection(agent, active);",
  ),
  patch(
    SERVICE,
    '  /** An exit approved through `exit_plan_mode`',
    `  /** An idle commit: the event now; the notice it owes is written at the next boundary (a due record marks it). */
  commitIdleSelection(agent: string, active: boolean): void {
    this.ctx.append(agent, planModeEvent(active));
    if (needsNotice(this.ctx.readLog(agent), active)) this.ctx.append(agent, event('plan/notice-due', { active }));
  }

  /** The notices of the due records since the last request header, in order (each boundary precedes a header). */
  private writeDueNotices(agent: string): void {
    const events = this.ctx.readLog(agent);
    const lastHeader = events.map((e) => e.type).lastIndexOf('request/header');
    for (const e of events.slice(lastHeader + 1)) {
      if (e.type === 'plan/notice-due') this.ctx.append(agent, noticeEvent(e.payload.active));
    }
  }

  /** An exit approved through \`exit_plan_mode\``,
  ),
  patch(
    SERVICE,
    '  applyPending(agent: string): void {\n    const target = this.pending.get(agent);',
    '  applyPending(agent: string): void {\n    this.writeDueNotices(agent);\n    const target = this.pending.get(agent);',
  ),
);

/**
 * C: agent ids of another shape (`sess_0000a`, base 36), and a `session/resumed` record the host appends to
 * every agent's log once it is composed again after a restart. (Measured first appending it while loading the
 * store, before the plugins were installed: the host's projection registry then folded the record with no plan
 * unit and later pushed views its log never folded to, a real PROJ-02 break of the host, caught by the kit.) Relies on: agent ids are the host's own
 * strings (src/contract/host.ts); STATE-03 (the logged plan state is restored: a record that is no
 * `plan/mode` event changes no fold, STATE-02); bookkeeping records are free (Left open); the log only grows.
 */
const resumeRecords = variant(
  'r46-resume-records-and-ids',
  ['bookkeeping'],
  ...bookkeepingEvents([{ name: 'session/resumed', type: 'Record<string, never>', schema: 'z.object({}).strict()' }]),
  patch(
    HOST,
    `      .map((record) => /^agent-(\\d+)$/.exec(record.id)?.[1])
      .map((digits) => (digits === undefined ? 0 : Number(digits)));
    return \`agent-\${Math.max(0, ...used) + 1}\`;`,
    `      .map((record) => /^sess_([0-9a-z]+)$/.exec(record.id)?.[1])
      .map((digits) => (digits === undefined ? 0 : Number.parseInt(digits, 36)));
    return \`sess_\${(Math.max(0, ...used) + 1).toString(36).padStart(5, '0')}\`;`,
  ),
  // Once the host is composed again (its plugins installed, so its projection registry folds the record).
  patch(
    ADAPTER,
    '      running = boot(options, planMode, observed, pushes);\n    },',
    "      running = boot(options, planMode, observed, pushes);\n      for (const agent of running.host.agentIds()) running.host.append(agent, { type: 'session/resumed', payload: {} });\n    },",
  ),
);

/**
 * D: every text the spec leaves free written in other scripts (Chinese, Arabic, Japanese, Korean, Russian,
 * Greek, Hindi, Ukrainian, Thai, Vietnamese, Turkish, Hebrew, German), notices with trailing white space, the
 * keep-planning option's label in Chinese, the exit tool's description and parameter text in Japanese.
 * Relies on: "Text is never judged by its wording"; NARR-01 (the two notices differ, each always the same);
 * REVIEW-01 (only `Approve` and the intent are fixed); REVIEW-05 (the dismissal differs from the rejection
 * and the seam's errors); REVIEW-06 (the provider's own message is kept inside the failure); TOOL-02 (the
 * description is the same in both states); CFG-04 (the unknown key is still named).
 */
const otherScripts = variant(
  'r46-texts-in-many-scripts',
  ['wording'],
  patch(
    NARRATION,
    "export const ENTER_NOTICE = 'The user switched to plan mode.';",
    "export const ENTER_NOTICE = '【计划模式】用户已切换到计划模式：请先调查并提出方案，暂不修改任何内容。\\u3000';",
  ),
  patch(
    NARRATION,
    "export const EXIT_NOTICE = 'The user left plan mode; you are back in the default mode.';",
    "export const EXIT_NOTICE = 'عاد المستخدم إلى الوضع الافتراضي؛ يمكنك التنفيذ الآن.\\n';",
  ),
  patch(
    EXIT,
    `  'Present your complete plan to the user for review. Use it only in plan mode, once the plan is ready; ' +
  'if the user approves, plan mode ends and you carry out the plan.';`,
    "  '計画が整ったら、ユーザーに提示して承認を求めます（計画モード中のみ）。承認されると計画モードが終わります。';",
  ),
  patch(
    EXIT,
    "description: 'The complete plan, as the user should review it (Markdown).'",
    "description: '完全な計画（Markdown）。'",
  ),
  patch(
    EXIT,
    "export const NOT_IN_PLAN_MODE = 'exit_plan_mode only works in plan mode, and plan mode is not active.';",
    "export const NOT_IN_PLAN_MODE = '計画モードではないため、終了するものはありません。';",
  ),
  patch(
    EXIT,
    'export const PLAN_ARGUMENT_MISSING = "exit_plan_mode needs the plan as a string argument \'plan\'.";',
    "export const PLAN_ARGUMENT_MISSING = '계획을 문자열 인수 plan 으로 보내 주세요.';",
  ),
  patch(
    EXIT,
    "export const APPROVED_TEXT = 'The user approved the plan. Plan mode is off; carry out the plan now.';",
    "export const APPROVED_TEXT = 'План одобрен. Режим планирования выключен — выполняйте.';",
  ),
  patch(
    EXIT,
    "export const REJECTED_TEXT = 'The user did not approve the plan. You are still in plan mode; revise the plan.';",
    "export const REJECTED_TEXT = 'Το σχέδιο δεν εγκρίθηκε· συνεχίστε τον σχεδιασμό.';",
  ),
  patch(
    EXIT,
    'return failed(`${REJECTED_TEXT} User feedback: ${feedback}`);',
    'return failed(`${REJECTED_TEXT}\\n« ${feedback} »`);',
  ),
  patch(
    EXIT,
    '  "The user dismissed the plan review to talk to you instead. Stay in plan mode, stop here, and wait for the user\'s message.";',
    "  'उपयोगकर्ता ने समीक्षा बंद कर दी है और स्वयं बात करेगा। प्लान मोड में रहें, यहीं रुकें और उसके संदेश की प्रतीक्षा करें।';",
  ),
  patch(
    EXIT,
    `export const OWNED_CHILD_TEXT =
  'A delegated agent cannot open the plan review; you are still in plan mode. ' +
  'Include the plan and the decision it needs in your final result, for the agent that delegated to you.';`,
    "export const OWNED_CHILD_TEXT = 'Доручений агент не може відкрити перегляд плану; додайте план і потрібне рішення до свого підсумку.';",
  ),
  patch(
    EXIT,
    "export const NO_SEAM_TEXT = 'no user-question channel is composed in this host, so the plan cannot be reviewed';",
    "export const NO_SEAM_TEXT = 'ไม่มีช่องทางถามผู้ใช้ในโฮสต์นี้';",
  ),
  patch(
    EXIT,
    'return failed(`The plan review failed, so you are still in plan mode: ${message}`);',
    'return failed(`Plan incelemesi başarısız oldu — ${message}`);',
  ),
  patch(
    COMMAND,
    `  committed: 'Entered plan mode.',
  queued: 'Plan mode is queued for the next step.',
  cancelled: 'Pending exit cancelled; staying in plan mode.',
  noop: 'Already in plan mode.',`,
    `  committed: '계획 모드 시작',
  queued: '다음 단계부터 계획 모드',
  cancelled: '종료 취소, 계획 모드 유지',
  noop: '이미 계획 모드',`,
  ),
  patch(
    COMMAND,
    `  committed: 'Left plan mode.',
  queued: 'Leaving plan mode is queued for the next step.',
  cancelled: 'Plan mode entry cancelled.',
  noop: 'Plan mode is already inactive.',`,
    `  committed: '계획 모드 종료',
  queued: '다음 단계에서 계획 모드 종료',
  cancelled: '계획 모드 진입 취소',
  noop: '계획 모드 아님',`,
  ),
  patch(
    COMMAND,
    "export const ENTRY_ALREADY_QUEUED = 'Plan mode is already queued for the next step.';",
    "export const ENTRY_ALREADY_QUEUED = '계획 모드가 이미 대기 중';",
  ),
  patch(
    COMMAND,
    "export const EXIT_ALREADY_QUEUED = 'Leaving plan mode is already queued for the next step.';",
    "export const EXIT_ALREADY_QUEUED = '계획 모드 종료가 이미 대기 중';",
  ),
  patch(
    COMMAND,
    "  '/plan off takes no images: nothing changed. Send the images with /plan <message> or a prompt.';",
    "  '/plan off 는 이미지를 받지 않습니다 — 변경 없음.';",
  ),
  patch(
    COMMAND,
    "description: '/plan [message]: enter plan mode (and send the message); /plan off: leave it',",
    "description: '/plan [메시지]: 계획 모드로 전환 · /plan off: 종료',",
  ),
  patch(
    COMMAND,
    '        await ctx.steer(agent, message, images);\n        return ok(`${text} Message sent.`);',
    '        await ctx.steer(agent, message, images);\n        return ok(`${text} · 메시지 전송됨`);',
  ),
  patch(
    COMMAND,
    '      await ctx.steer(agent, message);\n      return ok(`${text} Message sent.`);',
    '      await ctx.steer(agent, message);\n      return ok(`${text} · 메시지 전송됨`);',
  ),
  patch(CONFIG, "const PREFIX = 'plan-mode config';", "const PREFIX = 'Plan-Modus-Konfiguration';"),
  patch(
    CONFIG,
    'return `${PREFIX}: unknown key ${quoteKeys(keys)}`;',
    'return `${PREFIX}: unbekannter Schlüssel ${quoteKeys(keys)}`;',
  ),
  patch(
    CONFIG,
    'return `${PREFIX}: unknown keys ${quoteKeys(keys)}`;',
    'return `${PREFIX}: unbekannte Schlüssel ${quoteKeys(keys)}`;',
  ),
  patch(
    QUESTIONS,
    "'user-question seam: no question provider is composed, so nobody can answer'",
    "'Không có ai để hỏi: chưa có nhà cung cấp câu hỏi.'",
  ),
  patch(
    QUESTIONS,
    "'user-question seam: the question was aborted before it was answered'",
    "'คำถามถูกยกเลิกก่อนได้รับคำตอบ'",
  ),
  patch(
    QUESTIONS,
    '`user-question provider failed: ${errorMessage(error)}`',
    '`Nhà cung cấp câu hỏi gặp lỗi: ${errorMessage(error)}`',
  ),
  patch(REVIEW, "header: 'Plan review',", "header: 'סקירת תוכנית',"),
  patch(
    REVIEW,
    "question: 'Approve this plan and leave plan mode?',",
    "question: 'לאשר את התוכנית ולצאת ממצב תכנון?',",
  ),
  patch(
    REVIEW,
    "export const KEEP_PLANNING_LABEL = 'Keep planning';",
    "export const KEEP_PLANNING_LABEL = '继续规划';",
  ),
  patch(
    REVIEW,
    "description: 'Leave plan mode and carry out this plan.'",
    "description: 'יציאה ממצב תכנון וביצוע התוכנית.'",
  ),
  patch(
    REVIEW,
    "description: 'Stay in plan mode and keep refining the plan.'",
    "description: '留在计划模式，继续完善计划。'",
  ),
);

/**
 * E: the review asked otherwise. No header; a question that names no mode; the plan inside a framing text in
 * the detail; three options, the keep-planning one first, `Approve` second with no description, and a third
 * that asks to talk first; no `multiSelect` field. Every failed call carries a structured value
 * `{ approved: false }` beside its text, and the approval's text is two words.
 * Relies on: REVIEW-01 (`Approve` is one of the offered labels, alongside a keep-planning option; a third is
 * not excluded); Left open "where the review question carries the plan ... as long as the plan is there
 * verbatim"; REVIEW-03 (selecting the third option is not consent); TOOL-05 asks the canonical value of an
 * approval only; a failed call is still a failed call (`isError`). Unsure: whether a failure may carry a value
 * at all; the contract's tool result says `value` is the structured result "when the host keeps one".
 */
const reviewOtherwise = variant(
  'r46-review-three-options-valued-failures',
  ['plan-placement'],
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
    `    question: 'Ready to build this?',
    detail: \`Proposed plan (read it in full):\\n\\n\${plan}\\n\\n(end of the proposed plan)\`,
    options: [
      { label: KEEP_PLANNING_LABEL, description: 'Not yet: keep working on it.' },
      { label: APPROVE_LABEL },
      { label: 'Talk it over first', description: 'Close this and discuss.' },
    ],`,
  ),
  patch(EXIT, '  return { text, isError: true };', '  return { text, isError: true, value: { approved: false } };'),
  patch(
    EXIT,
    "export const APPROVED_TEXT = 'The user approved the plan. Plan mode is off; carry out the plan now.';",
    "export const APPROVED_TEXT = 'Plan approved.';",
  ),
);

/**
 * F: host sections and tools around the plan's. Sections of the host's own at orders -5 (names the agent, so
 * agents' prompts differ), 49 and 51 (fixed texts), and 1000 (counts the agent's requests, so the prompt's
 * tail changes with every request); tools `read_file` and `search` ahead of `exit_plan_mode`, `todo_write`
 * after it. Relies on: POLICY-01 (the plan section stays between everything below 50 and above 50);
 * POLICY-04 (what a transition changes starts at order 50; nothing here below 50 changes with the plan
 * state); POLICY-02/MX-01 (the plugin adds nothing while inactive: the counter is the host's, and changes
 * whether or not plan mode is on); TOOL-02 (the catalog is the same in both states); Left open (the exit
 * tool's place). Unsure: a tail changing with every request is poor for a cache, though after order 50 the
 * spec fixes nothing; SCOPE-01 compares one agent's prompt across another's selection, which this keeps.
 */
const hostTail = variant(
  'r46-request-counting-tail-and-host-tools',
  ['tool-position'],
  patch(
    ADAPTER,
    `        render: () => HOST_BASE_SECTION.text,
      });`,
    `        render: () => HOST_BASE_SECTION.text,
      });
      ctx.registerSection({ name: 'host:session', order: -5, render: (agent) => \`Session \${agent}.\` });
      ctx.registerSection({ name: 'host:conventions', order: 49, render: () => 'Follow the repository conventions.' });
      ctx.registerSection({ name: 'host:edits', order: 51, render: () => 'Prefer small edits a person can review.' });
      ctx.registerSection({
        name: 'host:request-count',
        order: 1000,
        render: (agent) =>
          \`This is request \${ctx.readLog(agent).filter((e) => e.type === 'request/header').length + 1} of this session.\`,
      });
      const path = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
      ctx.registerTool({
        name: 'read_file',
        description: 'Read a file of the project.',
        parameters: path,
        execute: async () => ({ text: 'No such file.', isError: true }),
      });
      ctx.registerTool({
        name: 'search',
        description: 'Search the project for a text.',
        parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        execute: async () => ({ text: 'No matches.' }),
      });`,
  ),
  patch(
    ADAPTER,
    '  const exports = host.install(planMode);\n',
    `  const exports = host.install(planMode);
  host.install(
    definePlugin({
      name: 'host-todos',
      install(ctx) {
        ctx.registerTool({
          name: 'todo_write',
          description: 'Replace the session to-do list.',
          parameters: { type: 'object', properties: { items: { type: 'array', items: { type: 'string' } } } },
          execute: async () => ({ text: 'Saved.' }),
        });
      },
    }),
  );
`,
  ),
);

/**
 * G: the host gives each agent a context message of its own (source `host`, the environment it runs in),
 * logged ahead of the agent's first prompt, so the model's first request holds it before the prompt.
 * Relies on: plan mode's clauses judge what the plugin adds (MX-01/02, NARR) and that the conversation only
 * grows by appending (MX-03), which this keeps; a host message is no notice (a notice is plugin-sourced);
 * `/plan <message>` at idle becomes a prompt, so it adds what that prompt alone would add (MX-02). Unsure:
 * whether a kit may expect the first request to hold exactly the prompt; no clause says so.
 */
const hostContextMessage = variant(
  'r46-host-context-before-first-prompt',
  [],
  patch(
    AGENT,
    "      this.logSteered();\n      this.deps.log.append(event('user/message', userMessagePayload(userInput(text, images))));",
    `      this.logSteered();
      if (!this.deps.log.read().some((e) => e.type === 'user/message')) {
        this.deps.log.append(
          event('user/message', { source: 'host', text: '<environment>\\nplatform: linux\\nshell: bash\\n</environment>' }),
        );
      }
      this.deps.log.append(event('user/message', userMessagePayload(userInput(text, images))));`,
  ),
);

/**
 * H: retries of its own: four attempts, a `request/retry` record and one macrotask of back-off before each
 * retry, no `request/failure` record, and a `turn/abandoned` record when the host gives up (ending the turn).
 * Relies on: Left open "how many times a failed request is retried"; bookkeeping records are free; SET-06
 * (seed: the retry is a boundary; rc.8 and 0.0.1-rc.1: it re-sends the frozen request), unchanged.
 */
const retriesOtherwise = variant(
  'r46-retries-with-own-records',
  ['retries', 'bookkeeping'],
  ...bookkeepingEvents([
    { name: 'request/retry', type: '{ attempt: number }', schema: 'z.object({ attempt: z.number() })' },
    { name: 'turn/abandoned', type: '{ attempts: number }', schema: 'z.object({ attempts: z.number() })' },
  ]),
  patch(
    AGENT,
    `        this.deps.log.append(
          event('request/failure', { message: response.message, retryable: response.retryable, attempt }),
        );
        if (!response.retryable || attempt >= this.deps.options.maxAttempts) return;
        attempt += 1;`,
    `        if (!response.retryable || attempt >= this.deps.options.maxAttempts) {
          this.deps.log.append(event('turn/abandoned', { attempts: attempt }));
          return;
        }
        attempt += 1;
        this.deps.log.append(event('request/retry', { attempt }));
        await new Promise<void>((resolve) => setImmediate(resolve));`,
  ),
  patch(
    HOST,
    'export const DEFAULT_LOOP_OPTIONS: AgentLoopOptions = { maxAttempts: 3,',
    'export const DEFAULT_LOOP_OPTIONS: AgentLoopOptions = { maxAttempts: 4,',
  ),
);

/**
 * I: forks and children with records of their own. A fork's log is the origin's, then an `agent/forked`
 * record; a spawned or owned child's log starts with an `agent/spawned` record; an owned child's prompt has a
 * section (order 30) telling it to report to its owner, while it is owned; the owned child's refusal is in
 * Spanish. Relies on: STATE-04 (the fork's logged plan state is the origin's: the record is no `plan/mode`
 * event); STATE-07 (a child starts inactive); bookkeeping is free; POLICY-04 (the delegation section does
 * not change with the plan state); REVIEW-07 (wording free).
 */
const forksAndChildren = variant(
  'r46-fork-and-child-records',
  ['bookkeeping'],
  ...bookkeepingEvents([
    { name: 'agent/forked', type: '{ from: string }', schema: 'z.object({ from: z.string() })' },
    { name: 'agent/spawned', type: '{ parent: string }', schema: 'z.object({ parent: z.string() })' },
  ]),
  patch(
    HOST,
    '    return this.addAgent({ id: this.nextId(), forkOf: agent }, events);',
    "    const fork = this.addAgent({ id: this.nextId(), forkOf: agent }, events);\n    this.agent(fork).log.append(event('agent/forked', { from: agent }));\n    return fork;",
  ),
  patch(
    HOST,
    '    return this.addAgent({ id: this.nextId(), parent }, []);',
    "    return this.addAgent({ id: this.nextId(), parent }, [event('agent/spawned', { parent })]);",
  ),
  patch(
    HOST,
    '    const child = this.addAgent({ id: this.nextId(), parent: owner }, []);',
    "    const child = this.addAgent({ id: this.nextId(), parent: owner }, [event('agent/spawned', { parent: owner })]);",
  ),
  patch(
    ADAPTER,
    `        render: () => HOST_BASE_SECTION.text,
      });`,
    `        render: () => HOST_BASE_SECTION.text,
      });
      ctx.registerSection({
        name: 'host:delegation',
        order: 30,
        render: (agent) =>
          ctx.ownerOf(agent) === undefined ? undefined : 'You work for another agent: end with a report for it.',
      });`,
  ),
  patch(
    EXIT,
    `export const OWNED_CHILD_TEXT =
  'A delegated agent cannot open the plan review; you are still in plan mode. ' +
  'Include the plan and the decision it needs in your final result, for the agent that delegated to you.';`,
    "export const OWNED_CHILD_TEXT = 'Un agente delegado no puede abrir la revisión: incluye el plan y la decisión pendiente en tu resultado final.';",
  ),
);

/**
 * J (0.0.1-rc.1 and rc.8): ownership is kept in the agent index, so after a restart an owned child resumes
 * under its owner (who resumes too) and is still refused the review. Relies on: REVIEW-07 ("a live child
 * agent owned by another agent cannot open the review"); rc.8's README: "durable fork lineage alone does not
 * prevent a session resumed as a runtime root from opening the review" (this host never resumes an owned child
 * as a runtime root). Unsure: whether the spec means ownership always ends at a restart; neither README says
 * so, the reference's choice (ownership in memory only) is one reading.
 */
const ownershipKept = onlyIn(
  ['0.0.1-rc.1', 'rc.8'],
  variant(
    'r46-ownership-survives-restart',
    ['fork-ownership'],
    patch(
      STORE,
      '  forkOf?: string;\n}',
      '  forkOf?: string;\n  /** The live agent owning this child, kept across restarts. */\n  owner?: string;\n}',
    ),
    patch(STORE, 'forkOf: z.string().optional() })', 'forkOf: z.string().optional(), owner: z.string().optional() })'),
    patch(
      HOST,
      '    const child = this.addAgent({ id: this.nextId(), parent: owner }, []);',
      '    const child = this.addAgent({ id: this.nextId(), parent: owner, owner }, []);',
    ),
    patch(
      HOST,
      '  private loadFromStore(record: AgentRecord): void {',
      '  private loadFromStore(record: AgentRecord): void {\n    if (record.owner !== undefined) this.owners.set(record.id, record.owner);',
    ),
  ),
);

/**
 * K: contract values with every optional field filled in and fields of the host's own. Every user message,
 * in requests and in the log, carries its `content` blocks (one text block for plain text); requests,
 * messages and events carry a sequence number the contract does not name. Relies on: src/contract/model.ts
 * ("absent means one text block": a one-text-block `content` says the same); the contract's objects are not
 * strict, so fields of the host's own are allowed; nothing a clause judges changes.
 */
const filledContract = variant(
  'r46-contract-fields-filled',
  [],
  patch(
    ADAPTER,
    `      return message.content === undefined
        ? { role: 'user', source: message.source, text: message.text }
        : { role: 'user', source: message.source, text: message.text, content: message.content };`,
    `      return {
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
        : {
            type: 'user/message',
            source: e.payload.source,
            text: e.payload.text,
            content: structuredClone(e.payload.content),
          };`,
    `      return {
        type: 'user/message',
        source: e.payload.source,
        text: e.payload.text,
        content: structuredClone(e.payload.content ?? [{ type: 'text', text: e.payload.text }]),
      };`,
  ),
  patch(
    ADAPTER,
    '    messages: request.messages.map(toContractMessage),',
    '    messages: request.messages.map((message, index) => ({ ...toContractMessage(message), seq: index + 1 }) as Message),\n    requestSeq: ++requestsMade,',
  ),
  patch(
    ADAPTER,
    'function toContractRequest(request: ModelRequest): ContractModelRequest {\n  return {',
    'let requestsMade = 0;\n\nfunction toContractRequest(request: ModelRequest): ContractModelRequest {\n  return <ContractModelRequest>{',
  ),
  patch(
    ADAPTER,
    '      return current().host.readLog(agent).map(toContractEvent);',
    '      return current()\n        .host.readLog(agent)\n        .map((e, index) => ({ ...toContractEvent(e), seq: index + 1 }) as ContractEvent);',
  ),
);

/** Each host alone, runnable by name (catalog.ts's VARIANT_PARTS). */
export const BLIND_FAIR_R46_HOSTS: Variant[] = [
  laterMacrotasks,
  lateIdleNotice,
  resumeRecords,
  otherScripts,
  reviewOtherwise,
  hostTail,
  hostContextMessage,
  retriesOtherwise,
  forksAndChildren,
  ownershipKept,
  filledContract,
];

/**
 * What the matrix runs of this batch: the host that found a kit fault (the kit took the host's own context
 * message for a plan/mode record or a command line, and compared whole message lists where plan mode's
 * clauses fix only what plan mode adds), alone; and three that did not, together (an idle commit's notice
 * written late, texts in many scripts, a prompt tail changing with every request): their patches compose and
 * their effects lie apart. Each host above still runs alone by name.
 */
export const BLIND_FAIR_R46: Variant[] = [
  hostContextMessage,
  together('r46-late-notice-scripts-and-tail', [lateIdleNotice, otherScripts, hostTail]),
];
