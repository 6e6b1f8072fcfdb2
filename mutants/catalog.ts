/**
 * The mutant matrix: deliberately broken variants of the reference, each a
 * patch on its sources, each declaring the clauses it breaks. The matrix
 * runner (matrix.ts) proves the suite rejects every one for the right reason.
 */
import { mutant, patch, type Mutant } from './mutant.js';

const SERVICE = 'plan-mode/service.ts';
const NARRATION = 'plan-mode/narration.ts';
const STATE = 'plan-mode/state.ts';
const POLICY = 'plan-mode/policy.ts';
const EXIT = 'plan-mode/exit-tool.ts';
const REVIEW = 'plan-mode/review.ts';
const COMMAND = 'plan-mode/command.ts';
const PROJECTION = 'plan-mode/projection.ts';
const CONFIG = 'plan-mode/config.ts';
const PLUGIN = 'plan-mode/plugin.ts';

export const MUTANTS: Mutant[] = [
  // SCOPE: state leaking between agents.
  mutant('policy-shared-between-agents', ['SCOPE-01'],
    patch(POLICY, 'export const POLICY_SECTION_NAME', 'let anyAgentActive = false;\nexport const POLICY_SECTION_NAME'),
    patch(POLICY, 'policyText(foldPlanMode(ctx.readLog(agent)), section)', 'policyText((anyAgentActive = anyAgentActive || foldPlanMode(ctx.readLog(agent))), section)')),
  mutant('probe-tool-refused-in-plan-mode', ['SCOPE-02'],
    patch('host/tools.ts', "if (!tool) return { text: `Unknown tool '${name}'.`, isError: true };",
      "if (!tool) return { text: `Unknown tool '${name}'.`, isError: true };\n    if (name === 'probe_lookup' && JSON.stringify(context).length >= 0 && (globalThis as { planActive?: boolean }).planActive) return { text: 'refused in plan mode', isError: true };"),
    patch(POLICY, 'policyText(foldPlanMode(ctx.readLog(agent)), section)', 'policyText(((globalThis as { planActive?: boolean }).planActive = foldPlanMode(ctx.readLog(agent))), section)')),

  // STATE: the durable fact and its fold.
  mutant('payload-carries-extra-key', ['STATE-01'],
    patch(SERVICE, 'return event(PLAN_MODE_EVENT, { active });', 'return event(PLAN_MODE_EVENT, { active, by: "user" } as { active: boolean });')),
  mutant('fold-sticks-at-first-activation', ['STATE-02', 'TOOL-05', 'SET-01'],
    patch(STATE, 'if (e.type === PLAN_MODE_EVENT) active = e.payload.active;', 'if (e.type === PLAN_MODE_EVENT && !active) active = e.payload.active;')),
  mutant('fold-starts-active', ['STATE-02', 'POLICY-02', 'MX-01'],
    patch(STATE, 'let active = false;', 'let active = true;')),
  mutant('restart-forgets-logged-state', ['STATE-03', 'LIM-01', 'PROJ-04'],
    patch(STATE, 'for (const e of events) {', 'for (const e of events.filter((candidate, index) => index >= events.length - 0 || !(globalThis as { restarted?: boolean }).restarted)) {'),
    patch('adapter.ts', 'current().host.stop();\n      running = boot(options, planMode, observed, pushes);', 'current().host.stop();\n      running = boot(options, planMode, observed, pushes);\n      (globalThis as { restarted?: boolean }).restarted = true;'),
    patch('adapter.ts', 'running.host.stop();\n      disposed = true;', 'running.host.stop();\n      disposed = true;\n      (globalThis as { restarted?: boolean }).restarted = false;')),
  mutant('fork-starts-empty', ['STATE-04'],
    patch('host/host.ts', 'return this.addAgent({ id: this.nextId(), forkOf: agent }, events);', 'return this.addAgent({ id: this.nextId(), forkOf: agent }, events.filter((e) => e.type !== "plan/mode"));')),
  mutant('compaction-resets-plan-mode', ['STATE-05'],
    patch(STATE, 'if (e.type === PLAN_MODE_EVENT) active = e.payload.active;', 'if (e.type === PLAN_MODE_EVENT) active = e.payload.active;\n    if (e.type === "compaction") active = false;')),
  mutant('observers-miss-plan-mode', ['STATE-06'],
    patch('adapter.ts', 'list.push(toContractEvent(e));', 'if (e.type !== "plan/mode") list.push(toContractEvent(e));')),
  mutant('spawned-child-starts-in-plan-mode', ['STATE-07'],
    patch('host/host.ts', 'return this.addAgent({ id: this.nextId(), parent }, []);', 'return this.addAgent({ id: this.nextId(), parent }, [{ type: "plan/mode", payload: { active: true } } as SessionEvent]);')),

  // SET: committing, queueing, cancelling, boundaries.
  mutant('idle-set-is-queued', ['SET-01'],
    patch(SERVICE, "if (running) return 'queued';", "if (running || !running) return 'queued';")),
  mutant('running-set-commits', ['SET-02', 'SET-06'],
    patch(SERVICE, "if (running) return 'queued';\n", '')),
  mutant('cancel-reported-as-noop', ['SET-03'],
    patch(SERVICE, "if (pending !== undefined) return 'cancelled';", "if (pending !== undefined) return 'noop';")),
  mutant('cancel-keeps-pending', ['SET-03', 'SET-07', 'CMD-05'],
    patch(SERVICE, "if (outcome === 'cancelled') this.pending.delete(agent);", '')),
  mutant('repeat-set-queued-again', ['SET-04'],
    patch(SERVICE, "if (pending !== undefined && target === pending) return 'noop';", "if (pending !== undefined && target === pending) return 'queued';")),
  mutant('same-state-set-commits', ['SET-04', 'SET-01'],
    patch(SERVICE, "if (target === logged) return 'noop';", "if (target === logged && running) return 'noop';")),
  mutant('get-always-reports-pending', ['SET-05'],
    patch(SERVICE, 'if (pending === undefined) return { active };', 'if (pending === undefined) return { active, pending: active };')),
  mutant('get-reports-target-as-active', ['SET-05'],
    patch(SERVICE, 'return { active, pending };', 'return { active: pending, pending };')),
  mutant('pending-applied-one-request-late', ['SET-06'],
    patch(SERVICE, 'export type SetOutcome', 'const lateTargets = new Map<string, boolean | undefined>();\nexport type SetOutcome'),
    patch(SERVICE, 'const target = this.pending.get(agent);\n    if (target === undefined) return;', 'const target = lateTargets.get(agent);\n    lateTargets.set(agent, this.pending.get(agent));\n    if (target === undefined) return;')),
  mutant('pending-ignored-at-continuation', ['SET-06'],
    patch(PLUGIN, 'ctx.onBoundary(({ agent }) => selections.applyPending(agent));', "ctx.onBoundary(({ agent, kind }) => { if (kind !== 'continuation') selections.applyPending(agent); });")),
  mutant('pending-ignored-at-retry', ['SET-06'],
    patch(PLUGIN, 'ctx.onBoundary(({ agent }) => selections.applyPending(agent));', "ctx.onBoundary(({ agent, kind }) => { if (kind !== 'retry') selections.applyPending(agent); });")),
  mutant('netted-selection-still-logged', ['SET-07'],
    patch(SERVICE, "if (outcome === 'cancelled') this.pending.delete(agent);", "if (outcome === 'cancelled') this.pending.set(agent, active);"),
    patch(SERVICE, 'if (target === this.logged(agent)) return;\n    this.commitSelection(agent, target);', 'this.commitSelection(agent, target);')),
  mutant('applied-selection-applied-again', ['SET-08'],
    patch(SERVICE, 'this.pending.delete(agent);\n    if (target === this.logged(agent)) return;', 'if (target === this.logged(agent) && Math.random() > 2) return;'),
    patch(SERVICE, 'if (target !== logged) return target;\n    this.pending.delete(agent);\n    return undefined;', 'if (target !== logged) return target;\n    return undefined;')),

  // NARR: notices.
  mutant('no-notice-ever', ['NARR-01'],
    patch(SERVICE, 'if (needsNotice(this.ctx.readLog(agent), active))', 'if (false && needsNotice(this.ctx.readLog(agent), active))')),
  // Notice wording is free; what a model cannot do without is telling entry and exit apart, and reading the same notice the same way every time.
  mutant('notice-same-both-ways', ['NARR-01'],
    patch(NARRATION, 'return active ? ENTER_NOTICE : EXIT_NOTICE;', 'return active ? ENTER_NOTICE : ENTER_NOTICE;')),
  mutant('notice-text-varies', ['NARR-01'],
    patch(NARRATION, 'export function noticeText(active: boolean): string {', 'let noticesSoFar = 0;\nexport function noticeText(active: boolean): string {\n  noticesSoFar += 1;\n  if (noticesSoFar > 0) return `${active ? ENTER_NOTICE : EXIT_NOTICE} (notice ${noticesSoFar})`;')),
  mutant('notice-sourced-as-user', ['NARR-01'],
    patch(NARRATION, "source: 'plugin'", "source: 'user'")),
  mutant('notice-before-any-request', ['NARR-02'],
    patch(NARRATION, 'if (described === undefined) return false;', 'if (described === undefined) return true;')),
  mutant('notice-when-header-already-agrees', ['NARR-02'],
    patch(NARRATION, 'return described !== committed;', 'return described !== undefined;')),
  mutant('notice-on-cancel', ['NARR-03', 'CMD-05'],
    patch(SERVICE, "if (outcome === 'cancelled') this.pending.delete(agent);", "if (outcome === 'cancelled') {\n      this.pending.delete(agent);\n      this.ctx.append(agent, noticeEvent(active));\n    }")),
  mutant('notice-after-approved-exit', ['NARR-04'],
    patch(SERVICE, 'commitApprovedExit(agent: string): void {\n    this.ctx.append(agent, planModeEvent(false));', 'commitApprovedExit(agent: string): void {\n    this.commitSelection(agent, false);')),
  mutant('notice-put-first-in-history', ['NARR-05', 'MX-03'],
    patch('host/history.ts', "messages.push({ role: 'user', source: e.payload.source, text: e.payload.text });", "if (e.payload.source === 'plugin') messages.unshift({ role: 'user', source: e.payload.source, text: e.payload.text });\n        else messages.push({ role: 'user', source: e.payload.source, text: e.payload.text });")),

  // POLICY: the section at order 50.
  mutant('section-at-order-49', ['POLICY-01', 'POLICY-04'],
    patch(POLICY, 'export const POLICY_SECTION_ORDER = 50;', 'export const POLICY_SECTION_ORDER = 49;')),
  mutant('section-at-order-51', ['POLICY-01'],
    patch(POLICY, 'export const POLICY_SECTION_ORDER = 50;', 'export const POLICY_SECTION_ORDER = 51;')),
  mutant('section-trimmed', ['POLICY-01', 'CFG-03'],
    patch(POLICY, 'return active ? section : undefined;', 'return active ? section.trim() : undefined;')),
  mutant('section-wrapped-in-heading', ['POLICY-01', 'MX-01'],
    patch(POLICY, 'return active ? section : undefined;', 'return active ? `## Plan mode\\n${section}` : undefined;')),
  mutant('text-added-while-inactive', ['POLICY-02', 'MX-01'],
    patch(POLICY, 'return active ? section : undefined;', "return active ? section : 'Plan mode is off.';")),
  mutant('blank-text-while-inactive', ['POLICY-02'],
    patch(POLICY, 'return active ? section : undefined;', "return active ? section : ' ';")),
  mutant('section-varies-per-request', ['POLICY-03'],
    patch(POLICY, 'policyText(foldPlanMode(ctx.readLog(agent)), section)', "policyText(foldPlanMode(ctx.readLog(agent)), ctx.readLog(agent).filter((e) => e.type === 'request/header').length % 2 === 1 ? `${section} ` : section)")),
  mutant('early-section-changes-with-mode', ['POLICY-04'],
    patch(PLUGIN, 'ctx.registerSection(policySection(ctx, section));', "ctx.registerSection(policySection(ctx, section));\n      ctx.registerSection({ name: 'plan:banner', order: 5, render: (agent) => (ctx.readLog(agent).some((e) => e.type === 'plan/mode' && e.payload.active) ? 'PLANNING' : undefined) });")),

  // TOOL: the exit tool and the catalog.
  mutant('exit-tool-hidden-while-inactive', ['TOOL-01', 'TOOL-02'],
    patch('host/tools.ts', 'return this.tools.map(({ name, description, parameters }) => ({', "return this.tools.filter((tool) => tool.name !== 'exit_plan_mode' || (globalThis as { planActive?: boolean }).planActive).map(({ name, description, parameters }) => ({"),
    patch(POLICY, 'policyText(foldPlanMode(ctx.readLog(agent)), section)', 'policyText(((globalThis as { planActive?: boolean }).planActive = foldPlanMode(ctx.readLog(agent))), section)')),
  mutant('plan-argument-renamed', ['TOOL-01'],
    patch(EXIT, "plan: { type: 'string'", "markdown: { type: 'string'"),
    patch(EXIT, "required: ['plan'],", "required: ['markdown'],")),
  mutant('exit-tool-description-follows-mode', ['TOOL-02'],
    patch('host/tools.ts', 'description,\n      parameters,', "description: name === 'exit_plan_mode' && (globalThis as { planActive?: boolean }).planActive ? `${description} (available now)` : description,\n      parameters,"),
    patch(POLICY, 'policyText(foldPlanMode(ctx.readLog(agent)), section)', 'policyText(((globalThis as { planActive?: boolean }).planActive = foldPlanMode(ctx.readLog(agent))), section)')),
  mutant('exit-outside-plan-mode-opens-review', ['TOOL-03'],
    patch(EXIT, 'if (!selections.logged(agent)) return failed(NOT_IN_PLAN_MODE);', '')),
  mutant('exit-outside-plan-mode-succeeds', ['TOOL-03'],
    patch(EXIT, 'if (!selections.logged(agent)) return failed(NOT_IN_PLAN_MODE);', 'if (!selections.logged(agent)) return { text: NOT_IN_PLAN_MODE };')),
  mutant('review-carries-trimmed-plan', ['TOOL-04'],
    patch(REVIEW, 'detail: plan,', 'detail: plan.trim().split("\\n")[0],')),
  mutant('approval-does-not-leave', ['TOOL-05', 'TOOL-04'],
    patch(EXIT, 'if (selections.logged(agent)) selections.commitApprovedExit(agent);', '')),
  mutant('approval-reported-as-failure', ['TOOL-05'],
    patch(EXIT, 'return { text: APPROVED_TEXT, value: { approved: true } };', 'return { text: APPROVED_TEXT, value: { approved: true }, isError: true };')),
  mutant('plan-call-dropped-from-history', ['TOOL-06', 'MX-03'],
    patch('host/history.ts', "case 'tool/result':\n        messages.push({", "case 'tool/result':\n        if (e.payload.toolName !== 'exit_plan_mode') messages.push({")),

  // REVIEW: the exchange with the user.
  mutant('review-without-intent', ['REVIEW-01'],
    patch(REVIEW, 'intent: REVIEW_INTENT,', '')),
  mutant('review-without-keep-planning', ['REVIEW-01'],
    patch(REVIEW, "{ label: KEEP_PLANNING_LABEL, description: 'Stay in plan mode and keep refining the plan.' },", '')),
  mutant('approve-label-renamed', ['REVIEW-01', 'REVIEW-02', 'LIM-02'],
    patch(REVIEW, "export const APPROVE_LABEL = 'Approve';", "export const APPROVE_LABEL = 'Yes';")),
  mutant('approval-needs-rendered-intent', ['REVIEW-02', 'LIM-02'],
    patch(REVIEW, 'if (answer.selected[0] !== APPROVE_LABEL) return false;', "if (answer.selected[0] !== APPROVE_LABEL) return false;\n  if (!(answer as { viaIntent?: boolean }).viaIntent) return false;")),
  mutant('approve-plus-text-is-consent', ['REVIEW-03'],
    patch(REVIEW, 'return !hasFreeText(answer);', 'return true;')),
  mutant('two-selections-are-consent', ['REVIEW-03'],
    patch(REVIEW, 'if (answer.selected.length !== 1) return false;', 'if (answer.selected.length < 1) return false;')),
  mutant('keep-planning-is-consent', ['REVIEW-03', 'REVIEW-04'],
    patch(REVIEW, 'if (answer.selected[0] !== APPROVE_LABEL) return false;', '')),
  mutant('missing-answer-is-consent', ['REVIEW-03'],
    patch(REVIEW, 'if (answer === undefined) return false;', 'if (answer === undefined) return true;')),
  mutant('feedback-dropped', ['REVIEW-04'],
    patch(EXIT, 'return failed(`${REJECTED_TEXT} User feedback: ${feedback}`);', 'return failed(REJECTED_TEXT);')),
  mutant('rejection-reported-as-success', ['REVIEW-04'],
    patch(EXIT, 'if (feedback === undefined) return failed(REJECTED_TEXT);', 'if (feedback === undefined) return { text: REJECTED_TEXT };')),
  // The dismissal reads exactly like the seam's own abort error, so the model cannot tell the user is taking over.
  mutant('dismissal-reported-as-seam-abort', ['REVIEW-05'],
    patch(EXIT, "if (outcome.kind === 'dismissed') return failed(DISMISSED_TEXT);", "if (outcome.kind === 'dismissed') return reviewFailed('user-question seam: the question was aborted before it was answered');")),
  mutant('dismissal-reported-as-rejection', ['REVIEW-05'],
    patch(EXIT, "if (outcome.kind === 'dismissed') return failed(DISMISSED_TEXT);", "if (outcome.kind === 'dismissed') return rejected(undefined);")),
  mutant('seam-message-replaced', ['REVIEW-06'],
    patch(EXIT, 'return reviewFailed(errorMessage(error));', "return reviewFailed('the review could not be completed');")),
  mutant('seam-failure-leaves-plan-mode', ['REVIEW-06'],
    patch(EXIT, 'return reviewFailed(errorMessage(error));', 'selections.commitApprovedExit(agent);\n        return reviewFailed(errorMessage(error));')),

  // CMD: the /plan command.
  mutant('command-not-registered', ['CMD-01'],
    patch(PLUGIN, 'ctx.commands?.register(planCommand(ctx, selections));', '')),
  mutant('bare-plan-does-not-select', ['CMD-02'],
    patch(COMMAND, 'if (message.length === 0) return ok(text);', "if (message.length === 0) return ok(selections.set(agent, false) && text);")),
  mutant('bare-plan-sends-a-message', ['CMD-02', 'MX-02'],
    patch(COMMAND, 'if (message.length === 0) return ok(text);', "if (message.length === 0) {\n        await ctx.steer(agent, 'plan');\n        return ok(text);\n      }")),
  mutant('message-not-trimmed', ['CMD-03'],
    patch(COMMAND, 'await ctx.steer(agent, message);', 'await ctx.steer(agent, rawArgs);')),
  mutant('message-sent-before-selecting', ['CMD-03', 'PROJ-05'],
    patch(COMMAND, 'const outcome = selections.set(agent, true);', 'if (message.length > 0) await ctx.steer(agent, message);\n      const outcome = selections.set(agent, true);'),
    patch(COMMAND, 'await ctx.steer(agent, message);\n      return ok', 'return ok')),
  mutant('off-is-case-insensitive', ['CMD-04'],
    patch(COMMAND, 'return args.trim() === OFF_ARGUMENT;', 'return args.trim().toLowerCase() === OFF_ARGUMENT;')),
  mutant('off-prefix-means-off', ['CMD-04'],
    patch(COMMAND, 'return args.trim() === OFF_ARGUMENT;', 'return args.trim().startsWith(OFF_ARGUMENT);')),
  mutant('off-does-not-cancel-entry', ['CMD-05'],
    patch(COMMAND, 'const outcome = selections.set(agent, false);', "const outcome = selections.get(agent).pending !== undefined ? 'noop' : selections.set(agent, false);")),
  mutant('command-line-steered-to-model', ['CMD-06', 'MX-02'],
    patch(COMMAND, 'const outcome = selections.set(agent, false);', "const outcome = selections.set(agent, false);\n        await ctx.steer(agent, '/plan off');")),
  mutant('command-result-not-ok', ['CMD-07'],
    patch(COMMAND, 'return { ok: true, text };', 'return { ok: false, text };')),
  // Recommended (CMD-08): results reporting different outcomes differ.
  mutant('command-results-indistinct', ['CMD-08'],
    patch(COMMAND, "queued: 'Plan mode is queued for the next step.',", "queued: 'Entered plan mode.',")),

  // PROJ: the plan projection.
  mutant('projection-not-registered', ['PROJ-01'],
    patch(PLUGIN, 'ctx.sessionProjections?.register(planProjection);', '')),
  mutant('projection-returns-new-object', ['PROJ-02'],
    patch(PROJECTION, '    return { active: e.payload.active, target: undefined };\n  }\n  return state;', '    return { active: e.payload.active, target: undefined };\n  }\n  return { ...state };')),
  mutant('projection-ignores-commands', ['PROJ-02', 'PROJ-03', 'PROJ-05'],
    patch(PROJECTION, "if (e.type === 'command/run' && e.payload.name === PLAN_COMMAND_NAME) {", "if (e.type === 'command/run' && e.payload.name === 'plan-mode') {")),
  mutant('projection-off-untrimmed', ['PROJ-02'],
    patch(PROJECTION, 'return !isOffArgument(args);', "return args !== 'off';")),
  mutant('projection-keeps-target-after-commit', ['PROJ-02', 'PROJ-03'],
    patch(PROJECTION, 'return { active: e.payload.active, target: undefined };', 'return { active: e.payload.active, target: state.target };')),
  mutant('projection-pending-whenever-targeted', ['PROJ-03'],
    patch(PROJECTION, 'const pending = state.target !== undefined && state.target !== state.active;', 'const pending = state.target !== undefined;')),
  mutant('projection-remembers-across-restart', ['PROJ-04'],
    patch(PROJECTION, 'export function viewPlanProjection(state: PlanProjectionState): PlanProjectionView {', 'const seenViews = new Map<PlanProjectionState, PlanProjectionView>();\nlet lastView: PlanProjectionView | undefined;\nexport function viewPlanProjection(state: PlanProjectionState): PlanProjectionView {\n  if (lastView && state === INITIAL_PLAN_PROJECTION) return lastView;\n  void seenViews;'),
    patch(PROJECTION, 'return { active: state.active, pending };', 'return (lastView = { active: state.active, pending });')),

  // CFG: configuration.
  mutant('unknown-keys-accepted', ['CFG-02'],
    patch(CONFIG, ".object({ section: SectionSchema }, { error: `${PREFIX}: expected a mapping with a 'section' key` })\n  .strict();", ".object({ section: SectionSchema }, { error: `${PREFIX}: expected a mapping with a 'section' key` });")),
  // Recommended (CFG-04): the load error names the unknown key.
  mutant('unknown-key-not-named', ['CFG-04'],
    patch(CONFIG, 'if (keys.length === 1) return `${PREFIX}: unknown key ${quoteKeys(keys)}`;', 'if (keys.length === 1) return `${PREFIX}: invalid configuration`;')),
  mutant('blank-section-accepted', ['CFG-01'],
    patch(CONFIG, '.refine((text) => text.length === 0 || !isBlank(text),', '.refine((text) => text.length >= 0 || !isBlank(text),')),
  mutant('empty-section-accepted', ['CFG-01'],
    patch(CONFIG, ".min(1, { error: `${PREFIX}: 'section' must not be empty` })\n  .refine((text) => text.length === 0 || !isBlank(text),", ".min(0, { error: `${PREFIX}: 'section' must not be empty` })\n  .refine((text) => text.length === 0 || !isBlank(text),")),
  mutant('non-string-section-coerced', ['CFG-01'],
    patch(CONFIG, 'const SectionSchema = z\n  .string(', 'const SectionSchema = z.coerce\n  .string(')),

  // LIM: what may be lost, and what may not appear.
  mutant('phantom-plan-mode-at-boundaries', ['LIM-01', 'SET-08'],
    patch(SERVICE, 'const target = this.pending.get(agent);\n    if (target === undefined) return;', 'const target = this.pending.get(agent);\n    if (target === undefined) {\n      if (this.logged(agent)) this.ctx.append(agent, planModeEvent(true));\n      return;\n    }')),
];


// ---------------------------------------------------------------------------
// Issue 9, "no false passes": one break per class of miss, each passing the
// suite before the scenarios of that class existed (contract helper's block;
// keep it last so the catalog merges cleanly).
const HOST = 'host/host.ts';
const QUESTIONS = 'host/questions.ts';

MUTANTS.push(
  // More than one agent at a time.
  mutant('steer-goes-to-the-running-agent', ['SCOPE-01', 'CMD-03'],
    patch(HOST, 'steer(agent: string, text: string): Promise<void> {\n    return this.agent(agent).steer(text);', 'steer(agent: string, text: string): Promise<void> {\n    const running = [...this.agents.values()].find((candidate) => candidate.running);\n    return (running ?? this.agent(agent)).steer(text);')),
  mutant('one-pending-slot-for-all-agents', ['SCOPE-01', 'SET-06'],
    patch(SERVICE, "if (outcome === 'queued') this.pending.set(agent, active);", "if (outcome === 'queued') {\n      this.pending.clear();\n      this.pending.set(agent, active);\n    }")),
  mutant('fork-copies-log-up-to-last-turn-end', ['STATE-04'],
    patch(HOST, 'return this.addAgent({ id: this.nextId(), forkOf: agent }, events);', "return this.addAgent({ id: this.nextId(), forkOf: agent }, events.slice(0, events.map((e) => e.type).lastIndexOf('turn/end') + 1));")),

  // Sequences, not single switches.
  mutant('notice-text-not-repeated', ['NARR-01'],
    patch(NARRATION, 'if (described === undefined) return false;', "if (described === undefined) return false;\n  if (events.some((e) => e.type === 'user/message' && e.payload.source === 'plugin' && e.payload.text === noticeText(committed))) return false;")),
  mutant('set-compares-with-state-at-turn-start', ['SET-04'],
    patch(SERVICE, 'const logged = this.logged(agent);\n    const pending = this.settledPending(agent, logged);', "const log = this.ctx.readLog(agent);\n    const turnStart = log.map((e) => e.type).lastIndexOf('turn/start');\n    const logged = this.ctx.isRunning(agent) && turnStart >= 0 ? foldPlanMode(log.slice(0, turnStart)) : this.logged(agent);\n    const pending = this.settledPending(agent, logged);")),
  mutant('notice-forgets-requests-before-compaction', ['NARR-01'],
    patch(STATE, 'const index = lastRequestIndex(events);\n  if (index < 0) return undefined;', "const index = lastRequestIndex(events);\n  if (index < 0 || index < events.map((e) => e.type).lastIndexOf('compaction')) return undefined;")),
  mutant('approval-remembered-per-agent', ['TOOL-04'],
    patch(EXIT, 'export function exitPlanModeTool(ctx: Context, selections: PlanModeSelections): ToolDefinition {', 'export function exitPlanModeTool(ctx: Context, selections: PlanModeSelections): ToolDefinition {\n  const approvedBefore = new Set<string>();'),
    patch(EXIT, "if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);", "if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);\n      if (approvedBefore.has(agent)) {\n        selections.commitApprovedExit(agent);\n        return approved();\n      }"),
    patch(EXIT, 'if (selections.logged(agent)) selections.commitApprovedExit(agent);', 'approvedBefore.add(agent);\n      if (selections.logged(agent)) selections.commitApprovedExit(agent);')),

  // Edge inputs of every input the spec defines.
  mutant('null-section-gets-a-default', ['CFG-01'],
    patch(CONFIG, 'const result = PlanModeConfigSchema.safeParse(config);', "const result = PlanModeConfigSchema.safeParse(config !== null && typeof config === 'object' && (config as { section?: unknown }).section === null ? { ...config, section: 'Plan before you act.' } : config);")),
  mutant('section-line-ends-trimmed', ['CFG-03'],
    patch(CONFIG, 'return { section: result.data.section };', "return { section: result.data.section.split('\\n').map((line) => line.trimEnd()).join('\\n') };")),
  mutant('plan-argument-trimmed-of-spaces-only', ['CMD-03', 'CMD-04'],
    patch(COMMAND, 'const message = rawArgs.trim();', "const message = rawArgs.replace(/^ +| +$/g, '');")),
  mutant('one-word-starting-with-off-leaves', ['CMD-04'],
    patch(COMMAND, 'if (isOffArgument(message)) {', 'if (isOffArgument(message) || /^off\\S*$/.test(message)) {')),
  mutant('approve-label-compared-case-insensitively', ['REVIEW-03'],
    patch(REVIEW, 'if (answer.selected[0] !== APPROVE_LABEL) return false;', 'if (answer.selected[0]?.toLowerCase() !== APPROVE_LABEL.toLowerCase()) return false;')),
  mutant('approve-label-trimmed', ['REVIEW-03'],
    patch(REVIEW, 'if (answer.selected[0] !== APPROVE_LABEL) return false;', 'if (answer.selected[0]?.trim() !== APPROVE_LABEL) return false;')),
  mutant('repeated-approve-counted-once', ['REVIEW-03'],
    patch(REVIEW, 'if (answer.selected.length !== 1) return false;', 'if (new Set(answer.selected).size !== 1) return false;')),
  mutant('first-answer-item-read', ['REVIEW-03'],
    patch(QUESTIONS, 'const items = reply.answers.filter((item) => item.questionId === questionId);', 'const items = reply.answers.filter((item) => item.questionId === questionId).slice(0, 1);')),

  // What the contract could not see before.
  mutant('approved-value-dropped', ['TOOL-05'],
    patch(EXIT, 'return { text: APPROVED_TEXT, value: { approved: true } };', 'return { text: APPROVED_TEXT };')),
  mutant('changing-tools-refused-in-plan-mode', ['SCOPE-02'],
    patch('adapter.ts', 'execute: async (args) => ({ text: await tool.execute(args) }),', "execute: async (args) => ((globalThis as { planActive?: boolean }).planActive && (tool.effect ?? 'read') !== 'read' ? { text: 'Refused: plan mode only allows reading.', isError: true } : { text: await tool.execute(args) }),"),
    patch(POLICY, 'policyText(foldPlanMode(ctx.readLog(agent)), section)', 'policyText(((globalThis as { planActive?: boolean }).planActive = foldPlanMode(ctx.readLog(agent))), section)')),
  mutant('writing-tools-dry-run-in-plan-mode', ['SCOPE-02'],
    patch('adapter.ts', 'execute: async (args) => ({ text: await tool.execute(args) }),', "execute: async (args) => ((globalThis as { planActive?: boolean }).planActive && tool.effect === 'write' ? { text: 'Dry run in plan mode: nothing was written.' } : { text: await tool.execute(args) }),"),
    patch(POLICY, 'policyText(foldPlanMode(ctx.readLog(agent)), section)', 'policyText(((globalThis as { planActive?: boolean }).planActive = foldPlanMode(ctx.readLog(agent))), section)')),
  mutant('projection-folds-every-command', ['PROJ-02'],
    patch(PROJECTION, "if (e.type === 'command/run' && e.payload.name === PLAN_COMMAND_NAME) {", "if (e.type === 'command/run') {")),
  mutant('plan-off-commits-without-notice', ['NARR-01', 'CMD-04'],
    patch(COMMAND, 'if (isOffArgument(message)) {\n        const outcome = selections.set(agent, false);', "if (isOffArgument(message)) {\n        if (selections.logged(agent) && selections.get(agent).pending === undefined && !(ctx as unknown as { isRunning(agent: string): boolean }).isRunning(agent)) {\n          selections.commitApprovedExit(agent);\n          return ok(LEAVE_TEXTS.committed);\n        }\n        const outcome = selections.set(agent, false);")),

  // Steps that checked less than their titles.
  mutant('provider-error-first-line-only', ['REVIEW-06'],
    patch(QUESTIONS, 'throw new QuestionProviderError(`user-question provider failed: ${errorMessage(error)}`, { cause: error });', "throw new QuestionProviderError(`user-question provider failed: ${errorMessage(error).split('\\n')[0]}`, { cause: error });")),
);
