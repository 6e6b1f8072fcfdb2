/**
 * Three projects: the unit tests (`npm test`: `unit` and `unit-shared`, selected together as
 * `--project 'unit*'`), which run in parallel, and the
 * tests that start many kit processes of their own (parallel workers, shards,
 * hosts over stdio, exploration inside a run, the example workflow) or build
 * and explore mutants, which `npm run test:matrices` (.ci/matrices.mjs) runs
 * as one step per file beside the mutant and variant matrices, dsh and the
 * stdio hosts, as many at once as there are cores (CI runs both). Run alone
 * (`vitest run --project matrices`), the project runs one file at a time, and
 * a bare `vitest run` runs it after the unit tests. No limit here measures
 * speed: each is a hang guard sized to the work (test/limits.ts). The unit files that leave nothing
 * behind in their process (test/shared-modules.ts) run in `unit-shared`, whose workers load the kit's modules once
 * for many files; every other unit file gets a fresh process of its own.
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { PROCESS_LIMIT_MS } from './test/limits.js';
import { LongestFirst } from './test/longest-first.js';
import { SHARED_MODULE_FILES } from './test/shared-modules.js';

/** Test files that start many processes at once, or build mutants and explore each. */
const MATRICES = [
  'test/conformance/runner/parallel-and-shards.test.ts',
  'test/conformance/equivalence/equivalence.test.ts',
  'test/conformance/explore/exploration-in-run.test.ts',
  'test/examples/ci-workflow.test.ts',
  // Ten mutants, each built, explored (200 sessions) and its printed feature run on it and on the reference.
  'test/conformance/explore/reach.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: PROCESS_LIMIT_MS,
    hookTimeout: PROCESS_LIMIT_MS,
    // One test file more than the cores. vitest's default leaves a core free (cores - 1: one
    // worker on two cores), but most test files spend their time waiting on a kit process they
    // started (or on a call limit, a browser, npm), which then uses a core of its own while the
    // worker waits: on two cores, three files at once kept both busy (npm test's unit step
    // 222 -> 214 s of file time, docs/benchmark.md).
    maxWorkers: availableParallelism() + 1,
    // The longest files first, so that the workers end together (test/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    // Hooks every file needs, run per file even where files share their modules (test/setup/per-file-hooks.ts).
    setupFiles: ['test/setup/per-file-hooks.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...MATRICES, ...SHARED_MODULE_FILES] },
      },
      { extends: true, test: { name: 'unit-shared', include: [...SHARED_MODULE_FILES], isolate: false } },
      {
        extends: true,
        test: { name: 'matrices', include: MATRICES, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
