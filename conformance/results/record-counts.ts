/**
 * One set of counts for a results file, the closing line's: the console, the
 * docs site and `compare` count a run the same way and say what each number
 * holds. Counted: every required record (the scenarios and the exploration's
 * records), or every record at `--level strict`; a default run's recommended
 * scenarios are counted apart, on their own line, as the console prints them.
 */
import type { RunLevel, ScenarioRecord } from '../../src/index.js';

export interface RecordCounts {
  /** The closing line's numbers (and the baselined and flaky ones it names apart). */
  counted: { passed: number; failed: number; skipped: number; baselined: number; flaky: number };
  /** A default run's recommended scenarios: the `recommended:` line; undefined at strict, which counts them. */
  recommended?: { passed: number; failed: number; flaky: number };
  /** Every record, counted or not: the scenarios run and the exploration's records. */
  records: number;
}

type Counted = Pick<ScenarioRecord, 'level' | 'status'>;

export function recordCounts(records: readonly Counted[], level: RunLevel): RecordCounts {
  const isCounted = (record: Counted) => level === 'strict' || record.level === 'required';
  const counted = records.filter(isCounted);
  const apart = records.filter((record) => !isCounted(record));
  const of = (list: readonly Counted[], status: string) => list.filter((record) => record.status === status).length;
  return {
    counted: {
      passed: of(counted, 'passed'),
      failed: of(counted, 'failed'),
      skipped: of(counted, 'skipped'),
      baselined: of(counted, 'baselined'),
      flaky: of(counted, 'flaky'),
    },
    ...(level === 'strict'
      ? {}
      : {
          recommended: {
            passed: of(apart, 'passed'),
            failed: of(apart, 'failed') + of(apart, 'baselined'),
            flaky: of(apart, 'flaky'),
          },
        }),
    records: records.length,
  };
}

/** `184 passed, 0 failed, 173 skipped` (and `, N flaky` when any): the closing line's words. */
export function countedText(counts: RecordCounts): string {
  const { passed, failed, skipped, flaky } = counts.counted;
  return `${passed} passed, ${failed} failed, ${skipped} skipped${flaky > 0 ? `, ${flaky} flaky` : ''}`;
}

/** What the counted numbers hold, said once wherever they are shown. */
export function countedMeaning(level: RunLevel): string {
  return level === 'strict'
    ? 'every scenario and the exploration, as the closing line counts them'
    : 'required scenarios and the exploration, as the closing line counts them; recommended ones apart';
}

/** `recommended: N passed, N failed` as the console prints it, or undefined at strict. */
export function recommendedText(counts: RecordCounts): string | undefined {
  if (counts.recommended === undefined) return undefined;
  const { passed, failed, flaky } = counts.recommended;
  return `${passed} passed, ${failed} failed${flaky > 0 ? `, ${flaky} flaky` : ''}`;
}
