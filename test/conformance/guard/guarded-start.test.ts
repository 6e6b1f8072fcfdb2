/**
 * A host whose start fails the scenario (too late, or with a malformed
 * handle) is still disposed of once it can be, so a run does not collect
 * host processes and open stores from every scenario whose start failed.
 */
import { describe, expect, it } from 'vitest';
import type { Adapter, StartOptions } from '../../../src/index.js';
import { startGuardedHost } from '../../../conformance/guard/guarded-host.js';
import { AdapterTimeoutError } from '../../../conformance/guard/time-limit.js';
import { PROCESS_LIMIT_MS } from '../../limits.js';

/**
 * An adapter whose start answers `handle` when the test calls `answer()` (after the time limit has failed the
 * start, or before it is called: never by a clock); `started` is the promise start returned, `disposed` settles
 * when the handle is disposed.
 */
function lateAdapter(handle: (dispose: () => Promise<void>) => unknown) {
  let disposedNow!: () => void;
  const disposed = new Promise<void>((resolve) => (disposedNow = resolve));
  let answer!: () => void;
  const started = new Promise((resolve) => (answer = () => resolve(handle(async () => disposedNow()))));
  const adapter = { name: 'late', capabilities: {}, start: () => started } as unknown as Adapter;
  return { adapter, answer, started, disposed };
}

const OPTIONS = {} as StartOptions;

describe('a start that fails the scenario', () => {
  it('disposes of a host that answered after the time limit, once it answers', async () => {
    const late = lateAdapter((dispose) => ({ dispose }));
    await expect(startGuardedHost(late.adapter, OPTIONS, 10)).rejects.toBeInstanceOf(AdapterTimeoutError);
    late.answer();
    await late.disposed;
  });

  it('disposes of a malformed handle that has a dispose method', async () => {
    const malformed = lateAdapter((dispose) => ({ dispose, prompt: 'not a function' }));
    malformed.answer();
    await expect(startGuardedHost(malformed.adapter, OPTIONS, PROCESS_LIMIT_MS)).rejects.toThrow(
      /adapter method start: returned a malformed value/,
    );
    await malformed.disposed;
  });

  it('survives a late handle whose dispose throws, or which has none', async () => {
    const throwing = lateAdapter(() => ({
      dispose: () => {
        throw new Error('dispose failed');
      },
    }));
    await expect(startGuardedHost(throwing.adapter, OPTIONS, 10)).rejects.toBeInstanceOf(AdapterTimeoutError);
    const bare = lateAdapter(() => 'no handle at all');
    await expect(startGuardedHost(bare.adapter, OPTIONS, 10)).rejects.toBeInstanceOf(AdapterTimeoutError);
    // Both late answers arrive and are dealt with (the kit's handlers were attached to start's promise before this
    // test awaits it) without an unhandled rejection failing this test.
    throwing.answer();
    bare.answer();
    await Promise.all([throwing.started, bare.started]);
  });
});
