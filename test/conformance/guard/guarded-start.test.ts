/**
 * A host whose start fails the scenario (too late, or with a malformed
 * handle) is still disposed of once it can be, so a run does not collect
 * host processes and open stores from every scenario whose start failed.
 */
import { describe, expect, it } from 'vitest';
import type { Adapter, StartOptions } from '../../../src/index.js';
import { startGuardedHost } from '../../../conformance/guard/guarded-host.js';
import { AdapterTimeoutError } from '../../../conformance/guard/time-limit.js';

/** An adapter whose start answers `handle` after `delayMs`; `disposed` settles when the handle is disposed. */
function lateAdapter(delayMs: number, handle: (dispose: () => Promise<void>) => unknown) {
  let disposedNow!: () => void;
  const disposed = new Promise<void>((resolve) => (disposedNow = resolve));
  const adapter = {
    name: 'late',
    capabilities: {},
    start: () => new Promise((resolve) => setTimeout(() => resolve(handle(async () => disposedNow())), delayMs)),
  } as unknown as Adapter;
  return { adapter, disposed };
}

const OPTIONS = {} as StartOptions;

describe('a start that fails the scenario', () => {
  it('disposes of a host that answered after the time limit, once it answers', async () => {
    const { adapter, disposed } = lateAdapter(60, (dispose) => ({ dispose }));
    await expect(startGuardedHost(adapter, OPTIONS, 10)).rejects.toBeInstanceOf(AdapterTimeoutError);
    await disposed;
  }, 5_000);

  it('disposes of a malformed handle that has a dispose method', async () => {
    const { adapter, disposed } = lateAdapter(0, (dispose) => ({ dispose, prompt: 'not a function' }));
    await expect(startGuardedHost(adapter, OPTIONS, 1_000)).rejects.toThrow(
      /adapter method start: returned a malformed value/,
    );
    await disposed;
  }, 5_000);

  it('survives a late handle whose dispose throws, or which has none', async () => {
    const throwing = lateAdapter(30, () => ({
      dispose: () => {
        throw new Error('dispose failed');
      },
    }));
    await expect(startGuardedHost(throwing.adapter, OPTIONS, 5)).rejects.toBeInstanceOf(AdapterTimeoutError);
    const bare = lateAdapter(30, () => 'no handle at all');
    await expect(startGuardedHost(bare.adapter, OPTIONS, 5)).rejects.toBeInstanceOf(AdapterTimeoutError);
    // Both late answers arrive and are dealt with without an unhandled rejection failing this test.
    await new Promise((resolve) => setTimeout(resolve, 60));
  });
});
