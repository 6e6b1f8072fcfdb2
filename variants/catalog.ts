/**
 * The variant matrix: the reference making, one at a time, the other choices
 * the seed leaves open (docs/clauses.md, "Left open by the seed"). Each is a
 * correct host; the matrix runner (matrix.ts) proves every one passes every
 * required scenario. The mirror of mutants/catalog.ts, whose entries are
 * broken hosts the suite must reject.
 */
import { onlyIn, patch } from '../mutants/mutant.js';
import {
  ADAPTER,
  AGENT,
  COMMAND,
  CONFIG,
  EXIT,
  HEADER_THEN_CALL,
  NARRATION,
  REVIEW,
  SERVICE,
} from '../mutants/reference-sources.js';
import { together, variant, type Variant } from './variant.js';
import { askBeforeChanges, PROBE_TOOL_EXECUTE } from '../mutants/approval-policy.js';
import { BLIND_FAIR_R44, BLIND_FAIR_R44_HOSTS } from './blind-fair-r44.js';
import { BLIND_FAIR_R45, BLIND_FAIR_R45_HOSTS } from './blind-fair-r45.js';
import { BLIND_FAIR_R46, BLIND_FAIR_R46_HOSTS } from './blind-fair-r46.js';
import { BLIND_FAIR_R47, BLIND_FAIR_R47_HOSTS } from './blind-fair-r47.js';
import { BLIND_FAIR_R48, BLIND_FAIR_R48_HOSTS } from './blind-fair-r48.js';
import { HOST_CONTEXT, HOST_CONTEXT_HOSTS } from './host-context.js';

/** Each choice alone, as written; the matrix runs them as VARIANTS groups them (each still runs alone when named). */
const CHOICES: Variant[] = [
  // Wording: notices that never say "plan" or "default" the way the seed's words do.
  variant(
    'notices-in-other-words',
    ['wording'],
    patch(
      NARRATION,
      "export const ENTER_NOTICE = 'The user switched to plan mode.';",
      "export const ENTER_NOTICE = 'Design first: investigate and propose, and change nothing yet.';",
    ),
    patch(
      NARRATION,
      "export const EXIT_NOTICE = 'The user left plan mode; you are back in the default mode.';",
      "export const EXIT_NOTICE = 'Planning is over; go ahead with the work as usual.';",
    ),
  ),
  variant(
    'exit-results-in-other-words',
    ['wording'],
    patch(
      EXIT,
      "export const APPROVED_TEXT = 'The user approved the plan. Plan mode is off; carry out the plan now.';",
      "export const APPROVED_TEXT = 'Accepted.';",
    ),
    patch(
      EXIT,
      "export const REJECTED_TEXT = 'The user did not approve the plan. You are still in plan mode; revise the plan.';",
      "export const REJECTED_TEXT = 'Not accepted.';",
    ),
    patch(
      EXIT,
      '  "The user dismissed the plan review to talk to you instead. Stay in plan mode, stop here, and wait for the user\'s message.";',
      "  'The user closed the review and will write to you next; hold off until that message arrives.';",
    ),
    patch(
      EXIT,
      "export const NOT_IN_PLAN_MODE = 'exit_plan_mode only works in plan mode, and plan mode is not active.';",
      "export const NOT_IN_PLAN_MODE = 'Nothing to leave.';",
    ),
    patch(
      EXIT,
      'return failed(`The plan review failed, so you are still in plan mode: ${message}`);',
      'return failed(`Review unavailable (${message}).`);',
    ),
  ),
  variant(
    'command-results-all-alike',
    ['wording'],
    patch(COMMAND, 'return { ok: true, text };', "return { ok: true, text: text.length >= 0 ? 'OK' : text };"),
  ),
  // Results as short as a word, which the model's own replies ("Done.") may contain.
  variant(
    'command-results-short-words',
    ['wording'],
    patch(COMMAND, 'return { ok: true, text };', "return { ok: true, text: text.length >= 0 ? 'on' : text };"),
  ),
  variant(
    'error-messages-in-other-words',
    ['wording'],
    patch(
      CONFIG,
      'function firstProblem(issues: readonly z.core.$ZodIssue[]): string {',
      "function firstProblem(issues: readonly z.core.$ZodIssue[]): string {\n  if (issues.length > 0) return 'These settings cannot be used.';",
    ),
    patch('host/questions.ts', "'user-question seam: the question was aborted before it was answered'", "'cancelled'"),
    patch(
      'host/questions.ts',
      "'user-question seam: no question provider is composed, so nobody can answer'",
      "'no one to ask'",
    ),
  ),

  // rc.8's own texts in other words: /plan off refused for its images (as short as a word), an owned child refused the review.
  variant(
    'rc8-refusals-in-other-words',
    ['wording'],
    patch(
      COMMAND,
      "export const OFF_WITH_IMAGES =\n  '/plan off takes no images: nothing changed. Send the images with /plan <message> or a prompt.';",
      "export const OFF_WITH_IMAGES = 'off';",
    ),
    patch(
      EXIT,
      `export const OWNED_CHILD_TEXT =
  'A delegated agent cannot open the plan review; you are still in plan mode. ' +
  'Include the plan and the decision it needs in your final result, for the agent that delegated to you.';`,
      "export const OWNED_CHILD_TEXT = 'Report back instead.';",
    ),
  ),

  // exit_plan_mode refuses a plan without a Markdown heading, without a review.
  variant(
    'heading-less-plan-refused',
    ['malformed-plan'],
    patch(
      EXIT,
      "if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);",
      "if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);\n      if (!plan.trimStart().startsWith('# ')) return failed('A plan must start with a Markdown heading.');",
    ),
  ),
  // Approve with an empty free-text answer is not consent here (the reference takes it as consent).
  variant(
    'approve-with-empty-text-not-consent',
    ['approve-empty-text'],
    patch(
      REVIEW,
      'return answer.freeText !== undefined && answer.freeText.length > 0;',
      'return answer.freeText !== undefined;',
    ),
  ),

  // The request header is logged together with the model's reply.
  variant(
    'header-logged-with-reply',
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
  // The header records the tool names and the message count, not the system prompt.
  variant(
    'header-without-system-prompt',
    ['header-content'],
    patch(
      AGENT,
      "event('request/header', { systemPrompt: request.systemPrompt, tools: request.tools.map((t) => t.name) }),",
      "event('request/header', { tools: request.tools.map((t) => t.name), messages: request.messages.length } as never),",
    ),
    patch(
      'host/event-schema.ts',
      'payload: z.object({ systemPrompt: z.string(), tools: z.array(z.string()) }),',
      'payload: z.object({ systemPrompt: z.string().optional(), tools: z.array(z.string()) }),',
    ),
    patch(
      ADAPTER,
      "return { type: 'request/header', systemPrompt: e.payload.systemPrompt };",
      "return e.payload.systemPrompt === undefined ? { type: 'request/header' } : { type: 'request/header', systemPrompt: e.payload.systemPrompt };",
    ),
  ),

  // No turn/start or turn/end records at all.
  variant(
    'no-turn-records',
    ['bookkeeping'],
    patch(AGENT, "this.deps.log.append(event('turn/start', {}));", ''),
    patch(AGENT, "this.deps.log.append(event('turn/end', {}));", 'void 0;'),
  ),

  // Sections joined by a rule instead of a blank line.
  variant(
    'sections-joined-by-a-rule',
    ['separator'],
    patch(
      'host/prompt.ts',
      "export const SECTION_SEPARATOR = '\\n\\n';",
      "export const SECTION_SEPARATOR = '\\n\\n---\\n\\n';",
    ),
  ),

  // A UI attaches to each agent (again after a restart) and the registry pushes it a snapshot.
  variant(
    'snapshot-pushed-on-subscribe',
    ['subscribe-snapshot'],
    patch(
      ADAPTER,
      `    async createAgent() {
      return current().host.createAgent();
    },`,
      `    async createAgent() {
      const id = current().host.createAgent();
      if (options.compose.projections) pushes.set(id, [...(pushes.get(id) ?? []), current().host.readProjection(id, PLAN_PROJECTION_NAME) as PlanProjectionView]);
      return id;
    },`,
    ),
    patch(
      ADAPTER,
      `      current().host.stop();
      running = boot(options, planMode, observed, pushes);
    },`,
      `      current().host.stop();
      running = boot(options, planMode, observed, pushes);
      for (const [id, views] of pushes) pushes.set(id, [...views, running.host.readProjection(id, PLAN_PROJECTION_NAME) as PlanProjectionView]);
    },`,
    ),
  ),

  // One retry, then the prompt is rejected (the reference tries three times and ends the turn).
  variant(
    'one-retry-then-reject',
    ['retries'],
    patch(
      'host/host.ts',
      'export const DEFAULT_LOOP_OPTIONS: AgentLoopOptions = { maxAttempts: 3,',
      'export const DEFAULT_LOOP_OPTIONS: AgentLoopOptions = { maxAttempts: 2,',
    ),
    patch(
      AGENT,
      'if (!response.retryable || attempt >= this.deps.options.maxAttempts) return;',
      'if (!response.retryable || attempt >= this.deps.options.maxAttempts) throw new Error(`the model request failed: ${response.message}`);',
    ),
  ),

  // No retry at all: the first failed request ends the turn, retryable or not (so `retry` is declared missing).
  variant(
    'gives-up-on-first-failure',
    ['retries'],
    patch(
      'host/host.ts',
      'export const DEFAULT_LOOP_OPTIONS: AgentLoopOptions = { maxAttempts: 3,',
      'export const DEFAULT_LOOP_OPTIONS: AgentLoopOptions = { maxAttempts: 1,',
    ),
    patch(
      ADAPTER,
      '    retry: true,',
      "    retry: { missing: 'this host gives up on the first failed request: it never retries' },",
    ),
  ),

  // The exit tool comes after the host's other tools in the catalog.
  variant(
    'exit-tool-last-in-catalog',
    ['tool-position'],
    patch(
      ADAPTER,
      `  const exports = host.install(planMode);
  host.install(probePlugin(options.probes));`,
      `  host.install(probePlugin(options.probes));
  const exports = host.install(planMode);`,
    ),
  ),

  // The review carries the plan in its question text and has no detail.
  variant(
    'plan-in-question-text',
    ['plan-placement'],
    patch(
      REVIEW,
      `    question: 'Approve this plan and leave plan mode?',
    detail: plan,`,
      '    question: `Approve this plan and leave plan mode?\\n\\n${plan}`,',
    ),
  ),

  // Observers hear of plan/mode events only.
  variant(
    'observers-told-plan-mode-only',
    ['observed-events'],
    patch(ADAPTER, 'list.push(toContractEvent(e));', "if (e.type === 'plan/mode') list.push(toContractEvent(e));"),
  ),

  // Steered messages are logged before the boundary hooks apply the pending selection (and add its notice).
  variant(
    'steered-message-before-notice',
    ['steer-notice-order'],
    patch(
      AGENT,
      `    for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind });
    for (const input of this.steered.splice(0)) {
      this.deps.log.append(event('user/message', userMessagePayload(input)));
    }`,
      `    for (const input of this.steered.splice(0)) {
      this.deps.log.append(event('user/message', userMessagePayload(input)));
    }
    for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind });`,
    ),
  ),

  // The prompt is logged at its first boundary, after the pending selection was applied.
  variant(
    'prompt-logged-after-pending-applied',
    ['prompt-order'],
    patch(
      AGENT,
      `this.deps.log.append(event('user/message', userMessagePayload(userInput(text, images))));
      await this.runSteps();`,
      `this.steered.unshift(userInput(text, images));
      await this.runSteps();`,
    ),
  ),

  // The host's own approval policy asks the user before every write and command, in both modes.
  variant(
    'approval-asked-before-changes',
    ['approval-policy'],
    patch(ADAPTER, PROBE_TOOL_EXECUTE, askBeforeChanges('true')),
  ),

  // The host's approval policy asks before every tool call, exit_plan_mode included, in both
  // modes: a question that is no plan review, around calls that must open none (TOOL-01/03, REVIEW-07).
  variant(
    'approval-asked-before-every-tool',
    ['approval-policy'],
    patch(
      'host/tools.ts',
      'private readonly tools: ToolDefinition[] = [];',
      'private readonly tools: ToolDefinition[] = [];\n  askFirst: ((agent: string, name: string) => Promise<boolean>) | undefined;',
    ),
    patch(
      'host/tools.ts',
      "if (!tool) return { text: `Unknown tool '${name}'.`, isError: true };",
      "if (!tool) return { text: `Unknown tool '${name}'.`, isError: true };\n    if (this.askFirst && !(await this.askFirst(context.agent, name).catch(() => false))) return { text: 'The user denied this tool call.', isError: true };",
    ),
    patch(
      'host/host.ts',
      'this.questions = questions ? new UserQuestionSeam(questions.provider) : undefined;',
      "this.questions = questions ? new UserQuestionSeam(questions.provider) : undefined;\n    const seam = this.questions;\n    this.tools.askFirst = seam && (async (agent, name) => { const outcome = await seam.ask(agent, { header: 'Approval', question: `Let ${name} run?`, options: [{ label: 'Allow' }, { label: 'Deny' }] }); return outcome.kind === 'answered' && outcome.answer?.selected[0] === 'Allow'; });",
    ),
  ),

  // After a withdrawal, get reports a pending equal to active until the next boundary.
  variant(
    'withdrawn-pending-reported-until-boundary',
    ['withdrawn-pending'],
    patch(
      SERVICE,
      'private readonly pending = new Map<string, boolean>();',
      'private readonly pending = new Map<string, boolean>();\n  private readonly withdrawn = new Set<string>();',
    ),
    patch(
      SERVICE,
      'if (pending === undefined) return { active };',
      'if (pending === undefined) return this.withdrawn.has(agent) ? { active, pending: active } : { active };',
    ),
    patch(
      SERVICE,
      `applyPending(agent: string): void {
    const target = this.pending.get(agent);`,
      `applyPending(agent: string): void {
    this.withdrawn.delete(agent);
    const target = this.pending.get(agent);`,
    ),
    patch(
      SERVICE,
      "if (outcome === 'cancelled') this.pending.delete(agent);",
      "if (outcome === 'cancelled') {\n      this.pending.delete(agent);\n      this.withdrawn.add(agent);\n    }\n    if (outcome === 'committed' || outcome === 'queued') this.withdrawn.delete(agent);",
    ),
  ),

  // A message steered while the agent runs does not keep the turn going: a reply that ends the turn ends it, and the
  // message waits for the agent's next step, the first of its next turn, logged there ahead of that turn's prompt.
  variant(
    'steered-message-waits-for-next-turn',
    ['steer-timing'],
    patch(
      AGENT,
      `      if (this.steered.length === 0) return;
      kind = 'continuation';`,
      '      return;',
    ),
  ),

  // rc.8: the projection pushes for every record of a /plan line, a command/done that settles nothing included.
  onlyIn(
    ['rc.8'],
    variant(
      'projection-pushes-every-plan-record',
      ['command-record-push'],
      patch(
        'plan-mode/projection.ts',
        'if (state.unsettled === undefined) return state;',
        'if (state.unsettled === undefined) return { ...state };',
      ),
    ),
  ),

  // 0.0.1-rc.1 and rc.8: a fresh fork of an owned child stays owned by its origin's live owner, so it is refused the
  // review as its origin is (the reference's forks are owned by nobody). After a restart ownership is gone, as before.
  onlyIn(
    ['0.0.1-rc.1', 'rc.8'],
    variant(
      'fork-of-owned-child-owned',
      ['fork-ownership'],
      patch(
        'host/host.ts',
        'return this.addAgent({ id: this.nextId(), forkOf: agent }, events);',
        'const fork = this.addAgent({ id: this.nextId(), forkOf: agent }, events);\n    const owner = this.owners.get(agent);\n    if (owner !== undefined) this.owners.set(fork, owner);\n    return fork;',
      ),
    ),
  ),

  // 0.0.1-rc.1 (as the seed): a host whose projection folds two kinds need not log a command line's outcome at all.
  onlyIn(
    ['0.0.1-rc.1'],
    variant(
      'no-command-done-record',
      ['command-done-record'],
      patch(
        'editions.ts',
        'logsCommandDone: true,\n    projectionSettlesOnDone: false,',
        'logsCommandDone: false,\n    projectionSettlesOnDone: false,',
      ),
    ),
  ),
];

function choice(name: string): Variant {
  const found = CHOICES.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`variants/catalog.ts: no variant named ${name}`);
  return found;
}

/**
 * What the variant matrix runs: the choices above grouped into hosts that make several at once (`together`,
 * variant.ts), as a correct host does, and each group one build and one run per edition instead of one per
 * choice (each run is a full required suite and a 200-session exploration, about 3.7 s of CPU). A group holds
 * choices whose patches compose and whose effects lie apart, so one choice does not hide another from the
 * checks that would judge it: the texts and the late header; the log's and observers' records; the review, the
 * retries and the withdrawn pending. Kept apart: the prompt logged after the pending selection from a steered
 * message logged before the notice (the former puts the prompt among the steered messages, which the latter
 * reorders), a host declaring `retry` missing (its scenarios skipped) from every choice but one, and a steered
 * message waiting for the next turn (it moves when every steered message is logged) from all of them.
 */
export const VARIANTS: Variant[] = [
  together('texts-and-late-header', [
    choice('notices-in-other-words'),
    choice('exit-results-in-other-words'),
    choice('command-results-all-alike'),
    choice('error-messages-in-other-words'),
    choice('rc8-refusals-in-other-words'),
    choice('sections-joined-by-a-rule'),
    choice('header-logged-with-reply'),
    choice('approval-asked-before-changes'),
  ]),
  together('records-otherwise', [
    choice('header-without-system-prompt'),
    choice('no-turn-records'),
    choice('observers-told-plan-mode-only'),
    choice('snapshot-pushed-on-subscribe'),
    choice('exit-tool-last-in-catalog'),
    choice('heading-less-plan-refused'),
  ]),
  together('review-retries-and-pending', [
    choice('plan-in-question-text'),
    choice('approve-with-empty-text-not-consent'),
    choice('command-results-short-words'),
    choice('one-retry-then-reject'),
    choice('withdrawn-pending-reported-until-boundary'),
  ]),
  together('steered-before-notice-and-asked-before-tools', [
    choice('steered-message-before-notice'),
    choice('approval-asked-before-every-tool'),
  ]),
  together('prompt-after-pending-and-no-retry', [
    choice('prompt-logged-after-pending-applied'),
    choice('gives-up-on-first-failure'),
  ]),
  choice('steered-message-waits-for-next-turn'),
  choice('projection-pushes-every-plan-record'),
  choice('fork-of-owned-child-owned'),
  choice('no-command-done-record'),
  // Round 44's blind fairness batch (blind-fair-r44.ts): correct hosts written without reading the kit.
  ...BLIND_FAIR_R44,
  // Round 45's blind fairness batch (blind-fair-r45.ts): timing, persistence, children, extras, other scripts.
  ...BLIND_FAIR_R45,
  // Round 46's blind fairness batch (blind-fair-r46.ts).
  ...BLIND_FAIR_R46,
  // Round 47's blind fairness batch (blind-fair-r47.ts): ticks, batches, disk, records, moving sections, restarts.
  ...BLIND_FAIR_R47,
  // Round 48's blind fairness batch (blind-fair-r48.ts).
  ...BLIND_FAIR_R48,
  // A host's own context messages whose texts change between requests (host-context.ts): a clock and a counter.
  ...HOST_CONTEXT,
];

/**
 * Variants the matrix runs only when named (`node dist/variants/matrix.js NAME`): the single hosts a
 * variant above makes its choices `together` from, to tell which choice a failing combination trips on.
 */
export const VARIANT_PARTS: Variant[] = [
  ...CHOICES,
  ...BLIND_FAIR_R44_HOSTS,
  ...BLIND_FAIR_R45_HOSTS,
  ...BLIND_FAIR_R46_HOSTS,
  ...BLIND_FAIR_R47_HOSTS,
  ...BLIND_FAIR_R48_HOSTS,
  ...HOST_CONTEXT_HOSTS,
].filter((part) => !VARIANTS.some((run) => run.name === part.name));

/** The variant of this name, among those run by default and those run only when named. */
export function variantNamed(name: string): Variant | undefined {
  return (
    VARIANTS.find((candidate) => candidate.name === name) ?? VARIANT_PARTS.find((candidate) => candidate.name === name)
  );
}
