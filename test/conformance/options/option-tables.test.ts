/**
 * The commands' option tables (conformance/options/option-table.ts): how a
 * table parses, what its --help says, and that docs/cli.md's option rows are
 * the tables' (run `npm run cli-docs` when this fails). No process is spawned.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CLI_DOCUMENT,
  DOCUMENTED_COMMAND_LINES,
  optionRows,
  withOptionRows,
} from '../../../conformance/cli/option-docs.js';
import {
  defineCommandLine,
  optionLabel,
  parseCommandLine,
  readCommandLine,
  usageText,
  UsageError,
  wholeNumber,
} from '../../../conformance/options/option-table.js';
import { ROOT } from '../cli-harness.js';

const SAMPLE = defineCommandLine({
  program: 'sample',
  usage: ['sample [options] FILE...'],
  description: 'A table for the tests.',
  positionals: { name: 'FILE...', what: 'file', min: 1, max: 2 },
  options: {
    count: { type: 'string', value: 'N', default: 3, parse: wholeNumber(1, 9), help: 'how many' },
    name: { type: 'string', value: 'NAME', help: 'a name' },
    tag: { type: 'string', value: 'TAG', multiple: true, help: 'a tag; repeatable' },
    out: { type: 'string', value: 'DIR', required: true, help: 'where' },
    quiet: { type: 'boolean', short: 'q', help: 'say less' },
    help: { type: 'boolean', short: 'h', help: 'show this text' },
  },
});

describe('an option table', () => {
  it('parses values, defaults, repeats, switches and positionals', () => {
    const { options, positionals, given } = parseCommandLine(SAMPLE, [
      '--out=o',
      '--tag',
      'a',
      'f1',
      '--tag=b',
      '-q',
      '--',
      '--f2',
    ]);
    expect(options).toEqual({ count: 3, out: 'o', tag: ['a', 'b'], quiet: true, help: false });
    expect(options.name).toBeUndefined();
    expect(positionals).toEqual(['f1', '--f2']);
    expect([...given].sort()).toEqual(['out', 'quiet', 'tag']);
    expect(parseCommandLine(SAMPLE, ['--out', 'o', '--count', '7', 'f']).options.count).toBe(7);
    // A value that starts with one dash is a value (a negative seed), not an option.
    expect(parseCommandLine(SAMPLE, ['--out', 'o', '--name', '-7', 'f']).options.name).toBe('-7');
  });

  it.each([
    [['--out', 'o', '--frobnicate', 'f'], "unknown argument '--frobnicate' (see sample --help)"],
    [['--out', 'o', '--frobnicate=3', 'f'], "unknown argument '--frobnicate=3' (see sample --help)"],
    [['--out', 'o', '-x', 'f'], "unknown argument '-x' (see sample --help)"],
    [['--out', 'o', 'f', '--name'], '--name needs a value (NAME)'],
    [['--out', '--name', 'x', 'f'], '--out needs a value (DIR)'],
    [['--out', 'o', '--name', 'a', '--name', 'b', 'f'], '--name given twice'],
    [['--out', 'o', '-q', '--quiet', 'f'], '--quiet given twice'],
    [['--out', 'o', '--quiet=yes', 'f'], "--quiet takes no value, got 'yes'"],
    [['--out', 'o', '--count', '10', 'f'], "--count must be a whole number from 1 to 9, got '10'"],
    [['f'], '--out DIR is required (see sample --help)'],
    [['--out', 'o'], 'expected at least one file, got 0 (see sample --help)'],
    [['--out', 'o', 'a', 'b', 'c'], 'expected at most two files, got 3 (see sample --help)'],
  ])('refuses %j naming the option', (argv, message) => {
    expect(() => parseCommandLine(SAMPLE, argv)).toThrow(UsageError);
    expect(() => parseCommandLine(SAMPLE, argv)).toThrow(message);
  });

  it('prints its help for --help, whatever else is wrong, and one line for a usage error', () => {
    const printed: string[] = [];
    const log = console.log;
    const error = console.error;
    console.log = (text: string) => void printed.push(`out: ${text}`);
    console.error = (text: string) => void printed.push(`err: ${text}`);
    try {
      expect(readCommandLine(SAMPLE, ['--bogus', '-h'])).toEqual({ ok: false, exit: 0 });
      expect(readCommandLine(SAMPLE, ['--bogus'])).toEqual({ ok: false, exit: 2 });
    } finally {
      console.log = log;
      console.error = error;
    }
    expect(printed).toEqual([
      `out: ${usageText(SAMPLE)}`,
      "err: sample: unknown argument '--bogus' (see sample --help)",
    ]);
  });

  it('shows each option with its value name, short name and default in --help', () => {
    const help = usageText(SAMPLE);
    expect(help).toMatch(/^Usage: sample \[options\] FILE\.\.\./);
    expect(help).toMatch(/--count N +how many \(default: 3\)/);
    expect(help).toMatch(/-q, --quiet +say less/);
  });

  it('refuses an option name that is not kebab-case', () => {
    expect(() =>
      defineCommandLine({
        program: 'bad',
        usage: ['bad'],
        description: '',
        options: { outDir: { type: 'boolean', help: '' } },
      }),
    ).toThrow(/kebab-case/);
  });
});

describe("the commands' tables", () => {
  it.each(Object.entries(DOCUMENTED_COMMAND_LINES))(
    '%s: --help lists every option, with help text',
    (_name, commandLine) => {
      const help = usageText(commandLine);
      for (const [name, spec] of Object.entries(commandLine.options)) {
        expect(spec.help.trim()).not.toBe('');
        expect(help).toContain(optionLabel(name, spec));
      }
    },
  );

  it('say in --help what --adapter takes, with an exec: example', () => {
    for (const commandLine of [DOCUMENTED_COMMAND_LINES.run!, DOCUMENTED_COMMAND_LINES.explore!]) {
      // Every form, one a line: the built-in names, a module path, exec: with an example from an install.
      expect(usageText(commandLine)).toMatch(
        /reference +the kit's reference host[^]*dsh, dsh@0\.0\.1-rc\.1 [^]*a path to an adapter module[^]*exec:<command line> +a host process[^]*e\.g\.\s+--adapter "exec:python3 node_modules\/plan-mode-conformance\/examples\/python-host\/host\.py"/,
      );
    }
  });

  it(`are what ${CLI_DOCUMENT}'s option rows say (npm run cli-docs writes them)`, () => {
    const document = readFileSync(`${ROOT}${CLI_DOCUMENT}`, 'utf8');
    expect(withOptionRows(document)).toBe(document);
    for (const commandLine of Object.values(DOCUMENTED_COMMAND_LINES))
      expect(document).toContain(optionRows(commandLine));
  });

  it("refuse a document that lacks a command's markers", () => {
    expect(() => withOptionRows('no markers')).toThrow(/lacks the markers <!-- options:run -->/);
  });
});
