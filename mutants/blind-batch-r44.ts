/**
 * Round 44's blind batch: 25 broken hosts written from the spec, src/ and
 * reference/ only (before reading the kit's features, steps, oracle,
 * exploration or the earlier batches), each one plausible slip breaking one
 * MUST clause, to measure how many unseen broken hosts a default run fails.
 * The measurement, taken before any fix, is in docs/exploration.md
 * (blind batches).
 */
import { mutant, onlyIn, patch, type Mutant } from './mutant.js';

const RC = ['0.0.1-rc.1', 'rc.8'] as const;

export const BLIND_BATCH_R44: Mutant[] = [
  // Texts.
  mutant(
    'blind-r44-plan-message-ascii-trim',
    ['CMD-03'],
    'The /plan message is trimmed of ASCII white space only, so a no-break space, an ideographic space, a byte order mark or a line separator at either end reaches the model.',
    patch(
      'plan-mode/command.ts',
      'const message = rawArgs.trim();',
      "const message = rawArgs.replace(/^[ \\t\\r\\n]+|[ \\t\\r\\n]+$/g, '');",
    ),
  ),
  mutant(
    'blind-r44-command-line-single-line',
    ['CMD-03', 'CMD-07'],
    "The host's command-line parser reads the argument with a pattern that stops at a line break, so a /plan line whose message spans lines is refused as not a command line.",
    patch('host/commands.ts', '(?:\\s+([\\s\\S]*))?$/', '(?:\\s+(.*))?$/'),
  ),
  mutant(
    'blind-r44-feedback-trimmed',
    ['REVIEW-04'],
    'Review feedback reaches the model trimmed of its surrounding white space instead of byte for byte.',
    patch('plan-mode/review.ts', '  return text;\n}', '  return text.trim();\n}'),
  ),
  mutant(
    'blind-r44-approve-blank-free-text',
    ['REVIEW-03'],
    'Approve with a free-text answer of white space alone counts as consent, as if the text were empty.',
    patch(
      'plan-mode/review.ts',
      'return answer.freeText !== undefined && answer.freeText.length > 0;',
      'return answer.freeText !== undefined && answer.freeText.trim().length > 0;',
    ),
  ),
  mutant(
    'blind-r44-provider-error-truncated',
    ['REVIEW-06'],
    "A failed review keeps only the first 200 characters of the seam's error, so a long provider message does not reach the model whole.",
    patch(
      'plan-mode/exit-tool.ts',
      'return reviewFailed(errorMessage(error));',
      'return reviewFailed(errorMessage(error).slice(0, 200));',
    ),
  ),
  mutant(
    'blind-r44-review-strips-bidi',
    ['TOOL-04'],
    'The review question carries the plan with its bidirectional control characters removed (a Trojan Source guard), not unchanged.',
    patch(
      'plan-mode/review.ts',
      '    detail: plan,',
      "    detail: plan.replace(/[\\u202a-\\u202e\\u2066-\\u2069]/g, ''),",
    ),
  ),
  // Configuration shapes.
  mutant(
    'blind-r44-section-crlf-normalised',
    ['POLICY-01', 'CFG-03'],
    "The plugin normalises the configured section's CRLF line breaks to LF, so a section written with CRLF does not reach the prompt exactly.",
    patch(
      'plan-mode/config.ts',
      'return { section: result.data.section };',
      "return { section: result.data.section.replace(/\\r\\n/g, '\\n') };",
    ),
  ),
  mutant(
    'blind-r44-section-blank-ascii',
    ['CFG-01'],
    'A section is judged blank by ASCII white space only, so a section of no-break or ideographic spaces loads.',
    patch('plan-mode/config.ts', 'return text.trim().length === 0;', 'return /^[ \\t\\r\\n]*$/.test(text);'),
  ),
  mutant(
    'blind-r44-config-null-keys-dropped',
    ['CFG-02'],
    'Keys whose YAML value is empty or null are dropped before the config is validated, so an unknown key written without a value (mode:) loads.',
    patch(
      'plan-mode/config.ts',
      'const result = PlanModeConfigSchema.safeParse(config);',
      'const result = PlanModeConfigSchema.safeParse(\n    config !== null && typeof config === "object" && !Array.isArray(config)\n      ? Object.fromEntries(Object.entries(config).filter(([, value]) => value !== null && value !== undefined))\n      : config,\n  );',
    ),
  ),
  // Combinations of states.
  mutant(
    'blind-r44-restart-from-last-compaction',
    ['STATE-03'],
    'On restart the host loads each log from its last compaction on (the summary replaces what came before), so a plan state logged before a compaction is lost.',
    patch(
      'host/host.ts',
      'new SessionLog(record.id, this.store, this.bus, this.store.readEvents(record.id))',
      "new SessionLog(record.id, this.store, this.bus, ((events) => events.slice(Math.max(0, events.map((e) => e.type).lastIndexOf('compaction'))))(this.store.readEvents(record.id)))",
    ),
  ),
  mutant(
    'blind-r44-notice-forgets-before-compaction',
    ['NARR-01'],
    'The plugin looks for the last request header only after the last compaction, so a selection committed after compacting adds no notice although the last request described the other state.',
    patch(
      'plan-mode/state.ts',
      "return events.map((e) => e.type).lastIndexOf('request/header');",
      "const types = events.map((e) => e.type);\n  const index = types.lastIndexOf('request/header');\n  return index < types.lastIndexOf('compaction') ? -1 : index;",
    ),
  ),
  mutant(
    'blind-r44-notice-from-previous-state',
    ['NARR-02'],
    'The notice is owed whenever a request was ever made and the state changed, judged from the previous logged state rather than from what the last request header described.',
    patch(
      'plan-mode/narration.ts',
      '  return described !== committed;',
      "  return events.slice(0, events.map((e) => e.type).lastIndexOf('plan/mode')).reduce((a, e) => (e.type === 'plan/mode' ? e.payload.active : a), false) !== committed;",
    ),
  ),
  mutant(
    'blind-r44-cancel-after-turn-noop',
    ['SET-03'],
    'Once the turn has closed, a set back to the logged state is a noop that leaves the pending selection waiting, instead of withdrawing it.',
    patch(
      'plan-mode/service.ts',
      "): SetOutcome {\n  if (pending !== undefined && target === pending) return 'noop';",
      "): SetOutcome {\n  if (!running && target === logged) return 'noop';\n  if (pending !== undefined && target === pending) return 'noop';",
    ),
  ),
  mutant(
    'blind-r44-boundary-clears-all-pending',
    ['SCOPE-01'],
    "Any agent's request boundary clears the pending selections of every agent, not only its own.",
    patch(
      'plan-mode/service.ts',
      '    const target = this.pending.get(agent);\n    if (target === undefined) return;\n    this.pending.delete(agent);',
      '    const target = this.pending.get(agent);\n    this.pending.clear();\n    if (target === undefined) return;',
    ),
  ),
  mutant(
    'blind-r44-exit-counts-pending-entry',
    ['TOOL-03'],
    'exit_plan_mode treats a pending entry as plan mode, so a call made while entering is only queued opens a review.',
    patch(
      'plan-mode/exit-tool.ts',
      'if (!selections.logged(agent)) return failed(NOT_IN_PLAN_MODE);',
      'if (!selections.logged(agent) && selections.get(agent).pending !== true) return failed(NOT_IN_PLAN_MODE);',
    ),
  ),
  mutant(
    'blind-r44-approved-exit-payload',
    ['STATE-01'],
    'The plan/mode event of an approved exit records how it came about ({ active: false, approved: true }), so its payload is not exactly { active }.',
    patch(
      'plan-mode/service.ts',
      '    this.ctx.append(agent, planModeEvent(false));',
      '    this.ctx.append(agent, event(PLAN_MODE_EVENT, { active: false, approved: true } as { active: boolean }));',
    ),
  ),
  mutant(
    'blind-r44-jsonl-unicode-line-separators',
    ['STATE-03'],
    'The log reader splits lines at U+2028 and U+2029 as well as LF, so after a restart a log holding a text with a line separator is read as corrupt.',
    patch('host/jsonl.ts', ".toString('utf8').split('\\n');", ".toString('utf8').split(/\\n|\\u2028|\\u2029/);"),
  ),
  // The projection.
  mutant(
    'blind-r44-projection-off-untrimmed',
    ['PROJ-02', 'PROJ-05'],
    'The projection reads a /plan line as off only when its recorded argument is exactly off, untrimmed, so /plan off with surrounding white space shows a pending entry.',
    patch('plan-mode/projection.ts', '  return !isOffArgument(args);', '  return args !== OFF_ARGUMENT;'),
    patch(
      'plan-mode/projection.ts',
      "import { PLAN_COMMAND_NAME, isOffArgument } from './command.js';",
      "import { PLAN_COMMAND_NAME, OFF_ARGUMENT } from './command.js';",
    ),
  ),
  // Edition-specific: request recovery.
  onlyIn(
    ['seed'],
    mutant(
      'blind-r44-seed-retry-skips-boundary',
      ['SET-06'],
      'A retry of a failed request runs no boundary hooks, so a pending selection waits past the retry instead of shaping it (the seed applies it there).',
      patch(
        'host/agent.ts',
        '    for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind });',
        "    if (kind !== 'retry') for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind });",
      ),
    ),
  ),
  onlyIn(
    [...RC],
    mutant(
      'blind-r44-retry-runs-hooks',
      ['SET-06'],
      'A same-step retry re-sends the frozen request but still runs the boundary hooks, so a pending selection is logged at the retry while the request it precedes still describes the old state.',
      patch(
        'host/agent.ts',
        '      const request = frozen ?? (await this.preStep(kind));',
        '      if (frozen) for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind });\n      const request = frozen ?? (await this.preStep(kind));',
      ),
    ),
  ),
  // Edition-specific: owned children.
  onlyIn(
    [...RC],
    mutant(
      'blind-r44-owner-from-lineage-after-restart',
      ['TOOL-04', 'REVIEW-07'],
      'After a restart the host rebuilds ownership from the persisted lineage, so a child resumed as a root of its own is still refused the plan review.',
      patch(
        'host/host.ts',
        '  private loadFromStore(record: AgentRecord): void {\n',
        '  private loadFromStore(record: AgentRecord): void {\n    if (record.parent !== undefined) this.owners.set(record.id, record.parent);\n',
      ),
    ),
  ),
  // Edition-specific: attachments.
  onlyIn(
    ['rc.8'],
    mutant(
      'blind-r44-idle-steer-drops-images',
      ['CMD-03', 'CMD-09'],
      "A message steered while the agent is idle is submitted as a prompt without the line's image attachments.",
      patch(
        'host/agent.ts',
        'if (!this.turnOpen) return this.prompt(text, images);',
        'if (!this.turnOpen) return this.prompt(text);',
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'blind-r44-plan-off-images-raw-args',
      ['CMD-10'],
      'The refusal of /plan off with images compares the raw argument with off, so /plan off with surrounding white space and images leaves plan mode and drops the images.',
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
      'blind-r44-images-deduplicated',
      ['CMD-03', 'CMD-09'],
      'The /plan command drops an attachment identical to an earlier one, so the same image attached twice reaches the model once.',
      patch(
        'plan-mode/command.ts',
        'const images = options.takesImages ? attached : [];',
        'const images = options.takesImages\n        ? attached.filter((image, index) => attached.findIndex((other) => other.data === image.data && other.mediaType === image.mediaType) === index)\n        : [];',
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'blind-r44-image-only-empty-text-block',
      ['CMD-09'],
      'A message with images and no text still ends with an empty text block, so bare /plan with images steers more than the image blocks.',
      patch(
        'host/user-input.ts',
        "  if (input.text.length > 0) content.push({ type: 'text', text: input.text });",
        "  content.push({ type: 'text', text: input.text });",
      ),
    ),
  ),
];

/**
 * The hosts a half of the default run missed, for the matrix (catalog.ts). Left out:
 * `blind-r44-notice-from-previous-state` (which the exploration missed in 0.0.1-rc.1 and rc.8) is the
 * host `blind-r43-notice-against-logged` already catalogued, written again; and
 * `blind-r44-owner-from-lineage-after-restart`, which both halves passed, shows nothing a correct host
 * may not: the kit lets a delegated agent (a spawned or owned child) fail the call unasked, as a host
 * whose question channel serves only root agents does (REVIEW-06), and that host's refusal reads the same.
 */
const CATALOGUED = new Set([
  'blind-r44-provider-error-truncated',
  'blind-r44-restart-from-last-compaction',
  'blind-r44-approved-exit-payload',
]);

export const BLIND_BATCH_R44_CATALOGUED: Mutant[] = BLIND_BATCH_R44.filter((entry) => CATALOGUED.has(entry.name));
