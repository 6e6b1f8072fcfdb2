/**
 * The deployment a session starts on, as a family of its own: a third of the
 * sessions use the kit's usual section, a third a section of their own (white
 * space around it, lines ending in spaces, indentation, blank lines, characters
 * beyond ASCII, any text around the kit's words: CFG-03, POLICY-01 say it
 * reaches the model exactly as written), and a third an invalid configuration,
 * which must fail when the plugin loads (CFG-01, CFG-02): a session on one ends
 * there (`configurations` says why these shares).
 */
import fc from 'fast-check';
import { planModeDeployment } from '../../src/index.js';
import { DEFAULT_SECTION } from '../world/default-section.js';
import { texts } from './values/texts.js';
import type { ExploredSession } from './explored-session.js';
import type { Found } from './disagreement.js';
import { worded } from './finding-texts.js';

export type Configuration =
  | { kind: 'valid'; section: string }
  /** `breaks`: the clause a host that starts on it breaks. */
  | { kind: 'invalid'; config: unknown; breaks: 'CFG-01' | 'CFG-02'; why: string };

const SECTIONS = [
  `  ${DEFAULT_SECTION}  `,
  // Ending in blank lines: YAML writes it keep-chomped (`|+`), and every trailing line break is part of it.
  'Plan mode. Before changing anything:   \n  - read the code you would touch\t\n  - list the risks\n\nThen present the plan through exit_plan_mode.\n\n\n',
  '\n\tPlanmodus: erst erkunden und planen — 計画を立ててから exit_plan_mode で提示する ✓\n',
  // Combining accents (NFD) and characters NFC would replace: the prompt must carry them unnormalized.
  'Re\u0301sume\u0301 first: explore, then cafe\u0301 \u2126 \u212b, then present the plan.',
  // Invisible and format characters inside: zero-width, bidi controls, word joiner, U+FEFF, variation selectors.
  '\u200bPlan\u200d first\u2060. \u202eTI\u202c \ufeffthen act\ufe0f 👩\u200d💻 \u200e\u200f',
  // Over several lines, with CRLF and a lone CR.
  'Plan first.\r\nThen act.\rThen check.\n\n  - one\t\n',
];

const INVALID: Array<Extract<Configuration, { kind: 'invalid' }>> = [
  {
    kind: 'invalid',
    config: { section: DEFAULT_SECTION, modes: ['plan'] },
    breaks: 'CFG-02',
    why: 'a key besides section',
  },
  {
    kind: 'invalid',
    config: { section: DEFAULT_SECTION, approvalPolicy: 'never' },
    breaks: 'CFG-02',
    why: 'an approval setting',
  },
  { kind: 'invalid', config: { section: '' }, breaks: 'CFG-01', why: 'an empty section' },
  { kind: 'invalid', config: { section: ' \n\t ' }, breaks: 'CFG-01', why: 'a blank section' },
  { kind: 'invalid', config: { section: 42 }, breaks: 'CFG-01', why: 'a section that is a number' },
  { kind: 'invalid', config: { section: ['Plan first.'] }, breaks: 'CFG-01', why: 'a section that is a list' },
  { kind: 'invalid', config: { section: null }, breaks: 'CFG-01', why: 'a null section' },
  { kind: 'invalid', config: {}, breaks: 'CFG-01', why: 'no section' },
  // A key present with an empty value is still a key besides section (YAML `modes:` is null).
  {
    kind: 'invalid',
    config: { section: DEFAULT_SECTION, modes: null },
    breaks: 'CFG-02',
    why: 'a key with a null value',
  },
  {
    kind: 'invalid',
    config: { section: DEFAULT_SECTION, sandbox: '' },
    breaks: 'CFG-02',
    why: 'a key with an empty string',
  },
  {
    kind: 'invalid',
    config: { section: DEFAULT_SECTION, tools: [] },
    breaks: 'CFG-02',
    why: 'a key with an empty list',
  },
  {
    kind: 'invalid',
    config: { section: DEFAULT_SECTION, modes: {} },
    breaks: 'CFG-02',
    why: 'a key with an empty mapping',
  },
  {
    kind: 'invalid',
    config: { section: '\u3000\ufeff\u00a0' },
    breaks: 'CFG-01',
    why: 'a section of white space trim removes',
  },
];

/**
 * Names a key besides `section` may have: the extension and comment prefixes other YAML tools skip (`x-`, `_`,
 * `$`, `#`, `//`), near misses of `section` (another case, a plural, white space or an invisible character next
 * to it, a Cyrillic letter for a Latin one), and any name from the whole of Unicode. Each is an unknown key, so
 * the load fails (CFG-02), whatever a host's conventions skip.
 */
const UNKNOWN_KEY_NAMES: readonly string[] = [
  'x-modes',
  'x-note',
  '_comment',
  '$schema',
  '#',
  '//',
  '.hidden',
  'Section',
  'SECTION',
  'sections',
  'section ',
  ' section',
  'section\u200b',
  'sect\u0456on',
  'section_text',
  'config',
  'modes',
];

/** Every shape YAML can give a key's value: null, empty, a scalar of each kind, a list, a mapping. */
const VALUE_SHAPES: readonly unknown[] = [null, '', 'plan', 0, true, [], ['plan'], {}, { plan: true }];

/** A configuration with the usual section and one more key of a generated name and shape (CFG-02). */
export const unknownKeyConfigurations: fc.Arbitrary<Extract<Configuration, { kind: 'invalid' }>> = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...UNKNOWN_KEY_NAMES) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }) },
    ),
    fc.constantFrom(...VALUE_SHAPES),
  )
  .filter(([key]) => key !== 'section' && key !== '__proto__' && key !== '<<')
  .map(([key, value]) => ({
    kind: 'invalid',
    config: Object.fromEntries([
      ['section', DEFAULT_SECTION],
      [key, value],
    ]),
    breaks: 'CFG-02',
    why: `a key besides section, ${JSON.stringify(key)}`,
  }));

/** Every configuration the family draws (the deployment YAML test reads each with a second parser). */
export const EVERY_CONFIGURATION: readonly Configuration[] = [
  ...SECTIONS.map((section): Configuration => ({ kind: 'valid', section })),
  ...INVALID,
];

/**
 * Sections from the whole domain (values/texts.ts): any text before and after the kit's words, which keep a
 * section from being found by chance in the rest of a system prompt (a section of one word would be). The
 * deployment writer escapes what YAML parsers read differently (src/deployment.ts), so every one reads it back
 * exactly. The words hold the replacement patterns of `String.prototype.replace` (`$&`, `$$`, `` $` ``, `$'`): a host
 * rendering its section through a template with `replace` expands them (round 48's blind batch met one, which only
 * a scenario caught); every generated section now carries them, at no cost in random values.
 */
export const SECTION_WORDS = "Plan-mode section (explore): plan before you act; keep $& $$ $` $' as typed.";
export const generatedSections: fc.Arbitrary<string> = fc
  .tuple(texts({ maxFragments: 4 }), texts({ maxFragments: 4 }))
  .map(([before, after]) => `${before.text}${SECTION_WORDS}${after.text}`);

/**
 * Undefined for the kit's usual deployment. A third of the sessions each: the usual section (fc.option's one in
 * five, and one in six more where the session's record leaves its optional key out), a section of their own (the
 * whole domain: CFG-03, POLICY-01), an invalid configuration (CFG-01, CFG-02), which ends its session at the start.
 * Which states a session reaches hangs only on whether it starts, not on its section's text; yet the invalid third
 * pays its way: each listed configuration is one way a host may mis-read its input, met by a few sessions each.
 * Measured at 200 sessions, seed 23: with a quarter invalid the coverage table's cells summed 2-4% more in the three
 * editions, but the exploration no longer caught empty-section-accepted and null-section-gets-a-default in any.
 */
export const configurations: fc.Arbitrary<Configuration | undefined> = fc.option(
  fc.oneof(
    {
      weight: 1,
      arbitrary: fc.constantFrom(...SECTIONS).map((section): Configuration => ({ kind: 'valid', section })),
    },
    { weight: 2, arbitrary: generatedSections.map((section): Configuration => ({ kind: 'valid', section })) },
    { weight: 2, arbitrary: fc.constantFrom(...INVALID) },
    { weight: 1, arbitrary: unknownKeyConfigurations },
  ),
  { nil: undefined, freq: 5 },
);

export function deploymentOf(configuration: Configuration | undefined): string {
  if (configuration === undefined) return planModeDeployment({ section: DEFAULT_SECTION });
  return planModeDeployment(configuration.kind === 'valid' ? { section: configuration.section } : configuration.config);
}

/** The keys of a configuration besides `section`: what a load error names (CFG-04). */
function unknownKeysOf(config: unknown): string[] {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return [];
  return Object.keys(config).filter((key) => key !== 'section');
}

/** Writes the deployment into the transcript, so a printed scenario starts the host the session met. */
export function writeConfiguration(session: ExploredSession, configuration: Configuration | undefined): void {
  if (configuration === undefined) return;
  const yaml = deploymentOf(configuration).replace(/\n$/, '');
  session.transcript.step({ kind: 'deployment', yaml });
  session.transcript.step({ kind: 'host-starts' });
  if (configuration.kind === 'valid') {
    session.section = configuration.section;
    session.coverage.crossed(configuration.section);
    session.transcript.step({ kind: 'host-started' });
  }
}

/**
 * After an invalid configuration: the start must have failed (CFG-01, CFG-02); at the strict level, a load error
 * for keys besides `section` names one of them somewhere in the host's own words (CFG-04, recommended), as the
 * suite's "the host refuses to start with a message naming" reads it.
 */
export function judgeRefusal(
  session: ExploredSession,
  configuration: Extract<Configuration, { kind: 'invalid' }>,
  started: boolean,
  error?: unknown,
): Found {
  if (!started) {
    const unknown = unknownKeysOf(configuration.config);
    const message = error instanceof Error ? error.message : String(error);
    if (!session.options.strict || unknown.length === 0 || unknown.some((key) => message.includes(key)))
      return undefined;
    return worded({
      check: 'unknown-key-named',
      clauses: ['CFG-04'],
      where: {},
      expected: { keys: unknown },
      observed: { message },
    });
  }
  return worded({
    check: 'invalid-configuration-refused',
    clauses: [configuration.breaks],
    where: {},
    expected: { why: configuration.why, config: configuration.config },
    observed: { started: true },
  });
}
