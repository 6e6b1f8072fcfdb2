/** One scenario's outcome as the kit reports it. */
export type ScenarioStatus = 'passed' | 'failed' | 'skipped' | 'undefined' | 'pending' | 'ambiguous';

export interface ScenarioResult {
  stableId: string | undefined;
  name: string;
  uri: string;
  clauses: string[];
  status: ScenarioStatus;
  /** First failure message, for failed/undefined/pending/ambiguous. */
  message?: string;
  /** Why the scenario was skipped (a missing capability, with the adapter's reason). */
  skipReason?: string;
  durationMs: number;
}

/** Statuses that fail a run: anything not checked is never counted as passed. */
export function isFailing(status: ScenarioStatus): boolean {
  return status === 'failed' || status === 'undefined' || status === 'pending' || status === 'ambiguous';
}
