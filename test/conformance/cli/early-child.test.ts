/**
 * The CLI forks the suite's child before it reads its arguments (cli/bin.ts,
 * issue 36): a run hands it its request, and every way out that runs no suite
 * ends it and leaves no run folder behind.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli-harness.js';

let folder: string | undefined;

function temporaryFolder(): string {
  folder = mkdtempSync(join(tmpdir(), 'plan-mode-conformance-early-cli-'));
  return folder;
}

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

describe('the suite child forked at the CLI start', () => {
  it('runs the request it is handed, and its run folder goes with the run', () => {
    const root = temporaryFolder();
    const run = runCli(['--tags', '@id:cfg-seed-example', '--explore', 'off'], { TMPDIR: root });
    expect(run.summary).toBe('conformance: 1 passed, 0 failed, 0 skipped');
    expect(run.status).toBe(0);
    expect(readdirSync(root)).toEqual([]);
  });

  it('is ended on a usage error, which is reported as before, and leaves nothing behind', () => {
    const root = temporaryFolder();
    const run = runCli(['--no-such-option'], { TMPDIR: root });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/unknown argument '--no-such-option'/);
    expect(readdirSync(root)).toEqual([]);
  });
});
