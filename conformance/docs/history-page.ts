/**
 * One host across its releases and runs (history/<host>.html): the question a
 * release gate asks, "what changed since the last one?". Given results files
 * of one host (grouped by `nameOfHost`: the adapter's name less a trailing
 * `@<release>`), in release order (semver, then start time), each run shows its release, edition,
 * counts, the clauses whose status changed since the run before, and the
 * failures that appeared or went. Runs judged against different editions are
 * compared all the same, clause by clause: a clause one edition lacks is
 * `not run` there, which is a change worth seeing.
 */
export { hostHistories, type HostHistory } from './host-histories.js';
import { hostEdition } from './edition-html.js';
import { html, type Html } from './html.js';
import { page } from './page-shell.js';
import { hostHistories, type HostHistory } from './host-histories.js';
import { failsTheRun, statusWord } from './result-html.js';
import { readableTime } from './readable-time.js';
import { cellStatus, type HostView, type SiteModel } from './site-model.js';
import { countByStatus, type CellStatus } from './status.js';

/** The history a host view belongs to, if the site has one. */
export function historyOf(model: SiteModel, view: HostView): HostHistory | undefined {
  return hostHistories(model).find((history) => history.host === view.host);
}

interface Change {
  clause: string;
  before: CellStatus;
  after: CellStatus;
}

/** What changed from one run to the next: clause statuses, and the failures counted against each. */
export function changesBetween(
  model: SiteModel,
  before: HostView,
  after: HostView,
): { clauses: Change[]; appeared: string[]; went: string[] } {
  const clauses = model.clauses.flatMap((view) => {
    const [was, is] = [cellStatus(before, view.clause.id), cellStatus(after, view.clause.id)];
    return was === is ? [] : [{ clause: view.clause.id, before: was, after: is }];
  });
  const failing = (run: HostView) =>
    new Set(run.document.scenarios.filter((record) => failsTheRun(record, run.document)).map((record) => record.id));
  const [was, is] = [failing(before), failing(after)];
  return { clauses, appeared: [...is].filter((id) => !was.has(id)), went: [...was].filter((id) => !is.has(id)) };
}

export function historyPage(model: SiteModel, history: HostHistory): Html {
  return page(model, {
    title: `History of ${history.host}: plan mode conformance`,
    root: '../',
    current: `history-${history.key}`,
    body: html`<h1>History: ${history.host}</h1>
<p class="lead">Every run of ${history.host} the site was given, lowest release first (runs of one release by start time), each judged against the edition named (the README of the release it drove). A run's changes are against the run before it: clauses whose status changed, and failures that count against the run (required ones, or every one at level strict) that appeared or went.</p>
<div class="table-box"><table class="cards pairs" aria-labelledby="runs-heading">
<caption id="runs-heading">Runs</caption>
<thead><tr><th scope="col">Run</th><th scope="col">Release</th><th scope="col">Edition</th><th scope="col">Verdict</th>${(['passed', 'failed', 'baselined', 'skipped'] as const).map((status) => html`<th scope="col">${status}</th>`)}<th scope="col">Badge</th></tr></thead>
<tbody>
${history.runs.map((run) => {
  const count = countByStatus(run.document.scenarios, (record) => record.status);
  const failing = run.document.scenarios.filter((record) => failsTheRun(record, run.document)).length;
  return html`<tr><th scope="row"><a href="../hosts/${run.key}.html">${readableTime(run.document.startedAt)}</a></th><td data-label="Release">${run.release ?? 'not recorded'}</td><td data-label="Edition">${hostEdition(run)}</td><td data-label="Verdict">${failing === 0 ? statusWord('passed') : statusWord('failed')}${failing === 0 ? '' : html`<small> ${failing} count</small>`}</td>${(['passed', 'failed', 'baselined', 'skipped'] as const).map((status) => html`<td data-label="${status}">${count[status]}</td>`)}<td data-label="Badge"><a href="../badges/${run.key}.svg"><img src="../badges/${run.key}.svg" alt="${history.host} ${run.release ?? ''}: ${failing === 0 ? 'conforms' : `${failing} failing`}"></a></td></tr>
`;
})}</tbody>
</table></div>
${history.runs.slice(1).map((run, index) => changeSection(model, history.runs[index]!, run))}`,
  });
}

function changeSection(model: SiteModel, before: HostView, after: HostView): Html {
  const { clauses, appeared, went } = changesBetween(model, before, after);
  const heading = `${after.label}, since ${before.label}`;
  const id = `since-${after.key}`;
  return html`<section aria-labelledby="${id}">
<h2 id="${id}">${heading}</h2>
${
  clauses.length === 0
    ? html`<p>No clause changed status.</p>`
    : html`<div class="table-box"><table aria-labelledby="${id}">
<thead><tr><th scope="col">Clause</th><th scope="col">Before (${hostEdition(before)})</th><th scope="col">After (${hostEdition(after)})</th></tr></thead>
<tbody>
${clauses.map(
  (
    change,
  ) => html`<tr><th scope="row"><a href="../clauses/${change.clause}.html"><span class="id">${change.clause}</span></a></th><td>${statusWord(change.before)}</td><td>${statusWord(change.after)}</td></tr>
`,
)}</tbody>
</table></div>`
}
<h3>Failures that appeared (${appeared.length})</h3>
${appeared.length === 0 ? html`<p>None.</p>` : html`<ul>${appeared.map((id) => html`<li><code>${id}</code></li>`)}</ul>`}
<h3>Failures that went (${went.length})</h3>
${went.length === 0 ? html`<p>None.</p>` : html`<ul>${went.map((id) => html`<li><code>${id}</code></li>`)}</ul>`}
</section>`;
}
