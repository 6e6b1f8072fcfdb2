/**
 * Round 46's blind batch: 25 broken hosts written from the spec, src/ and reference/ only, before reading the
 * kit's steps, oracle, exploration or earlier batches, each one plausible slip a harness author could make,
 * breaking the clauses it names through what the adapter contract shows. What a default run caught of them
 * before any fix is in the kit repository's docs/exploration.md (the blind batches).
 */
import { mutant, onlyIn, patch, type Mutant } from './mutant.js';
import { AGENT, COMMAND, CONFIG, EXIT, HOST, PROJECTION, REVIEW, SERVICE, STATE } from './reference-sources.js';

const TOOLS = 'host/tools.ts';
const EDITIONS = 'editions.ts';
const TRIM_LINE = 'const message = rawArgs.trim();';

export const BLIND_BATCH_R46: Mutant[] = [
  mutant(
    'blind-r46-plan-trims-white-space-property',
    ['CMD-03', 'CMD-04'],
    "/plan trims its argument of Unicode's White_Space characters (a regex \\p{White_Space}) instead of JavaScript's trim: a next line (U+0085) around the message is cut and a byte order mark around it is kept, so `/plan off` followed by U+0085 leaves plan mode and a message with a trailing byte order mark is steered with it.",
    patch(COMMAND, TRIM_LINE, "const message = rawArgs.replace(/^\\p{White_Space}+|\\p{White_Space}+$/gu, '');"),
  ),
  mutant(
    'blind-r46-plan-flattens-line-breaks',
    ['CMD-03'],
    '/plan reads its argument as one line: every line break inside the message (LF, CR, CRLF) becomes a space before the message is trimmed and steered, so a message of several lines reaches the model as one.',
    patch(COMMAND, TRIM_LINE, "const message = rawArgs.replace(/\\r\\n|\\r|\\n/g, ' ').trim();"),
  ),
  mutant(
    'blind-r46-section-carriage-returns-normalized',
    ['CFG-03', 'POLICY-01'],
    "The plugin normalizes the configured section's line breaks when it loads: a CR or CRLF written in a double-quoted YAML section becomes LF, so the plan section in the system prompt is not the configured text.",
    patch(
      CONFIG,
      'return { section: result.data.section };',
      "return { section: result.data.section.replace(/\\r\\n?/g, '\\n') };",
    ),
  ),
  mutant(
    'blind-r46-review-plan-truncated',
    ['TOOL-04'],
    'The review question carries a long plan cut to its first 4,096 characters with an ellipsis (a UI limit), so a long plan does not reach the user unchanged.',
    patch(REVIEW, '    detail: plan,', '    detail: plan.length > 4096 ? `${plan.slice(0, 4096)}…` : plan,'),
  ),
  mutant(
    'blind-r46-config-null-keys-ignored',
    ['CFG-02'],
    'The plugin drops configuration keys whose value is null before it checks for unknown keys (a YAML key written with no value, such as `tools:`), so a config with an unknown key left empty loads.',
    patch(
      CONFIG,
      'const result = PlanModeConfigSchema.safeParse(config);',
      `const present =
    config !== null && typeof config === 'object' && !Array.isArray(config)
      ? Object.fromEntries(Object.entries(config).filter(([, value]) => value !== null && value !== undefined))
      : config;
  const result = PlanModeConfigSchema.safeParse(present);`,
    ),
  ),
  mutant(
    'blind-r46-blank-section-ascii-only',
    ['CFG-01'],
    'The plugin tells a blank section by ASCII white space only, so a section of no-break or ideographic spaces (U+00A0, U+3000) loads as if it were text.',
    patch(CONFIG, 'return text.trim().length === 0;', 'return /^[ \\t\\r\\n]*$/.test(text);'),
  ),
  mutant(
    'blind-r46-notice-forgets-header-before-compaction',
    ['NARR-01'],
    'The plugin looks for the last request header only after the last compaction, so a selection committed after a compaction, before any request since, adds no notice although the last header described the other state.',
    patch(
      STATE,
      "  return events.map((e) => e.type).lastIndexOf('request/header');",
      `  const types = events.map((e) => e.type);
  const header = types.lastIndexOf('request/header');
  return header < types.lastIndexOf('compaction') ? -1 : header;`,
    ),
  ),
  mutant(
    'blind-r46-resume-reasserts-plan-state',
    ['LIM-01', 'STATE-03'],
    "On opening its store the host re-asserts each resumed agent's plan state: when the last plan/mode event is not the last event of the log, it appends a copy of it, so a restart adds a plan/mode event no selection asked for.",
    patch(
      HOST,
      `    this.load(record, new SessionLog(record.id, this.store, this.bus, this.store.readEvents(record.id)));`,
      `    const log = new SessionLog(record.id, this.store, this.bus, this.store.readEvents(record.id));
    this.load(record, log);
    const events = log.read();
    const lastMode = [...events].reverse().find((e) => e.type === 'plan/mode');
    if (lastMode !== undefined && events[events.length - 1] !== lastMode) log.append(lastMode);`,
    ),
  ),
  mutant(
    'blind-r46-fork-at-last-turn-end',
    ['STATE-04'],
    "A fork copies the log only up to the last turn/end (a fork from the last settled turn), so whatever the origin logged since, an idle selection included, is missing from the fork and its plan state can differ from the origin's.",
    patch(
      HOST,
      '    const events = this.agent(agent).log.read();',
      `    const all = this.agent(agent).log.read();
    const settled = all.map((e) => e.type).lastIndexOf('turn/end');
    const events = settled < 0 ? all : all.slice(0, settled + 1);`,
    ),
  ),
  mutant(
    'blind-r46-steered-dropped-on-give-up',
    ['CMD-03'],
    'When the host gives up on a turn (a request failed for good) it clears the messages steered into that turn, so a `/plan <message>` typed while the failing request was out is never logged nor sent.',
    patch(
      AGENT,
      '        if (!response.retryable || attempt >= this.deps.options.maxAttempts) return;',
      `        if (!response.retryable || attempt >= this.deps.options.maxAttempts) {
          this.steered.splice(0);
          return;
        }`,
    ),
  ),
  mutant(
    'blind-r46-steered-message-sourced-as-plugin',
    ['CMD-03', 'NARR-01'],
    "A message steered into a running turn is logged as the plugin's (the plugin's command steered it), not the user's, so `/plan <message>` typed mid-turn reaches the model as a plugin-sourced message, one more notice than the switch owes.",
    patch(
      AGENT,
      `    for (const input of this.steered.splice(0)) {
      this.deps.log.append(event('user/message', userMessagePayload(input)));
    }`,
      `    for (const input of this.steered.splice(0)) {
      this.deps.log.append(event('user/message', { ...userMessagePayload(input), source: 'plugin' }));
    }`,
    ),
    patch(
      AGENT,
      "for (const input of this.steered.splice(0)) this.deps.log.append(event('user/message', userMessagePayload(input)));",
      "for (const input of this.steered.splice(0)) this.deps.log.append(event('user/message', { ...userMessagePayload(input), source: 'plugin' }));",
    ),
  ),
  mutant(
    'blind-r46-repeated-approve-deduplicated',
    ['REVIEW-03'],
    'The review reads the selected labels as a set: `Approve` selected twice (in one item or in two items of one reply) is one selection, and approves.',
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
    'blind-r46-feedback-only-without-selection',
    ['REVIEW-04'],
    "The review reads free text as feedback only when no option was selected (an 'Other' answer), so `Keep planning` with the user's reasons, or `Approve` with a correction, fails the call without the feedback.",
    patch(
      REVIEW,
      '  const text = answer?.freeText;',
      '  const text = answer !== undefined && answer.selected.length === 0 ? answer.freeText : undefined;',
    ),
  ),
  mutant(
    'blind-r46-dismissal-not-failed',
    ['REVIEW-05'],
    'A dismissed review (the user closed it to talk instead) is a successful tool result telling the model to wait, not a failed call.',
    patch(
      EXIT,
      "if (outcome.kind === 'dismissed') return failed(DISMISSED_TEXT);",
      "if (outcome.kind === 'dismissed') return { text: DISMISSED_TEXT };",
    ),
  ),
  mutant(
    'blind-r46-approve-with-blank-text',
    ['REVIEW-03'],
    'The review ignores free text of white space only: `Approve` next to a free text of spaces or line breaks approves (only an empty free text is left open by the seed).',
    patch(
      REVIEW,
      'return answer.freeText !== undefined && answer.freeText.length > 0;',
      'return answer.freeText !== undefined && answer.freeText.trim().length > 0;',
    ),
  ),
  mutant(
    'blind-r46-projection-ascii-trim',
    ['PROJ-02', 'PROJ-05'],
    "The plan projection trims a `/plan` line's arguments of ASCII white space only, so `/plan off` followed by an ideographic or no-break space (which the command reads as off) shows a pending entry the service does not have.",
    patch(
      PROJECTION,
      '  return !isOffArgument(args);',
      "  return args.replace(/^[ \\t\\r\\n]+|[ \\t\\r\\n]+$/g, '') !== 'off';",
    ),
  ),
  mutant(
    'blind-r46-notice-only-within-turn',
    ['NARR-01'],
    'The plugin looks for the last request header only within the current turn, so a selection left pending when a turn ended and applied when the next prompt is submitted adds no notice, although the last header described the other state.',
    patch(
      STATE,
      "  return events.map((e) => e.type).lastIndexOf('request/header');",
      `  const types = events.map((e) => e.type);
  const header = types.lastIndexOf('request/header');
  return header < types.lastIndexOf('turn/start') ? -1 : header;`,
    ),
  ),
  mutant(
    'blind-r46-idle-set-ignores-stale-pending',
    ['SET-03', 'SET-04'],
    '`set` on an idle agent compares the target with the logged state only: a selection left pending when the turn closed is neither withdrawn by a `set` back to the logged state (noop, and it still applies at the next prompt) nor a noop when selected again (committed at once).',
    patch(
      SERVICE,
      "  if (pending !== undefined && target === pending) return 'noop';",
      `  if (!running) return target === logged ? 'noop' : 'committed';
  if (pending !== undefined && target === pending) return 'noop';`,
    ),
  ),
  mutant(
    'blind-r46-pending-applied-for-every-agent',
    ['SCOPE-01', 'SET-06'],
    "At any agent's request boundary the plugin applies every agent's pending selection, so a parent's boundary commits a selection its running child made, before the child's next request.",
    patch(
      SERVICE,
      `  applyPending(agent: string): void {
    const target = this.pending.get(agent);
    if (target === undefined) return;
    this.pending.delete(agent);
    if (target === this.logged(agent)) return;
    this.commitSelection(agent, target);
  }`,
      `  applyPending(_agent: string): void {
    for (const [agent, target] of [...this.pending]) {
      this.pending.delete(agent);
      if (target !== this.logged(agent)) this.commitSelection(agent, target);
    }
  }`,
    ),
  ),
  mutant(
    'blind-r46-code-mode-exit-also-native',
    ['TOOL-07'],
    'Under the code mode the registry keeps exit_plan_mode on the wire beside the code-running tool (the plan exit kept native, the same in both states), so the wire carries more than the code-running tool.',
    patch(
      TOOLS,
      "if (this.mode === 'code') return [CODE_TOOL];",
      "if (this.mode === 'code') return [CODE_TOOL, ...this.nativeCatalog().filter((tool) => tool.name === 'exit_plan_mode')];",
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'blind-r46-plan-images-deduplicated',
      ['CMD-03', 'CMD-09'],
      '/plan drops repeated image attachments (the same media type and bytes attached twice) before it steers the message, so the steered message holds fewer image blocks than were attached.',
      patch(
        COMMAND,
        'const images = options.takesImages ? attached : [];',
        `const images = options.takesImages
        ? attached.filter(
            (image, index) =>
              attached.findIndex((other) => other.data === image.data && other.mediaType === image.mediaType) === index,
          )
        : [];`,
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'blind-r46-plan-images-dropped-when-active',
      ['CMD-09', 'CMD-03'],
      '/plan steers its image attachments only when the selection changed something: in plan mode already (noop), bare `/plan` with images steers nothing and `/plan <message>` with images steers the text alone.',
      patch(COMMAND, '      if (images.length > 0) {', "      if (images.length > 0 && outcome !== 'noop') {"),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'blind-r46-command-done-always-ok',
      ['CMD-10', 'PROJ-03'],
      "The host logs every command line's command/done as successful, whatever its result, so a `/plan off` refused for its images leaves the projection showing a pending exit.",
      patch(
        HOST,
        "event('command/done', { name: parsed.name, ok: result.ok })",
        "event('command/done', { name: parsed.name, ok: true })",
      ),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1'],
    mutant(
      'blind-r46-rc1-projection-settles-on-done',
      ['PROJ-02'],
      "The 0.0.1-rc.1 host's plan projection folds command/done as rc.8's does (a candidate target settled by its done), so a /plan line's command/done, any other event in that edition, returns a new state and pushes.",
      patch(
        EDITIONS,
        `    logsCommandDone: true,
    projectionSettlesOnDone: false,`,
        `    logsCommandDone: true,
    projectionSettlesOnDone: true,`,
      ),
    ),
  ),
  onlyIn(
    ['rc.8', '0.0.1-rc.1'],
    mutant(
      'blind-r46-owned-child-refusal-leaves-plan-mode',
      ['REVIEW-07'],
      "An owned child's exit_plan_mode call is refused as it should be, but the refusal also takes the child out of plan mode (it hands the decision to its owner), so plan mode does not stay on.",
      patch(
        EXIT,
        'if (options.ownedChildrenCannotReview && ctx.ownerOf(agent) !== undefined) return failed(OWNED_CHILD_TEXT);',
        `if (options.ownedChildrenCannotReview && ctx.ownerOf(agent) !== undefined) {
        selections.commitApprovedExit(agent);
        return failed(OWNED_CHILD_TEXT);
      }`,
      ),
    ),
  ),
];

/**
 * The hosts one half of the default run missed before the round's fixes: they join the mutant matrix.
 * `blind-r46-approve-with-blank-text` breaks REVIEW-03 (only an empty free text is left open; white space alone is
 * free text, which no clause trims) and is caught in every edition by `edge-review-labels-not-offered`'s
 * approve-beside-* rows and by the exploration, but it is not catalogued: its patch is, byte for byte,
 * `r42-approve-with-blank-free-text`'s, which the catalog holds.
 */
const CATALOGUED = new Set(['blind-r46-projection-ascii-trim', 'blind-r46-fork-at-last-turn-end']);

export const BLIND_BATCH_R46_CATALOGUED: Mutant[] = BLIND_BATCH_R46.filter((entry) => CATALOGUED.has(entry.name));
