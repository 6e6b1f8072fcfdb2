/**
 * The closing lines of a run. The last line is always
 * `conformance: N passed, N failed, N skipped` over the scenarios the run
 * counts (required ones; every one at --level strict). A default run prints
 * `recommended: N passed, N failed` on the line before it, for the
 * recommended scenarios it reports apart; a strict run counts them in the
 * closing line and prints no separate line.
 */
import type { BaselineVerdict } from '../runner/baseline.js';
import { isFailing, type ScenarioResult } from '../runner/scenario-result.js';
import { repeatOutcomes } from '../runner/repeats.js';

export function summaryLine(verdict: BaselineVerdict): { text: string; failed: number } {
  const count = (outcome: string) => verdict.counted.filter((result) => verdict.outcomes.get(result) === outcome).length;
  const failed = count('failed');
  const flaky = count('flaky');
  // Flaky scenarios are neither passed nor failed: named apart, failing the run unless allowed.
  const flakyText = flaky > 0 ? `, ${flaky} flaky${verdict.allowFlaky ? ' (allowed)' : ''}` : '';
  return {
    text: `conformance: ${count('passed')} passed, ${failed} failed, ${count('skipped')} skipped${flakyText}`,
    failed: failed + (verdict.allowFlaky ? 0 : flaky),
  };
}

/** The line for recommended scenarios of a default run, or undefined at --level strict. */
export function recommendedLine(verdict: BaselineVerdict): string | undefined {
  if (verdict.level === 'strict') return undefined;
  const passed = verdict.apart.filter((result) => result.status === 'passed').length;
  const failed = verdict.apart.filter((result) => isFailing(result.status) && !result.flaky).length;
  const flaky = verdict.apart.filter((result) => result.flaky).length;
  return `recommended: ${passed} passed, ${failed} failed${flaky > 0 ? `, ${flaky} flaky` : ''}`;
}

function firstLine(result: ScenarioResult): string {
  return result.status === 'failed' ? (result.message ?? 'failed').split('\n')[0]! : `step ${result.status}`;
}

function where(result: ScenarioResult): string {
  return `${result.uri}${result.line !== undefined ? `:${result.line}` : ''}`;
}

export function verdictLines(verdict: BaselineVerdict, withBaseline: boolean): string[] {
  const lines: string[] = [];
  for (const result of [...verdict.counted, ...verdict.apart].filter((candidate) => candidate.flaky)) {
    const counted = verdict.flaky.includes(result);
    const how = !counted ? 'recommended, not counted' : verdict.allowFlaky ? 'allowed by --allow-flaky' : 'fails the run; --allow-flaky allows it';
    lines.push(`flaky: ${result.stableId ?? '(no id)'} (${where(result)}) ended differently between repeats: ${repeatOutcomes(result)} (${how})`);
  }
  for (const result of verdict.unexpected) {
    lines.push(`${withBaseline ? 'unexpected failure' : 'failed'}: ${result.stableId ?? '(no id)'} (${where(result)}) ${firstLine(result)}`);
  }
  for (const { result, why } of verdict.mismatched) {
    lines.push(`baselined scenario no longer matches its entry: ${result.stableId} (${where(result)}) ${why}; message: ${firstLine(result)}`);
  }
  for (const { result, entry } of verdict.stale) lines.push(`stale baseline entry (now passes): ${result.stableId} (${entry.where})`);
  for (const result of verdict.apart.filter((candidate) => isFailing(candidate.status) && !candidate.flaky)) {
    lines.push(`recommended, not counted: ${result.stableId ?? '(no id)'} (${where(result)}) ${firstLine(result)}`);
  }
  const reasons = new Map<string, number>();
  for (const result of [...verdict.counted, ...verdict.apart].filter((candidate) => candidate.status === 'skipped')) {
    reasons.set(result.skipReason ?? 'skipped', (reasons.get(result.skipReason ?? 'skipped') ?? 0) + 1);
  }
  for (const [reason, count] of reasons) lines.push(`skipped ${count}: ${reason}`);
  if (withBaseline) lines.push(`baselined: ${verdict.baselined.length} known failure(s)`);
  return lines;
}
