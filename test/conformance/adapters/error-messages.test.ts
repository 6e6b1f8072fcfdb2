/**
 * Whole error messages: user errors are reported with every problem and its
 * location (file:line:column, path of the field), exit 2, no stack trace.
 * The CLI's `main` runs in this process (a run's adapter loads in its suite
 * child, as in the built CLI).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dshInstallHint } from '../../../conformance/adapters/load-adapter.js';
import { AdapterDefinitionError, defineAdapter } from '../../../src/index.js';
import { FIXTURES } from '../cli-harness.js';
import { runMain } from '../in-process-cli.js';

function expectNoStack(text: string): void {
  expect(text).not.toMatch(/\n\s+at /);
}

describe('whole error messages', () => {
  it('names the file, line and column of a syntax error, also in a module the adapter imports', async () => {
    const run = await runMain(['--adapter', `${FIXTURES}adapters/syntax-error.js`]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `could not be imported: ${FIXTURES}adapters/syntax-error-inner.js:3:19: SyntaxError: Unexpected token ','`,
    );
    expect(run.stderr).toContain('  start: () => 1 +,\n');
    expectNoStack(run.stderr);
  });

  it('lists every problem of an incomplete defineAdapter with its path and where it was called', async () => {
    const run = await runMain(['--adapter', `${FIXTURES}adapters/incomplete-definition.js`]);
    expect(run.status).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toMatch(
      /could not be imported: defineAdapter: the adapter definition has 9 problem\(s\) \(defineAdapter called at .*incomplete-definition\.js:3:16\):$/,
    );
    expect(lines.slice(1)).toEqual([
      '  name: the adapter needs a name for reports',
      '  capabilities.questions: missing: expected true (supported) or { missing: "<the reason>" }',
      '  capabilities.projections: missing: expected true (supported) or { missing: "<the reason>" }',
      '  capabilities.fork.missing: a missing capability needs a reason',
      '  capabilities.spawn: expected true (supported) or { missing: "<the reason>" }, received boolean',
      '  capabilities.restart: missing: expected true (supported) or { missing: "<the reason>" }',
      '  capabilities.compaction: missing: expected true (supported) or { missing: "<the reason>" }',
      '  capabilities.retry: missing: expected true (supported) or { missing: "<the reason>" }',
      '  start: start must be a function',
    ]);
  });

  it('defineAdapter throws a readable error listing every problem', () => {
    expect(() => defineAdapter({ name: 'x' } as never)).toThrow(AdapterDefinitionError);
    expect(() => defineAdapter({ name: 'x' } as never)).toThrow(
      /has 2 problem\(s\):\n {2}capabilities: missing: expected object\n {2}start: start must be a function$/,
    );
  });

  it('lists a malformed default export the same way', async () => {
    const run = await runMain(['--adapter', `${FIXTURES}adapters/bad-capabilities.js`]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'its default export has 1 problem(s):\n  capabilities.fork: expected true (supported) or { missing: "<the reason>" }, received boolean',
    );
  });

  it('reports every Gherkin error of every feature file with file:line:column', async () => {
    const run = await runMain(['--features', `${FIXTURES}`, '--coverage']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('feature files are not valid Gherkin (2 error(s)):');
    expect(run.stderr).toMatch(
      /\n {2}test\/fixtures\/broken-features-2\/also-broken\.feature:4:3: expected: .*got 'this line is not Gherkin'/,
    );
    expect(run.stderr).toMatch(
      /\n {2}test\/fixtures\/broken-features\/broken\.feature:4:3: expected: .*got 'Examples without outline'/,
    );
    expectNoStack(run.stderr);
  });

  it("tells how to install the dsh adapter's upstream packages, with their exact versions", () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    // The stand-in for the module npm lacks is a file: dependency of the kit's own, not something to install.
    const upstream = Object.entries(manifest.devDependencies).filter(
      ([name, version]) => name.startsWith('@deepseek-ai/') && !version.startsWith('file:'),
    );
    const hint = dshInstallHint('@deepseek-ai/cordis');
    expect(hint).toContain('@deepseek-ai/cordis is not installed');
    expect(hint).toContain(
      `npm install --save-dev ${upstream.map(([name, version]) => `${name}@${version}`).join(' ')}`,
    );
    expect(upstream.every(([, version]) => /^\d/.test(version))).toBe(true);
  });

  it('tells what --adapter dsh@0.0.1-rc.1 needs besides: the plugin under its npm alias, the stand-in, the overrides', () => {
    const hint = dshInstallHint('dsh-plan-mode-0.0.1-rc.1');
    expect(hint).toContain('dsh-plan-mode-0.0.1-rc.1 is not installed');
    expect(hint).toContain(
      '--adapter dsh@0.0.1-rc.1 also needs its plugin under the npm alias dsh-plan-mode-0.0.1-rc.1',
    );
    const alias = hint.split('\n').find((line) => line.includes('dsh-plan-mode-0.0.1-rc.1@npm:'))!;
    expect(alias).toMatch(
      /^ {2}npm install --save-dev dsh-plan-mode-0\.0\.1-rc\.1@npm:@deepseek-ai\/dsh-plan-mode@0\.0\.1-rc\.1 @deepseek-ai\/dsh-user-interaction@file:\/\S+\/adapters\/dsh\/user-interaction-stand-in$/,
    );
    const standIn = alias.match(/@file:(\S+)$/)![1]!;
    expect(existsSync(join(standIn, 'package.json')), standIn).toBe(true);
    const overrides = hint.split('\n').find((line) => line.trimStart().startsWith('"overrides"'))!;
    expect(JSON.parse(`{${overrides}}`).overrides['dsh-plan-mode-0.0.1-rc.1']).toMatchObject({
      '@deepseek-ai/dsh-user-interaction': '$@deepseek-ai/dsh-user-interaction',
    });
  });

  it('rejects a call limit Node timers would overflow', async () => {
    const run = await runMain(['--call-limit', '1000000000000']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--call-limit must be at most 2147483647 ms/);
  });

  it('lists every subcommand and every format in --help', async () => {
    const run = await runMain(['--help']);
    for (const word of [
      'init [FILE]',
      'explore',
      'docs --out DIR',
      'compare OLD.json NEW.json',
      '--level default|strict',
    ])
      expect(run.stdout).toContain(word);
    for (const format of [
      'progress',
      'summary',
      'pretty',
      'json',
      'message',
      'junit',
      'html',
      'markdown',
      'results',
      'github',
    ])
      expect(run.stdout).toMatch(new RegExp(`\\b${format}\\b`));
  });
});
