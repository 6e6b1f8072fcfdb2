/**
 * Round 43's blind batch (issue 30): 25 broken references written from the
 * spec (its clause list, docs/clauses.md, and each edition's README), src/ and reference/ only, before
 * any feature file, step, oracle, generator or earlier batch was read. Each is
 * one slip a harness author could plausibly make, breaking one MUST clause in a
 * way the adapter contract shows. Twenty break behaviour every edition shares;
 * five break behaviour only the later editions have (owned children, the frozen
 * retry, `/plan` images). Measured on main cd3ebb3 before the fixes they called
 * for (the round's notes, blind-r43.md; docs/exploration.md): a default run
 * failed 24 of the 25 in every edition they concern; scenarios alone 21,
 * exploration alone 22. The matrix (catalog.ts) keeps only the hosts a half of
 * the default run missed (`BLIND_BATCH_R43_CATALOGUED`). One of the 25,
 * `blind-r43-fork-keeps-owner` (a fork of an owned child given its origin's
 * owner), left this list in round 44: a fresh fork's ownership is the host's
 * own (REVIEW-07), so that host is correct and is now the variant
 * `fork-of-owned-child-owned` (variants/catalog.ts).
 */
import { mutant, onlyIn, patch, type Mutant } from './mutant.js';

const LATER_EDITIONS = ['rc.8', '0.0.1-rc.1'] as const;

export const BLIND_BATCH_R43: Mutant[] = [
  mutant(
    'blind-r43-off-first-line',
    ['CMD-04'],
    'Reads only the first line of the `/plan` argument when it decides whether it is `off`, so `/plan off` followed by a second line leaves plan mode instead of steering the message.',
    patch(
      'plan-mode/command.ts',
      'return args.trim() === OFF_ARGUMENT;',
      "return (args.trim().split(/\\r?\\n/)[0] ?? '').trim() === OFF_ARGUMENT;",
    ),
  ),
  mutant(
    'blind-r43-message-ascii-trim',
    ['CMD-03'],
    'Trims a `/plan` message of ASCII white space only, so a message ending in a no-break or ideographic space reaches the model with it.',
    patch(
      'plan-mode/command.ts',
      'const message = rawArgs.trim();',
      "const message = rawArgs.replace(/^[ \\t\\r\\n]+|[ \\t\\r\\n]+$/g, '');",
    ),
  ),
  mutant(
    'blind-r43-off-ignores-invisibles',
    ['CMD-04'],
    'Strips zero-width characters from the `/plan` argument before comparing it with `off`, so `off` with a zero-width space or joiner in it leaves plan mode instead of being a message.',
    patch(
      'plan-mode/command.ts',
      'return args.trim() === OFF_ARGUMENT;',
      "return args.replace(/[\\u200B-\\u200D\\u2060]/g, '').trim() === OFF_ARGUMENT;",
    ),
  ),
  mutant(
    'blind-r43-fork-drops-headers',
    ['NARR-01'],
    "Leaves the request headers out of a fork's copy of the log, so the fork's first selection adds no notice although its history was shown in the other state.",
    patch(
      'host/host.ts',
      'const events = this.agent(agent).log.read();',
      "const events = this.agent(agent).log.read().filter((e) => e.type !== 'request/header');",
    ),
  ),
  mutant(
    'blind-r43-feedback-trimmed',
    ['REVIEW-04'],
    "Trims the reviewer's feedback before handing it to the model, so feedback with leading or trailing white space or line breaks reaches it changed.",
    patch('plan-mode/review.ts', '  return text;\n}', '  return text.trim();\n}'),
  ),
  mutant(
    'blind-r43-last-answer-item',
    ['REVIEW-03'],
    'Reads only the last answer item of a reply that holds several for the review, so keep planning followed by `Approve` in two items counts as consent.',
    patch(
      'host/questions.ts',
      "if (items.length <= 1) return { kind: 'answered', answer: items[0] };",
      "return { kind: 'answered', answer: items.at(-1) };",
    ),
  ),
  mutant(
    'blind-r43-provider-error-quoted',
    ['REVIEW-06'],
    "Quotes the question provider's error as a JSON string in the failed call, so a message holding quotes, backslashes or line breaks no longer reaches the model unchanged.",
    patch(
      'plan-mode/exit-tool.ts',
      'so you are still in plan mode: ${message}`',
      'so you are still in plan mode: ${JSON.stringify(message)}`',
    ),
  ),
  mutant(
    'blind-r43-plan-detail-truncated',
    ['TOOL-04'],
    'Cuts a plan longer than 16 KiB before putting it in the review question, so a long plan reaches the reviewer incomplete.',
    patch(
      'plan-mode/review.ts',
      '    detail: plan,',
      "    detail: plan.length > 16384 ? plan.slice(0, 16384) + ' [truncated]' : plan,",
    ),
  ),
  mutant(
    'blind-r43-compaction-forgets-header',
    ['NARR-01'],
    'Counts no request made before a compaction when it decides whether a notice is owed, so a selection committed after compacting adds no notice although the last request described the other state.',
    patch(
      'plan-mode/state.ts',
      "return events.map((e) => e.type).lastIndexOf('request/header');",
      "const types = events.map((e) => e.type);\n  const header = types.lastIndexOf('request/header');\n  return header < types.lastIndexOf('compaction') ? -1 : header;",
    ),
  ),
  mutant(
    'blind-r43-cancel-clears-all-agents',
    ['SCOPE-01'],
    "Clears every agent's pending selection when one agent's is withdrawn, so cancelling a selection on one agent loses another agent's queued one.",
    patch(
      'plan-mode/service.ts',
      "if (outcome === 'cancelled') this.pending.delete(agent);",
      "if (outcome === 'cancelled') this.pending.clear();",
    ),
  ),
  mutant(
    'blind-r43-idle-set-ignores-pending',
    ['SET-03'],
    'Judges a selection made while the agent is idle against the log alone, so withdrawing a selection still pending from a turn that closed returns `noop` and the withdrawn selection is applied at the next prompt.',
    patch(
      'plan-mode/service.ts',
      "  if (pending !== undefined && target === pending) return 'noop';",
      "  if (!running) return target === logged ? 'noop' : 'committed';\n  if (pending !== undefined && target === pending) return 'noop';",
    ),
  ),
  mutant(
    'blind-r43-exit-effective-state',
    ['TOOL-03', 'TOOL-04'],
    'Lets `exit_plan_mode` judge the mode by the selection still waiting for a boundary rather than the logged state, so a call made while an entry is queued opens a review and one made while an exit is queued fails.',
    patch(
      'plan-mode/exit-tool.ts',
      'if (!selections.logged(agent)) return failed(NOT_IN_PLAN_MODE);',
      'const view = selections.get(agent);\n      if (!(view.pending ?? view.active)) return failed(NOT_IN_PLAN_MODE);',
    ),
  ),
  mutant(
    'blind-r43-notice-against-logged',
    ['NARR-02'],
    'Adds a notice for every committed selection once any request was made, without asking what the last request described, so leaving again before the next request, after an entry the model was told of, adds a leave notice where none is owed.',
    patch(
      'plan-mode/service.ts',
      '    if (needsNotice(this.ctx.readLog(agent), active)) this.ctx.append(agent, noticeEvent(active));',
      "    if (this.ctx.readLog(agent).some((e) => e.type === 'request/header')) this.ctx.append(agent, noticeEvent(active));",
    ),
  ),
  mutant(
    'blind-r43-log-splits-unicode-lines',
    ['STATE-03'],
    'Splits a stored log into lines at every Unicode line terminator, U+2028 and U+2029 included (JSON leaves them unescaped), so a session whose texts hold one cannot be resumed after a restart.',
    patch(
      'host/jsonl.ts',
      ".toString('utf8').split('\\n');",
      ".toString('utf8').split(/\\r\\n|\\n|\\r|\\u2028|\\u2029/);",
    ),
  ),
  mutant(
    'blind-r43-projection-untrimmed-off',
    ['PROJ-02'],
    'Compares the logged `/plan` argument with `off` untrimmed in the projection, so `/plan off` followed by white space shows an entry pending while the service left plan mode.',
    patch('plan-mode/projection.ts', 'return !isOffArgument(args);', 'return args !== OFF_ARGUMENT;'),
    patch(
      'plan-mode/projection.ts',
      "import { PLAN_COMMAND_NAME, isOffArgument } from './command.js';",
      "import { OFF_ARGUMENT, PLAN_COMMAND_NAME } from './command.js';",
    ),
  ),
  mutant(
    'blind-r43-projection-cached-view',
    ['PROJ-04'],
    "Serves the projection from the registry's live state, which a restarted host builds only when the next event arrives, so right after a restart the projection reads the initial inactive view whatever the log says.",
    patch(
      'host/projections.ts',
      '  has(name: string): boolean {',
      "  current(agent: string, name: string): unknown {\n    const unit = this.units.get(name);\n    if (!unit) throw new Error(`no projection named '${name}' is registered`);\n    return unit.view(this.live.get(agent)?.get(name) ?? unit.initial);\n  }\n\n  has(name: string): boolean {",
    ),
    patch(
      'host/host.ts',
      'return this.projections.view(name, this.agent(agent).log.read());',
      'this.agent(agent);\n    return this.projections.current(agent, name);',
    ),
  ),
  mutant(
    'blind-r43-section-scalar-coerced',
    ['CFG-01'],
    'Accepts a `section` that YAML read as a number or a boolean (`section: 42`, `section: true`) by taking its text, instead of failing the load because it is not a string.',
    patch(
      'plan-mode/config.ts',
      'const result = PlanModeConfigSchema.safeParse(config);',
      "const given = (config as { section?: unknown } | null)?.section;\n  const scalar = typeof given === 'number' || typeof given === 'boolean';\n  const result = PlanModeConfigSchema.safeParse(scalar ? { ...(config as object), section: String(given) } : config);",
    ),
  ),
  mutant(
    'blind-r43-empty-policy-separator',
    ['POLICY-02'],
    'Renders the policy section as an empty text while plan mode is inactive, and the prompt joins every section that rendered a string, so an inactive prompt carries an extra separator where the section would be.',
    patch('plan-mode/policy.ts', 'return active ? section : undefined;', "return active ? section : '';"),
    patch(
      'host/prompt.ts',
      ".filter((text): text is string => typeof text === 'string' && text.length > 0)",
      '.filter((text): text is string => text !== undefined)',
    ),
  ),
  mutant(
    'blind-r43-steered-reversed',
    ['CMD-03'],
    'Keeps steered messages as a stack, so two messages steered before one request are logged and sent newest first.',
    patch(
      'host/agent.ts',
      '    for (const input of this.steered.splice(0)) {\n',
      '    for (const input of this.steered.splice(0).reverse()) {\n',
    ),
  ),
  mutant(
    'blind-r43-both-mode-native-refused',
    ['TOOL-07'],
    'Refuses native tool calls under both modes as it does under code mode, so where the catalog offers `exit_plan_mode` natively beside the code tool, calling it fails without a review.',
    patch('host/tools.ts', "    if (this.mode === 'code') {", "    if (this.mode !== 'native') {"),
  ),
  onlyIn(
    [...LATER_EDITIONS],
    mutant(
      'blind-r43-retry-applies-pending',
      ['SET-06'],
      'Runs the boundary hooks before a same-step retry although the retry re-sends the frozen request, so a pending selection is committed while the request that goes out still describes the old state.',
      patch(
        'host/agent.ts',
        '      const request = frozen ?? (await this.preStep(kind));',
        '      if (frozen !== undefined) for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind });\n      const request = frozen ?? (await this.preStep(kind));',
      ),
    ),
  ),
  onlyIn(
    [...LATER_EDITIONS],
    mutant(
      'blind-r43-owned-child-inherits-plan',
      ['STATE-07'],
      "Starts an owned child with its owner's last logged plan state, so a child spawned by an agent in plan mode starts in plan mode.",
      patch(
        'host/host.ts',
        'const child = this.addAgent({ id: this.nextId(), parent: owner }, []);',
        "const child = this.addAgent(\n      { id: this.nextId(), parent: owner },\n      this.agent(owner).log.read().filter((e) => e.type === 'plan/mode').slice(-1),\n    );",
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'blind-r43-off-images-untrimmed',
      ['CMD-10'],
      'Refuses images only for a `/plan off` line whose argument is exactly `off`, so `/plan off` followed by white space, with images, leaves plan mode and drops the images instead of failing.',
      patch(
        'plan-mode/command.ts',
        'if (isOffArgument(message) && images.length > 0) return error(OFF_WITH_IMAGES);',
        'if (rawArgs === OFF_ARGUMENT && images.length > 0) return error(OFF_WITH_IMAGES);',
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'blind-r43-bare-images-dropped-while-running',
      ['CMD-09'],
      'Drops a steered message without text while a turn runs, so bare `/plan` with images typed while the agent works selects plan mode but the images never reach the model.',
      patch(
        'host/agent.ts',
        '    this.steered.push(userInput(text, images));',
        '    if (text.trim().length === 0) return;\n    this.steered.push(userInput(text, images));',
      ),
    ),
  ),
];

/**
 * The hosts a half of the default run missed, measured before the fixes, which the matrix keeps (catalog.ts); the
 * rest cost CI time and prove nothing new.
 */
const CATALOGUED = new Set([
  'blind-r43-off-first-line',
  'blind-r43-notice-against-logged',
  'blind-r43-steered-reversed',
  'blind-r43-both-mode-native-refused',
  'blind-r43-owned-child-inherits-plan',
]);

export const BLIND_BATCH_R43_CATALOGUED: Mutant[] = BLIND_BATCH_R43.filter((entry) => CATALOGUED.has(entry.name));
