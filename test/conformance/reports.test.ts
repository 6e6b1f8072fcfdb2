/** Reports: cucumber's formats and the Markdown compatibility report are written where asked. */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli } from './cli-harness.js';

describe('report formats', () => {
  it('writes junit, html, message and Markdown reports in one run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pmc-reports-'));
    const run = runCli([
      '--adapter', `${FIXTURES}adapters/without-fork.js`,
      '--features', `${FIXTURES}features`,
      '--tags', 'not @id:fixture-undefined',
      '--format', `junit:${dir}/junit.xml`,
      '--format', `html:${dir}/report.html`,
      '--format', `message:${dir}/messages.ndjson`,
      '--format', `markdown:${dir}/compat.md`,
    ]);
    expect(run.status).toBe(0);
    expect(await readFile(`${dir}/junit.xml`, 'utf8')).toMatch(/<testsuite[^>]*tests="3"/);
    expect(await readFile(`${dir}/report.html`, 'utf8')).toContain('<html');
    expect(await readFile(`${dir}/messages.ndjson`, 'utf8')).toContain('"testRunFinished"');
    const markdown = await readFile(`${dir}/compat.md`, 'utf8');
    expect(markdown).toContain('# Plan mode compatibility: without-fork');
    expect(markdown).toContain('3 scenarios: 2 passed, 0 failed, 1 skipped, 0 baselined.');
    expect(markdown).toMatch(/\| STATE-04 \| MUST \| 0 \| 0 \| 1 \| 0 \| missing capability fork: this host has no fork \|/);
    expect(markdown).toMatch(/\| SET-01 \| MUST \| 1 \| 0 \| 0 \| 0 \|/);
  });

  it('writes a baseline from the current failures and passes when run with it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pmc-baseline-'));
    const args = ['--adapter', `${FIXTURES}adapters/get-throws.js`, '--features', `${FIXTURES}features`, '--tags', 'not @id:fixture-undefined'];
    const first = runCli([...args, '--write-baseline', `${dir}/b.yaml`]);
    expect(first.status).toBe(1);
    const written = await readFile(`${dir}/b.yaml`, 'utf8');
    expect(written).toContain('id: fixture-set-and-log');
    const second = runCli([...args, '--baseline', `${dir}/b.yaml`]);
    expect(second.stdout).toContain('baselined: 1 known failure(s)');
    expect(second.summary).toBe('conformance: 2 passed, 0 failed, 0 skipped');
    expect(second.status).toBe(0);
  });

  it('fails a run whose baseline lists a scenario that now passes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pmc-stale-'));
    const args = ['--adapter', `${FIXTURES}adapters/get-throws.js`, '--features', `${FIXTURES}features`, '--tags', 'not @id:fixture-undefined'];
    runCli([...args, '--write-baseline', `${dir}/b.yaml`]);
    const clean = runCli(['--adapter', `${FIXTURES}adapters/without-fork.js`, '--features', `${FIXTURES}features`, '--tags', 'not @id:fixture-undefined', '--baseline', `${dir}/b.yaml`]);
    expect(clean.stdout).toContain('stale baseline entry (now passes): fixture-set-and-log');
    expect(clean.status).toBe(1);
  });
});

describe('bad input loses nothing', () => {
  it('keeps the reasons of a baseline it rewrites', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pmc-rewrite-'));
    const args = ['--adapter', `${FIXTURES}adapters/get-throws.js`, '--features', `${FIXTURES}features`, '--tags', 'not @id:fixture-undefined'];
    const { writeFile } = await import('node:fs/promises');
    await writeFile(`${dir}/b.yaml`, 'known_failures:\n  - id: fixture-set-and-log\n    reason: get() is on fire in this host\n');
    runCli([...args, '--write-baseline', `${dir}/b.yaml`]);
    expect(await readFile(`${dir}/b.yaml`, 'utf8')).toContain('reason: get() is on fire in this host');
  });

  it('refuses to overwrite a baseline it cannot read, and leaves it as it was', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pmc-rewrite-'));
    const { writeFile } = await import('node:fs/promises');
    await writeFile(`${dir}/b.yaml`, 'known_failures: [\n');
    const run = runCli(['--adapter', `${FIXTURES}adapters/without-fork.js`, '--features', `${FIXTURES}features`, '--write-baseline', `${dir}/b.yaml`]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/refusing to overwrite .*b\.yaml: baseline file .* is not valid YAML/);
    expect(await readFile(`${dir}/b.yaml`, 'utf8')).toBe('known_failures: [\n');
  });

  it('reports a feature file that is not valid Gherkin in one line, exit 2', () => {
    const run = runCli(['--features', `${FIXTURES}broken-features`]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toMatch(/^plan-mode-conformance: broken\.feature: not valid Gherkin: /);
  });
});
