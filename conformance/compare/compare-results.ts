/**
 * Two runs' results side by side, by stable id. A regression is a scenario
 * that passed before and does not pass now, whatever it became (failed,
 * baselined, skipped, or gone): a release gate fails on it. The rest says
 * what else moved, for the reader.
 */
import type { ResultsDocument, ScenarioRecord } from '../../src/index.js';

export interface ScenarioChange {
  id: string;
  before?: ScenarioRecord;
  after?: ScenarioRecord;
}

export interface Comparison {
  /** Passed in OLD; failed, flaky, baselined, skipped or absent in NEW. */
  regressed: ScenarioChange[];
  /** Failed or baselined in OLD; passed in NEW. */
  fixed: ScenarioChange[];
  /** Not passing in both, failing differently: status (failed/baselined) or signature (clauses, kind, step, message). */
  changedFailure: ScenarioChange[];
  /** Ids only NEW has. */
  appeared: ScenarioChange[];
  /** Ids only OLD has, that did not pass there (a passing one that is gone is a regression). */
  disappeared: ScenarioChange[];
  /** Any other change of status, e.g. skipped in OLD and passed or failed in NEW. */
  otherStatus: ScenarioChange[];
  unchanged: number;
}

// A flaky scenario failed in some of its repeats: it moves like a failure.
const FAILING = new Set(['failed', 'baselined', 'flaky']);

export function compareResults(before: ResultsDocument, after: ResultsDocument): Comparison {
  const comparison: Comparison = { regressed: [], fixed: [], changedFailure: [], appeared: [], disappeared: [], otherStatus: [], unchanged: 0 };
  const afterById = new Map(after.scenarios.map((record) => [record.id, record]));
  const beforeIds = new Set<string>();
  for (const old of before.scenarios) {
    beforeIds.add(old.id);
    const now = afterById.get(old.id);
    const change: ScenarioChange = { id: old.id, before: old, ...(now ? { after: now } : {}) };
    if (old.status === 'passed') {
      if (now?.status === 'passed') comparison.unchanged += 1;
      else comparison.regressed.push(change);
    } else if (!now) {
      comparison.disappeared.push(change);
    } else if (now.status === 'passed' && FAILING.has(old.status)) {
      comparison.fixed.push(change);
    } else if (FAILING.has(old.status) && FAILING.has(now.status)) {
      if (sameFailure(old, now)) comparison.unchanged += 1;
      else comparison.changedFailure.push(change);
    } else if (old.status === now.status) {
      comparison.unchanged += 1;
    } else {
      comparison.otherStatus.push(change);
    }
  }
  for (const now of after.scenarios) if (!beforeIds.has(now.id)) comparison.appeared.push({ id: now.id, after: now });
  return comparison;
}

/** The same failure: same status and signature (clauses, kind, step, message without stack or paths). */
function sameFailure(old: ScenarioRecord, now: ScenarioRecord): boolean {
  return old.status === now.status && signatureKey(old) === signatureKey(now);
}

function signatureKey(record: ScenarioRecord): string {
  const failure = record.failure;
  return JSON.stringify(failure ? [[...failure.clauses].sort(), failure.kind, failure.step ?? null, failure.message] : null);
}
