/**
 * Faults the run could not charge to a scenario (an unhandled rejection of a
 * host started for the exploration, a host process writing after its last
 * exploration session closed, a fault between two scenarios) as failed
 * records of their own: a fault is a failure in every report (the closing
 * line's counts, the results file, JUnit, HTML, Markdown, GitHub output),
 * kept by `merge` and `compare`, never only a line on the console.
 *
 * One record per place (id `fault:exploration`, `fault:between-scenarios`,
 * uri `~fault`), its kind the first fault's, its message every fault's.
 * Dependency-free: the supervisor, the workers and `merge` all load it.
 */
import type { FaultKind, FaultPlace } from '../../src/results/results-document.js';
import type { ScenarioResult } from './scenario-result.js';

/** Where fault records sit among the results: after every feature file and the exploration. */
export const FAULT_URI = '~fault';

/** One fault as the suite's process reports it. */
export interface Fault {
  message: string;
  kind: FaultKind;
  during: FaultPlace;
}

export function faultId(during: FaultPlace): string {
  return `fault:${during}`;
}

export function isFaultResult(result: { uri: string }): boolean {
  return result.uri === FAULT_URI;
}

const PLACE_NAME: Record<FaultPlace, string> = {
  exploration: 'a fault during the exploration',
  'between-scenarios': 'a fault between scenarios',
};

/** The faults as records: one per place, in the order the places were first met. */
export function faultRecords(faults: readonly Fault[]): ScenarioResult[] {
  const byPlace = new Map<FaultPlace, Fault[]>();
  for (const fault of faults) byPlace.set(fault.during, [...(byPlace.get(fault.during) ?? []), fault]);
  return [...byPlace].map(([during, all]) =>
    faultRecord(
      during,
      all[0]!.kind,
      all.map((fault) => fault.message),
    ),
  );
}

function faultRecord(during: FaultPlace, kind: FaultKind, messages: readonly string[]): ScenarioResult {
  const first = messages[0]!.split('\n')[0]!;
  return {
    stableId: faultId(during),
    name: `${PLACE_NAME[during]}: ${first.length > 120 ? `${first.slice(0, 117)}...` : first}`,
    uri: FAULT_URI,
    clauses: [],
    // A fault is never excused by a level: what it interrupted checked nothing.
    level: 'required',
    status: 'failed',
    failureKind: kind,
    message: messages.length === 1 ? messages[0]! : `${messages.length} faults:\n${messages.join('\n')}`,
    durationMs: 0,
    fault: { kind, during },
  };
}

/**
 * Fault records of several shares (workers, shards) as one per place: the
 * first share's kind, every message. Other records are returned as they came.
 */
export function combineFaultRecords<
  T extends { uri: string; message?: string | undefined; fault?: { kind: FaultKind; during: FaultPlace } | undefined },
>(
  records: readonly T[],
  idOf: (record: T) => string,
  messageOf: (record: T) => string,
  withMessage: (record: T, message: string) => T,
): T[] {
  const combined: T[] = [];
  const seen = new Map<string, number>();
  for (const record of records) {
    if (!isFaultResult(record)) {
      combined.push(record);
      continue;
    }
    const id = idOf(record);
    const at = seen.get(id);
    if (at === undefined) {
      seen.set(id, combined.length);
      combined.push(record);
      continue;
    }
    combined[at] = withMessage(combined[at]!, `${messageOf(combined[at]!)}\n${messageOf(record)}`);
  }
  return combined;
}
