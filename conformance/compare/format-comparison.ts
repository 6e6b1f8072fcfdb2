/** A comparison as lines for a terminal or a CI log: one line per scenario that moved, the closing line last. */
import { resultsEdition, type ResultsDocument, type ScenarioRecord } from '../../src/index.js';
import type { Comparison, ScenarioChange } from './compare-results.js';
import { consoleText } from '../results/host-text.js';
import { countedText, recommendedText, recordCounts } from '../results/record-counts.js';

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
  // Every change is counted once, in one of these numbers; `unchanged` counts the records that did not move.
  lines.push(
    `compare: ${comparison.regressed.length} regressed, ${comparison.newlyFailing.length} newly failing, ${comparison.newlyFlaky.length} newly flaky, ` +
      `${comparison.fixed.length} fixed, ${comparison.changedFailure.length} changed failure, ` +
      `${comparison.appeared.length} appeared, ${comparison.disappeared.length} disappeared, ${comparison.otherStatus.length} other, ${comparison.unchanged} unchanged`,
  );
  return lines;
}

/** A run as its closing line counts it (results/record-counts.ts): the same numbers the console printed. */
function describeRun(document: ResultsDocument): string {
  const edition = `edition ${resultsEdition(document)}${document.spec.forced ? ', forced' : ''}`;
  const counts = recordCounts(document.scenarios, document.level);
  const recommended = recommendedText(counts);
  return `${document.adapter.name} (${edition}, level ${document.level}: ${countedText(counts)}${recommended ? `; recommended ${recommended}` : ''}; ${document.startedAt})`;
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
  if (record.status === 'skipped') return `skipped${record.skipReason ? ` (${oneLine(record.skipReason)})` : ''}`;
  if (!record.failure) return record.status;
  const where = record.failure.step ? ` at "${record.failure.step}"` : '';
  return `${record.status} (${record.failure.kind}${where}: ${oneLine(record.failure.message)})`;
}

/**
 * A message on one line, whole: its lines joined (an object shown after its
 * first line stays part of it), runs of spaces folded; only a message longer
 * than a screenful is cut, saying how much was left out.
 */
function oneLine(text: string): string {
  const line = text
    .split('\n')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ')
    .replace(/\s+/g, ' ');
  return line.length > ONE_LINE_LIMIT
    ? `${line.slice(0, ONE_LINE_LIMIT)}... (${line.length - ONE_LINE_LIMIT} more characters)`
    : line;
}

/** Characters of a message compare shows before cutting it. */
const ONE_LINE_LIMIT = 2000;
