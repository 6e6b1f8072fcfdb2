/**
 * A run's CLI ends with `process.exit` once its verdict is out (cli/bin.ts,
 * issue 36: a natural exit first drained V8's pending garbage collection),
 * but only once stdout and stderr have taken every byte: a reader that does
 * not read until the verdict is written still gets the whole report, and the
 * run's exit code. No time is asserted.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../cli-harness.js';
import { PROCESS_LIMIT_MS } from '../../limits.js';

/** Five scenarios of four feature files: cucumber's message format writes about 0.5 MB of them to stdout. */
const TAGS = [
  '@id:cfg-seed-example',
  '@id:cmd-result-texts-exit-waiting',
  '@id:mx-append-only-session',
  '@id:selection-idle-commit',
].join(' or ');

interface HeldRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI with `--format message` on stdout, whose pipe is read only once the CLI says its verdict is written. */
function runReadingAfterVerdict(): Promise<HeldRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, '--tags', TAGS, '--explore', 'off', '--format', 'message'], {
      cwd: ROOT,
      env: { ...process.env, PLAN_MODE_CONFORMANCE_TRACE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const guard = setTimeout(() => child.kill('SIGKILL'), PROCESS_LIMIT_MS);
    const stdout: Buffer[] = [];
    let stderr = '';
    let reading = false;
    child.stdout.pause();
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (reading || !/^trace cli-verdict-written /m.test(stderr)) return;
      // The CLI has written everything: what the pipe and this side's buffer could not take, it still holds.
      reading = true;
      child.stdout.on('data', (data: Buffer) => stdout.push(data));
      child.stdout.resume();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout: Buffer.concat(stdout).toString(), stderr });
    });
  });
}

describe("the CLI's exit once the verdict is out", () => {
  it('waits for a reader that reads only after the verdict: every byte arrives, and the exit code is kept', async () => {
    const run = await runReadingAfterVerdict();
    expect(run.code).toBe(0);
    // The report on stdout: the closing lines go to stderr.
    expect(run.stderr).toMatch(/^conformance: 5 passed, 0 failed, 0 skipped$/m);
    expect(run.stdout.length).toBeGreaterThan(300_000);
    expect(run.stdout.endsWith('\n')).toBe(true);
    const envelopes = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(envelopes.at(-1)!)).toEqual(['testRunFinished']);
    const count = (kind: string) => envelopes.filter((envelope) => kind in envelope).length;
    expect(count('testCaseFinished')).toBeGreaterThanOrEqual(5);
    expect(count('testCaseFinished')).toBe(count('testCaseStarted'));
  });
});
