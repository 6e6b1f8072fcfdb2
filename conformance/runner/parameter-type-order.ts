/**
 * Cucumber orders the parameter types that share a pattern (int, byte, short
 * and long share one) by name, with `localeCompare`, as it builds the support
 * library: its first call loads ICU's collation data, about 10 ms of every
 * start. For names of lowercase ASCII letters, all of cucumber's built-in
 * types and the kit's own, code-unit order is the same order; any other name
 * is still compared by `localeCompare`. test/conformance/runner/start-up.test.ts
 * compares the two orders.
 *
 * Cucumber, CommonJS, requires the package's CommonJS build, and this import
 * names its ES build, another class: the suite's bundle makes both the one
 * CommonJS build (build/bundle.mjs). Unbundled (unit tests, the matrices run
 * in process), cucumber keeps its own order, which is the same.
 */
import { ParameterType } from '@cucumber/cucumber-expressions';

type Compare = typeof ParameterType.compare;

/** Cucumber's own comparison, kept for the comparison test. */
export const compareByLocale: Compare = ParameterType.compare.bind(ParameterType);

const PLAIN_NAME = /^[a-z]*$/;

function compareNames(a: string, b: string): number {
  if (PLAIN_NAME.test(a) && PLAIN_NAME.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return a.localeCompare(b);
}

/** The same order as cucumber's: types preferred for regular expressions first, then by name. */
export const compareWithoutIcu: Compare = (first, second) => {
  if (first.preferForRegexpMatch && !second.preferForRegexpMatch) return -1;
  if (second.preferForRegexpMatch && !first.preferForRegexpMatch) return 1;
  return compareNames(first.name ?? '', second.name ?? '');
};

export function orderParameterTypesWithoutIcu(): void {
  ParameterType.compare = compareWithoutIcu;
}
