/**
 * Round 47's blind batch: 25 broken hosts written from the spec, src/ and reference/ only, before reading the
 * kit's features, checks, generators or earlier batches, then measured with a default run on the main of the
 * round (docs/exploration.md, "Blind batches"). Each is one slip a harness author could make, breaking the
 * MUST clauses it names, visible through the adapter contract.
 */
import { mutant, onlyIn, patch, type Mutant } from './mutant.js';

export const BLIND_BATCH_R47: Mutant[] = [
  mutant(
    'blind-r47-plan-message-strips-zero-width',
    ['CMD-03', 'CMD-04'],
    'The /plan argument is cleaned of zero-width characters (U+200B to U+200D, U+2060) at its ends as well as trimmed, so the steered message is not the typed text trimmed, and a zero-width space before off makes the line an exit.',
    patch(
      'plan-mode/command.ts',
      'const message = rawArgs.trim();',
      "const message = rawArgs.replace(/^[\\s\\u200b-\\u200d\\u2060]+|[\\s\\u200b-\\u200d\\u2060]+$/g, '');",
    ),
  ),
  mutant(
    'blind-r47-off-argument-nfkc',
    ['CMD-04'],
    'The off argument is compared after NFKC normalisation, so look-alikes such as fullwidth ｏｆｆ leave plan mode instead of being steered as a message.',
    patch(
      'plan-mode/command.ts',
      'return args.trim() === OFF_ARGUMENT;',
      "return args.trim().normalize('NFKC') === OFF_ARGUMENT;",
    ),
  ),
  mutant(
    'blind-r47-projection-first-word-off',
    ['PROJ-02', 'PROJ-05'],
    'The plan projection reads a /plan line whose first word is off as an exit, so /plan off now (a message that enters plan mode) shows a pending exit the service never has.',
    patch(
      'plan-mode/projection.ts',
      'return !isOffArgument(args);',
      'return !isOffArgument(args.trim().split(/\\s+/)[0] ?? args);',
    ),
  ),
  mutant(
    'blind-r47-notice-forgets-headers-before-compaction',
    ['NARR-01'],
    'The notice rule counts only request headers logged since the last compaction, so a selection committed after a compaction, before the next request, adds no notice although the last request described the other state.',
    patch(
      'plan-mode/state.ts',
      "return events.map((e) => e.type).lastIndexOf('request/header');",
      "const types = events.map((e) => e.type);\n  const index = types.lastIndexOf('request/header');\n  return index < types.lastIndexOf('compaction') ? -1 : index;",
    ),
  ),
  mutant(
    'blind-r47-compaction-drops-pending',
    ['SET-06'],
    'Compacting an agent forgets the selection still pending from its last turn, so it is never applied at the next prompt.',
    patch(
      'plan-mode/service.ts',
      '  /** The boundary hook: applies the pending selection before the request is assembled. */',
      '  /** Forgets what waits (the plugin calls it when the history is compacted). */\n  forgetPending(agent: string): void {\n    this.pending.delete(agent);\n  }\n\n  /** The boundary hook: applies the pending selection before the request is assembled. */',
    ),
    patch(
      'plan-mode/plugin.ts',
      '      ctx.onBoundary(({ agent }) => selections.applyPending(agent));',
      "      ctx.onBoundary(({ agent }) => selections.applyPending(agent));\n      ctx.subscribe((agent, e) => {\n        if (e.type === 'compaction') selections.forgetPending(agent);\n      });",
    ),
  ),
  mutant(
    'blind-r47-fork-cuts-at-last-turn-end',
    ['STATE-04'],
    'A fork copies the log only up to the last completed turn, so a plan-mode selection committed while the agent was idle after its last turn is not carried into the fork.',
    patch(
      'host/host.ts',
      '    const events = this.agent(agent).log.read();\n    return this.addAgent({ id: this.nextId(), forkOf: agent }, events);',
      "    const all = this.agent(agent).log.read();\n    const settled = all.map((e) => e.type).lastIndexOf('turn/end');\n    const events = settled < 0 ? all : all.slice(0, settled + 1);\n    return this.addAgent({ id: this.nextId(), forkOf: agent }, events);",
    ),
  ),
  mutant(
    'blind-r47-give-up-drops-steered',
    ['CMD-03'],
    'When a turn gives up on a failed request, the messages steered into it and not yet taken in are discarded, so a /plan message typed during that turn is never logged.',
    patch(
      'host/agent.ts',
      '        if (!response.retryable || attempt >= this.deps.options.maxAttempts) return;',
      '        if (!response.retryable || attempt >= this.deps.options.maxAttempts) {\n          this.steered.length = 0;\n          return;\n        }',
    ),
  ),
  mutant(
    'blind-r47-several-answer-items-last-wins',
    ['REVIEW-03'],
    'A review reply with several answer items for the question is read as its last item alone, so Keep planning followed by Approve is taken as consent.',
    patch(
      'host/questions.ts',
      "  if (items.length <= 1) return { kind: 'answered', answer: items[0] };",
      "  return { kind: 'answered', answer: items[items.length - 1] };",
    ),
  ),
  mutant(
    'blind-r47-approve-label-trimmed',
    ['REVIEW-03'],
    'The selected label is trimmed before it is compared with Approve, so a padded label such as " Approve" is taken as consent.',
    patch(
      'plan-mode/review.ts',
      'if (answer.selected[0] !== APPROVE_LABEL) return false;',
      'if (answer.selected[0]!.trim() !== APPROVE_LABEL) return false;',
    ),
  ),
  mutant(
    'blind-r47-feedback-trimmed',
    ['REVIEW-04'],
    'The review feedback reaches the model trimmed of its surrounding white space and line breaks, not byte for byte.',
    patch('plan-mode/review.ts', '  return text;\n}', '  return text.trim();\n}'),
  ),
  mutant(
    'blind-r47-dismissal-reported-as-abort',
    ['REVIEW-05'],
    "A dismissed review is reported to the model as the seam's abort failure, word for word, instead of telling it that the user takes over.",
    patch(
      'plan-mode/exit-tool.ts',
      "if (outcome.kind === 'dismissed') return failed(DISMISSED_TEXT);",
      "if (outcome.kind === 'dismissed')\n        return reviewFailed('user-question seam: the question was aborted before it was answered');",
    ),
  ),
  mutant(
    'blind-r47-provider-error-first-line',
    ['REVIEW-06'],
    "A failed review keeps only the first line of the seam's error message, so a provider's message of several lines does not reach the model unchanged.",
    patch(
      'plan-mode/exit-tool.ts',
      'return reviewFailed(errorMessage(error));',
      "return reviewFailed(errorMessage(error).split('\\n')[0]!);",
    ),
  ),
  mutant(
    'blind-r47-long-plan-truncated',
    ['TOOL-04'],
    'The review question carries a plan longer than 2,000 UTF-16 code units cut short with an ellipsis, not the submitted plan unchanged.',
    patch(
      'plan-mode/review.ts',
      '    detail: plan,',
      '    detail: plan.length > 2000 ? `${plan.slice(0, 2000)}…` : plan,',
    ),
  ),
  mutant(
    'blind-r47-blank-section-ascii-only',
    ['CFG-01'],
    'A blank section is recognised by ASCII white space only, so a section of ideographic or no-break spaces loads as if it were text.',
    patch(
      'plan-mode/config.ts',
      'return text.trim().length === 0;',
      "return text.replace(/[ \\t\\r\\n\\f\\v]/g, '').length === 0;",
    ),
  ),
  mutant(
    'blind-r47-null-keys-ignored',
    ['CFG-02'],
    'Config keys whose value is null (a YAML key with nothing after it) are dropped before validation, so an unknown key left empty loads without an error.',
    patch(
      'plan-mode/config.ts',
      '  const result = PlanModeConfigSchema.safeParse(config);',
      "  const cleaned =\n    config !== null && typeof config === 'object' && !Array.isArray(config)\n      ? Object.fromEntries(Object.entries(config).filter(([, value]) => value !== null && value !== undefined))\n      : config;\n  const result = PlanModeConfigSchema.safeParse(cleaned);",
    ),
  ),
  mutant(
    'blind-r47-boundary-applies-every-agents-pending',
    ['SET-06', 'SCOPE-01'],
    "Any agent's request boundary applies every agent's pending selection, so an agent's selection commits at another agent's boundary, before its own next request.",
    patch(
      'plan-mode/service.ts',
      '  /** The boundary hook: applies the pending selection before the request is assembled. */',
      '  /** Applies what waits for every agent. */\n  applyAllPending(): void {\n    for (const agent of [...this.pending.keys()]) this.applyPending(agent);\n  }\n\n  /** The boundary hook: applies the pending selection before the request is assembled. */',
    ),
    patch(
      'plan-mode/plugin.ts',
      '      ctx.onBoundary(({ agent }) => selections.applyPending(agent));',
      '      ctx.onBoundary(() => selections.applyAllPending());',
    ),
  ),
  mutant(
    'blind-r47-idle-set-drops-leftover-pending',
    ['SET-03', 'SET-04'],
    'A set while the agent is idle first forgets a selection left pending by the last turn, so returning to the logged state reports noop instead of cancelled, and repeating the pending target commits at once instead of being a noop.',
    patch(
      'plan-mode/service.ts',
      '    const logged = this.logged(agent);\n    const pending = this.settledPending(agent, logged);\n    const outcome',
      '    const logged = this.logged(agent);\n    if (!this.ctx.isRunning(agent)) this.pending.delete(agent);\n    const pending = this.settledPending(agent, logged);\n    const outcome',
    ),
  ),
  mutant(
    'blind-r47-sections-sorted-as-text',
    ['POLICY-01'],
    'Prompt sections are sorted by their order compared as text, so a section ordered 100 or more (say 150) comes before the plan section at 50.',
    patch(
      'host/prompt.ts',
      'return [...this.sections].sort((a, b) => a.order - b.order);',
      'return [...this.sections].sort((a, b) => String(a.order).localeCompare(String(b.order)));',
    ),
  ),
  mutant(
    'blind-r47-command-args-stop-at-line-break',
    ['CMD-03'],
    'The command-line parser matches the argument with a dot, which stops at line breaks, so a /plan message of several lines is refused as not a command line.',
    patch('host/commands.ts', '(?:\\s+([\\s\\S]*))?$/', '(?:\\s+(.*))?$/'),
  ),
  mutant(
    'blind-r47-projection-restart-not-caught-up',
    ['PROJ-04'],
    "After a restart the projection registry starts each agent's live state from the initial state instead of the log, so what it pushes after the restart disagrees with a cold fold of the same log.",
    patch(
      'host/projections.ts',
      '      const history = earlier();',
      '      const history: readonly SessionEvent[] = [];',
    ),
  ),
  mutant(
    'blind-r47-owned-child-inherits-plan',
    ['STATE-07'],
    "An owned child is created with its owner's plan state (the owner's last plan/mode event copied into its log), so a child delegated by an agent in plan mode starts in plan mode.",
    patch(
      'host/host.ts',
      '    const child = this.addAgent({ id: this.nextId(), parent: owner }, []);',
      "    const inherited = this.agent(owner)\n      .log.read()\n      .filter((e) => e.type === 'plan/mode')\n      .slice(-1);\n    const child = this.addAgent({ id: this.nextId(), parent: owner }, inherited);",
    ),
  ),
  onlyIn(
    ['rc.8', '0.0.1-rc.1'],
    mutant(
      'blind-r47-retry-runs-boundary-hooks',
      ['SET-06'],
      'A same-step retry re-sends the frozen request but still runs the boundary hooks first, so a pending selection is logged as committed at the retry although the request sent does not reflect it.',
      patch(
        'host/agent.ts',
        '      const request = frozen ?? (await this.preStep(kind));',
        "      if (frozen) for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind: 'retry' });\n      const request = frozen ?? (await this.preStep(kind));",
      ),
    ),
  ),
  onlyIn(
    ['rc.8', '0.0.1-rc.1'],
    mutant(
      'blind-r47-owner-live-means-running',
      ['REVIEW-07'],
      'An owned child is refused the review only while its owner has a turn open, so a child whose owner is idle (alive, but not running) opens the review.',
      patch(
        'host/host.ts',
        'return owner !== undefined && this.agents.has(owner) ? owner : undefined;',
        'return owner !== undefined && this.agents.get(owner)?.running === true ? owner : undefined;',
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'blind-r47-image-only-message-gets-empty-text',
      ['CMD-09'],
      'A user message of images and no text still gets a text block, an empty one, so bare /plan with images steers images and an empty text block instead of the images alone.',
      patch(
        'host/user-input.ts',
        "  if (input.text.length > 0) content.push({ type: 'text', text: input.text });",
        "  content.push({ type: 'text', text: input.text });",
      ),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1'],
    mutant(
      'blind-r47-rc1-projection-settles-on-done',
      ['PROJ-02'],
      "The 0.0.1-rc.1 host's plan projection folds command/done as rc.8's does, so the command/done of each /plan line makes a new state and pushes the view again, where that edition's unit returns the same state for it.",
      patch(
        'editions.ts',
        '    logsCommandDone: true,\n    projectionSettlesOnDone: false,',
        '    logsCommandDone: true,\n    projectionSettlesOnDone: true,',
      ),
    ),
  ),
];

/**
 * The hosts one half of the default run missed when measured (the rest the kit caught both ways), in the catalog:
 * an off look-alike compared after NFKC (both halves, every edition), a projection reading a first word `off` as an
 * exit (the scenarios), an owned child inheriting its owner's plan state (both halves, the seed). The fork cut at the
 * last `turn/end` (missed by the exploration alone in the seed and rc.8) is round 46's `blind-r46-fork-at-last-turn-end`,
 * written blind again, and in the catalog already.
 */
const CATALOGUED = new Set([
  'blind-r47-off-argument-nfkc',
  'blind-r47-projection-first-word-off',
  'blind-r47-owned-child-inherits-plan',
]);

export const BLIND_BATCH_R47_CATALOGUED: Mutant[] = BLIND_BATCH_R47.filter((entry) => CATALOGUED.has(entry.name));
