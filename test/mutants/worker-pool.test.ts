/**
 * The matrices' worker pool (mutants/worker-pool.ts): every entry gets a result, judged or not, and the
 * matrix is told of each as it comes (its progress lines), exactly once, with the result it returns.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shareOut } from '../../mutants/worker-pool.js';

const WORKER = fileURLToPath(new URL('../fixtures/matrix/echo-worker.mjs', import.meta.url));

describe('shareOut', () => {
  it('tells each result as it comes, judged or not, once each, the same as it returns', async () => {
    const told: Array<[string, string]> = [];
    const found = await shareOut<string>({
      worker: WORKER,
      names: ['a', 'crash', 'b'],
      workers: 1,
      unjudged: (name, why) => `${name} unjudged: ${why}`,
      onResult: (name, result) => void told.push([name, result]),
    });
    // One worker: it judges a, dies on crash, and leaves b to no one.
    expect(told).toEqual([
      ['a', 'A'],
      ['crash', 'crash unjudged: the worker ended (exit code 3) while judging it'],
      ['b', 'b unjudged: no worker was left to judge it'],
    ]);
    expect([...found]).toEqual(told);
  });
});
