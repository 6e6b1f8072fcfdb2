/**
 * Runs the built CLI as a child process with its own empty temporary folder
 * (TMPDIR), so a test can tell whether a run left anything behind, and lets a
 * test read its output slowly or signal it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, ROOT } from './cli-harness.js';

export interface ProcessRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** What the run left in its temporary folder (should be nothing). */
  leftInTmp: string[];
}

export interface RunControl {
  /** Called once the process started, e.g. to signal it when its stderr says so. */
  onStart?(child: ChildProcess, stderrSoFar: () => string): void;
  /** Milliseconds to leave stdout unread, as a slow pipe does. */
  readStdoutAfterMs?: number;
}

export async function runIsolated(args: string[], control: RunControl = {}): Promise<ProcessRun> {
  const tmp = mkdtempSync(join(tmpdir(), 'pmc-process-test-'));
  try {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, TMPDIR: tmp, TMP: tmp, TEMP: tmp },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const readStdout = (): void => {
      child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stdout!.resume();
    };
    if (control.readStdoutAfterMs) {
      child.stdout!.pause();
      setTimeout(readStdout, control.readStdoutAfterMs);
    } else {
      readStdout();
    }
    control.onStart?.(child, () => stderr);
    const status = await new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    return { status, stdout, stderr, leftInTmp: readdirSync(tmp) };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Resolves once `text` appears in what `read` returns. */
export function whenOutput(child: ChildProcess, read: () => string, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (!read().includes(text)) return;
      child.stderr!.off('data', check);
      resolve();
    };
    child.stderr!.on('data', check);
    check();
  });
}
