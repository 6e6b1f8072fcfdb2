/**
 * The Markdown compatibility report: per clause, how many of its scenarios
 * passed, failed, were skipped (with the missing capability) or baselined
 * (with the reason), followed by the details a reader needs to act.
 */
import type { Clause } from '../catalog/clause-catalog.js';
import type { BaselineVerdict } from '../runner/baseline.js';
import type { ScenarioResult } from '../runner/scenario-result.js';
import { isFailing } from '../runner/scenario-result.js';

type Cell = 'passed' | 'failed' | 'skipped' | 'baselined';

function cellOf(result: ScenarioResult, baselined: Set<ScenarioResult>): Cell {
  if (baselined.has(result)) return 'baselined';
  if (isFailing(result.status)) return 'failed';
  return result.status === 'skipped' ? 'skipped' : 'passed';
}

function escape(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function markdownReport(adapterName: string, clauses: Clause[], results: ScenarioResult[], verdict: BaselineVerdict): string {
  const baselinedReason = new Map(verdict.baselined.map((entry) => [entry.result, entry.reason]));
  const baselined = new Set(baselinedReason.keys());
  const lines: string[] = [];
  const count = (cell: Cell) => results.filter((result) => cellOf(result, baselined) === cell).length;
  lines.push(`# Plan mode compatibility: ${adapterName}`, '');
  lines.push(
    `${results.length} scenarios: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped, ${count('baselined')} baselined.`,
    '',
  );
  lines.push('| clause | level | passed | failed | skipped | baselined | notes |', '|---|---|---|---|---|---|---|');
  for (const clause of clauses) {
    const mine = results.filter((result) => result.clauses.includes(clause.id));
    const tally = (cell: Cell) => mine.filter((result) => cellOf(result, baselined) === cell).length;
    const notes = new Set<string>();
    for (const result of mine) {
      const cell = cellOf(result, baselined);
      if (cell === 'skipped' && result.skipReason) notes.add(result.skipReason);
      if (cell === 'baselined') notes.add(`${result.stableId}: ${baselinedReason.get(result)}`);
      if (cell === 'failed') notes.add(`${result.stableId ?? result.name} failed`);
    }
    const status = mine.length === 0 ? ' (not run)' : '';
    lines.push(
      `| ${clause.id}${status} | ${clause.level} | ${tally('passed')} | ${tally('failed')} | ${tally('skipped')} | ${tally('baselined')} | ${escape([...notes].join('; '))} |`,
    );
  }
  const failing = results.filter((result) => cellOf(result, baselined) === 'failed');
  if (failing.length > 0) {
    lines.push('', '## Failures', '');
    for (const result of failing) {
      lines.push(`- **${result.stableId ?? '(no id)'}** ${escape(result.name)} (${result.uri}): ${escape((result.message ?? result.status).split('\n')[0]!)}`);
    }
  }
  if (verdict.baselined.length > 0) {
    lines.push('', '## Known divergences (baselined)', '');
    for (const { result, reason } of verdict.baselined) lines.push(`- **${result.stableId}**: ${escape(reason)}`);
  }
  if (verdict.stale.length > 0) {
    lines.push('', '## Stale baseline entries (now passing)', '');
    for (const result of verdict.stale) lines.push(`- **${result.stableId}**`);
  }
  const skipReasons = new Map<string, number>();
  for (const result of results) {
    if (result.status === 'skipped') skipReasons.set(result.skipReason ?? 'skipped', (skipReasons.get(result.skipReason ?? 'skipped') ?? 0) + 1);
  }
  if (skipReasons.size > 0) {
    lines.push('', '## Skipped', '');
    for (const [reason, n] of skipReasons) lines.push(`- ${n} scenario(s): ${escape(reason)}`);
  }
  return `${lines.join('\n')}\n`;
}
