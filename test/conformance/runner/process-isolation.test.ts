/**
 * The run is isolated from the adapter: whatever the adapter or its host does
 * (exit, throw from a timer, leave a rejection, print, never start, get
 * interrupted), the CLI ends with a verdict that is not a pass, names the
 * scenario, keeps its reports honest and leaves no temporary folder.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../cli-harness.js';
import { runIsolated, whenOutput } from '../process-harness.js';

const FIXTURE_RUN = ['--features', `${FIXTURES}features`, '--tags', 'not @id:fixture-undefined'];
const adapter = (file: string) => ['--adapter', `${FIXTURES}adapters/${file}`];
const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

const reportsDir = mkdtempSync(join(tmpdir(), 'pmc-process-reports-'));
afterAll(() => rmSync(reportsDir, { recursive: true, force: true }));

describe('a run isolated from its adapter', () => {
  it('exits 1, naming the scenario, when the adapter calls process.exit(0) inside prompt', async () => {
    const run = await runIsolated([...adapter('prompt-exits.js'), ...FIXTURE_RUN, '--format', 'summary']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /failed: fixture-prompt-only [^]*?the suite process exited with code 0 during scenario fixture-prompt-only/,
    );
    expect(run.stdout).toContain('the run did not complete: 1 scenario(s) did not run');
    expect(lastLine(run.stdout)).toBe('conformance: 1 passed, 1 failed, 0 skipped');
    expect(run.leftInTmp).toEqual([]);
  });

  it('fails the scenario in flight, named, on an unhandled rejection from the host', async () => {
    const run = await runIsolated([...adapter('prompt-leaves-rejection.js'), ...FIXTURE_RUN, '--format', 'summary']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /failed: fixture-prompt-only [^]*?unhandled rejection: Error: the host lost its session writer/,
    );
    // Charged to the step that left the rejection, not to the After hook that happened to run next.
    expect(run.stdout).toMatch(/✖ When the user prompts "Hello"/);
    expect(run.stdout).not.toMatch(/✖ After/);
    expect(run.stdout).not.toMatch(/failed: fixture-set-and-log/);
    expect(run.leftInTmp).toEqual([]);
  });

  it('fails the scenario in flight, named, on an uncaught exception thrown from a host callback', async () => {
    const run = await runIsolated([...adapter('prompt-throws-later.js'), ...FIXTURE_RUN, '--format', 'summary']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/failed: fixture-prompt-only [^]*?the host callback blew up/);
    // Charged to the step whose work queued the callback.
    expect(run.stdout).toMatch(
      /a prompt outside plan mode[^]*✖ When the user prompts "Hello"[^]*the host callback blew up/,
    );
    expect(run.stdout).not.toMatch(/failed: fixture-set-and-log/);
  });

  it('keeps --format json on stdout valid when the adapter prints on stdout; its prints and the closing line go to stderr', async () => {
    const run = await runIsolated([...adapter('prints-to-stdout.js'), ...FIXTURE_RUN, '--format', 'json']);
    expect(run.status).toBe(0);
    expect(() => JSON.parse(run.stdout)).not.toThrow();
    expect(run.stderr).toContain('adapter loaded {not json');
    expect(run.stderr).toContain('raw write on stdout');
    expect(lastLine(run.stderr)).toBe('conformance: 3 passed, 0 failed, 0 skipped');
  });

  it('ends with exit 2 and one line when the host never starts', async () => {
    const run = await runIsolated([
      ...adapter('start-never-answers.js'),
      '--start-limit',
      '200',
      '--format',
      'summary',
    ]);
    expect(run.status).toBe(2);
    expect(lastLine(run.stderr)).toMatch(
      /^plan-mode-conformance: the host cannot start \(3 scenarios in a row, none started\): adapter method start: did not answer within 200 ms$/,
    );
    expect(run.leftInTmp).toEqual([]);
  });

  it('on SIGINT mid-scenario leaves no temporary folder and no report file', async () => {
    const junit = join(reportsDir, 'interrupted', 'junit.xml');
    const json = join(reportsDir, 'interrupted', 'cucumber.json');
    const run = await runIsolated(
      [
        ...adapter('prompt-hangs-after-start.js'),
        ...FIXTURE_RUN,
        '--call-limit',
        '60000',
        '--format',
        `junit:${junit}`,
        '--format',
        `json:${json}`,
      ],
      {
        onStart: (child, stderr) =>
          void whenOutput(child, stderr, 'fixture: prompt in flight').then(() => child.kill('SIGINT')),
      },
    );
    expect(run.status).toBe(130);
    expect(run.stderr).toMatch(/interrupted \(SIGINT\)/);
    expect(run.leftInTmp).toEqual([]);
    expect(existsSync(junit)).toBe(false);
    expect(existsSync(json)).toBe(false);
    expect(readdirSync(join(reportsDir, 'interrupted'))).toEqual([]);
  });

  // Also the whole run that leaves no temporary folder: every scenario of the reference, then an exploration
  // (a short one: what it leaves behind does not grow with its budget).
  it('gives a slow pipe every byte, the closing line last, and leaves no temporary folder after a whole run', async () => {
    const run = await runIsolated(['--format', 'pretty', '--explore', '20'], { readStdoutAfterMs: 1_500 });
    expect(run.status).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(100_000);
    expect(run.stdout.startsWith('Feature: ')).toBe(true);
    expect(lastLine(run.stdout)).toMatch(/^conformance: \d+ passed, 0 failed, 0 skipped$/);
    expect(run.leftInTmp).toEqual([]);
  });
});
