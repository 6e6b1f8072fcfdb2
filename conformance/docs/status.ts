/**
 * What a matrix cell says: a clause's verdict on one host, the aggregate of
 * its scenarios there. The worst wins (failed, then flaky, then baselined,
 * then skipped, then passed); `not-run` when the host has a result for none of them.
 */
import type { ScenarioRecord, ScenarioVerdict } from '../../src/index.js';

export type CellStatus = ScenarioVerdict | 'not-run';

/** Worst first: the order of the matrix's totals and filters too. */
export const CELL_STATUSES: readonly CellStatus[] = ['failed', 'flaky', 'baselined', 'skipped', 'passed', 'not-run'];

const RANK: Record<CellStatus, number> = { failed: 5, flaky: 4, baselined: 3, skipped: 2, passed: 1, 'not-run': 0 };

/** Label and mark for each status: the word carries the meaning, colour only repeats it. */
export const STATUS_TEXT: Record<CellStatus, { label: string; mark: string }> = {
  failed: { label: 'failed', mark: '✗' },
  flaky: { label: 'flaky', mark: '≠' },
  baselined: { label: 'baselined', mark: '≈' },
  skipped: { label: 'skipped', mark: '–' },
  passed: { label: 'passed', mark: '✓' },
  'not-run': { label: 'not run', mark: '·' },
};

export function aggregateStatus(records: readonly Pick<ScenarioRecord, 'status'>[]): CellStatus {
  let worst: CellStatus = 'not-run';
  for (const record of records) if (RANK[record.status] > RANK[worst]) worst = record.status;
  return worst;
}

export function countByStatus<T>(items: readonly T[], statusOf: (item: T) => CellStatus): Record<CellStatus, number> {
  const counts: Record<CellStatus, number> = { failed: 0, flaky: 0, baselined: 0, skipped: 0, passed: 0, 'not-run': 0 };
  for (const item of items) counts[statusOf(item)] += 1;
  return counts;
}
