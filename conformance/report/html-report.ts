/**
 * The kit's HTML report: one self-contained page (no script, nothing loaded
 * from elsewhere) that says which adapter ran at which level against which
 * baseline, the totals as the closing line counts them, every scenario with
 * its outcome (baselined failures marked as expected), and the texts left to
 * human review.
 */
import type { BaselineVerdict } from '../results/baseline.js';
import type { ScenarioResult } from '../results/scenario-result.js';
import { summaryLine, recommendedLine } from '../results/summary.js';
import { describeRun, type RunContext } from '../results/run-context.js';
import { visibleControls } from '../results/host-text.js';
import { partialSuffix } from '../results/unproven-clauses.js';
import { scenarioRows, type RowOutcome } from './scenario-rows.js';
import { citeClauses, levelWord } from '../results/clause-citation.js';

export function htmlEscape(text: string): string {
  return visibleControls(text, '\n\t')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const OUTCOME_LABEL: Record<RowOutcome, string> = {
  passed: 'passed',
  failed: 'FAILED',
  flaky: 'FLAKY (repeats ended differently)',
  baselined: 'expected failure (baseline)',
  skipped: 'skipped',
  'not-counted': 'failed, not counted (recommended)',
};

const STYLE = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1b1b1b; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ccc; padding: .35rem .5rem; text-align: left; vertical-align: top; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dt { font-weight: 600; }
code { font-size: 90%; }
.failed { background: #fde2e1; }
.baselined, .not-counted { background: #fff4d6; }
.flaky { background: #f3e3fb; }
.skipped { color: #555; }
th small { font-weight: normal; }
blockquote { border-left: 4px solid #bbb; margin: .3rem 0; padding: .2rem .8rem; white-space: pre-wrap; }
pre { white-space: pre-wrap; margin: .3rem 0; }
@media print { .failed, .flaky, .baselined, .not-counted { background: none; } }
`;

export function htmlReport(context: RunContext, results: ScenarioResult[], verdict: BaselineVerdict): string {
  // What needs a reader's attention first: failures, then expected failures and skips, then passes.
  const rank: RowOutcome[] = ['failed', 'flaky', 'not-counted', 'baselined', 'skipped', 'passed'];
  const rows = scenarioRows(results, verdict)
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank.indexOf(a.row.outcome) - rank.indexOf(b.row.outcome) || a.index - b.index)
    .map(({ row }) => row);
  const clauseText = new Map(context.catalog.map((clause) => [clause.id, clause.statement]));
  const out: string[] = [];
  const title = `Plan mode conformance: ${context.adapter.name}`;
  out.push(
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${htmlEscape(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${htmlEscape(title)}</h1>`,
    '<dl>',
    ...describeRun(context).map(([name, value]) => `<dt>${htmlEscape(name)}</dt><dd>${htmlEscape(value)}</dd>`),
    '</dl>',
    '</header>',
    '<main>',
    '<section aria-labelledby="verdict">',
    '<h2 id="verdict">Verdict</h2>',
  );
  const recommended = recommendedLine(verdict);
  if (recommended) out.push(`<p><code>${htmlEscape(recommended)}</code></p>`);
  out.push(
    `<p><strong><code>${htmlEscape(`${summaryLine(verdict).text}${partialSuffix(context.unproven ?? [])}`)}</code></strong>, ${verdict.baselined.length} expected failure(s) (baseline).</p>`,
    ...unprovenHtml(context),
    '</section>',
    '<section aria-labelledby="scenarios">',
    '<h2 id="scenarios">Scenarios</h2>',
    '<p>Failures first, then flaky scenarios (their repeats ended differently), expected failures (baseline) and skips, then passes.</p>',
    '<table>',
    '<thead><tr><th scope="col">scenario</th><th scope="col">clauses</th><th scope="col">level</th><th scope="col">outcome</th><th scope="col">detail</th></tr></thead>',
    '<tbody>',
  );
  for (const row of rows) {
    // A failure cites its clauses in full (level, the judged edition's statement, the clause page); other rows name them.
    const clauses = row.failure
      ? citeClauses(row.result.clauses, context.catalog)
          .map(
            (citation) =>
              `<p><a href="${htmlEscape(citation.link)}">${htmlEscape(citation.id)}</a> (${htmlEscape(citation.level ?? 'not in the judged edition')}${citation.level ? `, ${levelWord(citation.level)}` : ''})${citation.statement ? `: ${htmlEscape(citation.statement)}` : ''}</p>`,
          )
          .join('')
      : row.result.clauses
          .map((id) => `<abbr title="${htmlEscape(clauseText.get(id) ?? 'unknown clause')}">${htmlEscape(id)}</abbr>`)
          .join(' ');
    const at =
      row.result.failedStepLine !== undefined ? ` (${htmlEscape(row.result.uri)}:${row.result.failedStepLine})` : '';
    const message = row.failure && row.outcome !== 'baselined' ? `<pre>${htmlEscape(row.failure.message)}</pre>` : '';
    const step = row.failure?.step
      ? `<br>step: <q>${htmlEscape(row.failure.step)}</q>${at} (${htmlEscape(row.failure.kind)})${message}`
      : message;
    out.push(
      `<tr class="${row.outcome}"><th scope="row"><code>${htmlEscape(row.id)}</code><br><small>${htmlEscape(row.result.name)} — ${htmlEscape(row.result.uri)}${row.result.line !== undefined ? `:${row.result.line}` : ''}</small></th>` +
        `<td>${clauses}</td><td>${row.result.level}</td><td>${htmlEscape(OUTCOME_LABEL[row.outcome])}</td>` +
        `<td>${htmlEscape(row.detail ?? '')}${row.outcome === 'passed' ? '' : step}</td></tr>`,
    );
  }
  out.push('</tbody>', '</table>', '</section>');
  out.push('<section aria-labelledby="review">', '<h2 id="review">Human review</h2>');
  if (context.reviewTexts.length === 0) {
    out.push('<p>No text was collected for review in this run.</p>');
  } else {
    out.push('<p>The kit does not judge these texts by their wording. Read whether each says what it should.</p>');
    for (const text of context.reviewTexts) {
      out.push(
        '<article>',
        `<h3>${htmlEscape(text.kind)}</h3>`,
        text.expectation ? `<p>Should: ${htmlEscape(text.expectation)}.</p>` : '',
        `<blockquote>${htmlEscape(text.text)}</blockquote>`,
        `<p><small>seen in <code>${htmlEscape(text.scenario)}</code></small></p>`,
        '</article>',
      );
    }
  }
  out.push('</section>', '</main>', '</body>', '</html>', '');
  return out.filter((line) => line !== '').join('\n');
}

/** The required clauses no passing scenario proved, as the closing lines list them. */
function unprovenHtml(context: RunContext): string[] {
  const unproven = context.unproven ?? [];
  if (unproven.length === 0) return [];
  return [
    `<p><strong>Partial</strong>: ${unproven.length} required clause(s) no passing scenario proved (<code>--require-all</code> fails such a run):</p>`,
    '<ul class="unproven">',
    ...unproven.map(({ clause, reason }) => `<li><code>${htmlEscape(clause)}</code>: ${htmlEscape(reason)}</li>`),
    '</ul>',
  ];
}
