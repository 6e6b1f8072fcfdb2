/**
 * The unit test files that run in shared workers (vitest project `unit-shared`, `isolate: false`):
 * each worker loads the kit's modules once and runs many of these files on them, where the other
 * unit files each get a fresh process that loads its modules again (about 0.6 s of CPU a file:
 * docs/benchmark.md, "npm test"). A file belongs here when it only calls functions: it registers
 * nothing with cucumber (whose step definitions are process-wide), leaves no global, environment
 * variable or spy behind it, and starts no kit run. Module-level state a test helper keeps is shared
 * between the files of a worker, so no helper registers a hook when it loads: the per-file hooks live
 * in test/setup/per-file-hooks.ts, which vitest runs for every file (test/shared-modules.test.ts
 * checks both). A file not listed runs isolated, as every new file does until it is listed here.
 */
export const SHARED_MODULE_FILES: readonly string[] = [
  'test/adapters/dsh/adapter.test.ts',
  'test/adapters/dsh/code-mode.test.ts',
  'test/adapters/dsh/rc1-edition.test.ts',
  'test/adapters/dsh/rc8-edition.test.ts',
  'test/adapters/dsh/restart.test.ts',
  'test/architecture/layers.test.ts',
  'test/conformance/assertions/text-judging.test.ts',
  'test/conformance/catalog/coverage-lint.test.ts',
  'test/conformance/catalog/edition-catalog.test.ts',
  'test/conformance/cli/exploration-progress.test.ts',
  'test/conformance/compare/compare.test.ts',
  'test/conformance/docs/clause-document.test.ts',
  'test/conformance/docs/docs-mutants.test.ts',
  'test/conformance/docs/docs-site.test.ts',
  'test/conformance/docs/result-html.test.ts',
  'test/conformance/docs/site-history.test.ts',
  'test/conformance/evidence/mutation-evidence.test.ts',
  'test/conformance/explore/checks.test.ts',
  'test/conformance/explore/coverage.test.ts',
  'test/conformance/explore/families.test.ts',
  'test/conformance/explore/families.unit.test.ts',
  'test/conformance/explore/replay-feature.test.ts',
  'test/conformance/explore/texts.test.ts',
  'test/conformance/explore/transcript.test.ts',
  'test/conformance/guard/guarded-start.test.ts',
  'test/conformance/options/option-tables.test.ts',
  'test/conformance/oracle/exit-review.test.ts',
  'test/conformance/oracle/model-based.test.ts',
  'test/conformance/results/baseline.test.ts',
  'test/conformance/schemas/results-schema.test.ts',
  'test/conformance/support/remove-tree.test.ts',
  'test/conformance/transport/protocol.test.ts',
  'test/conformance/world/images-and-owned-child.test.ts',
  'test/conformance/world/text-notation.test.ts',
  'test/docs/readme-pages.test.ts',
  'test/protocol/samples.test.ts',
  'test/reference/agent-loop.test.ts',
  'test/reference/code-mode.test.ts',
  'test/reference/frozen.test.ts',
  'test/reference/plan-mode-config.test.ts',
  'test/reference/plan-mode.test.ts',
  'test/reference/program-runner.test.ts',
  'test/reference/projections.test.ts',
  'test/reference/prompt.test.ts',
  'test/reference/store.test.ts',
  'test/shared-modules.test.ts',
  'test/src/contract/tool-modes.test.ts',
  'test/src/protocol/rpc-envelope.test.ts',
  'test/src/results/failure-signature.test.ts',
  'test/src/results/results-version-1.test.ts',
  'test/src/results/results-version-3.test.ts',
];
