/**
 * vitest's order for a run without its results cache (a clean clone, as on CI): the files
 * that take longest go first, then vitest's own order. Without a cache vitest starts the
 * larger files first, and the longest files here are small ones that wait (a call limit
 * of 31 s, a package packed and installed, a browser): started last, one of them runs alone
 * at the end while the other worker idles. With a cache, vitest's order (longest first
 * by the last run) is kept for every file not listed.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The unit projects' longest files, longest first (docs/benchmark.md, "npm test"; the clean-clone CI run of
 * 2026-12-06 ranked them so, but for fail-closed, which takes about a third less CPU since the
 * fixtures load the kit's bundles). Without a cache the rest would start by size, and the long ones among them late.
 */
const LONGEST = [
  'test/conformance/attacks/long-call-limit.test.ts',
  'test/package/packed-links.test.ts',
  'test/conformance/docs/site-in-browser.test.ts',
  'test/conformance/runner/process-isolation.test.ts',
  'test/conformance/explore/coverage.test.ts',
  'test/conformance/runner/start-up.test.ts',
  'test/conformance/attacks/output-after-dispose.test.ts',
  'test/conformance/cli/verbs/explore.test.ts',
  'test/conformance/guard/fail-closed.test.ts',
  'test/ci/test-step-reports.test.ts',
  'test/conformance/catalog/edition-choice.test.ts',
  'test/conformance/report/reports.test.ts',
  'test/conformance/runner/repeat-flaky.test.ts',
  'test/conformance/attacks/explore-out-file.test.ts',
  'test/conformance/runner/exploration-beside.test.ts',
  'test/conformance/attacks/failure-kinds.test.ts',
  'test/conformance/oracle/model-based.test.ts',
];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST.findIndex((path) => file.moduleId.endsWith(path));
      return index === -1 ? LONGEST.length : index;
    };
    // Array.prototype.sort is stable: files not listed keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
