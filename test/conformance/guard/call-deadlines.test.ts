/**
 * One timer watches every adapter call's deadline (call-deadlines.ts): a call that does not settle in time is
 * failed, whatever else is in flight; one that settles never is; and a timer left armed for no call does not keep
 * the process alive. Nothing here bounds how long anything takes: each waits for a deadline to pass.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CallDeadlines } from '../../../conformance/guard/call-deadlines.js';
import { AdapterTimeoutError, withinLimit } from '../../../conformance/guard/time-limit.js';
import { PROCESS_LIMIT_MS } from '../../limits.js';

/** A deadline's `late`, as a promise that settles when it is called. */
function lateness(): { late: () => void; called: Promise<void>; wasCalled: () => boolean } {
  let called = false;
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return {
    late: () => {
      called = true;
      resolve();
    },
    called: promise,
    wasCalled: () => called,
  };
}

describe('every call deadline on one timer', () => {
  it('fails a call that does not settle, and never one that settled first', async () => {
    const deadlines = new CallDeadlines();
    const settledFirst = lateness();
    deadlines.settled(deadlines.watch(1, settledFirst.late));
    const hung = lateness();
    deadlines.watch(20, hung.late);
    await hung.called;
    expect(settledFirst.wasCalled()).toBe(false);
  });

  it('fails a shorter deadline watched after a longer one, first', async () => {
    const deadlines = new CallDeadlines();
    const long = lateness();
    const watchedLong = deadlines.watch(PROCESS_LIMIT_MS, long.late);
    const short = lateness();
    deadlines.watch(10, short.late);
    await short.called;
    expect(long.wasCalled()).toBe(false);
    deadlines.settled(watchedLong);
  });

  it('fails each of several calls in flight once its own deadline passes', async () => {
    const deadlines = new CallDeadlines();
    const first = lateness();
    const second = lateness();
    deadlines.watch(5, first.late);
    deadlines.watch(30, second.late);
    await first.called;
    await second.called;
  });

  it('names the method of a call that does not answer in time', async () => {
    await expect(withinLimit('prompt', 10, () => new Promise(() => undefined))).rejects.toThrow(
      new AdapterTimeoutError('prompt', 'did not answer within 10 ms'),
    );
  });

  it('lets the process end while its timer waits for no call', () => {
    const module = pathToFileURL('dist/conformance/guard/time-limit.js').href;
    // A call answered at once under a limit of weeks: the process ends then, not weeks later (nor at the test's limit).
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { withinLimit } = await import(${JSON.stringify(module)}); await withinLimit('getPlanMode', 2000000000, async () => 1);`,
      ],
      { encoding: 'utf8', timeout: PROCESS_LIMIT_MS },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
