/**
 * A vitest reporter that names what was skipped, so `npm test` never skips a
 * check silently: one `skipped:` line per suite (or test) that did not run,
 * with its reason (the suite's title, or the note given to `ctx.skip`).
 * `.ci/quietly.mjs` shows these lines even when the step passes.
 */
import { relative } from 'node:path';

export default class SkippedTestsReporter {
  onTestRunEnd(testModules) {
    const counts = new Map();
    for (const module of testModules) {
      const file = relative(process.cwd(), module.moduleId);
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state !== 'skipped') continue;
        // A whole suite skipped is named once, by its title (which says why), not once per test.
        const where =
          test.parent.type === 'suite' &&
          [...test.parent.children.allTests()].every((other) => other.result().state === 'skipped')
            ? `${file} > ${test.parent.fullName}`
            : `${file} > ${test.fullName}${result.note ? `: ${result.note}` : ''}`;
        counts.set(where, (counts.get(where) ?? 0) + 1);
      }
    }
    for (const [where, count] of counts) console.log(`skipped: ${where}${count > 1 ? ` (${count} tests)` : ''}`);
  }
}
