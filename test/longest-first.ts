/**
 * vitest's order for a run without its results cache (a clean clone, as on CI): the files
 * that take longest go first, then vitest's own order. Without a cache vitest starts the
 * larger files first, and the longest files here are small ones that wait (a call limit
 * of 31 s, a package packed and installed, a browser): started last, one of them runs alone
 * at the end while the other worker idles. With a cache, vitest's order (longest first
 * by the last run) is kept for every file not listed.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The unit project's longest files, longest first (docs/benchmark.md, "npm test"). */
const LONGEST = [
  'test/conformance/attacks/long-call-limit.test.ts',
  'test/package/packed-links.test.ts',
  'test/conformance/docs/site-in-browser.test.ts',
  'test/conformance/runner/process-isolation.test.ts',
  'test/conformance/guard/fail-closed.test.ts',
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
