/**
 * Two projects: the unit tests, which run in parallel, and the tests that
 * start many kit processes of their own (parallel workers, shards, hosts over
 * stdio), which run one file at a time after the rest, so they never compete
 * with each other or with the unit tests for the machine. No limit here
 * measures speed: each is a hang guard sized to the work (test/limits.ts).
 */
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
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: MANY_PROCESSES } },
      {
        extends: true,
        test: { name: 'many-processes', include: MANY_PROCESSES, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
