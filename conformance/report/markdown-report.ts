/**
 * The Markdown compatibility report: which adapter ran, with which kit and
 * spec, at which level and against which baseline; per clause (its text
 * beside it) how many of its scenarios passed, failed, were skipped (with the
 * missing capability) or baselined (with the reason); the details a reader
 * needs to act; and the texts left to human review, one example per kind.
 */
import type { BaselineVerdict } from '../results/baseline.js';
import type { ScenarioResult } from '../results/scenario-result.js';
import { recommendedLine, summaryLine } from '../results/summary.js';
import { describeRun, rerunOfResult, type RunContext } from '../results/run-context.js';
import { firstLine, scenarioRows, type RowOutcome } from './scenario-rows.js';
import { citeClauses, levelWord } from '../results/clause-citation.js';
import { markdownBlock, markdownText as escape } from '../results/host-text.js';
import { partialSuffix } from '../results/unproven-clauses.js';

/** The kit's own Markdown (a clause statement's code spans) in a table cell: kept, only kept in its cell. */
function kitCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
}

export function markdownReport(context: RunContext, results: ScenarioResult[], verdict: BaselineVerdict): string {
  const rows = scenarioRows(results, verdict);
  const lines: string[] = [];
  const count = (outcome: RowOutcome) => rows.filter((row) => row.outcome === outcome).length;
  lines.push(`# Plan mode compatibility: ${escape(context.adapter.name)}`, '');
  for (const [name, value] of describeRun(context)) lines.push(`- **${name}**: ${escape(value)}`);
  lines.push('');
  const recommended = recommendedLine(verdict);
  lines.push(
    `${rows.length} scenarios: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped, ${count('baselined')} baselined` +
      `${count('not-counted') > 0 ? `, ${count('not-counted')} recommended failed (not counted)` : ''}` +
      `${count('flaky') > 0 ? `, ${count('flaky')} flaky` : ''}.`,
    '',
    ...(recommended ? [`\`${recommended}\``, ''] : []),
    `\`${summaryLine(verdict).text}${partialSuffix(context.unproven ?? [])}\``,
    '',
  );
  if (context.unproven && context.unproven.length > 0) {
    lines.push(
      `**Partial**: ${context.unproven.length} required clause(s) no passing scenario proved (\`--require-all\` fails such a run):`,
      '',
    );
    for (const { clause, reason } of context.unproven) lines.push(`- ${clause}: ${escape(reason)}`);
    lines.push('');
  }
  lines.push(
    '| clause | level | statement | passed | failed | skipped | baselined | notes |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const clause of context.catalog) {
    const mine = rows.filter((row) => row.result.clauses.includes(clause.id));
    const tally = (outcome: RowOutcome) => mine.filter((row) => row.outcome === outcome).length;
    const notes = new Set<string>();
    for (const row of mine) {
      if (row.outcome === 'skipped' && row.result.skipReason) notes.add(row.result.skipReason);
      if (row.outcome === 'baselined') notes.add(`${row.id}: ${row.baseline?.reason}`);
      if (row.outcome === 'failed') notes.add(`${row.id} failed`);
      if (row.outcome === 'not-counted') notes.add(`${row.id} failed (recommended, not counted)`);
      if (row.outcome === 'flaky') notes.add(`${row.id} flaky`);
    }
    const status = mine.length === 0 ? ' (not run)' : '';
    lines.push(
      `| ${clause.id}${status} | ${clause.level} | ${kitCell(clause.statement)} | ${tally('passed')} | ${tally('failed')} | ${tally('skipped')} | ${tally('baselined')} | ${escape([...notes].join('; '))} |`,
    );
  }
  const failing = rows.filter((row) => row.outcome === 'failed' || row.outcome === 'not-counted');
  if (failing.length > 0) {
    lines.push('', '## Failures', '');
    for (const row of failing) {
      const step = row.failure?.step ? ` at "${escape(row.failure.step)}" (${row.failure.kind})` : '';
      const where = `${row.result.uri}${row.result.failedStepLine !== undefined ? `:${row.result.failedStepLine}` : row.result.line !== undefined ? `:${row.result.line}` : ''}`;
      lines.push(
        `- **${escape(row.id)}** ${escape(row.result.name)} (${escape(where)})${step}: ${escape(firstLine(row.detail))}`,
      );
      // The clauses it breaks, as the judged edition states them, each linked to its page of the docs site.
      for (const citation of citeClauses(row.result.clauses, context.catalog)) {
        lines.push(
          `  - [${citation.id}](${citation.link}) (${citation.level ?? 'not in the judged edition'}${citation.level ? `, ${levelWord(citation.level)}` : ''})${citation.statement ? `: ${kitCell(citation.statement)}` : ''}`,
        );
      }
      // The whole message: what was expected and what the host showed.
      // Shown literally, inside the list item: a host's CR or fence cannot end the block and add headings.
      if (row.failure) lines.push('', ...markdownBlock(row.failure.message).map((line) => `  ${line}`), '');
      // The command that reruns just it, in a block of its own so it is copied whole.
      const rerun = rerunOfResult(context, row.result);
      if (rerun !== undefined)
        lines.push(
          '  Rerun it with (an outline row: its outline):',
          '',
          ...markdownBlock(rerun).map((line) => `  ${line}`),
          '',
        );
    }
  }
  const flaky = rows.filter((row) => row.outcome === 'flaky');
  if (flaky.length > 0) {
    lines.push('', '## Flaky scenarios (repeats ended differently)', '');
    for (const row of flaky)
      lines.push(
        `- **${escape(row.id)}** ${escape(row.result.name)} (${escape(row.result.uri)}): ${escape(row.detail ?? '')}`,
      );
  }
  const baselined = rows.filter((row) => row.outcome === 'baselined');
  if (baselined.length > 0) {
    lines.push('', '## Known divergences (baselined)', '');
    for (const row of baselined) {
      const extra = [
        row.baseline?.class,
        row.baseline?.link,
        row.baseline?.expires ? `expires ${row.baseline.expires}` : undefined,
      ].filter(Boolean);
      const clause = row.baseline && 'explore' in row.baseline ? row.baseline.explore.clause : row.baseline?.clause;
      lines.push(
        `- **${escape(row.id)}** (${escape(clause ?? '')}, ${row.failure?.kind} at "${escape(row.failure?.step ?? '')}"): ${escape(row.baseline?.reason ?? '')}${extra.length > 0 ? ` (${escape(extra.join(', '))})` : ''}`,
      );
    }
  }
  if (verdict.stale.length > 0) {
    lines.push('', '## Stale baseline entries (now passing)', '');
    for (const { result } of verdict.stale) lines.push(`- **${escape(result.stableId ?? '')}**`);
  }
  const skipReasons = new Map<string, number>();
  for (const result of results) {
    if (result.status === 'skipped')
      skipReasons.set(result.skipReason ?? 'skipped', (skipReasons.get(result.skipReason ?? 'skipped') ?? 0) + 1);
  }
  if (skipReasons.size > 0) {
    lines.push('', '## Skipped', '');
    for (const [reason, n] of skipReasons) lines.push(`- ${n} scenario(s): ${escape(reason)}`);
  }
  lines.push('', '## Human review', '');
  if (context.reviewTexts.length === 0) {
    lines.push('No text was collected for review in this run.');
  } else {
    lines.push(
      'The kit does not judge these texts by their wording (one example per kind). Read whether each says what it should.',
      '',
    );
    for (const text of context.reviewTexts) {
      lines.push(`### ${escape(text.kind)}`, '');
      if (text.expectation) lines.push(`Should: ${escape(text.expectation)}. Seen in ${escape(text.scenario)}:`, '');
      else lines.push(`Seen in ${escape(text.scenario)}:`, '');
      // Shown literally: a host's text cannot add headings, HTML or links to the report.
      lines.push(...markdownBlock(text.text), '');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
