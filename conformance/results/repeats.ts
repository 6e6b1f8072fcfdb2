/**
 * `--repeat N`: each scenario's N results folded into one. Repeats agree when
 * they end the same way: the same status and, for a failure, the same kind
 * and failing step (what a baseline entry matches; messages may differ in
 * ids and times). A scenario whose repeats agree keeps its first result,
 * exactly what a single run gives; one whose repeats differ is flaky: its
 * result is its first failing repeat's, with every repeat's outcome listed.
 */
import { isFailing, type RepeatOutcome, type ScenarioResult } from './scenario-result.js';

/** One finished repeat of one scenario. */
export interface RepeatedResult {
  /** 1-based. */
  pass: number;
  result: ScenarioResult;
}

/** What identifies a scenario across repeats. */
export function scenarioKey(result: Pick<ScenarioResult, 'stableId' | 'uri' | 'line' | 'name'>): string {
  return result.stableId ?? `${result.uri}:${result.line ?? result.name}`;
}

export function outcomeOf(result: ScenarioResult): RepeatOutcome {
  const outcome: RepeatOutcome = { status: result.status };
  if (result.failureKind !== undefined) outcome.failureKind = result.failureKind;
  if (result.failedStep !== undefined) outcome.failedStep = result.failedStep;
  if (result.message !== undefined) outcome.message = result.message.split('\n')[0]!.slice(0, 300);
  return outcome;
}

function sameOutcome(a: ScenarioResult, b: ScenarioResult): boolean {
  return a.status === b.status && a.failureKind === b.failureKind && a.failedStep === b.failedStep;
}

/** One result per scenario, in the order of their first repeat. */
export function foldRepeats(repeats: readonly RepeatedResult[]): ScenarioResult[] {
  const byScenario = new Map<string, ScenarioResult[]>();
  const ordered = [...repeats].sort((a, b) => a.pass - b.pass);
  for (const { result } of ordered) {
    const key = scenarioKey(result);
    byScenario.set(key, [...(byScenario.get(key) ?? []), result]);
  }
  return [...byScenario.values()].map((results) => {
    const first = results[0]!;
    if (results.every((result) => sameOutcome(result, first))) return first;
    const failing = results.find((result) => isFailing(result.status)) ?? first;
    return { ...failing, flaky: results.map(outcomeOf) };
  });
}

/** Each repeat's outcome in a few words: `passed, failed (assertion at "step"), passed`. */
export function repeatOutcomes(result: ScenarioResult): string {
  return (result.flaky ?? [])
    .map((outcome) =>
      isFailing(outcome.status)
        ? `${outcome.status} (${outcome.failureKind ?? 'assertion'}${outcome.failedStep ? ` at "${outcome.failedStep}"` : ''})`
        : outcome.status,
    )
    .join(', ');
}
