/**
 * Texts from the whole domain, for every action and model answer that carries
 * one (prompts, plans, sections, review feedback and free text, steered
 * messages, configuration values). A fresh host's bug sits where a list of
 * examples never reached, so texts are built on fast-check's full-Unicode
 * strings (any scalar value; never a lone surrogate, which is no text:
 * protocol/README.md) and biased toward the classes where hosts slip: every
 * character `String.prototype.trim` removes and white space it keeps, line
 * breaks inside a text, invisible and format characters, NFC and NFD, astral
 * characters and ZWJ emoji, empty and long texts, and texts that look like
 * commands or markup. Each value names the classes it belongs to, read from
 * the text itself (`classify`), so what a run reached can be measured.
 */
import fc from 'fast-check';
import { graphemeStrings } from './grapheme-strings.js';

/** The value classes a text can belong to (a text may belong to several). */
export const TEXT_CLASSES = [
  /** White space trim removes, at an end of the text (so a trimmed reading differs from the text). */
  'trimmed-white-space',
  /** White space trim keeps (U+0085, U+180E, U+200B) anywhere in the text. */
  'kept-white-space',
  /** A line break inside the text: LF, CRLF, a lone CR, U+2028, U+2029. */
  'line-break',
  /** Zero-width, bidi and other format characters, U+FEFF inside, variation selectors. */
  'invisible',
  /** A text NFC would change (combining sequences in NFD, singletons such as U+2126). */
  'nfd',
  /** A text NFD would change (precomposed characters). */
  'nfc',
  /** A character beyond the Basic Multilingual Plane (emoji, ZWJ sequences, CJK extension B). */
  'astral',
  /** Any character beyond ASCII. */
  'non-ascii',
  'empty',
  /** 64 KiB (65,536 UTF-16 code units) or longer. */
  'long',
  /** Looks like a command or markup: `/plan off`, `off`, a Gherkin keyword, `<!--`, a `{{plan}}` placeholder. */
  'command-like',
] as const;

export type TextClass = (typeof TEXT_CLASSES)[number];

export interface TaggedText {
  readonly text: string;
  readonly classes: readonly TextClass[];
}

/** Every character `String.prototype.trim` removes (docs/clauses.md, Terms: *trimmed*). */
export const TRIMMED_WHITE_SPACE: readonly string[] = [
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  ' ',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2001',
  '\u2002',
  '\u2003',
  '\u2004',
  '\u2005',
  '\u2006',
  '\u2007',
  '\u2008',
  '\u2009',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
];

/** White space (or space-like characters) trim keeps. */
export const KEPT_WHITE_SPACE: readonly string[] = ['\u0085', '\u180e', '\u200b'];

export const LINE_BREAKS: readonly string[] = ['\n', '\r\n', '\r', '\u2028', '\u2029'];

/** Zero-width, bidi controls, word joiners and invisible operators, U+FEFF, variation selectors, soft hyphen, CGJ. */
export const INVISIBLES: readonly string[] = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2060',
  '\u2061',
  '\u2062',
  '\u2063',
  '\u2064',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\ufeff',
  '\ufe0e',
  '\ufe0f',
  '\u{e0100}',
  '\u00ad',
  '\u034f',
];

/** Combining sequences in NFD, and characters NFC replaces (ohm sign, angstrom sign). */
const NFD_SEQUENCES: readonly string[] = [
  'e\u0301',
  'a\u0308',
  'n\u0303',
  'A\u030a',
  'c\u0327',
  'o\u0308\u0304',
  'e\u0327\u0301',
  '\u1100\u1161\u11a8',
  '\u2126',
  '\u212b',
];

/** Precomposed characters (NFD would split them). */
const NFC_CHARACTERS: readonly string[] = ['é', 'ä', 'ñ', 'Å', 'ç', 'ȫ', '각', 'ế'];

const ASTRAL: readonly string[] = [
  '𝒜',
  '😀',
  '👩\u200d💻',
  '👨\u200d👩\u200d👧\u200d👦',
  '🏳\ufe0f\u200d🌈',
  '🇨🇳',
  '👍🏽',
  '𠀀',
  '𝄞',
];

/** Texts that look like commands or markup to a host, a report or a feature file. */
const COMMAND_LIKE: readonly string[] = [
  '/plan off',
  '/plan',
  'off',
  'Off',
  ' off ',
  '/probe off',
  '/plan /plan off',
  'Given ',
  'When the user prompts',
  'Then ',
  'Scenario:',
  'Feature:',
  '"""',
  '# language: fr',
  '@SET-01',
  '| a | b |',
  '<!--',
  '-->',
  '<!-- a note for the reviewer -->',
  '</script>',
  '<b>',
  '# Heading',
  '```',
  '{{plan}}',
  '${plan}',
  '\\n',
  '\\u0000',
  '"quoted"',
  "it's",
  '%s',
  '\u001b[31m',
];

const WORDS: readonly string[] = [
  'plan',
  'the',
  'importer',
  'rollback',
  'callers',
  '计划',
  'Änderung',
  'φάση',
  'план',
  'خطة',
  'योजना',
  'テスト',
];

const pick = (values: readonly string[]): fc.Arbitrary<string> => fc.constantFrom(...values);

/** One fragment of a text, drawn from a class where hosts slip or from the whole of Unicode. */
const fragment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: pick(WORDS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }) },
  // fast-check's own grapheme strings, made without the table it builds as it makes them (grapheme-strings.ts).
  { weight: 2, arbitrary: graphemeStrings({ minLength: 1, maxLength: 6 }) },
  { weight: 2, arbitrary: pick(TRIMMED_WHITE_SPACE) },
  { weight: 2, arbitrary: pick(KEPT_WHITE_SPACE) },
  { weight: 2, arbitrary: pick(LINE_BREAKS) },
  { weight: 3, arbitrary: pick(INVISIBLES) },
  { weight: 2, arbitrary: pick(NFD_SEQUENCES) },
  { weight: 2, arbitrary: pick(NFC_CHARACTERS) },
  { weight: 2, arbitrary: pick(ASTRAL) },
  { weight: 2, arbitrary: pick(COMMAND_LIKE) },
);

/** White space trim removes, for either end of a text. */
const trimmedPadding: fc.Arbitrary<string> = fc
  .array(pick(TRIMMED_WHITE_SPACE), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.join(''));

const LONG_LENGTH = 65_536;

export interface TextOptions {
  /** Whether the text may be empty (a prompt must say something; feedback may be empty). */
  empty?: boolean;
  /** Whether the text must hold something trim keeps (a section, a `/plan` message). */
  nonBlank?: boolean;
  /** Whether a text of 64 KiB or more comes now and then (plans, prompts, sections). */
  long?: boolean;
  /** Whether white space trim removes may surround the text (default true). */
  padded?: boolean;
  /** Most fragments in a text (default 6). */
  maxFragments?: number;
  /** Whether most texts of two fragments or more get a line break between two of them (`lineBroken`). */
  lineBreaks?: boolean;
}

/** Which classes a text belongs to, read from the text itself. */
export function classify(text: string): TextClass[] {
  const classes: TextClass[] = [];
  const core = text.trim();
  if (text.length === 0) classes.push('empty');
  if (core !== text) classes.push('trimmed-white-space');
  if (KEPT_WHITE_SPACE.some((space) => text.includes(space))) classes.push('kept-white-space');
  if (/[\n\r\u2028\u2029]/.test(core)) classes.push('line-break');
  if (INVISIBLES.some((invisible) => core.includes(invisible))) classes.push('invisible');
  if (text.normalize('NFC') !== text) classes.push('nfd');
  if (text.normalize('NFD') !== text) classes.push('nfc');
  if (/[\u{10000}-\u{10ffff}]/u.test(text)) classes.push('astral');
  if (/[^\x00-\x7f]/.test(text)) classes.push('non-ascii');
  if (text.length >= LONG_LENGTH) classes.push('long');
  if (COMMAND_LIKE.some((like) => like.trim() !== '' && text.includes(like.trim()))) classes.push('command-like');
  return classes;
}

/**
 * A text with its classes, read when first asked for: the exploration draws thousands of texts and reads their
 * classes only as they cross the host (coverage.ts); classifying a long text costs about a millisecond.
 */
export function tagged(text: string): TaggedText {
  let classes: TextClass[] | undefined;
  return {
    text,
    get classes() {
      classes ??= classify(text);
      return classes;
    },
  };
}

/** Texts of the whole domain, biased toward the classes where hosts slip (see `TextOptions`). */
export function texts(options: TextOptions = {}): fc.Arbitrary<TaggedText> {
  const {
    empty = false,
    nonBlank = false,
    long = false,
    padded = true,
    maxFragments = 6,
    lineBreaks = false,
  } = options;
  const body = fc
    .array(fragment, { minLength: 1, maxLength: maxFragments })
    .map((parts) => (lineBreaks ? lineBroken(parts) : parts).join(''));
  const withPadding = padded
    ? fc
        .tuple(fc.option(trimmedPadding, { nil: '', freq: 3 }), body, fc.option(trimmedPadding, { nil: '', freq: 3 }))
        .map(([lead, core, trail]) => `${lead}${core}${trail}`)
    : body;
  const choices: Array<fc.WeightedArbitrary<string>> = [{ weight: 30, arbitrary: withPadding }];
  if (empty) choices.push({ weight: 6, arbitrary: fc.constant('') });
  if (long) choices.push({ weight: 3, arbitrary: body.map((core) => longText(core)) });
  return fc.oneof(...choices).map((text) => tagged(nonBlank && text.trim() === '' ? `${text}x` : text));
}

/**
 * The fragments of a text with a line break between two of them (LF, CRLF, a lone CR, U+2028 or U+2029), for three
 * texts of four: a host that keeps a text's first line, or splits it on one kind of break, loses what follows. Drawn
 * fragments hold a break only now and then, and in so short a text mostly beside white space at an end. The break
 * and its place are read from the fragments, not drawn, so the random stream, and every session a seed gives apart
 * from the text itself, stays the one whose reach was measured (test/conformance/explore/coverage.test.ts). Between
 * fragments, never inside one: a surrogate pair or a combining sequence stays whole.
 */
export function lineBroken(parts: readonly string[]): readonly string[] {
  if (parts.length < 2) return parts;
  let mix = parts.length;
  for (const part of parts) mix = (mix * 31 + part.length * 7 + part.charCodeAt(0)) % 1_000_003;
  if (mix % 4 === 0) return parts;
  const at = 1 + (mix % (parts.length - 1));
  const lineBreak = LINE_BREAKS[Math.floor(mix / 4) % LINE_BREAKS.length]!;
  return [...parts.slice(0, at), lineBreak, ...parts.slice(at)];
}

/** A text of 64 KiB or more: the fragment repeated, with numbered lines so no two parts read the same. */
export function longText(core: string): string {
  // Appended to one string (V8 joins the pieces once, when the text is first read): half the CPU of a list joined.
  const rest = `. ${core}\n`;
  let text = '';
  for (let line = 1; text.length < LONG_LENGTH; line += 1) text += line + rest;
  return text;
}

/**
 * A `/plan` line around a generated argument: the name, then (when there is an
 * argument) white space trim removes or a plain space, then the argument.
 * The argument is what the oracle trims (CMD-03/04).
 */
export function planLineAround(
  argument: fc.Arbitrary<TaggedText>,
): fc.Arbitrary<{ line: string; classes: readonly TextClass[] }> {
  return fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: fc.constant(' ') }, { weight: 1, arbitrary: pick(TRIMMED_WHITE_SPACE) }),
      argument,
    )
    .map(([separator, { text }]) => {
      const line = text === '' ? '/plan' : `/plan${separator}${text}`;
      return { line, classes: classify(line.slice('/plan'.length)) };
    });
}

/** A text of white space alone, trim removes it all: not empty, yet blank. */
export const blankTexts: fc.Arbitrary<string> = trimmedPadding;

/** An argument that is `off` once trimmed: `off` surrounded by any white space trim removes (CMD-04). */
export const offArgument: fc.Arbitrary<TaggedText> = fc
  .tuple(fc.option(trimmedPadding, { nil: '' }), fc.option(trimmedPadding, { nil: '' }))
  .map(([lead, trail]) => tagged(`${lead}off${trail}`));

/** `off` inside quotes of every kind a shell, Markdown or a typist uses: a message, never `off` (CMD-04). */
const QUOTED_OFF: readonly string[] = ['"off"', "'off'", '`off`', '“off”', '‘off’', '「off」', '«off»', '"off', "off'"];

/**
 * `off` as one line of an argument of several (every line break trim does not remove inside): a message, never
 * `off`, whichever line `off` is on (CMD-04: the argument trimmed whole must be exactly `off`).
 */
const OFF_AMONG_LINES: readonly string[] = [
  'off\nnow',
  'off\r\nplease',
  'off\rnow',
  'off\u2028now',
  'off\u2029now',
  'note\noff',
  'off\n\nthe rest',
];

/** Quote pairs a host that unquotes arguments as a shell does would strip (CMD-03: the message is sent as typed). */
const QUOTES: ReadonlyArray<readonly [string, string]> = [
  ['"', '"'],
  ["'", "'"],
  ['`', '`'],
  ['“', '”'],
  ['「', '」'],
];

/** A message wrapped whole in a pair of quotes: steered with its quotes, as typed (CMD-03). */
export function quotedMessages(message: fc.Arbitrary<TaggedText>): fc.Arbitrary<TaggedText> {
  return fc
    .tuple(fc.constantFrom(...QUOTES), message)
    .map(([[open, close], { text }]) => tagged(`${open}${text.trim()}${close}`));
}

/**
 * `off` spelt with other letters that read the same: compatibility forms NFKC folds to `off` (fullwidth, the `ﬀ`
 * ligature, modifier and mathematical letters) and a Cyrillic `о`. Each is a message: the argument is compared as
 * typed, never normalised (CMD-04; trimmed changes nothing else of a text).
 */
const OFF_LOOKALIKE_LETTERS: readonly string[] = [
  '\uff4f\uff46\uff46',
  'o\ufb00',
  '\u1d52\u1da0\u1da0',
  '\u{1d428}\u{1d41f}\u{1d41f}',
  '\u043eff',
];

/** An argument that only looks like `off`: `off` next to white space trim keeps, another case or letters, quoted, or one line of several (a message, CMD-04). */
export const offLookalike: fc.Arbitrary<TaggedText> = fc.oneof(
  fc
    .tuple(
      pick(['off', 'Off', 'OFF', 'off now', 'offline', 'off-by-one']),
      pick([...KEPT_WHITE_SPACE, '\u2060', '\u200d', '\ufe0f']),
      fc.boolean(),
    )
    .map(([word, kept, before]) => tagged(before ? `${kept}${word}` : `${word}${kept}`)),
  // Another case or more words alone, amid white space trim removes: still a message.
  fc
    .tuple(
      // Other letters that read as `off` join the list (one pick of a longer list takes as many random values as
      // before, so the rest of every session stays as it was).
      pick([
        'Off',
        'OFF',
        'oFF',
        'off now',
        'offline',
        'of',
        'off.',
        ...QUOTED_OFF,
        ...OFF_AMONG_LINES,
        ...OFF_LOOKALIKE_LETTERS,
      ]),
      fc.option(trimmedPadding, { nil: '' }),
      fc.option(trimmedPadding, { nil: '' }),
    )
    .map(([word, lead, trail]) => tagged(`${lead}${word}${trail}`)),
);
