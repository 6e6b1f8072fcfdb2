import { describe, expect, it } from 'vitest';
import { parseArguments, UsageError } from '../../../conformance/cli/arguments.js';
import { runCli } from '../cli-harness.js';

describe('command-line arguments', () => {
  it('defaults to the reference adapter', () => {
    expect(parseArguments([])).toMatchObject({
      adapter: 'reference',
      tags: '',
      formats: [],
      coverage: false,
      level: 'default',
    });
    expect(parseArguments(['--level', 'strict']).level).toBe('strict');
  });

  it('takes repeated formats with optional files', () => {
    expect(parseArguments(['--format', 'progress', '--format=junit:out/j.xml']).formats).toEqual([
      { name: 'progress' },
      { name: 'junit', file: 'out/j.xml' },
    ]);
  });

  it.each([
    [['--frobnicate'], /unknown argument/],
    [['--adapter'], /needs a value/],
    [['--tags', '@a and ('], /not a tag expression/],
    [['--format', 'fancy'], /unknown format 'fancy'/],
    [['--call-limit', '-4'], /positive whole number/],
    [['--adapter', 'a', '--adapter', 'b'], /given twice/],
    [['--level', 'lenient'], /--level must be default or strict/],
    [['--call-limit', '1e12'], /positive whole number/],
    [['--start-limit', '0'], /--start-limit must be a positive whole number/],
    [['--start-limit', '99999999999'], /--start-limit must be at most 2147483647 ms/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseArguments(argv)).toThrow(UsageError);
    expect(() => parseArguments(argv)).toThrow(message);
  });

  it('exits 2 with one line and no stack trace for unusable arguments', () => {
    const run = runCli(['--format', 'fancy']);
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(
      "plan-mode-conformance: unknown format 'fancy' (known: progress, summary, pretty, message, json, junit, html, markdown, results, github)",
    );
  });
});
