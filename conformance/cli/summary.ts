/** The closing lines of a run. */
import type { BaselineVerdict } from '../runner/baseline.js';
import type { ScenarioResult } from '../runner/scenario-result.js';

export function summaryLine(results: ScenarioResult[], verdict: BaselineVerdict): { text: string; failed: number } {
  const stale = new Set(verdict.stale);
  const passed = results.filter((result) => result.status === 'passed' && !stale.has(result)).length;
  const skipped = results.filter((result) => result.status === 'skipped').length;
  const failed = verdict.unexpected.length + verdict.stale.length;
  return { text: `conformance: ${passed} passed, ${failed} failed, ${skipped} skipped`, failed };
}

export function verdictLines(results: ScenarioResult[], verdict: BaselineVerdict, withBaseline: boolean): string[] {
  const lines: string[] = [];
  for (const result of verdict.unexpected) {
    const why = result.status === 'failed' ? (result.message ?? 'failed').split('\n')[0] : `step ${result.status}`;
    lines.push(`${withBaseline ? 'unexpected failure' : 'failed'}: ${result.stableId ?? '(no id)'} (${result.uri}) ${why}`);
  }
  for (const result of verdict.stale) lines.push(`stale baseline entry (now passes): ${result.stableId}`);
  const skipped = results.filter((result) => result.status === 'skipped');
  const reasons = new Map<string, number>();
  for (const result of skipped) reasons.set(result.skipReason ?? 'skipped', (reasons.get(result.skipReason ?? 'skipped') ?? 0) + 1);
  for (const [reason, count] of reasons) lines.push(`skipped ${count}: ${reason}`);
  if (withBaseline) lines.push(`baselined: ${verdict.baselined.length} known failure(s)`);
  return lines;
}
