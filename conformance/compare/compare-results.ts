/**
 * Two runs' results side by side, by stable id. A regression is a scenario
 * that passed before and does not pass now, whatever it became (failed,
 * baselined, skipped, or gone): a release gate fails on it. So does a scenario
 * that newly fails without having passed (it appeared failing, or was skipped
 * and now fails: `--allow-new-failures` lets these through) and one that is
 * newly flaky, and so does any fault NEW records (a fault is never a new
 * failure to allow). The rest says what else moved, for the reader. Failures are
 * compared by signature (clauses, kind, step, message without stack or paths).
 * Each change is counted once: an exploration that was clean in OLD and found
 * classes in NEW is one regression per class found (its clean record's
 * absence is the same change, not another one).
 */
import type { ResultsDocument, ScenarioRecord } from '../../src/index.js';
import { EXPLORATION_ID, EXPLORATION_URI } from '../results/exploration-uri.js';

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
  /** Failed in NEW, and absent or skipped in OLD (a passing one that fails is a regression). */
  newlyFailing: ScenarioChange[];
  /** Flaky in NEW and not in OLD (a passing one that is flaky is a regression). */
  newlyFlaky: ScenarioChange[];
  /** Ids only NEW has, that do not fail there (those are newly failing or newly flaky). */
  appeared: ScenarioChange[];
  /** Ids only OLD has, that did not pass there (a passing one that is gone is a regression). */
  disappeared: ScenarioChange[];
  /** Any other change of status, e.g. skipped in OLD and passed or failed in NEW. */
  otherStatus: ScenarioChange[];
  unchanged: number;
  /** NEW's fault records (a fault no scenario could be charged with): the gate fails on each, whatever OLD had. */
  faults: ScenarioRecord[];
}

// A flaky scenario failed in some of its repeats: it moves like a failure.
const FAILING = new Set(['failed', 'baselined', 'flaky']);

export function compareResults(before: ResultsDocument, after: ResultsDocument): Comparison {
  const comparison: Comparison = {
    regressed: [],
    fixed: [],
    changedFailure: [],
    newlyFailing: [],
    newlyFlaky: [],
    appeared: [],
    disappeared: [],
    otherStatus: [],
    unchanged: 0,
    faults: after.scenarios.filter((record) => record.fault !== undefined && record.status !== 'passed'),
  };
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
    } else if (now.status === 'flaky' && old.status !== 'flaky') {
      comparison.newlyFlaky.push(change);
    } else if (now.status === 'failed' && old.status === 'skipped') {
      comparison.newlyFailing.push(change);
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
  // A clean exploration in OLD whose NEW found classes: the classes are the regression, counted once each.
  const cleanBefore = before.scenarios.find((record) => record.id === EXPLORATION_ID && record.status === 'passed');
  const classesNow = after.scenarios.filter(
    (record) => record.uri === EXPLORATION_URI && record.id !== EXPLORATION_ID && !beforeIds.has(record.id),
  );
  const explorationRegressed =
    cleanBefore !== undefined &&
    !afterById.has(EXPLORATION_ID) &&
    classesNow.some((record) => record.status !== 'passed' && record.status !== 'skipped');
  if (explorationRegressed)
    comparison.regressed = comparison.regressed.filter((change) => change.id !== EXPLORATION_ID);
  for (const now of after.scenarios) {
    if (beforeIds.has(now.id)) continue;
    const change = { id: now.id, after: now };
    if (explorationRegressed && classesNow.includes(now) && now.status !== 'passed' && now.status !== 'skipped')
      comparison.regressed.push({ id: now.id, before: cleanBefore, after: now });
    else if (now.status === 'flaky') comparison.newlyFlaky.push(change);
    else if (now.status === 'failed') comparison.newlyFailing.push(change);
    else comparison.appeared.push(change);
  }
  return comparison;
}

/** Whether the gate fails: any regression or newly flaky scenario, and any newly failing one unless allowed. */
export function gateFails(comparison: Comparison, options: { allowNewFailures?: boolean } = {}): boolean {
  return (
    comparison.faults.length > 0 ||
    comparison.regressed.length > 0 ||
    comparison.newlyFlaky.length > 0 ||
    (comparison.newlyFailing.length > 0 && !options.allowNewFailures)
  );
}

/** The same failure: same status and signature (clauses, kind, step, message without stack or paths). */
function sameFailure(old: ScenarioRecord, now: ScenarioRecord): boolean {
  return old.status === now.status && signatureKey(old) === signatureKey(now);
}

function signatureKey(record: ScenarioRecord): string {
  const failure = record.failure;
  return JSON.stringify(
    failure ? [[...failure.clauses].sort(), failure.kind, failure.step ?? null, failure.message] : null,
  );
}
