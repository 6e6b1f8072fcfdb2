/**
 * Round 44's blind fairness batch: twelve correct hosts, each the reference
 * changed the way a careful harness author who never saw the kit could
 * choose, written from the spec (its clause list and the editions' READMEs), src/
 * and reference/ alone, before the kit's steps, oracle, exploration and
 * other variants were read. Each must pass every edition it claims; the
 * comment above each names what it changes and the clauses it relies on to
 * be correct (and says so where the spec left the author unsure).
 */
import { patch } from '../mutants/mutant.js';
import {
  ADAPTER,
  AGENT,
  COMMAND,
  CONFIG,
  EVENT_SCHEMA,
  EXIT,
  HEADER_THEN_CALL,
  HOST,
  NARRATION,
  PLUGIN,
  PROJECTION,
  PROMPT,
  QUESTIONS,
  REVIEW,
  SERVICE,
} from '../mutants/reference-sources.js';
import { together, variant, type Variant } from './variant.js';

/** Each host of the batch alone, as written; the matrix runs them as BLIND_FAIR_R44 groups them. */
export const BLIND_FAIR_R44_HOSTS: Variant[] = [
  /*
   * Every text the spec leaves free, in other words (the notices in Chinese):
   * notices (NARR-01: entering and leaving differ, each always the same),
   * the exit tool's description and parameter description (TOOL-02: one text
   * in both states), its results and failures (REVIEW-04 keeps the feedback,
   * REVIEW-05 the dismissal differs from the keep-planning failure and the
   * seam's errors, REVIEW-06 keeps the seam's message), the review's header,
   * question and option descriptions and the keep-planning label (REVIEW-01
   * fixes only `Approve`), the `/plan` results (CMD-08: each outcome its own
   * text), the config errors (CFG-04: the unknown key still named), the
   * seam's own error messages and the host's command errors.
   */
  variant(
    'fair-r44-wording-everywhere',
    ['wording'],
    patch(
      NARRATION,
      "export const ENTER_NOTICE = 'The user switched to plan mode.';",
      "export const ENTER_NOTICE = '用户已切换到计划模式：先调研、设计，暂不修改任何东西。';",
    ),
    patch(
      NARRATION,
      "export const EXIT_NOTICE = 'The user left plan mode; you are back in the default mode.';",
      "export const EXIT_NOTICE = '用户已退出计划模式，回到默认模式，可以照常执行。';",
    ),
    patch(
      EXIT,
      `  'Present your complete plan to the user for review. Use it only in plan mode, once the plan is ready; ' +
  'if the user approves, plan mode ends and you carry out the plan.';`,
      `  'Submit the finished plan for sign-off.\\n\\nOnly meaningful while planning; on sign-off, implementation starts.';`,
    ),
    patch(
      EXIT,
      "plan: { type: 'string', description: 'The complete plan, as the user should review it (Markdown).' },",
      "plan: { type: 'string', description: 'Plan text (markdown welcome).' },",
    ),
    patch(
      EXIT,
      "export const NOT_IN_PLAN_MODE = 'exit_plan_mode only works in plan mode, and plan mode is not active.';",
      "export const NOT_IN_PLAN_MODE = 'Error: not currently planning, so there is no plan to submit.';",
    ),
    patch(
      EXIT,
      `export const PLAN_ARGUMENT_MISSING = "exit_plan_mode needs the plan as a string argument 'plan'.";`,
      "export const PLAN_ARGUMENT_MISSING = 'Error: argument `plan` (string) is required.';",
    ),
    patch(
      EXIT,
      "export const APPROVED_TEXT = 'The user approved the plan. Plan mode is off; carry out the plan now.';",
      "export const APPROVED_TEXT = '✅ Signed off. Go ahead and implement it.';",
    ),
    patch(
      EXIT,
      "export const REJECTED_TEXT = 'The user did not approve the plan. You are still in plan mode; revise the plan.';",
      "export const REJECTED_TEXT = '❌ Not signed off; keep working on the plan.';",
    ),
    patch(
      EXIT,
      `  "The user dismissed the plan review to talk to you instead. Stay in plan mode, stop here, and wait for the user's message.";`,
      "  '⏸ The review was closed by the user, who wants to talk first. Keep planning, end your turn now and await their next message.';",
    ),
    patch(
      EXIT,
      `  'A delegated agent cannot open the plan review; you are still in plan mode. ' +
  'Include the plan and the decision it needs in your final result, for the agent that delegated to you.';`,
      "  'Sub-agents cannot ask for sign-off. Put the plan and the open decision into your final answer instead.';",
    ),
    patch(
      EXIT,
      "export const NO_SEAM_TEXT = 'no user-question channel is composed in this host, so the plan cannot be reviewed';",
      "export const NO_SEAM_TEXT = 'nobody to ask (no question UI)';",
    ),
    patch(
      EXIT,
      'return failed(`${REJECTED_TEXT} User feedback: ${feedback}`);',
      'return failed(`${REJECTED_TEXT}\\n\\n> ${feedback}`);',
    ),
    patch(
      EXIT,
      'return failed(`The plan review failed, so you are still in plan mode: ${message}`);',
      'return failed(`[review error] ${message} (still planning)`);',
    ),
    patch(
      REVIEW,
      "export const KEEP_PLANNING_LABEL = 'Keep planning';",
      "export const KEEP_PLANNING_LABEL = 'Revise';",
    ),
    patch(REVIEW, "    header: 'Plan review',", "    header: 'Sign-off',"),
    patch(
      REVIEW,
      "    question: 'Approve this plan and leave plan mode?',",
      "    question: 'Ready to implement this?',",
    ),
    patch(
      REVIEW,
      "{ label: APPROVE_LABEL, description: 'Leave plan mode and carry out this plan.' },",
      "{ label: APPROVE_LABEL, description: 'Yes, implement it.' },",
    ),
    patch(
      REVIEW,
      "{ label: KEEP_PLANNING_LABEL, description: 'Stay in plan mode and keep refining the plan.' },",
      "{ label: KEEP_PLANNING_LABEL, description: 'No, rework it.' },",
    ),
    patch(
      COMMAND,
      `export const ENTER_TEXTS: Record<SetOutcome, string> = {
  committed: 'Entered plan mode.',
  queued: 'Plan mode is queued for the next step.',
  cancelled: 'Pending exit cancelled; staying in plan mode.',
  noop: 'Already in plan mode.',
};`,
      `export const ENTER_TEXTS: Record<SetOutcome, string> = {
  committed: 'planning: on',
  queued: 'planning: on after this step',
  cancelled: 'planning: stays on (exit withdrawn)',
  noop: 'planning: was already on',
};`,
    ),
    patch(
      COMMAND,
      `export const LEAVE_TEXTS: Record<SetOutcome, string> = {
  committed: 'Left plan mode.',
  queued: 'Leaving plan mode is queued for the next step.',
  cancelled: 'Plan mode entry cancelled.',
  noop: 'Plan mode is already inactive.',
};`,
      `export const LEAVE_TEXTS: Record<SetOutcome, string> = {
  committed: 'planning: off',
  queued: 'planning: off after this step',
  cancelled: 'planning: stays off (entry withdrawn)',
  noop: 'planning: was already off',
};`,
    ),
    patch(
      COMMAND,
      "export const ENTRY_ALREADY_QUEUED = 'Plan mode is already queued for the next step.';",
      "export const ENTRY_ALREADY_QUEUED = 'planning: on after this step (unchanged)';",
    ),
    patch(
      COMMAND,
      "export const EXIT_ALREADY_QUEUED = 'Leaving plan mode is already queued for the next step.';",
      "export const EXIT_ALREADY_QUEUED = 'planning: off after this step (unchanged)';",
    ),
    patch(
      COMMAND,
      `  '/plan off takes no images: nothing changed. Send the images with /plan <message> or a prompt.';`,
      "  'error: attachments are not accepted with off';",
    ),
    patch(
      COMMAND,
      "description: '/plan [message]: enter plan mode (and send the message); /plan off: leave it',",
      "description: 'Toggle planning',",
    ),
    patch(
      COMMAND,
      'await ctx.steer(agent, message, images);\n        return ok(`${text} Message sent.`);',
      'await ctx.steer(agent, message, images);\n        return ok(`${text} · sent`);',
    ),
    patch(
      COMMAND,
      'await ctx.steer(agent, message);\n      return ok(`${text} Message sent.`);',
      'await ctx.steer(agent, message);\n      return ok(`${text} · sent`);',
    ),
    patch(
      CONFIG,
      "const PREFIX = 'plan-mode config';",
      "const PREFIX = '[@deepseek-ai/dsh-plan-mode] invalid configuration';",
    ),
    patch(
      CONFIG,
      'if (keys.length === 1) return `${PREFIX}: unknown key ${quoteKeys(keys)}`;',
      'if (keys.length === 1) return `${PREFIX}: ${quoteKeys(keys)} is not a recognised option`;',
    ),
    patch(
      QUESTIONS,
      "throw new QuestionUnavailableError('user-question seam: no question provider is composed, so nobody can answer');",
      "throw new QuestionUnavailableError('E_NO_PROVIDER');",
    ),
    patch(
      QUESTIONS,
      "return new QuestionAbortedError('user-question seam: the question was aborted before it was answered');",
      "return new QuestionAbortedError('E_ABORTED');",
    ),
    patch(
      QUESTIONS,
      'throw new QuestionProviderError(`user-question provider failed: ${errorMessage(error)}`, { cause: error });',
      'throw new QuestionProviderError(errorMessage(error), { cause: error });',
    ),
    patch(
      HOST,
      'return { ok: false, text: `unknown command /${parsed.name}` };',
      'return { ok: false, text: `no such command: ${parsed.name}` };',
    ),
  ),

  /*
   * The review shaped otherwise: the plan inside the question text (Left
   * open: question or detail, verbatim), no header and no detail, the
   * keep-planning option first and a third option ("Discuss") that is not
   * consent either, and `Approve` with an empty free text read as consent
   * (Left open). REVIEW-01 names `Approve` and a keep-planning option; the
   * spec does not forbid a third option (unsure: it names no other, and a
   * UI may show it), and REVIEW-03 makes its selection plain non-consent.
   */
  variant(
    'fair-r44-review-shaped-otherwise',
    ['plan-placement', 'approve-empty-text'],
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
      `    question: \`The agent proposes this plan:\\n\\n\${plan}\\n\\nHow do you want to continue?\`,
    options: [
      { label: KEEP_PLANNING_LABEL },
      { label: 'Discuss', description: 'Talk it through before deciding.' },
      { label: APPROVE_LABEL },
    ],`,
    ),
    patch(
      REVIEW,
      'return answer.freeText !== undefined && answer.freeText.length > 0;',
      // An empty box next to Approve is no text; white space alone still is (REVIEW-03: any free text is not consent).
      "return answer.freeText !== undefined && answer.freeText !== '';",
    ),
  ),

  /*
   * The prompt laid out otherwise: sections joined by a rule rather than a
   * blank line (Left open: separator), and host sections of its own around
   * the plan section: an environment section and the agent's own session id
   * (order 10 and 20: the same for an agent in both states, POLICY-04), one
   * at 49 and one at 51 (POLICY-01: the plan section between them), and a
   * last one at 900 counting the user messages so far, which changes from
   * request to request (only after order 50: POLICY-04 fixes the prompt up to
   * 50; POLICY-03 fixes the plan section itself).
   */
  variant(
    'fair-r44-prompt-layout',
    ['separator'],
    patch(
      PROMPT,
      "export const SECTION_SEPARATOR = '\\n\\n';",
      "export const SECTION_SEPARATOR = '\\n\\n* * *\\n\\n';",
    ),
    patch(
      ADAPTER,
      `        render: () => HOST_BASE_SECTION.text,
      });`,
      `        render: () => HOST_BASE_SECTION.text,
      });
      ctx.registerSection({ name: 'host:environment', order: 10, render: () => 'Platform: linux\\nShell: bash\\n' });
      ctx.registerSection({ name: 'host:session', order: 20, render: (agent) => \`Session id: \${agent}\` });
      ctx.registerSection({ name: 'host:conventions', order: 49, render: () => 'Follow the repository conventions.' });
      ctx.registerSection({ name: 'host:tool-guidance', order: 51, render: () => 'Prefer small, reviewable steps.' });
      ctx.registerSection({
        name: 'host:context',
        order: 900,
        render: (agent) =>
          \`User messages so far: \${ctx.readLog(agent).filter((e) => e.type === 'user/message').length}\`,
      });`,
    ),
    patch(
      ADAPTER,
      `  text: "You are a coding agent working in the user's project. Use the tools you are given.",`,
      `  text: '  # Assistant\\n\\nYou help with software tasks.  ',`,
    ),
  ),

  /*
   * A richer tool catalog: host tools of its own before and after, the plan
   * tool registered after the kit's probe tools (Left open: its position,
   * the catalog the same in both states, TOOL-02), a schema with a title and
   * a description of its own (TOOL-01: `plan` still a string argument).
   */
  variant(
    'fair-r44-tool-catalog',
    ['tool-position'],
    patch(
      ADAPTER,
      `  host.install(baseSectionPlugin());
  const exports = host.install(planMode);
  host.install(probePlugin(options.probes));`,
      `  host.install(baseSectionPlugin());
  host.install(hostToolsPlugin(['read_file', 'list_directory']));
  host.install(probePlugin(options.probes));
  const exports = host.install(planMode);
  host.install(hostToolsPlugin(['web_search']));`,
    ),
    patch(
      ADAPTER,
      'function probePlugin(probes: StartOptions',
      `/** The host's own tools: each takes a path or a query and answers with a fixed text. */
function hostToolsPlugin(names: string[]): Plugin<void> {
  return definePlugin({
    name: \`host-tools-\${names.join('-')}\`,
    install(ctx) {
      for (const name of names) {
        ctx.registerTool({
          name,
          description: \`Host tool \${name}.\`,
          parameters: { type: 'object', properties: { target: { type: 'string' } }, required: ['target'] },
          execute: async (args) => ({ text: \`\${name}(\${String(args['target'])}): nothing found\` }),
        });
      }
    },
  });
}

function probePlugin(probes: StartOptions`,
    ),
    patch(
      EXIT,
      `export const EXIT_TOOL_PARAMETERS = {
  type: 'object',`,
      `export const EXIT_TOOL_PARAMETERS = {
  title: 'ExitPlanModeArguments',
  description: 'Arguments of exit_plan_mode.',
  type: 'object',`,
    ),
  ),

  /*
   * A host that answers later: every handle method, model call, question
   * and probe tool crosses a macrotask (setImmediate) and a few microtasks
   * before and after, as a host on an event-driven runtime would. Nothing the
   * spec fixes depends on how soon a call returns; mid-turn actions still
   * run inside the model call (the contract's meaning of "running").
   */
  variant(
    'fair-r44-answers-later',
    [],
    patch(
      ADAPTER,
      `  return {
    async createAgent() {
      return current().host.createAgent();`,
      `  return later({
    async createAgent() {
      return current().host.createAgent();`,
    ),
    patch(
      ADAPTER,
      `      running.host.stop();
      disposed = true;
    },
  };
}`,
      `      running.host.stop();
      disposed = true;
    },
  });
}

/** A macrotask and two microtasks: what a call costs on a busier runtime. */
async function macrotask(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  await Promise.resolve();
  await Promise.resolve();
}

/** The handle with every method answering a macrotask later than it would, before and after its work. */
function later(handle: HostHandle): HostHandle {
  const out: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(handle)) {
    out[name] = async (...args: unknown[]) => {
      await macrotask();
      const value = await (method as (...a: unknown[]) => Promise<unknown>)(...args);
      await macrotask();
      return value;
    };
  }
  return out as unknown as HostHandle;
}`,
    ),
    patch(
      ADAPTER,
      `    const response: ContractModelResponse = await options.model(toContractRequest(request));
    return response;`,
      `    await macrotask();
    const response: ContractModelResponse = await options.model(toContractRequest(request));
    await macrotask();
    return response;`,
    ),
    patch(
      ADAPTER,
      '    const reply = await options.questions(toContractQuestion(question), { agent: context.agent });',
      `    await macrotask();
    const reply = await options.questions(toContractQuestion(question), { agent: context.agent });
    await macrotask();`,
    ),
    patch(
      ADAPTER,
      'execute: async (args) => ({ text: await tool.execute(args) }),',
      'execute: async (args) => {\n            await macrotask();\n            return { text: await tool.execute(args) };\n          },',
    ),
  ),

  /*
   * Other ids and other bookkeeping: agent ids and question ids random
   * (the contract: agent ids are the host's own strings, valid across
   * restart, which the index keeps), no `turn/start`/`turn/end` at all and
   * a `host/usage` record after every model reply (Left open: bookkeeping),
   * request headers that record the tools but not the system prompt (Left
   * open: what a header records), and every event handed out with extra
   * fields (`seq`, `at`) beside the ones the contract reads.
   */
  variant(
    'fair-r44-ids-and-bookkeeping',
    ['bookkeeping', 'header-content'],
    patch(
      HOST,
      "import { SDK_SECTION, type ToolMode } from './code-mode.js';",
      "import { SDK_SECTION, type ToolMode } from './code-mode.js';\nimport { randomUUID } from 'node:crypto';",
    ),
    patch(
      HOST,
      `  private nextId(): string {
    const used`,
      `  private nextId(): string {
    return \`s_\${randomUUID().replaceAll('-', '')}\`;
  }

  private formerNextId(): string {
    const used`,
    ),
    patch(
      QUESTIONS,
      "import { errorMessage } from './tools.js';",
      "import { errorMessage } from './tools.js';\nimport { randomUUID } from 'node:crypto';",
    ),
    patch(QUESTIONS, 'id: `question-${this.nextId++}` };', 'id: `q:${randomUUID()}` };'),
    patch(AGENT, "      this.deps.log.append(event('turn/start', {}));\n", ''),
    patch(AGENT, "        this.deps.log.append(event('turn/end', {}));\n", ''),
    patch(
      AGENT,
      `        event('request/header', { systemPrompt: request.systemPrompt, tools: request.tools.map((t) => t.name) }),
      );
      const response = await this.callModel(request);`,
      `        event('request/header', { tools: request.tools.map((t) => t.name) } as never),
      );
      const response = await this.callModel(request);
      this.deps.log.append({ type: 'host/usage', payload: { step, kind: response.type } } as never);`,
    ),
    patch(
      EVENT_SCHEMA,
      '    payload: z.object({ systemPrompt: z.string(), tools: z.array(z.string()) }),',
      `    payload: z.object({ tools: z.array(z.string()) }),
  }),
  z.object({
    type: z.literal('host/usage'),
    payload: z.object({ step: z.number(), kind: z.string() }),`,
    ),
    patch(
      ADAPTER,
      'const event: ContractEvent = frozenCopy(contractEventOf(e));',
      'const event: ContractEvent = frozenCopy({ ...contractEventOf(e), seq: ++handedOut, at: new Date().toISOString() });',
    ),
    patch(
      ADAPTER,
      'const contractEvents = new WeakMap<SessionEvent, ContractEvent>();',
      'const contractEvents = new WeakMap<SessionEvent, ContractEvent>();\nlet handedOut = 0;',
    ),
  ),

  /*
   * The request header logged together with the model's reply, after the
   * call returns (Left open: when within one request the header is logged,
   * as long as it is in the log before the next boundary). Everything that
   * reads the last header (narration) runs at a boundary, after it.
   */
  variant(
    'fair-r44-header-with-reply',
    ['header-timing'],
    patch(
      AGENT,
      HEADER_THEN_CALL,
      `      const request = frozen ?? (await this.preStep(kind));
      const response = await this.callModel(request);
      this.deps.log.append(
        event('request/header', { systemPrompt: request.systemPrompt, tools: request.tools.map((t) => t.name) }),
      );`,
    ),
  ),

  /*
   * The notice of an idle commit written when the next request is assembled
   * rather than at the commit (Left open), derived from the log alone so a
   * restart, fork or compaction in between keeps it owed: at each boundary,
   * before the pending selection is applied, one notice for each user
   * `plan/mode` logged since the last header that differs from the state
   * that header described (NARR-01), skipping an approved exit (the event
   * the exit tool's result follows: NARR-04).
   */
  variant(
    'fair-r44-notice-at-next-request',
    [],
    patch(
      SERVICE,
      "import { foldPlanMode, PLAN_MODE_EVENT } from './state.js';",
      "import { foldPlanMode, lastRequestIndex, PLAN_MODE_EVENT } from './state.js';",
    ),
    patch(
      SERVICE,
      `  applyPending(agent: string): void {
    const target`,
      `  applyPending(agent: string): void {
    for (const active of this.owedNotices(agent)) this.ctx.append(agent, noticeEvent(active));
    const target`,
    ),
    patch(
      SERVICE,
      "    if (outcome === 'committed') this.commitSelection(agent, active);",
      `    // An idle commit is narrated when the next request is assembled (owedNotices).
    if (outcome === 'committed') this.ctx.append(agent, planModeEvent(active));`,
    ),
    patch(
      SERVICE,
      '  logged(agent: string): boolean {',
      `  /** The notices owed for user commits logged since the last request header, oldest first. */
  private owedNotices(agent: string): boolean[] {
    const events = this.ctx.readLog(agent);
    const last = lastRequestIndex(events);
    if (last < 0) return [];
    const described = foldPlanMode(events.slice(0, last));
    const owed: boolean[] = [];
    for (let i = last + 1; i < events.length; i++) {
      const e = events[i]!;
      if (e.type !== PLAN_MODE_EVENT) continue;
      // An approved exit is followed by its tool's result, which tells the model.
      if (events[i + 1]?.type === 'tool/result') continue;
      if (e.payload.active !== described) owed.push(e.payload.active);
    }
    return owed;
  }

  logged(agent: string): boolean {`,
    ),
  ),

  /*
   * Other orders within one request: at prompt submission the pending
   * selection is applied before the prompt is logged (Left open), and at
   * every boundary a steered message is logged between the selection's
   * `plan/mode` and its notice (Left open: the order of a steered message
   * and a notice reaching the same request), the notice after the prompt.
   * Everything still precedes the request it reaches (SET-06, NARR-05).
   */
  variant(
    'fair-r44-orders-within-a-request',
    ['prompt-order', 'steer-notice-order'],
    patch(
      AGENT,
      `      this.logSteered();
      this.deps.log.append(event('user/message', userMessagePayload(userInput(text, images))));
      await this.runSteps();`,
      `      this.logSteered();
      this.submitted = userInput(text, images);
      await this.runSteps();`,
    ),
    patch(
      AGENT,
      '  private readonly steered: UserInput[] = [];',
      '  private readonly steered: UserInput[] = [];\n  /** The prompt, logged at its submission boundary once the selection is applied. */\n  private submitted: UserInput | undefined;',
    ),
    patch(
      AGENT,
      `    for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind });
    for (const input of this.steered.splice(0)) {
      this.deps.log.append(event('user/message', userMessagePayload(input)));
    }`,
      `    for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind, phase: 'select' } as Boundary);
    for (const input of this.steered.splice(0)) {
      this.deps.log.append(event('user/message', userMessagePayload(input)));
    }
    const submitted = this.submitted;
    this.submitted = undefined;
    if (submitted !== undefined) this.deps.log.append(event('user/message', userMessagePayload(submitted)));
    for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind, phase: 'narrate' } as Boundary);`,
    ),
    patch(
      PLUGIN,
      '      ctx.onBoundary(({ agent }) => selections.applyPending(agent));',
      `      ctx.onBoundary((boundary) => {
        const { agent, phase } = boundary as typeof boundary & { phase: 'select' | 'narrate' };
        if (phase === 'narrate') selections.narrateApplied(agent);
        else selections.applyPending(agent);
      });`,
    ),
    patch(
      SERVICE,
      `    if (target === this.logged(agent)) return;
    this.commitSelection(agent, target);
  }`,
      `    if (target === this.logged(agent)) return;
    this.ctx.append(agent, planModeEvent(target));
    if (needsNotice(this.ctx.readLog(agent), target)) this.owed.set(agent, target);
  }

  /** The notice of a selection applied at this boundary, after the boundary's user messages. */
  narrateApplied(agent: string): void {
    const owed = this.owed.get(agent);
    if (owed === undefined) return;
    this.owed.delete(agent);
    this.ctx.append(agent, noticeEvent(owed));
  }`,
    ),
    patch(
      SERVICE,
      '  private readonly pending = new Map<string, boolean>();',
      '  private readonly pending = new Map<string, boolean>();\n  private readonly owed = new Map<string, boolean>();',
    ),
  ),

  /*
   * Fewer retries, and giving up by rejecting the prompt (Left open: how
   * many times, and whether giving up rejects the prompt or ends the turn):
   * two attempts, then `prompt` rejects with the model's failure; a
   * non-retryable failure rejects at once. The `/plan` command still
   * answers success when the turn its message started gives up (CMD-07:
   * every `/plan` result a success).
   */
  variant(
    'fair-r44-retry-then-reject',
    ['retries'],
    patch(HOST, 'maxAttempts: 3,', 'maxAttempts: 2,'),
    patch(
      AGENT,
      '        if (!response.retryable || attempt >= this.deps.options.maxAttempts) return;',
      '        if (!response.retryable || attempt >= this.deps.options.maxAttempts)\n          throw new Error(`the model request failed (attempt ${attempt}): ${response.message}`);',
    ),
    patch(
      COMMAND,
      'await ctx.steer(agent, message, images);',
      'await ctx.steer(agent, message, images).catch(() => undefined);',
    ),
    patch(COMMAND, 'await ctx.steer(agent, message);', 'await ctx.steer(agent, message).catch(() => undefined);'),
  ),

  /*
   * What a UI is told, otherwise: the session-event stream carries only what
   * a UI draws (plan/mode, user and command records) plus busy/idle status
   * events that are not in the log (Left open: which other events observers
   * are told, STATE-06 only asks every committed plan/mode in order); the
   * projection registry pushes a snapshot when a UI attaches to a session
   * (each new agent, and every agent again after a restart: Left open), and
   * in rc.8 every `/plan` record pushes (PROJ-02 rc.8 MAY).
   */
  variant(
    'fair-r44-ui-feeds',
    ['observed-events', 'subscribe-snapshot', 'command-record-push'],
    patch(
      ADAPTER,
      `  host.subscribe((agent, e) => {
    const list = observed.get(agent) ?? [];
    list.push(toContractEvent(e));
    observed.set(agent, list);
  });`,
      `  host.subscribe((agent, e) => {
    const list = observed.get(agent) ?? [];
    if (e.type === 'turn/start') list.push({ type: 'other', name: 'status/busy' });
    else if (e.type === 'turn/end') list.push({ type: 'other', name: 'status/idle' });
    else if (['plan/mode', 'user/message', 'command/run', 'command/done'].includes(e.type)) list.push(toContractEvent(e));
    observed.set(agent, list);
  });
  // A UI attaching to a session gets a snapshot of its plan view (every resumed session, at boot).
  const snapshot = (agent: string) => {
    if (!host.projections) return;
    const view = host.readProjection(agent, PLAN_PROJECTION_NAME) as PlanProjectionView;
    pushes.set(agent, [...(pushes.get(agent) ?? []), view]);
  };
`,
    ),
    patch(
      ADAPTER,
      '  return { host, planMode: exports.planMode };',
      `  for (const agent of host.agentIds()) snapshot(agent);
  return { host, planMode: exports.planMode, attach: snapshot };`,
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
  /** Pushes a snapshot of the agent's plan view, as a UI attaching to a new session gets one. */
  attach(agent: string): void;
}`,
    ),
    patch(
      ADAPTER,
      `    async createAgent() {
      return current().host.createAgent();
    },`,
      `    async createAgent() {
      const booted = current();
      const agent = booted.host.createAgent();
      booted.attach(agent);
      return agent;
    },`,
    ),
    patch(
      ADAPTER,
      `    async fork(agent) {
      return current().host.fork(agent);
    },
    async spawn(agent) {
      return current().host.spawn(agent);
    },`,
      `    async fork(agent) {
      const booted = current();
      const fork = booted.host.fork(agent);
      booted.attach(fork);
      return fork;
    },
    async spawn(agent) {
      const booted = current();
      const child = booted.host.spawn(agent);
      booted.attach(child);
      return child;
    },`,
    ),
    patch(
      PROJECTION,
      '    if (state.unsettled === undefined) return state;',
      '    if (state.unsettled === undefined) return { ...state };',
    ),
  ),

  /*
   * A service that remembers more, and a stricter exit tool: after a
   * withdrawal `get` reports a pending equal to the logged state until the
   * next boundary (SET-03 MAY); a pending selection is kept in a file of the
   * store and survives a restart (LIM-01: it MAY be lost, so it may also be
   * kept; unsure: STATE-03 says the log restores the plan state "with no
   * other memory", read here as the logged state, which is untouched); and
   * `exit_plan_mode` refuses, without a review, a plan with no Markdown
   * heading (Left open: malformed plans, the spec's own example).
   */
  variant(
    'fair-r44-remembering-service',
    ['withdrawn-pending', 'malformed-plan'],
    patch(
      SERVICE,
      "import { event } from '../host/index.js';",
      "import { event } from '../host/index.js';\nimport { existsSync, readFileSync, writeFileSync } from 'node:fs';",
    ),
    patch(
      SERVICE,
      `  private readonly pending = new Map<string, boolean>();

  constructor(private readonly ctx: Context) {}`,
      `  private readonly pending: Map<string, boolean>;
  /** Agents whose pending selection was withdrawn since their last boundary, with the logged state then. */
  private readonly withdrawn = new Map<string, boolean>();

  constructor(
    private readonly ctx: Context,
    private readonly file?: string,
  ) {
    const kept = file !== undefined && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as [string, boolean][]) : [];
    this.pending = new Map(kept);
  }

  private keep(): void {
    if (this.file !== undefined) writeFileSync(this.file, JSON.stringify([...this.pending]));
  }`,
    ),
    patch(
      SERVICE,
      `    const pending = this.settledPending(agent, active);
    if (pending === undefined) return { active };
    return { active, pending };`,
      `    const pending = this.settledPending(agent, active);
    if (pending === undefined) return this.withdrawn.get(agent) === active ? { active, pending: active } : { active };
    return { active, pending };
  }

  /** Whether a selection waits (what \`/plan\` reports), apart from a withdrawn one \`get\` may still show. */
  waiting(agent: string): boolean {
    return this.settledPending(agent, this.logged(agent)) !== undefined;`,
    ),
    patch(
      SERVICE,
      `    const target = this.pending.get(agent);
    if (target === undefined) return;
    this.pending.delete(agent);
    if (target === this.logged(agent)) return;`,
      `    this.withdrawn.delete(agent);
    const target = this.pending.get(agent);
    if (target === undefined) return;
    this.pending.delete(agent);
    this.keep();
    if (target === this.logged(agent)) return;`,
    ),
    patch(
      SERVICE,
      `    if (outcome === 'queued') this.pending.set(agent, active);
    if (outcome === 'cancelled') this.pending.delete(agent);`,
      `    if (outcome === 'queued') this.pending.set(agent, active);
    if (outcome === 'cancelled') {
      this.pending.delete(agent);
      this.withdrawn.set(agent, this.logged(agent));
    }
    if (outcome === 'queued' || outcome === 'cancelled') this.keep();`,
    ),
    patch(
      SERVICE,
      `    if (target !== logged) return target;
    this.pending.delete(agent);
    return undefined;`,
      `    if (target !== logged) return target;
    if (this.pending.delete(agent)) this.keep();
    return undefined;`,
    ),
    patch(
      COMMAND,
      'const pending = selections.get(agent).pending !== undefined;\n        return ok(resultText(LEAVE_TEXTS',
      'const pending = selections.waiting(agent);\n        return ok(resultText(LEAVE_TEXTS',
    ),
    patch(
      COMMAND,
      'const pending = selections.get(agent).pending !== undefined;\n      const text',
      'const pending = selections.waiting(agent);\n      const text',
    ),
    patch(
      PLUGIN,
      'export function planModePlugin(config: unknown, rules: PlanModeRules = SEED_PLAN_MODE_RULES): Plugin<PlanModeExports> {',
      'export function planModePlugin(\n  config: unknown,\n  rules: PlanModeRules = SEED_PLAN_MODE_RULES,\n  pendingFile?: string,\n): Plugin<PlanModeExports> {',
    ),
    patch(
      PLUGIN,
      'const selections = new PlanModeSelections(ctx);',
      'const selections = new PlanModeSelections(ctx, pendingFile);',
    ),
    patch(
      ADAPTER,
      'const planMode = planModePlugin(entry.config, editionBehaviour(options));',
      'const planMode = planModePlugin(entry.config, editionBehaviour(options), `${options.storeDir}/plan-pending.json`);',
    ),
    patch(
      EXIT,
      "      if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);",
      `      if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);
      if (!/^ {0,3}#{1,6}(\\s|$)/m.test(plan))
        return failed('The plan needs at least one Markdown heading (# Title); nothing was sent for review.');`,
    ),
  ),
];

function host(name: string): Variant {
  const found = BLIND_FAIR_R44_HOSTS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`blind-fair-r44.ts: no host named ${name}`);
  return found;
}

/**
 * What the variant matrix runs of the batch. The two hosts that found a fault in the kit stay alone, so
 * their choice keeps a run of its own; the other ten go in two hosts that make all their choices at once
 * (each group is every host whose patches compose: the review's shape and the header logged after the
 * reply both patch the request step the others patch too). Together they passed as they did alone.
 */
export const BLIND_FAIR_R44: Variant[] = [
  host('fair-r44-prompt-layout'),
  host('fair-r44-remembering-service'),
  together('fair-r44-eight-choices-at-once', [
    host('fair-r44-wording-everywhere'),
    host('fair-r44-tool-catalog'),
    host('fair-r44-answers-later'),
    host('fair-r44-ids-and-bookkeeping'),
    host('fair-r44-notice-at-next-request'),
    host('fair-r44-orders-within-a-request'),
    host('fair-r44-retry-then-reject'),
    host('fair-r44-ui-feeds'),
  ]),
  together('fair-r44-review-and-late-header', [
    host('fair-r44-review-shaped-otherwise'),
    host('fair-r44-header-with-reply'),
  ]),
];
