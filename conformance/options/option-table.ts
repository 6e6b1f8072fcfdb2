/**
 * Command-line options as data. Every command of the kit (the run, each verb,
 * the matrices, the transport check, the benchmark) declares one table: per
 * option its name, type, short name, default, value name and help text. The
 * table is parsed by node:util's `parseArgs`, and the same table writes the
 * command's `--help` and its rows in docs/cli.md (option-docs.ts), so the
 * three cannot disagree.
 *
 * This folder sits low: it imports only Node and `src/`, so any layer may
 * declare a table without importing the CLI.
 */
import { parseArgs } from 'node:util';

/** Arguments a command cannot use: one line naming the option, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

interface OptionBase {
  /** The help text: plain, one or more lines (a newline starts a new line in --help). */
  help: string;
  /** A longer Markdown text for the command's row in docs/cli.md; the help text when absent. */
  docs?: string;
  /** A one-letter alias (`-h`). */
  short?: string;
}

/** A switch: present or not, never with a value. */
export interface FlagOption extends OptionBase {
  type: 'boolean';
}

/** An option with a value, converted and checked by `parse` (which throws UsageError naming the option). */
export interface ValueOption<T = unknown> extends OptionBase {
  type: 'string';
  /** What the value is, in --help and the docs: FILE, N|off, NAME[:FILE]. */
  value: string;
  /** Repeatable: every occurrence is kept, in order. */
  multiple?: boolean;
  /** The value when the option is absent. */
  default?: T;
  /** How --help and the docs state the default, when `String(default)` would not say it (or there is no fixed default). */
  defaultText?: string;
  /** Required: absent is a usage error. */
  required?: boolean;
  /** The text as given to the value it stands for; `option` is the name to quote in a message (`--call-limit`). */
  parse?: (text: string, option: string) => T;
}

export type OptionSpec = FlagOption | ValueOption<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type OptionTable = Record<string, OptionSpec>;

/** The positional arguments a command takes, if any. */
export interface PositionalSpec {
  /** How --help shows them: FILE, OLD.json NEW.json, [RESULTS.json ...]. */
  name: string;
  /** What one is, singular, in messages: "results file" ("expected two results files, got 1"). */
  what: string;
  min: number;
  max: number;
  help?: string;
}

/** One command: its name as typed after the program, its options and positionals, and the text around them. */
export interface CommandLineSpec<T extends OptionTable = OptionTable> {
  /** What messages start with: `plan-mode-conformance`, `plan-mode-conformance explore`, `mutants`. */
  program: string;
  /** The usage line(s) after "Usage: ", e.g. `plan-mode-conformance explore [options]`. */
  usage: string[];
  /** A verb's short synopsis and one-line summary, for the run's list of verbs (`init [FILE]`). */
  synopsis?: string;
  summary?: string;
  /** What the command does, a paragraph of plain text. */
  description: string;
  options: T;
  positionals?: PositionalSpec;
  /** Plain text printed after the options in --help (other commands, exit codes). */
  epilogue?: string;
}

/** Declares a command's table; the `const` parameter keeps each option's literal type for `ParsedOptions`. */
export function defineCommandLine<const T extends OptionTable>(commandLine: CommandLineSpec<T>): CommandLineSpec<T> {
  for (const [name, spec] of Object.entries(commandLine.options)) {
    if (!/^[a-z][a-z0-9-]*$/.test(name))
      throw new Error(`option table of ${commandLine.program}: '${name}' is not a kebab-case option name`);
    if (spec.short !== undefined && !/^[a-zA-Z]$/.test(spec.short))
      throw new Error(`option table of ${commandLine.program}: --${name}'s short name must be one letter`);
  }
  return commandLine;
}

type ValueOf<S> = S extends { parse: (text: string, option: string) => infer V } ? V : string;

/** What a table parses to: each option by its name, typed by its kind, its `parse` and whether it has a default. */
export type ParsedOptions<T extends OptionTable> = {
  -readonly [K in keyof T]: T[K] extends FlagOption
    ? boolean
    : T[K] extends { multiple: true }
      ? Array<ValueOf<T[K]>>
      : T[K] extends { default: unknown }
        ? ValueOf<T[K]>
        : T[K] extends { required: true }
          ? ValueOf<T[K]>
          : ValueOf<T[K]> | undefined;
};

export interface ParsedCommandLine<T extends OptionTable> {
  options: ParsedOptions<T>;
  positionals: string[];
  /** The options given on the command line (not defaulted), by name. */
  given: Set<keyof T & string>;
}

/**
 * Parses `argv` against the command's table: unknown options, a value missing
 * or given to a switch, an option given twice (unless repeatable), an invalid
 * value, a required option absent and a wrong number of positionals are each
 * a UsageError whose message names the option. `--name=value` and
 * `--name value` are alike; after `--` every argument is positional.
 */
export function parseCommandLine<T extends OptionTable>(
  commandLine: CommandLineSpec<T>,
  argv: readonly string[],
): ParsedCommandLine<T> {
  const table: OptionTable = commandLine.options;
  const nodeOptions = Object.fromEntries(
    Object.entries(table).map(([name, spec]) => [
      name,
      { type: spec.type, multiple: true, ...(spec.short ? { short: spec.short } : {}) },
    ]),
  );
  // Not strict: parseArgs's own errors do not say which option of ours failed; each token is checked below.
  const { tokens } = parseArgs({
    args: [...argv],
    options: nodeOptions,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, unknown> = {};
  const given = new Set<string>();
  const positionals: string[] = [];
  const help = `see ${commandLine.program} --help`;
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      positionals.push(token.value);
      continue;
    }
    const spec = Object.hasOwn(table, token.name) ? table[token.name] : undefined;
    const option = `--${token.name}`;
    if (spec === undefined) {
      throw new UsageError(`unknown argument '${token.inlineValue ? argv[token.index] : token.rawName}' (${help})`);
    }
    if (spec.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`${option} takes no value, got '${token.value}'`);
      if (given.has(token.name)) throw new UsageError(`${option} given twice`);
      values[token.name] = true;
    } else {
      const text = token.value;
      if (text === undefined || (!token.inlineValue && text.startsWith('--')))
        throw new UsageError(`${option} needs a value (${spec.value})`);
      if (given.has(token.name) && !spec.multiple) throw new UsageError(`${option} given twice`);
      const value = spec.parse ? spec.parse(text, option) : text;
      if (spec.multiple) ((values[token.name] ??= []) as unknown[]).push(value);
      else values[token.name] = value;
    }
    given.add(token.name);
  }
  for (const [name, spec] of Object.entries(table)) {
    if (given.has(name)) continue;
    if (spec.type === 'boolean') values[name] = false;
    else if (spec.required) throw new UsageError(`--${name} ${spec.value} is required (${help})`);
    else if (spec.multiple) values[name] = spec.default ?? [];
    else if (spec.default !== undefined) values[name] = spec.default;
  }
  const allowed = commandLine.positionals ?? { name: '', what: 'argument', min: 0, max: 0 };
  if (positionals.length > allowed.max) {
    throw new UsageError(
      allowed.max === 0
        ? `unknown argument '${positionals[0]}' (${help})`
        : `expected ${allowed.min === allowed.max ? '' : 'at most '}${count(allowed.max, allowed.what)}, got ${positionals.length} (${help})`,
    );
  }
  if (positionals.length < allowed.min) {
    throw new UsageError(
      `expected ${allowed.min === allowed.max ? '' : 'at least '}${count(allowed.min, allowed.what)}, got ${positionals.length} (${help})`,
    );
  }
  return { options: values as ParsedOptions<T>, positionals, given: given as Set<keyof T & string> };
}

/**
 * The command line, or the exit code after printing why there is none:
 * `--help` (when the table has it) prints the usage and gives 0; a usage
 * error, from the table or from `convert` (the rules between options), prints
 * one line, `program: message`, and gives 2.
 */
export function readCommandLine<T extends OptionTable, R = ParsedCommandLine<T>>(
  commandLine: CommandLineSpec<T>,
  argv: readonly string[],
  convert: (parsed: ParsedCommandLine<T>) => R = (parsed) => parsed as R,
): { ok: true; value: R } | { ok: false; exit: number } {
  // --help wins over every other problem: someone asking for help gets it.
  if (Object.hasOwn(commandLine.options, 'help') && argv.some((arg) => arg === '--help' || arg === '-h')) {
    console.log(usageText(commandLine));
    return { ok: false, exit: 0 };
  }
  try {
    return { ok: true, value: convert(parseCommandLine(commandLine, argv)) };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${commandLine.program}: ${error.message}`);
    return { ok: false, exit: 2 };
  }
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three'];

/** "one README file", "two results files". */
function count(how: number, what: string): string {
  return `${NUMBER_WORDS[how] ?? how} ${how === 1 ? what : `${what}s`}`;
}

/** `--adapter NAME|PATH`, `-h, --help`: an option as --help and the docs name it. */
export function optionLabel(name: string, spec: OptionSpec): string {
  const long = spec.type === 'string' ? `--${name} ${spec.value}` : `--${name}`;
  return spec.short ? `-${spec.short}, ${long}` : long;
}

/** How the default is stated, or undefined when there is none to state. */
export function defaultOf(spec: OptionSpec): string | undefined {
  if (spec.type === 'boolean') return undefined;
  if (spec.defaultText !== undefined) return spec.defaultText;
  if (spec.default === undefined || (Array.isArray(spec.default) && spec.default.length === 0)) return undefined;
  return Array.isArray(spec.default) ? spec.default.join(',') : String(spec.default);
}

/** The widest label that still shares the help column; a longer one has its help on the next line. */
const LABEL_COLUMN = 24;

/** The command's `--help`: usage lines, description, one entry per option (help and default), epilogue. */
export function usageText(commandLine: CommandLineSpec): string {
  const [first, ...rest] = commandLine.usage;
  const lines = [`Usage: ${first}`, ...rest.map((line) => `       ${line}`), '', commandLine.description, ''];
  const entries = Object.entries(commandLine.options);
  if (commandLine.positionals?.help)
    lines.push('Arguments:', ...entry(commandLine.positionals.name, commandLine.positionals.help), '');
  if (entries.length > 0) {
    lines.push('Options:');
    for (const [name, spec] of entries) {
      const fallback = defaultOf(spec);
      lines.push(...entry(optionLabel(name, spec), withDefault(spec.help, fallback)));
    }
  }
  if (commandLine.epilogue) lines.push('', commandLine.epilogue);
  return lines.join('\n');
}

/** The widest help line that still takes its default at its end; past it, the default has a line of its own. */
const HELP_WIDTH = 90;

/** The help with its default: at the end of a short one-line help, else on a line of its own. */
function withDefault(help: string, fallback: string | undefined): string {
  if (fallback === undefined) return help;
  const inline = `${help} (default: ${fallback})`;
  return help.includes('\n') || fallback.includes('\n') || inline.length > HELP_WIDTH
    ? `${help}\n(default: ${fallback})`
    : inline;
}

/** Label and help in two columns, the help's own lines kept, continuation lines aligned. */
function entry(label: string, help: string): string[] {
  const width = Math.min(LABEL_COLUMN, label.length);
  const helpLines = help.split('\n');
  const indent = ' '.repeat(2 + LABEL_COLUMN + 2);
  if (width < label.length) return [`  ${label}`, ...helpLines.map((line) => `${indent}${line}`)];
  return [`  ${label.padEnd(LABEL_COLUMN)}  ${helpLines[0]}`, ...helpLines.slice(1).map((line) => `${indent}${line}`)];
}

/** A whole number within bounds, or a UsageError naming the option and the range. */
export function wholeNumber(min: number, max: number, alternative = ''): (text: string, option: string) => number {
  return (text, option) => {
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
      throw new UsageError(`${option} must be ${alternative}a whole number from ${min} to ${max}, got '${text}'`);
    }
    return value;
  };
}

/** One of a fixed list of words, or a UsageError listing them. */
export function oneOf<const W extends string>(words: readonly W[]): (text: string, option: string) => W {
  return (text, option) => {
    const word = words.find((known) => known === text);
    if (word === undefined) throw new UsageError(`${option} must be ${words.join(' or ')}, got '${text}'`);
    return word;
  };
}
