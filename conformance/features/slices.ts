/**
 * The slices a run can be split into: `--shard i/n` across machines and
 * `--parallel N` workers within one. A slice takes every n-th scenario of the
 * selection in serial order (round robin), so slices differ by at most one
 * scenario and neighbours, which tend to cost alike, land in different slices.
 * Every machine computes the same slices from the same kit, features, edition
 * and tag expression, without talking; `merge` checks that the shards it
 * combines agree on those. Dependency-free: the CLI parses `--shard` with it
 * before anything heavy loads.
 */

/** One part of `count` (1-based `index`), as in `--shard 2/4`. */
export interface Slice {
  index: number;
  count: number;
}

/** The scenarios of one slice, in their order. */
export function sliceOf<T>(scenarios: readonly T[], slice: Slice): T[] {
  return scenarios.filter((_, position) => position % slice.count === slice.index - 1);
}

/** `2/4` → `{ index: 2, count: 4 }`; undefined for anything else (1 <= index <= count). */
export function parseSlice(text: string): Slice | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) return undefined;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return Number.isSafeInteger(count) && count >= 1 && index >= 1 && index <= count ? { index, count } : undefined;
}

/**
 * Results (or results-file records) in the order a serial run lists them:
 * by feature file (code-unit order, as cucumber sorts its paths), then line.
 * Runs split into workers or shards are put back in this order, so their
 * reports read like a serial run's.
 */
export function inSerialOrder<T extends { uri: string; line?: number | undefined }>(results: readonly T[]): T[] {
  return results
    .map((result, position) => ({ result, position }))
    .sort(
      (a, b) =>
        compareText(a.result.uri, b.result.uri) ||
        (a.result.line ?? 0) - (b.result.line ?? 0) ||
        a.position - b.position,
    )
    .map(({ result }) => result);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
