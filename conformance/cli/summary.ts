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

export function summaryLine(verdict: BaselineVerdict): { text: string; failed: number } {
  const count = (outcome: string) => verdict.counted.filter((result) => verdict.outcomes.get(result) === outcome).length;
  const failed = count('failed');
  return { text: `conformance: ${count('passed')} passed, ${failed} failed, ${count('skipped')} skipped`, failed };
}

/** The line for recommended scenarios of a default run, or undefined at --level strict. */
export function recommendedLine(verdict: BaselineVerdict): string | undefined {
  if (verdict.level === 'strict') return undefined;
  const passed = verdict.apart.filter((result) => result.status === 'passed').length;
  const failed = verdict.apart.filter((result) => isFailing(result.status)).length;
  return `recommended: ${passed} passed, ${failed} failed`;
}

function firstLine(result: ScenarioResult): string {
  return result.status === 'failed' ? (result.message ?? 'failed').split('\n')[0]! : `step ${result.status}`;
}

function where(result: ScenarioResult): string {
  return `${result.uri}${result.line !== undefined ? `:${result.line}` : ''}`;
}

export function verdictLines(verdict: BaselineVerdict, withBaseline: boolean): string[] {
  const lines: string[] = [];
  for (const result of verdict.unexpected) {
    lines.push(`${withBaseline ? 'unexpected failure' : 'failed'}: ${result.stableId ?? '(no id)'} (${where(result)}) ${firstLine(result)}`);
  }
  for (const { result, why } of verdict.mismatched) {
    lines.push(`baselined scenario no longer matches its entry: ${result.stableId} (${where(result)}) ${why}; message: ${firstLine(result)}`);
  }
  for (const { result, entry } of verdict.stale) lines.push(`stale baseline entry (now passes): ${result.stableId} (${entry.where})`);
  for (const result of verdict.apart.filter((candidate) => isFailing(candidate.status))) {
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
