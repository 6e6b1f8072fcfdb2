/**
 * Round 48's blind batch: 25 broken hosts written from the spec, src/ and
 * reference/ only, before reading the kit's features, steps, oracle or
 * exploration, and measured against main before any fix
 * (/work/team/blind-r48.md has the table). Each is one plausible slip a
 * harness author could make, breaking the MUST clauses it names; 20 break
 * behaviour every edition shares, 5 an edition's own.
 */
import { mutant, onlyIn, patch, type Mutant } from './mutant.js';

export const BLIND_BATCH_R48: Mutant[] = [
  // Texts.
  mutant(
    'blind-r48-steer-trims-unicode-white-space',
    ['CMD-03'],
    "The /plan handler trims its argument with Unicode's White_Space property instead of String.prototype.trim, so a trailing NEL (U+0085) is cut from the steered message and a leading byte order mark (U+FEFF) is kept, and a /plan whose argument is only U+FEFF steers it instead of selecting plan mode alone.",
    patch(
      'plan-mode/command.ts',
      'const message = rawArgs.trim();',
      "const message = rawArgs.replace(/^\\p{White_Space}+|\\p{White_Space}+$/gu, '');",
    ),
  ),
  mutant(
    'blind-r48-off-read-from-first-line',
    ['CMD-04'],
    'The host reads the reserved `off` from the first line of the argument only, so `/plan off` followed by a line break and more text leaves plan mode instead of steering that text as a message.',
    patch(
      'plan-mode/command.ts',
      'return args.trim() === OFF_ARGUMENT;',
      'return args.trim().split(/\\r?\\n/)[0]!.trim() === OFF_ARGUMENT;',
    ),
  ),
  mutant(
    'blind-r48-review-plan-truncated',
    ['TOOL-04'],
    'The review question carries a long plan cut at 4,000 UTF-16 code units with an ellipsis, so the user reviews something other than the plan the model submitted.',
    patch(
      'plan-mode/review.ts',
      'detail: plan,',
      'detail: plan.length > 4000 ? `${plan.slice(0, 4000)}\u2026` : plan,',
    ),
  ),
  mutant(
    'blind-r48-section-through-replace-template',
    ['POLICY-01'],
    "The policy section is rendered through a template with String.prototype.replace, so the replacement patterns `$&`, `$$`, `` $` `` and `$'` in the configured section are expanded instead of kept.",
    patch(
      'plan-mode/policy.ts',
      'return active ? section : undefined;',
      "return active ? '{section}'.replace('{section}', section) : undefined;",
    ),
  ),
  mutant(
    'blind-r48-section-lines-dedented',
    ['CFG-03', 'POLICY-01'],
    'The plugin strips the leading spaces and tabs of every line of the configured section (to undo YAML indentation), so a block scalar whose lines are indented more than its first keeps no longer reads exactly as written.',
    patch(
      'plan-mode/config.ts',
      'return { section: result.data.section };',
      "return { section: result.data.section.replace(/^[ \\t]+/gm, '') };",
    ),
  ),
  // Configuration shapes.
  mutant(
    'blind-r48-blank-section-ascii-only',
    ['CFG-01'],
    'The blank check on the section knows only ASCII white space, so a section of non-breaking or ideographic spaces alone (blank once trimmed) loads.',
    patch('plan-mode/config.ts', 'return text.trim().length === 0;', 'return /^[ \\t\\r\\n]*$/.test(text);'),
  ),
  mutant(
    'blind-r48-null-valued-keys-ignored',
    ['CFG-02'],
    'The plugin drops configuration keys whose value is null before it checks for unknown keys, so a YAML entry such as `extra:` with no value loads instead of failing.',
    patch(
      'plan-mode/config.ts',
      'const result = PlanModeConfigSchema.safeParse(config);',
      `const compact =
    config !== null && typeof config === 'object' && !Array.isArray(config)
      ? Object.fromEntries(Object.entries(config).filter(([, value]) => value !== null))
      : config;
  const result = PlanModeConfigSchema.safeParse(compact);`,
    ),
  ),
  // Notices: right text, wrong count.
  mutant(
    'blind-r48-notice-against-previous-logged-state',
    ['NARR-02'],
    'Once any request was made, the host adds a notice whenever the logged state changes, comparing with the logged state before the commit instead of what the last request header described; switching back and forth while idle narrates a switch the model never saw.',
    patch(
      'plan-mode/narration.ts',
      "import { stateOfLastRequest } from './state.js';",
      "import { foldPlanMode, stateOfLastRequest } from './state.js';",
    ),
    patch(
      'plan-mode/narration.ts',
      `  const described = stateOfLastRequest(events);
  if (described === undefined) return false;
  return described !== committed;`,
      `  if (stateOfLastRequest(events) === undefined) return false;
  return foldPlanMode(events.slice(0, -1)) !== committed;`,
    ),
  ),
  mutant(
    'blind-r48-notice-forgets-requests-before-compaction',
    ['NARR-01'],
    'The host treats a compaction as a fresh conversation with no request made yet, so a selection committed after compacting a session whose last request described the other state adds no notice.',
    patch(
      'plan-mode/state.ts',
      '  const index = lastRequestIndex(events);\n  if (index < 0) return undefined;',
      "  const index = lastRequestIndex(events);\n  if (index < 0 || index < events.map((e) => e.type).lastIndexOf('compaction')) return undefined;",
    ),
  ),
  // Combinations of states.
  mutant(
    'blind-r48-resume-reasserts-plan-mode',
    ['LIM-01', 'STATE-03'],
    'On every start the host appends a `plan/mode` event re-asserting plan mode for each agent whose log has it active, so each restart adds a plan/mode event no selection asked for.',
    patch(
      'adapter.ts',
      '  const exports = host.install(planMode);',
      `  const exports = host.install(planMode);
  for (const agent of host.agentIds())
    if (exports.planMode.get(agent).active) host.append(agent, { type: 'plan/mode', payload: { active: true } });`,
    ),
  ),
  mutant(
    'blind-r48-fork-at-last-turn-end',
    ['STATE-04'],
    'A fork copies the log only up to the last completed turn, so a selection committed while the agent was idle after that turn is not carried into the fork.',
    patch(
      'host/host.ts',
      '    const events = this.agent(agent).log.read();\n    return this.addAgent({ id: this.nextId(), forkOf: agent }, events);',
      `    const all = this.agent(agent).log.read();
    const end = all.map((e) => e.type).lastIndexOf('turn/end');
    const events = end < 0 ? all : all.slice(0, end + 1);
    return this.addAgent({ id: this.nextId(), forkOf: agent }, events);`,
    ),
  ),
  mutant(
    'blind-r48-one-pending-slot-per-host',
    ['SCOPE-01'],
    'The plugin keeps one pending selection for the whole host rather than one per agent, so a selection queued for one running agent is reported for, and applied at the next boundary of, whichever agent reaches a request first.',
    patch(
      'plan-mode/service.ts',
      '  private readonly pending = new Map<string, boolean>();',
      `  private readonly pending = (() => {
    let value: boolean | undefined;
    return {
      get: (_agent: string) => value,
      set: (_agent: string, target: boolean) => {
        value = target;
      },
      delete: (_agent: string) => {
        value = undefined;
        return true;
      },
    };
  })();`,
    ),
  ),
  mutant(
    'blind-r48-given-up-turn-drops-pending',
    ['SET-06'],
    "When a request fails for good the plugin forgets the agent's pending selection, so the next prompt runs without the mode the user selected during the failed turn.",
    patch(
      'plan-mode/service.ts',
      '  /** The boundary hook: applies the pending selection before the request is assembled. */',
      `  forget(agent: string): void {
    this.pending.delete(agent);
  }

  /** The boundary hook: applies the pending selection before the request is assembled. */`,
    ),
    patch(
      'plan-mode/plugin.ts',
      '      ctx.onBoundary(({ agent }) => selections.applyPending(agent));',
      `      ctx.onBoundary(({ agent }) => selections.applyPending(agent));
      ctx.subscribe((agent, e) => {
        if (e.type === 'request/failure' && !e.payload.retryable) selections.forget(agent);
      });`,
    ),
  ),
  // Read against the kit after measuring, this one is no broken host: how a program's call and result are logged,
  // and the SDK's shape, are left open under a code mode, and TOOL-08 judges the call "whatever the program does
  // with the result"; the review, its outcome and the plan state are those of a native call. Not catalogued.
  mutant(
    'blind-r48-code-binding-returns-failure-text',
    ['TOOL-08'],
    "Under a code mode a tool binding hands a failed call's text back to the program as an ordinary value instead of throwing, so a rejected or dismissed review through a program reaches the model as a successful run_code call.",
    patch('host/code-mode.ts', '          if (result.isError) throw new ToolCallError(tool.name, result.text);\n', ''),
  ),
  mutant(
    'blind-r48-idle-means-no-request-in-flight',
    ['SET-02'],
    'The host reports an agent as running only while a model request is in flight, so a selection made while a tool runs (a plan review waiting for the user) commits at once in the middle of the turn instead of waiting for the next boundary.',
    patch(
      'host/agent.ts',
      '  private turnOpen = false;',
      '  private turnOpen = false;\n  private requestInFlight = false;',
    ),
    patch('host/agent.ts', '    return this.turnOpen;', '    return this.requestInFlight;'),
    patch(
      'host/agent.ts',
      '      return await this.deps.model(request);',
      `      this.requestInFlight = true;
      try {
        return await this.deps.model(request);
      } finally {
        this.requestInFlight = false;
      }`,
    ),
  ),
  mutant(
    'blind-r48-toggle-back-requeues',
    ['SET-03'],
    'A set that returns a pending selection to the logged state is queued as a new target equal to the logged state instead of withdrawing the pending one, so it reports `queued` rather than `cancelled`.',
    patch(
      'plan-mode/service.ts',
      "  if (pending !== undefined) return 'cancelled';",
      "  if (pending !== undefined) return 'queued';",
    ),
  ),
  // The review.
  mutant(
    'blind-r48-review-reads-last-answer-item',
    ['REVIEW-03'],
    'The question seam reads only the last of several answer items a reply carries for the question, so `Keep planning` followed by `Approve` in two items counts as consent.',
    patch(
      'host/questions.ts',
      "  if (items.length <= 1) return { kind: 'answered', answer: items[0] };",
      "  if (items.length >= 1) return { kind: 'answered', answer: items.at(-1) };",
    ),
  ),
  mutant(
    'blind-r48-feedback-trimmed',
    ['REVIEW-04'],
    "The failed review passes the user's feedback on trimmed of its surrounding white space instead of byte for byte.",
    patch('plan-mode/review.ts', '  return text;\n}', '  return text.trim();\n}'),
  ),
  mutant(
    'blind-r48-review-error-first-line',
    ['REVIEW-06'],
    "A review that fails with an error passes on only the first line of the seam's message, so a provider error of several lines does not reach the model unchanged.",
    patch(
      'plan-mode/exit-tool.ts',
      'return reviewFailed(errorMessage(error));',
      "return reviewFailed(errorMessage(error).split('\\n')[0]!);",
    ),
  ),
  mutant(
    'blind-r48-exit-honours-pending-entry',
    ['TOOL-03'],
    'The exit tool counts a pending entry as plan mode, so an exit_plan_mode call made while plan mode is only queued opens a review instead of failing.',
    patch(
      'plan-mode/exit-tool.ts',
      'if (!selections.logged(agent)) return failed(NOT_IN_PLAN_MODE);',
      'if (!selections.logged(agent) && selections.get(agent).pending !== true) return failed(NOT_IN_PLAN_MODE);',
    ),
  ),
  // Edition-only behaviour.
  onlyIn(
    ['rc.8'],
    mutant(
      'blind-r48-off-with-images-selects-first',
      ['CMD-10'],
      "`/plan off` with image attachments selects inactive first (the seed's select-before-failing habit) and only then returns its error, so the refused line still leaves plan mode or cancels a pending entry.",
      patch(
        'plan-mode/command.ts',
        `      if (isOffArgument(message) && images.length > 0) return error(OFF_WITH_IMAGES);
      if (isOffArgument(message)) {
        const outcome = selections.set(agent, false);`,
        `      if (isOffArgument(message)) {
        const outcome = selections.set(agent, false);
        if (images.length > 0) return error(OFF_WITH_IMAGES);`,
      ),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1'],
    mutant(
      'blind-r48-rc1-projection-settles-on-done',
      ['PROJ-02'],
      "Under 0.0.1-rc.1 the plan projection folds `command/done` as rc.8's does, so a `/plan` line's done record returns a new state and pushes to subscribers although this edition's unit folds only `command/run` and `plan/mode`.",
      patch(
        'editions.ts',
        '    logsCommandDone: true,\n    projectionSettlesOnDone: false,',
        '    logsCommandDone: true,\n    projectionSettlesOnDone: true,',
      ),
    ),
  ),
  onlyIn(
    ['rc.8', '0.0.1-rc.1'],
    mutant(
      'blind-r48-frozen-retry-runs-boundary',
      ['SET-06'],
      'A same-step retry re-sends the frozen request but still runs the boundary first, so a pending selection is logged (and a steered message taken in) ahead of a retried request that does not reflect it.',
      patch(
        'host/agent.ts',
        '      const request = frozen ?? (await this.preStep(kind));',
        '      if (frozen) await this.enterBoundary(kind);\n      const request = frozen ?? (await this.preStep(kind));',
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'blind-r48-failed-line-drops-kept-selection',
      ['PROJ-03', 'PROJ-05'],
      'The projection drops every `/plan` selection when a line fails, the one kept from an earlier successful line included, so a queued exit followed by a refused `/plan off` with images shows no pending exit while the service still holds it.',
      patch(
        'plan-mode/projection.ts',
        'const kept = e.payload.ok ? state.unsettled : state.target;',
        'const kept = e.payload.ok ? state.unsettled : undefined;',
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'blind-r48-image-message-ends-with-empty-text',
      ['CMD-09'],
      'A user message with images always ends with a text block, so bare `/plan` with images steers the images followed by an empty text block instead of a message holding only the image blocks.',
      patch(
        'host/user-input.ts',
        "  if (input.text.length > 0) content.push({ type: 'text', text: input.text });",
        "  content.push({ type: 'text', text: input.text });",
      ),
    ),
  ),
];

/**
 * The hosts one half of a default run missed when measured (the scenarios or the exploration, in an edition
 * they concern), kept in the catalog so every matrix run judges them again.
 */
const CATALOGUED = new Set([
  'blind-r48-off-read-from-first-line',
  'blind-r48-section-through-replace-template',
  'blind-r48-idle-means-no-request-in-flight',
]);

export const BLIND_BATCH_R48_CATALOGUED: Mutant[] = BLIND_BATCH_R48.filter((entry) => CATALOGUED.has(entry.name));
