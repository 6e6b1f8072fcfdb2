/**
 * Issue 30's next fresh batch (round 42): 25 broken hosts written blind, from the spec, the contract and the
 * reference only (no feature file, step, oracle, exploration, catalog entry or earlier batch read), each a
 * slip a harness author could plausibly make that breaks one MUST clause and shows through the adapter
 * contract; 19 in behaviour every edition shares. Measured on main 969ae9a before the fixes they called for
 * (the round's notes, blind-r42.md): a default run failed 21 of the 25 in every edition they concern (a 22nd
 * in one edition of three); scenarios alone 21, exploration alone 17. The matrix (catalog.ts) keeps only the
 * hosts a half of the default run missed (`BLIND_BATCH_R42_CATALOGUED`), bar one the catalog already holds
 * (`r42-fork-at-last-turn-end` is `fork-copies-log-up-to-last-turn-end`); the rest cost CI time and prove
 * nothing new.
 */
import { mutant, onlyIn, patch, type Mutant } from './mutant.js';
import {
  AGENT,
  CODE_MODE,
  COMMAND,
  COMMANDS,
  CONFIG,
  EXIT,
  HOST,
  POLICY,
  PROJECTION,
  PROJECTIONS,
  QUESTIONS,
  REVIEW,
  STATE,
} from './reference-sources.js';

const COMMAND_TRIM = 'const message = rawArgs.trim();';

export const BLIND_BATCH_R42: Mutant[] = [
  // ---- Unicode and text handling (behaviour every edition shares) ----
  mutant(
    'r42-plan-message-ascii-trim',
    ['CMD-03'],
    '/plan <message> trims only ASCII white space (space, tab, CR, LF) from the message, so a no-break space or an ideographic space after it is steered with the message.',
    patch(COMMAND, COMMAND_TRIM, "const message = rawArgs.replace(/^[ \\t\\r\\n]+|[ \\t\\r\\n]+$/g, '');"),
  ),
  mutant(
    'r42-plan-message-crlf-normalised',
    ['CMD-03'],
    '/plan <message> turns the line breaks inside the message into LF (CRLF and a lone CR become LF) before steering it.',
    patch(COMMAND, COMMAND_TRIM, "const message = rawArgs.trim().replace(/\\r\\n?/g, '\\n');"),
  ),
  mutant(
    'r42-plan-message-bidi-stripped',
    ['CMD-03'],
    '/plan <message> strips bidi embedding, override and isolate controls (U+202A..U+202E, U+2066..U+2069) from the message, a "Trojan Source" defence that changes what the user typed.',
    patch(COMMAND, COMMAND_TRIM, "const message = rawArgs.trim().replace(/[\\u202a-\\u202e\\u2066-\\u2069]/g, '');"),
  ),
  mutant(
    'r42-command-line-single-line',
    ['CMD-03', 'CMD-07'],
    'the command parser reads the argument with `.*` instead of `[\\s\\S]*`, so a /plan line whose message spans several lines (LF, CR, U+2028, U+2029 inside it) is no command line: an error result, nothing selected, nothing steered.',
    patch(COMMANDS, '(?:\\s+([\\s\\S]*))?$/', '(?:\\s+(.*))?$/'),
  ),
  mutant(
    'r42-plan-quoted-off',
    ['CMD-04'],
    '/plan unquotes an argument wrapped in matching quotes the way a shell would, so /plan "off" leaves plan mode (and /plan \'x\' steers x) instead of steering the quoted message.',
    patch(COMMAND, COMMAND_TRIM, "const message = rawArgs.trim().replace(/^([\"'])([\\s\\S]*)\\1$/, '$2');"),
  ),
  mutant(
    'r42-review-detail-capped',
    ['TOOL-04'],
    'the review question carries at most the first 16,384 UTF-16 units of the plan, with a truncation marker, as a UI limit would: a long plan reaches the user cut.',
    patch(
      REVIEW,
      '    detail: plan,',
      '    detail: plan.length > 16_384 ? `${plan.slice(0, 16_384)}\\n\\n…(plan truncated)` : plan,',
    ),
  ),
  mutant(
    'r42-review-feedback-trimmed',
    ['REVIEW-04'],
    "the user's review feedback reaches the model trimmed of its surrounding white space and line breaks, not byte for byte.",
    patch(REVIEW, '  return text;\n}', '  return text.trim();\n}'),
  ),
  mutant(
    'r42-section-crlf-normalised',
    ['POLICY-01'],
    'the plan section is rendered with its CRLF line breaks turned into LF, so a section written with CRLF (or escaped \\r\\n in YAML) does not reach the prompt exactly.',
    patch(
      POLICY,
      'return active ? section : undefined;',
      "return active ? section.replace(/\\r\\n/g, '\\n') : undefined;",
    ),
  ),
  mutant(
    'r42-code-mode-args-nfc',
    ['TOOL-08'],
    "under a code mode a program's binding call normalizes its string arguments to NFC on the way to the tool, so a plan written with combining accents (NFD) reaches the review changed.",
    patch(
      CODE_MODE,
      'const copy: unknown = JSON.parse(JSON.stringify(args ?? {}));',
      "const copy: unknown = JSON.parse(JSON.stringify(args ?? {}).normalize('NFC'));",
    ),
  ),

  // ---- Configuration shapes ----
  mutant(
    'r42-config-x-keys-ignored',
    ['CFG-02'],
    'the config loader drops keys starting with `x-` (the extension-key convention of other YAML tools) before validating, so `x-modes: [...]` loads instead of failing.',
    patch(
      CONFIG,
      'const result = PlanModeConfigSchema.safeParse(config);',
      "const cleaned =\n    config !== null && typeof config === 'object' && !Array.isArray(config)\n      ? Object.fromEntries(Object.entries(config).filter(([key]) => !key.startsWith('x-')))\n      : config;\n  const result = PlanModeConfigSchema.safeParse(cleaned);",
    ),
  ),
  mutant(
    'r42-config-blank-ascii-only',
    ['CFG-01'],
    'a blank section is told by ASCII white space only, so a section of no-break spaces, ideographic spaces or line separators loads.',
    patch(CONFIG, 'return text.trim().length === 0;', "return text.replace(/[ \\t\\r\\n]/g, '').length === 0;"),
  ),

  // ---- Combinations of states ----
  mutant(
    'r42-fork-at-last-turn-end',
    ['STATE-04'],
    'a fork copies the log up to the last completed turn, so a plan selection committed while the agent was idle after its last turn is not carried into the fork.',
    patch(
      HOST,
      '    const events = this.agent(agent).log.read();\n    return this.addAgent({ id: this.nextId(), forkOf: agent }, events);',
      "    const all = this.agent(agent).log.read();\n    const cut = all.map((e) => e.type).lastIndexOf('turn/end');\n    const events = cut < 0 ? all : all.slice(0, cut + 1);\n    return this.addAgent({ id: this.nextId(), forkOf: agent }, events);",
    ),
  ),
  mutant(
    'r42-projection-live-not-caught-up',
    ['PROJ-02', 'PROJ-04'],
    'after a restart the projection registry folds new events onto the initial state instead of catching up from the log first, so the views it pushes after a restart are wrong (the cold fold stays right).',
    patch(
      PROJECTIONS,
      '[...this.units].map(([name, unit]) => [name, history.reduce((s, e) => unit.reduce(s, e), unit.initial)]),',
      '[...this.units].map(([name, unit]) => [name, unit.initial]),',
    ),
  ),
  mutant(
    'r42-notice-lost-after-compaction',
    ['NARR-01'],
    'a request made before a compaction no longer counts as the last request (the model "has seen nothing since the summary"), so a user switch after a compaction adds no notice.',
    patch(
      STATE,
      "  return events.map((e) => e.type).lastIndexOf('request/header');",
      "  const types = events.map((e) => e.type);\n  const header = types.lastIndexOf('request/header');\n  return header < types.lastIndexOf('compaction') ? -1 : header;",
    ),
  ),
  mutant(
    'r42-notice-ignores-failed-requests',
    ['NARR-01'],
    'only a request that got an answer counts as the last request, so after a turn whose requests all failed (given up), a user switch adds no notice although the last header described the other state.',
    patch(
      STATE,
      "  return events.map((e) => e.type).lastIndexOf('request/header');",
      "  for (let i = events.length - 1; i >= 0; i--) {\n    if (events[i]!.type === 'request/header' && events[i + 1]?.type !== 'request/failure') return i;\n  }\n  return -1;",
    ),
  ),
  mutant(
    'r42-steered-messages-merged',
    ['CMD-03'],
    'several messages steered before one boundary are batched into one user message (texts joined by a blank line), not logged one by one as typed.',
    patch(
      AGENT,
      "    for (const input of this.steered.splice(0)) {\n      this.deps.log.append(event('user/message', userMessagePayload(input)));\n    }",
      "    const waiting = this.steered.splice(0);\n    if (waiting.length === 1) this.deps.log.append(event('user/message', userMessagePayload(waiting[0]!)));\n    if (waiting.length > 1) {\n      const merged = userInput(\n        waiting.map((input) => input.text).join('\\n\\n'),\n        waiting.flatMap((input) => input.images),\n      );\n      this.deps.log.append(event('user/message', userMessagePayload(merged)));\n    }",
    ),
  ),

  // ---- The review flow ----
  mutant(
    'r42-approve-with-blank-free-text',
    ['REVIEW-03'],
    'free text made only of white space (a space, a newline) next to Approve is read as no free text, so that answer approves.',
    patch(
      REVIEW,
      'return answer.freeText !== undefined && answer.freeText.length > 0;',
      'return answer.freeText !== undefined && answer.freeText.trim().length > 0;',
    ),
  ),
  mutant(
    'r42-review-last-item-wins',
    ['REVIEW-03'],
    'a reply with several answer items for the review is read as its last item alone, so Keep planning followed by Approve approves.',
    patch(
      QUESTIONS,
      '  const texts = items.flatMap((item) => (item.freeText === undefined ? [] : [item.freeText]));',
      "  if (items.length > 1) return { kind: 'answered', answer: items[items.length - 1] };\n  const texts = items.flatMap((item) => (item.freeText === undefined ? [] : [item.freeText]));",
    ),
  ),

  // ---- Projections ----
  mutant(
    'r42-projection-off-any-case',
    ['PROJ-02', 'PROJ-05'],
    'the plan projection reads `/plan OFF` (any case) as leaving, while the command takes it for a message in plan mode: the projection shows a pending exit get does not report.',
    patch(PROJECTION, 'return !isOffArgument(args);', 'return !isOffArgument(args.toLowerCase());'),
  ),

  // ---- Editions ----
  onlyIn(
    ['rc.8'],
    mutant(
      'r42-bare-plan-images-dropped-when-active',
      ['CMD-09'],
      'rc.8: bare /plan with images while plan mode is already active (noop) drops the images: nothing is steered.',
      patch(
        COMMAND,
        '      if (images.length > 0) {',
        "      if (images.length > 0 && !(outcome === 'noop' && message.length === 0)) {",
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'r42-off-with-images-raw-compare',
      ['CMD-10'],
      'rc.8: the refusal of /plan off with images compares the raw argument, so `/plan off ` (white space around off) with images leaves plan mode and drops the images instead of failing.',
      patch(
        COMMAND,
        'if (isOffArgument(message) && images.length > 0) return error(OFF_WITH_IMAGES);',
        'if (rawArgs === OFF_ARGUMENT && images.length > 0) return error(OFF_WITH_IMAGES);',
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'r42-plan-images-capped',
      ['CMD-03', 'CMD-09'],
      'rc.8: /plan keeps at most the first four attached images (a provider limit applied in the wrong place): the rest never reach the model.',
      patch(
        COMMAND,
        'const images = options.takesImages ? attached : [];',
        'const images = options.takesImages ? attached.slice(0, 4) : [];',
      ),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1', 'rc.8'],
    mutant(
      'r42-owned-child-refused-only-while-owner-runs',
      ['REVIEW-07'],
      'rc.8/0.0.1-rc.1: an owned child is refused the review only while its owner has a turn open, so a live but idle owner lets its child open the review.',
      patch(
        EXIT,
        'if (options.ownedChildrenCannotReview && ctx.ownerOf(agent) !== undefined) return failed(OWNED_CHILD_TEXT);',
        'const owner = ctx.ownerOf(agent);\n      if (options.ownedChildrenCannotReview && owner !== undefined && (ctx as unknown as { isRunning(a: string): boolean }).isRunning(owner))\n        return failed(OWNED_CHILD_TEXT);',
      ),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1'],
    mutant(
      'r42-rc1-command-done-pushes',
      ['PROJ-02'],
      "0.0.1-rc.1: the two-kind projection copies its state on the host's `command/done` record (code shared with rc.8), so every /plan line pushes an unchanged view once more.",
      patch(
        PROJECTION,
        '  if (e.type === PLAN_MODE_EVENT) {',
        "  if (!rules.settlesOnDone && e.type === 'command/done') return { ...state };\n  if (e.type === PLAN_MODE_EVENT) {",
      ),
    ),
  ),
  onlyIn(
    ['seed'],
    mutant(
      'r42-seed-retry-skips-hooks',
      ['SET-06'],
      'seed: a retry of a failed request assembles a new request but runs no boundary hooks (rc.8 reasoning applied to the seed), so a selection made during the failed request waits for the next continuation.',
      patch(
        AGENT,
        '    for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind });',
        "    if (kind !== 'retry') for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind });",
      ),
    ),
  ),
];

const CATALOGUED = new Set([
  'r42-plan-message-crlf-normalised',
  'r42-plan-quoted-off',
  'r42-config-x-keys-ignored',
  'r42-projection-live-not-caught-up',
  'r42-approve-with-blank-free-text',
  'r42-review-last-item-wins',
]);

export const BLIND_BATCH_R42_CATALOGUED: Mutant[] = BLIND_BATCH_R42.filter((entry) => CATALOGUED.has(entry.name));
