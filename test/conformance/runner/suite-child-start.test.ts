/**
 * The suite's child forked before the CLI has read its arguments
 * (runner/suite-child-start.ts, issue 36): a child that is never asked for a
 * run leaves by itself when the CLI goes away, and one the CLI discards takes
 * its run folder with it. Runs the built child (dist/bundled).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EarlyChild, forkSuiteChild, type StartedChild } from '../../../conformance/runner/suite-child-start.js';
import { removeTree } from '../../../conformance/support/remove-tree.js';

const savedTmpdir = process.env.TMPDIR;
let folder: string | undefined;

/** How the child exits: disconnected by this side, it ends without the 'close' a run's supervisor waits for. */
function exited(started: StartedChild): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  started.child.stdout?.resume();
  started.child.stderr?.resume();
  return new Promise((resolve) => started.child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** A temporary folder of the test's own, as the run folders' parent (the kit's temporary root follows TMPDIR). */
function ownTemporaryRoot(): string {
  folder = mkdtempSync(join(tmpdir(), 'plan-mode-conformance-early-'));
  process.env.TMPDIR = folder;
  return folder;
}

afterEach(() => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

describe('a suite child forked before its request', () => {
  it('leaves by itself, with code 0 and its run folder removed, when the CLI goes away without asking for a run', async () => {
    const root = ownTemporaryRoot();
    const started = forkSuiteChild();
    const exit = exited(started);
    expect(readdirSync(root)).toEqual([started.runDir.slice(root.length + 1)]);
    started.child.disconnect();
    expect(await exit).toEqual({ code: 0, signal: null });
    // Its run folder too: the CLI that made it may have been killed before it could remove it.
    expect(readdirSync(root)).toEqual([]);
  });

  it('is ended, and its run folder removed, when the CLI discards it', async () => {
    const root = ownTemporaryRoot();
    const early = new EarlyChild();
    expect(readdirSync(root)).toHaveLength(1);
    early.discard();
    expect(readdirSync(root)).toEqual([]);
    // Once discarded, nothing is left for a run to take.
    expect(early.take()).toBeUndefined();
  });

  it('is the run’s once taken: discarding afterwards leaves it alone', async () => {
    ownTemporaryRoot();
    const early = new EarlyChild();
    const started = early.take();
    expect(started).toBeDefined();
    const exit = exited(started!);
    early.discard();
    expect(started!.child.killed).toBe(false);
    started!.child.disconnect();
    expect(await exit).toEqual({ code: 0, signal: null });
    removeTree(started!.runDir);
  });
});
