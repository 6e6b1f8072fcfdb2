/**
 * Round 45's blind batch: 25 broken references written from the spec (its clauses and the editions' READMEs),
 * src/ and reference/ only, before any feature, step, oracle or exploration module was read. Each is one slip a
 * harness author could plausibly make, breaking the MUST clauses it names, visible through the adapter
 * contract. What a default run caught of them before any fix is in the kit repository's docs/exploration.md
 * (the blind batches).
 */
import { mutant, onlyIn, patch, type Mutant } from './mutant.js';
import {
  AGENT,
  CODE_MODE,
  COMMAND,
  CONFIG,
  EXIT,
  HOST,
  NARRATION,
  PLUGIN,
  POLICY,
  PROJECTION,
  PROMPT,
  QUESTIONS,
  REVIEW,
  SERVICE,
} from './reference-sources.js';

const JSONL = 'host/jsonl.ts';
const HISTORY = 'host/history.ts';
const EDITIONS = 'editions.ts';

export const BLIND_BATCH_R45: Mutant[] = [
  mutant(
    'blind-r45-boundary-applies-every-agents-selection',
    ['SET-06', 'SCOPE-01'],
    "Any agent's request boundary applies every agent's waiting selection, so one agent's step commits another agent's queued switch before that agent reaches a boundary of its own.",
    patch(
      SERVICE,
      `  applyPending(agent: string): void {
    const target = this.pending.get(agent);
    if (target === undefined) return;
    this.pending.delete(agent);
    if (target === this.logged(agent)) return;
    this.commitSelection(agent, target);
  }`,
      `  applyPending(_boundaryAgent: string): void {
    // One queue for the host: whatever waits is applied at the next boundary.
    for (const [agent, target] of [...this.pending]) {
      this.pending.delete(agent);
      if (target === this.logged(agent)) continue;
      this.commitSelection(agent, target);
    }
  }`,
    ),
  ),
  mutant(
    'blind-r45-compaction-forgets-last-header',
    ['NARR-01'],
    'After a compaction, and until the next request, the host counts no request as made: a selection committed then adds no notice although the last request header described the other state.',
    patch(
      NARRATION,
      `import { stateOfLastRequest } from './state.js';`,
      `import { lastRequestIndex, stateOfLastRequest } from './state.js';`,
    ),
    patch(
      NARRATION,
      `  const described = stateOfLastRequest(events);
  if (described === undefined) return false;`,
      `  // After a compaction the model starts over from the summary: only requests since then count.
  const compacted = events.map((e) => e.type).lastIndexOf('compaction');
  if (compacted >= 0 && lastRequestIndex(events.slice(compacted)) < 0) return false;
  const described = stateOfLastRequest(events);
  if (described === undefined) return false;`,
    ),
  ),
  mutant(
    'blind-r45-last-answer-item-wins',
    ['REVIEW-03'],
    "When a review reply carries several answer items, the host reads only the last one, so a reply of 'Keep planning' then 'Approve' approves.",
    patch(
      QUESTIONS,
      `  if (items.length <= 1) return { kind: 'answered', answer: items[0] };`,
      `  // The user's last answer stands.
  if (items.length >= 0) return { kind: 'answered', answer: items.at(-1) };`,
    ),
  ),
  mutant(
    'blind-r45-repeated-approve-deduplicated',
    ['REVIEW-03'],
    "The review reads the selections as a set, so an answer selecting 'Approve' twice counts as the one exact approval.",
    patch(
      REVIEW,
      `  if (answer.selected.length !== 1) return false;
  if (answer.selected[0] !== APPROVE_LABEL) return false;`,
      `  const selected = [...new Set(answer.selected)];
  if (selected.length !== 1) return false;
  if (selected[0] !== APPROVE_LABEL) return false;`,
    ),
  ),
  mutant(
    'blind-r45-feedback-trimmed',
    ['REVIEW-04'],
    "The user's review feedback reaches the model trimmed of its leading and trailing white space and line breaks, not byte for byte.",
    patch(
      EXIT,
      'return failed(`${REJECTED_TEXT} User feedback: ${feedback}`);',
      'return failed(`${REJECTED_TEXT} User feedback: ${feedback.trim()}`);',
    ),
  ),
  mutant(
    'blind-r45-review-plan-crlf-normalised',
    ['TOOL-04'],
    'The review question carries the plan with its CRLF and lone CR line breaks turned into LF, so a plan written with Windows line endings reaches the user changed.',
    patch(REVIEW, '    detail: plan,', String.raw`    detail: plan.replace(/\r\n?/g, '\n'),`),
  ),
  mutant(
    'blind-r45-section-trailing-newlines-collapsed',
    ['POLICY-01', 'CFG-03'],
    "The plan section's trailing line breaks are collapsed to one, so a section written as a keep-chomped block scalar (`|+`) or a quoted text ending in blank lines reaches the prompt changed.",
    patch(
      POLICY,
      '  return active ? section : undefined;',
      String.raw`  return active ? section.replace(/\n+$/, '\n') : undefined;`,
    ),
  ),
  mutant(
    'blind-r45-section-scalar-coerced',
    ['CFG-01'],
    'A `section` that YAML reads as a number or a boolean (`section: 42`, `section: true`) is turned into its text and loads, instead of failing as a section that is not a string.',
    patch(
      CONFIG,
      `const SectionSchema = z
  .string({ error: (issue) => sectionTypeMessage(issue.input) })
  .min(1, { error: \`\${PREFIX}: 'section' must not be empty\` })
  .refine((text) => text.length === 0 || !isBlank(text), { error: \`\${PREFIX}: 'section' must not be blank\` });`,
      `const SectionSchema = z.preprocess(
  // YAML reads \`section: 42\` as a number: the text the user wrote is what was meant.
  (value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value),
  z
    .string({ error: (issue) => sectionTypeMessage(issue.input) })
    .min(1, { error: \`\${PREFIX}: 'section' must not be empty\` })
    .refine((text) => text.length === 0 || !isBlank(text), { error: \`\${PREFIX}: 'section' must not be blank\` }),
);`,
    ),
  ),
  mutant(
    'blind-r45-blank-section-ascii-only',
    ['CFG-01'],
    'The blank-section check knows only ASCII white space, so a section of ideographic or no-break spaces (U+3000, U+00A0) loads instead of failing as blank.',
    patch(CONFIG, '  return text.trim().length === 0;', String.raw`  return /^[ \t\r\n]*$/.test(text);`),
  ),
  mutant(
    'blind-r45-off-ignores-zero-width',
    ['CMD-04'],
    '`/plan off` followed or split by a zero-width character (U+200B..U+200D, U+2060) is read as `off` and leaves plan mode, though the argument trimmed is not exactly `off` and must be steered as a message.',
    patch(
      COMMAND,
      '  return args.trim() === OFF_ARGUMENT;',
      String.raw`  return args.replace(/[\u200B-\u200D\u2060]/g, '').trim() === OFF_ARGUMENT;`,
    ),
  ),
  mutant(
    'blind-r45-steered-message-ascii-trim',
    ['CMD-03'],
    '`/plan <message>` trims only ASCII white space from the message, so a message ending in a no-break, ideographic or other Unicode space (or U+2028) is steered with it.',
    patch(
      COMMAND,
      '      const message = rawArgs.trim();',
      String.raw`      const message = rawArgs.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');`,
    ),
  ),
  mutant(
    'blind-r45-code-binding-returns-text',
    ['TOOL-08', 'TOOL-05'],
    "Under a code mode a binding call resolves to the tool's text even when the tool returned a structured value, so a program's `exit_plan_mode` never sees `{ approved: true }` and its result differs from the native call's.",
    patch(
      CODE_MODE,
      '          return result.value === undefined ? result.text : structuredClone(result.value);',
      '          return result.text;',
    ),
  ),
  mutant(
    'blind-r45-notice-follows-last-notice',
    ['NARR-02'],
    'Whether a notice is owed is decided by the last notice added since the last request, not by the state the last request header described: entering then leaving while idle adds a leave notice although the last request already described the default mode.',
    patch(
      NARRATION,
      `  const described = stateOfLastRequest(events);
  if (described === undefined) return false;
  return described !== committed;`,
      `  const described = stateOfLastRequest(events);
  if (described === undefined) return false;
  // What the model was last told: a notice added since the last request, else that request's state.
  const since = events.slice(events.map((e) => e.type).lastIndexOf('request/header') + 1);
  const told = since.findLast((e) => e.type === 'user/message' && e.payload.source === 'plugin');
  if (told !== undefined && told.type === 'user/message') return (told.payload.text === ENTER_NOTICE) !== committed;
  return described !== committed;`,
    ),
  ),
  mutant(
    'blind-r45-projection-off-untrimmed',
    ['PROJ-02', 'PROJ-05'],
    'The `plan` projection compares the recorded argument with `off` without trimming it, so after `/plan off ` (trailing white space) it shows a pending entry while the service left plan mode.',
    patch(PROJECTION, '  return !isOffArgument(args);', '  return args !== OFF_ARGUMENT;'),
    patch(
      PROJECTION,
      `import { PLAN_COMMAND_NAME, isOffArgument } from './command.js';`,
      `import { OFF_ARGUMENT, PLAN_COMMAND_NAME } from './command.js';`,
    ),
  ),
  mutant(
    'blind-r45-failed-turn-drops-pending',
    ['SET-06'],
    'A turn that ends on a request failure it gives up on drops the selection the user queued during it, so the next prompt is not under the selected state and `get` stops reporting it pending.',
    patch(
      PLUGIN,
      '      ctx.onBoundary(({ agent }) => selections.applyPending(agent));',
      `      ctx.onBoundary(({ agent }) => selections.applyPending(agent));
      // A turn that failed for good takes the switch queued for it along.
      ctx.subscribe((agent, e) => {
        if (e.type === 'request/failure' && (!e.payload.retryable || e.payload.attempt >= 3)) selections.withdraw(agent);
      });`,
    ),
    patch(
      SERVICE,
      `  /** A user selection taking effect: the event, then the notice when the last request saw the other state. */`,
      `  withdraw(agent: string): void {
    this.pending.delete(agent);
  }

  /** A user selection taking effect: the event, then the notice when the last request saw the other state. */`,
    ),
  ),
  mutant(
    'blind-r45-owned-child-busy-with-owner',
    ['SET-01'],
    "An owned child counts as running while its owner runs a turn, so a `set` on an idle child is queued instead of committed, and waits for the child's next prompt.",
    patch(
      SERVICE,
      '    const outcome = decideSet(logged, pending, active, this.ctx.isRunning(agent));',
      `    const owner = (this.ctx as unknown as { ownerOf(agent: string): string | undefined }).ownerOf(agent);
    const running = this.ctx.isRunning(agent) || (owner !== undefined && this.ctx.isRunning(owner));
    const outcome = decideSet(logged, pending, active, running);`,
    ),
  ),
  mutant(
    'blind-r45-store-splits-unicode-line-separators',
    ['STATE-03'],
    'The store reads its JSON-lines logs splitting at U+2028 and U+2029 as well as LF; JSON keeps those characters raw inside strings, so a log holding a text with one fails to load after a restart.',
    patch(
      JSONL,
      `  const lines = bytes.subarray(0, terminatedLength).toString('utf8').split('\\n');`,
      String.raw`  const lines = bytes.subarray(0, terminatedLength).toString('utf8').split(/\n|\u2028|\u2029/);`,
    ),
  ),
  mutant(
    'blind-r45-idle-repeat-commits-pending',
    ['SET-04'],
    'A `set` to the target already pending, made once the turn has closed, commits that target at once instead of changing nothing and returning `noop`.',
    patch(
      SERVICE,
      `  if (pending !== undefined && target === pending) return 'noop';`,
      `  if (pending !== undefined && target === pending) return running ? 'noop' : 'committed';`,
    ),
  ),
  mutant(
    'blind-r45-sections-ordered-as-text',
    ['POLICY-01'],
    'Prompt sections are sorted by their order compared as text, so a section ordered 9 or 150 lands after or before the plan section at 50 on the wrong side.',
    patch(
      PROMPT,
      '    return [...this.sections].sort((a, b) => a.order - b.order);',
      '    return [...this.sections].sort((a, b) => String(a.order).localeCompare(String(b.order)));',
    ),
  ),
  mutant(
    'blind-r45-exit-reads-pending-state',
    ['TOOL-03', 'TOOL-04'],
    '`exit_plan_mode` judges plan mode by the pending selection when one waits: with an entry queued it opens a review while plan mode is inactive, and with an exit queued it fails while plan mode is active.',
    patch(
      EXIT,
      '      if (!selections.logged(agent)) return failed(NOT_IN_PLAN_MODE);',
      '      if (!(selections.get(agent).pending ?? selections.logged(agent))) return failed(NOT_IN_PLAN_MODE);',
    ),
  ),
  mutant(
    'blind-r45-notices-kept-last-in-history',
    ['NARR-05'],
    "The model history keeps the plugin's notices after every other message, so a notice the model already saw moves behind later messages and the request prefix is rewritten.",
    patch(
      HISTORY,
      '  let messages: ChatMessage[] = [];',
      '  let messages: ChatMessage[] = [];\n  // Notices are read last, after everything else.\n  let notices: ChatMessage[] = [];',
    ),
    patch(
      HISTORY,
      `      case 'user/message':
        messages.push(userMessage(e.payload));`,
      `      case 'user/message':
        if (e.payload.source === 'plugin') notices.push(userMessage(e.payload));
        else messages.push(userMessage(e.payload));`,
    ),
    patch(
      HISTORY,
      `        messages = [{ role: 'user', source: 'host', text: e.payload.summary }];`,
      `        messages = [{ role: 'user', source: 'host', text: e.payload.summary }];
        notices = [];`,
    ),
    patch(HISTORY, '  return messages;\n}', '  return [...messages, ...notices];\n}'),
  ),
  onlyIn(
    ['0.0.1-rc.1'],
    mutant(
      'blind-r45-rc1-projection-settles-on-done',
      ['PROJ-02'],
      "Under the 0.0.1-rc.1 edition the `plan` projection folds `command/done` as rc.8's does, so every `/plan` line's done record returns a new state and pushes to subscribers, though that edition's unit folds two event kinds only.",
      patch(
        EDITIONS,
        '    logsCommandDone: true,\n    projectionSettlesOnDone: false,',
        '    logsCommandDone: true,\n    projectionSettlesOnDone: true,',
      ),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1', 'rc.8'],
    mutant(
      'blind-r45-frozen-retry-runs-boundary-hooks',
      ['SET-06'],
      'A same-step retry re-sends the frozen request but still runs the boundary hooks, so a pending selection is logged (with its notice) ahead of a retried request that does not reflect it, and `get` stops reporting it pending before the next pre-step.',
      patch(
        AGENT,
        '      const request = frozen ?? (await this.preStep(kind));',
        `      // Plugins hear of every boundary, a retry of the frozen request included.
      if (frozen) for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind });
      const request = frozen ?? (await this.preStep(kind));`,
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'blind-r45-off-images-untrimmed-check',
      ['CMD-10'],
      '`/plan off` with image attachments is refused only when the argument is exactly `off`: with trailing white space it leaves plan mode and the images are dropped.',
      patch(
        COMMAND,
        '      if (isOffArgument(message) && images.length > 0) return error(OFF_WITH_IMAGES);',
        '      if (rawArgs === OFF_ARGUMENT && images.length > 0) return error(OFF_WITH_IMAGES);',
      ),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1', 'rc.8'],
    mutant(
      'blind-r45-fork-owned-by-origin',
      ['REVIEW-07', 'TOOL-04'],
      'A fork is recorded as owned by the agent it was forked from, so a forked agent no live agent owns is refused the plan review as a delegated child.',
      patch(
        HOST,
        `    const events = this.agent(agent).log.read();
    return this.addAgent({ id: this.nextId(), forkOf: agent }, events);`,
        `    const events = this.agent(agent).log.read();
    const fork = this.addAgent({ id: this.nextId(), forkOf: agent }, events);
    // A fork works for the agent it came from.
    this.owners.set(fork, agent);
    return fork;`,
      ),
    ),
  ),
];

/**
 * The hosts a half of the default run missed, for the matrix (catalog.ts). Left out:
 * `blind-r45-code-binding-returns-text`, which both halves passed, shows nothing through the contract: the
 * program that calls `exit_plan_mode` under a code mode is the adapter's, and what it does with the result is
 * the host's choice (src/contract/tool-modes.ts), so a binding resolving to the text instead of the value
 * changes no outcome the kit can see. `blind-r45-fork-owned-by-origin`, which the scenarios passed and only the
 * exploration failed when it was written (REVIEW-07: fork lineage alone makes no agent owned), joined once a
 * scenario held a fork of a live top-level agent (review-live-fork-not-owned).
 */
const CATALOGUED = new Set([
  'blind-r45-section-trailing-newlines-collapsed',
  'blind-r45-owned-child-busy-with-owner',
  'blind-r45-notice-follows-last-notice',
  'blind-r45-fork-owned-by-origin',
]);

export const BLIND_BATCH_R45_CATALOGUED: Mutant[] = BLIND_BATCH_R45.filter((entry) => CATALOGUED.has(entry.name));
