/**
 * The suite's child process, forked before the CLI has loaded the rest of
 * itself (issue 36). The child spends most of a one-scenario run loading
 * cucumber, the steps and the adapter; the CLI spends its first hundred
 * milliseconds loading its argument tables, report staging and the like. Forked
 * first, the child loads on the second core while the CLI loads on the first,
 * and is handed its request over IPC once the CLI knows it (`suite-process.ts`).
 * It is the same isolated process either way: only when it starts moves.
 *
 * Imports nothing but Node and a few small modules: whatever this module
 * imports is loaded before the fork.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { EXPLORATION_CHILD_BUNDLE, SUITE_CHILD_BUNDLE } from '../bundled-entries.js';
import { removeTree } from '../support/remove-tree.js';
import { RUN_FOLDER_ENV } from '../world/run-folder.js';
import { temporaryRoot } from '../world/temporary-root.js';
import { tracePoint } from './trace-point.js';

/** A forked child waiting for its request, with its run folder (its TMPDIR: every store of the run). */
export interface StartedChild {
  readonly child: ChildProcess;
  readonly runDir: string;
  /**
   * How the child ended (its 'close' event), watched from the fork on: a child
   * that ends before its supervisor is set up is still seen to end.
   */
  readonly closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The argument that tells a child it will only explore (exploration-beside.ts): it does not build cucumber's
 * support library while it waits for its request. The request itself says what to run.
 */
export const EXPLORATION_ONLY_ARGUMENT = '--exploration-only';

/**
 * Forks the suite's child with a run folder of its own; it waits for a `run` message (suite-messages.ts). The
 * exploration's own process is forked on a bundle of its own, which holds no cucumber run and no steps.
 */
export function forkSuiteChild(role: 'suite' | 'exploration' = 'suite'): StartedChild {
  const runDir = mkdtempSync(join(temporaryRoot(), 'plan-mode-conformance-run-'));
  let child: ChildProcess;
  tracePoint('cli-forks-suite');
  try {
    const exploring = role === 'exploration';
    child = fork(
      exploring ? EXPLORATION_CHILD_BUNDLE : SUITE_CHILD_BUNDLE,
      exploring ? [EXPLORATION_ONLY_ARGUMENT] : [],
      {
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        env: { ...process.env, TMPDIR: runDir, TMP: runDir, TEMP: runDir, [RUN_FOLDER_ENV]: runDir },
      },
    );
  } catch (error) {
    removeTree(runDir);
    throw error;
  }
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, runDir, closed };
}

/**
 * A child forked at the CLI's start, before it knows whether the arguments
 * are usable: the run adopts it (`take`), and every other way out of the CLI
 * (a usage error, nothing to rerun, an exception) ends it and removes its
 * folder (`discard`, also on exit).
 */
export class EarlyChild {
  private started: StartedChild | undefined;
  private readonly onExit = (): void => this.discard();

  constructor() {
    this.started = forkSuiteChild();
    process.once('exit', this.onExit);
  }

  /** The child for the run, once; afterwards the run owns it (and its folder). */
  take(): StartedChild | undefined {
    const started = this.started;
    this.started = undefined;
    process.removeListener('exit', this.onExit);
    return started;
  }

  /** Ends the child if no run took it. */
  discard(): void {
    const started = this.take();
    if (!started) return;
    started.child.kill('SIGKILL');
    removeTree(started.runDir);
  }
}
