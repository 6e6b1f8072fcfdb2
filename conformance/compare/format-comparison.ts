/** A comparison as lines for a terminal or a CI log: one line per scenario that moved, the closing line last. */
import { resultsEdition, type ResultsDocument, type ScenarioRecord } from '../../src/index.js';
import type { Comparison, ScenarioChange } from './compare-results.js';
import { consoleText } from '../results/host-text.js';

export function formatComparison(before: ResultsDocument, after: ResultsDocument, comparison: Comparison): string[] {
  const lines = [`compare: ${describeRun(before)} -> ${describeRun(after)}`];
  const section = (title: string, changes: ScenarioChange[]) => {
    if (changes.length === 0) return;
    lines.push(`${title} (${changes.length}):`);
    for (const change of changes)
      lines.push(`  ${change.id}${clauses(change)}: ${state(change.before)} -> ${state(change.after)}`);
  };
  section('regressed', comparison.regressed);
  section('newly failing', comparison.newlyFailing);
  section('newly flaky', comparison.newlyFlaky);
  section('fixed', comparison.fixed);
  section('changed failure', comparison.changedFailure);
  section('other status change', comparison.otherStatus);
  section('appeared', comparison.appeared);
  section('disappeared', comparison.disappeared);
  for (const fault of comparison.faults) lines.push(`fault in NEW (fails the gate): ${fault.id}: ${state(fault)}`);
  // Ids, names and messages come from results files, written from what hosts said: shown, never obeyed by the terminal.
  for (let index = 0; index < lines.length; index += 1) lines[index] = consoleText(lines[index]!);
  lines.push(
    `compare: ${comparison.regressed.length} regressed, ${comparison.newlyFailing.length} newly failing, ${comparison.newlyFlaky.length} newly flaky, ` +
      `${comparison.fixed.length} fixed, ${comparison.changedFailure.length} changed failure, ` +
      `${comparison.appeared.length} appeared, ${comparison.disappeared.length} disappeared, ${comparison.otherStatus.length} other, ${comparison.unchanged} unchanged`,
  );
  return lines;
}

function describeRun(document: ResultsDocument): string {
  const edition = `edition ${resultsEdition(document)}${document.spec.forced ? ', forced' : ''}`;
  return `${document.adapter.name} (${edition}, ${document.scenarios.length} scenarios, ${document.startedAt})`;
}

function clauses(change: ScenarioChange): string {
  const record = change.after ?? change.before;
  const ids = record?.clauses ?? [];
  // A recommended scenario counts only at the strict level; say so, the gate still names it.
  return `${ids.length ? ` [${ids.join(' ')}]` : ''}${record?.level === 'recommended' ? ' (recommended)' : ''}`;
}

/** A record's state in a few words: status, failure kind and step, the message's first line. */
function state(record: ScenarioRecord | undefined): string {
  if (!record) return 'absent';
  if (record.status === 'skipped') return `skipped${record.skipReason ? ` (${firstLine(record.skipReason)})` : ''}`;
  if (!record.failure) return record.status;
  const where = record.failure.step ? ` at "${record.failure.step}"` : '';
  return `${record.status} (${record.failure.kind}${where}: ${firstLine(record.failure.message)})`;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}
