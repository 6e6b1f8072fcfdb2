/** A failure's signature holds no stack and no path, so the same failure under two checkouts is the same. */
import { describe, expect, it } from 'vitest';
import { signatureMessage, stackOf } from '../../../src/index.js';

const underCheckout = (root: string) =>
  [
    "ConformanceFailure: the start error should name 'sections': 'PlanModeConfig needs a string `section`'",
    `    at fail (file://${root}/dist/conformance/assertions/expect.js:11:11)`,
    `    at ${root}/dist/bundled/suite-child.cjs:1234:5`,
    '    at async Promise.all (index 0)',
  ].join('\n');

describe('failure signature', () => {
  it('drops stack frames and keeps what was expected and what the host showed', () => {
    expect(signatureMessage(underCheckout('/work/a'))).toBe(
      "ConformanceFailure: the start error should name 'sections': 'PlanModeConfig needs a string `section`'",
    );
    expect(stackOf(underCheckout('/work/a'))).toMatch(/^ {4}at fail \(file:\/\/\/work\/a/);
    expect(stackOf('no stack here')).toBeUndefined();
  });

  it('reads the same under two checkout paths, on POSIX and Windows', () => {
    expect(signatureMessage(underCheckout('/work/a'))).toBe(
      signatureMessage(underCheckout('/home/ci/build/plan-mode-conformance')),
    );
    const store = (root: string) =>
      `adapter method start: ENOENT: no such file or directory, open '${root}/store-3/plan.md'`;
    expect(signatureMessage(store('/dev/shm/pmc-run-x1y2'))).toBe(signatureMessage(store('/tmp/pmc-run-QQ')));
    expect(signatureMessage(store('/dev/shm/pmc-run-x1y2'))).toBe(
      "adapter method start: ENOENT: no such file or directory, open '<path>'",
    );
    expect(signatureMessage('cannot read C:\\Users\\ci\\kit\\x.js:3:4 now')).toBe('cannot read <path> now');
    expect(signatureMessage('at file:///home/u/kit/dist/x.js:3:4.')).toBe('at <path>.');
  });

  it('leaves commands, relative paths, fractions and URLs alone', () => {
    for (const text of [
      'the host answered /plan off with "ok"',
      'features/selection.feature:12',
      '3/4 requests',
      'see https://example.org/a/b',
      'request 2: expected 1, got 0',
    ])
      expect(signatureMessage(text)).toBe(text);
  });

  it('keeps a multi-line message whole, without trailing blanks', () => {
    expect(signatureMessage('expected:\n  a\nshowed:\n  b  \n\n')).toBe('expected:\n  a\nshowed:\n  b');
  });
});
