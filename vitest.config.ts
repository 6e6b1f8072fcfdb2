/**
 * Two projects: the unit tests (`npm test`), which run in parallel, and the
 * tests that start many kit processes of their own (parallel workers, shards,
 * hosts over stdio, exploration inside a run, the example workflow), which
 * `npm run test:matrices` runs (CI runs both) one file at a time, so they
 * never compete with each other for the machine (a bare `vitest run` runs
 * them after the unit tests). No limit here measures
 * speed: each is a hang guard sized to the work (test/limits.ts).
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { PROCESS_LIMIT_MS } from './test/limits.js';

/** Test files that start many processes at once. */
const MANY_PROCESSES = [
  'test/conformance/runner/parallel-and-shards.test.ts',
  'test/conformance/equivalence/equivalence.test.ts',
  'test/conformance/explore/exploration-in-run.test.ts',
  'test/examples/ci-workflow.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: PROCESS_LIMIT_MS,
    hookTimeout: PROCESS_LIMIT_MS,
    // One test file per core. vitest's default leaves a core free (cores - 1: one worker on two
    // cores), but most test files spend their time waiting on a kit process they started, which
    // then uses a core of its own while the worker waits.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: MANY_PROCESSES } },
      {
        extends: true,
        test: { name: 'many-processes', include: MANY_PROCESSES, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
