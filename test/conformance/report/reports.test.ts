/**
 * Reports agree with the exit code: the kit writes JUnit, HTML, Markdown and
 * the results file from its verdict (baselined failures shown as expected,
 * stable ids as test names, adapter/kit/baseline/level named); cucumber's own
 * message format stays cucumber's. The runs call the CLI's `main` in this
 * process (each forks its suite child, as the built CLI does); the baseline
 * --write-baseline proposes for the throwing host is written once and copied
 * into each test's folder.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { ResultsDocumentSchema } from '../../../src/index.js';
import { fixtureArgs, type CliRun } from '../cli-harness.js';
import { runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { writeReasons } from '../baseline-reasons.js';

/** The run that wrote the baseline of the host whose getPlanMode throws, and what it wrote. */
let proposed: { run: CliRun; baseline: string; junit: string };

beforeAll(async () => {
  const dir = await temporaryFolder('pmc-proposed-');
  const run = await runMain([
    ...fixtureArgs('get-throws.js'),
    '--write-baseline',
    `${dir}/b.yaml`,
    '--format',
    `junit:${dir}/first.xml`,
  ]);
  proposed = {
    run,
    baseline: await readFile(`${dir}/b.yaml`, 'utf8'),
    junit: await readFile(`${dir}/first.xml`, 'utf8'),
  };
});

/** The proposed baseline, as --write-baseline wrote it, at `dir`/b.yaml. */
const writeProposed = (dir: string): Promise<void> => writeFile(`${dir}/b.yaml`, proposed.baseline);

describe('report formats', () => {
  it('writes junit, html, message, Markdown and results reports in one run', async () => {
    const dir = await temporaryFolder('pmc-reports-');
    const run = await runMain([
      ...fixtureArgs('without-fork.js'),
      '--format',
      `junit:${dir}/junit.xml`,
      '--format',
      `html:${dir}/report.html`,
      '--format',
      `message:${dir}/messages.ndjson`,
      '--format',
      `markdown:${dir}/compat.md`,
      '--format',
      `results:${dir}/results.json`,
    ]);
    expect(run.status).toBe(0);
    const junit = await readFile(`${dir}/junit.xml`, 'utf8');
    expect(junit).toMatch(/<testsuite [^>]*tests="3" failures="0" errors="0" skipped="1"/);
    expect(junit).toContain('<testcase name="fixture-set-and-log" classname="fail-closed"');
    expect(junit).toContain('<property name="adapter" value="without-fork"/>');
    expect(junit).toContain('<property name="level" value="default"/>');
    expect(junit).toContain('<property name="baseline" value="none"/>');
    expect(junit).toMatch(/<property name="kit.version" value="\d+\.\d+\.\d+"\/>/);
    const html = await readFile(`${dir}/report.html`, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<dt>adapter</dt><dd>without-fork</dd>');
    expect(html).not.toMatch(/<script|<link|src="http/);
    expect(await readFile(`${dir}/messages.ndjson`, 'utf8')).toContain('"testRunFinished"');
    const markdown = await readFile(`${dir}/compat.md`, 'utf8');
    expect(markdown).toContain('# Plan mode compatibility: without-fork');
    expect(markdown).toContain('- **adapter**: without-fork');
    expect(markdown).toContain('- **baseline**: none');
    expect(markdown).toContain('3 scenarios: 2 passed, 0 failed, 1 skipped, 0 baselined.');
    expect(markdown).toMatch(
      /\| STATE-04 \| required \| A fork starts with the logged plan state of its origin[^|]*\| 0 \| 0 \| 1 \| 0 \| missing capability fork: this host has no fork \|/,
    );
    expect(markdown).toContain('## Human review');
    const results = JSON.parse(await readFile(`${dir}/results.json`, 'utf8')) as unknown;
    const parsed = ResultsDocumentSchema.parse(results);
    expect(parsed.adapter.name).toBe('without-fork');
    expect(parsed.spec).toEqual({
      readme: '@deepseek-ai/dsh-plan-mode README at upstream commit 89d30b0ef7 (seed)',
      clauses: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      edition: 'seed',
    });
    expect(parsed.scenarios.map((scenario) => [scenario.id, scenario.status, scenario.uri])).toEqual([
      ['fixture-set-and-log', 'passed', 'fail-closed.feature'],
      ['fixture-prompt-only', 'passed', 'fail-closed.feature'],
      ['fixture-fork', 'skipped', 'fail-closed.feature'],
    ]);
  });

  it('shows a baselined failure as expected in JUnit, HTML, Markdown and results, and exits 0', async () => {
    const dir = await temporaryFolder('pmc-baselined-');
    const args = fixtureArgs('get-throws.js');
    expect(proposed.run.status).toBe(1);
    expect(proposed.junit).toMatch(
      /<testcase name="fixture-set-and-log"[^>]*>[\s\S]*?<failure message="[^"]*adapter method getPlanMode: threw: the plan store is on fire" type="adapter-error">/,
    );
    const written = proposed.baseline;
    expect(written).toMatch(
      /- id: fixture-set-and-log\n {4}step: get reports plan mode on with nothing pending\n {4}kind: adapter-error\n {4}clause: SET-01\n/,
    );
    await writeFile(`${dir}/b.yaml`, written.replace(/reason: .*/, 'reason: get() is on fire in this host'));
    const second = await runMain([
      ...args,
      '--baseline',
      `${dir}/b.yaml`,
      '--format',
      `junit:${dir}/junit.xml`,
      '--format',
      `html:${dir}/report.html`,
      '--format',
      `markdown:${dir}/compat.md`,
      '--format',
      `results:${dir}/results.json`,
    ]);
    expect(second.stdout).toContain('baselined: 1 known failure(s)');
    expect(second.summary).toBe('conformance: 2 passed, 0 failed, 0 skipped (partial: 1 required clause(s) unproven)');
    expect(second.status).toBe(0);
    const junit = await readFile(`${dir}/junit.xml`, 'utf8');
    expect(junit).toMatch(/failures="0"/);
    expect(junit).toMatch(
      /<testcase name="fixture-set-and-log"[^>]*>[\s\S]*?<skipped message="expected failure \(baseline\): get\(\) is on fire in this host"\/>/,
    );
    expect(junit).toContain(`<property name="baseline" value="${dir}/b.yaml"/>`);
    expect(await readFile(`${dir}/report.html`, 'utf8')).toMatch(
      /<tr class="baselined">[\s\S]*?expected failure \(baseline\)/,
    );
    expect(await readFile(`${dir}/compat.md`, 'utf8')).toMatch(
      /## Known divergences \(baselined\)\n\n- \*\*fixture-set-and-log\*\* \(SET-01, adapter-error at "get reports plan mode on with nothing pending"\): get\(\) is on fire in this host/,
    );
    const results = ResultsDocumentSchema.parse(JSON.parse(await readFile(`${dir}/results.json`, 'utf8')));
    expect(results.baseline).toEqual({ path: `${dir}/b.yaml`, entries: 1 });
    expect(results.scenarios[0]).toMatchObject({
      id: 'fixture-set-and-log',
      status: 'baselined',
      failure: { kind: 'adapter-error' },
      baseline: { reason: 'get() is on fire in this host', clause: 'SET-01' },
    });
  });

  it('fails a baselined scenario that now fails another way (a timeout instead of an adapter error), showing both', async () => {
    const dir = await temporaryFolder('pmc-mismatch-');
    await writeProposed(dir);
    writeReasons(`${dir}/b.yaml`);
    const run = await runMain([
      ...fixtureArgs('get-hangs.js'),
      '--call-limit',
      '300',
      '--baseline',
      `${dir}/b.yaml`,
      '--format',
      `junit:${dir}/junit.xml`,
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      'baselined scenario no longer matches its entry: fixture-set-and-log (fail-closed.feature:4) fails in another kind than its baseline entry: expected adapter-error at "get reports plan mode on with nothing pending", actual timeout at "get reports plan mode on with nothing pending"',
    );
    expect(run.summary).toBe('conformance: 2 passed, 1 failed, 0 skipped');
    expect(await readFile(`${dir}/junit.xml`, 'utf8')).toMatch(
      /<failure message="fails in another kind than its baseline entry[^"]*" type="timeout">/,
    );
  });

  it('refuses a baseline whose reason is still the placeholder --write-baseline wrote, naming the entry, until a person writes one', async () => {
    const dir = await temporaryFolder('pmc-placeholder-');
    await writeProposed(dir);
    const unread = await runMain([...fixtureArgs('get-throws.js'), '--baseline', `${dir}/b.yaml`]);
    expect(unread.status).toBe(2);
    expect(unread.stderr).toMatch(
      /b\.yaml:\d+:\d+: known_failures\[0\] \(id fixture-set-and-log\): the reason is still the placeholder --write-baseline wrote/,
    );
    writeReasons(`${dir}/b.yaml`);
    expect((await runMain([...fixtureArgs('get-throws.js'), '--baseline', `${dir}/b.yaml`])).status).toBe(0);
  });

  it('fails a run whose baseline lists a scenario that now passes', async () => {
    const dir = await temporaryFolder('pmc-stale-');
    await writeProposed(dir);
    writeReasons(`${dir}/b.yaml`);
    const clean = await runMain([...fixtureArgs('without-fork.js'), '--baseline', `${dir}/b.yaml`]);
    expect(clean.stdout).toContain(`stale baseline entry (now passes): fixture-set-and-log (${dir}/b.yaml:4:5)`);
    expect(clean.status).toBe(1);
  });

  it('keeps a report on stdout valid: the closing lines go to stderr', async () => {
    const run = await runMain([...fixtureArgs('without-fork.js'), '--format', 'results']);
    expect(ResultsDocumentSchema.parse(JSON.parse(run.stdout)).scenarios).toHaveLength(3);
    expect(run.stderr.trim().split('\n').at(-1)).toBe(
      'conformance: 2 passed, 0 failed, 1 skipped (partial: 1 required clause(s) unproven)',
    );
    expect(run.status).toBe(0);
  });
});

describe('bad input loses nothing', () => {
  it('keeps the header comment and the reasons of a baseline it rewrites, also from the older id-and-reason format', async () => {
    const dir = await temporaryFolder('pmc-rewrite-');
    await writeFile(
      `${dir}/b.yaml`,
      '# Why this host differs.\nknown_failures:\n  - id: fixture-set-and-log\n    reason: get() is on fire in this host\n',
    );
    await runMain([...fixtureArgs('get-throws.js'), '--write-baseline', `${dir}/b.yaml`]);
    const text = await readFile(`${dir}/b.yaml`, 'utf8');
    expect(text).toMatch(/^# Why this host differs\.\n/);
    expect(text).toContain('reason: get() is on fire in this host');
  });

  it('refuses to overwrite a baseline it cannot read, and leaves it as it was', async () => {
    const dir = await temporaryFolder('pmc-rewrite-');
    await writeFile(`${dir}/b.yaml`, 'known_failures: [\n');
    const run = await runMain([...fixtureArgs('without-fork.js'), '--write-baseline', `${dir}/b.yaml`]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/refusing to overwrite .*b\.yaml: baseline file .* is not valid YAML/);
    expect(await readFile(`${dir}/b.yaml`, 'utf8')).toBe('known_failures: [\n');
  });
});
