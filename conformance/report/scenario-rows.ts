/**
 * One row per scenario as every kit report shows it: its outcome after the
 * baseline and the level were applied, and the one-line detail behind it. All
 * reports read these rows, so they agree with each other and with the exit code.
 */
import { signatureMessage, type KnownFailure, type FailureSignature } from '../../src/index.js';
import type { BaselineVerdict, Outcome } from '../results/baseline.js';
import { isFailing, type ScenarioResult } from '../results/scenario-result.js';
import { repeatOutcomes } from '../results/repeats.js';

/** `not-counted`: a recommended scenario that failed in a default run (reported, never failing it). */
export type RowOutcome = Outcome | 'not-counted';

export interface ScenarioRow {
  result: ScenarioResult;
  id: string;
  outcome: RowOutcome;
  /** One line: why it failed, why it is excused, or why it was skipped. */
  detail?: string;
  /** The failure's signature: its clauses, kind, step and message without stack or paths (what the results file stores). */
  failure?: FailureSignature;
  baseline?: KnownFailure;
  /** Stale or mismatched entry, or expiry: what is wrong with the baseline for this scenario. */
  note?: string;
}

export function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0]!.trim();
}

export function scenarioRows(results: ScenarioResult[], verdict: BaselineVerdict): ScenarioRow[] {
  const baselined = new Map(verdict.baselined.map(({ result, entry }) => [result, entry.entry]));
  const mismatched = new Map(verdict.mismatched.map((mismatch) => [mismatch.result, mismatch]));
  const stale = new Map(verdict.stale.map(({ result, entry }) => [result, entry.entry]));
  const counted = new Set(verdict.counted);
  return results.map((result) => {
    const outcome = verdict.outcomes.get(result) ?? 'failed';
    const row: ScenarioRow = { result, id: result.stableId ?? `(no id) ${result.name}`, outcome };
    if (isFailing(result.status)) {
      row.failure = failureSignature(result);
    }
    const entry = baselined.get(result) ?? mismatched.get(result)?.entry.entry ?? stale.get(result);
    if (entry) row.baseline = entry;
    if (outcome === 'baselined') {
      row.detail = `expected failure (baseline): ${entry!.reason}`;
    } else if (mismatched.has(result)) {
      row.note = mismatched.get(result)!.why;
      row.detail = `${row.note}; ${firstLine(row.failure?.message)}`;
    } else if (stale.has(result)) {
      row.note = result.exploration
        ? 'stale baseline entry: the exploration did not meet this class and its witness ran clean; remove the entry'
        : 'stale baseline entry: the scenario now passes; remove the entry';
      row.detail = row.note;
    } else if (outcome === 'failed') {
      row.detail = firstLine(row.failure?.message);
    } else if (outcome === 'skipped') {
      row.detail = result.skipReason ?? 'skipped';
    }
    if (outcome === 'flaky') {
      const how = !counted.has(result)
        ? 'recommended, not counted'
        : verdict.allowFlaky
          ? 'allowed by --allow-flaky'
          : 'fails the run';
      row.detail = `flaky: ended differently between repeats: ${repeatOutcomes(result)} (${how})`;
      return row;
    }
    if (isFailing(result.status) && !counted.has(result)) {
      row.outcome = 'not-counted';
      row.detail = `recommended, not counted at the default level: ${firstLine(row.failure?.message)}`;
    }
    return row;
  });
}

/** A failing result's signature: what identifies the failure wherever the kit was checked out. */
export function failureSignature(result: ScenarioResult): FailureSignature {
  return {
    clauses: result.clauses,
    kind: result.failureKind ?? 'assertion',
    ...(result.failedStep !== undefined ? { step: result.failedStep } : {}),
    message: signatureMessage(result.message ?? `step ${result.status}`),
  };
}
