/**
 * The home page: the clause matrix (clauses by family down, hosts across),
 * each cell the clause's verdict on that host, totals per host, and filters by
 * family, level, status and host column that work with CSS alone (radio
 * buttons and `:has()`), so the page needs no script. On a phone the matrix
 * is a list of cards, each clause's hosts one under another (site-style.ts),
 * and the host filter keeps the one column a reader follows; the intro folds
 * under its first sentence.
 */
import { recordCounts } from '../results/record-counts.js';
import { EDITIONS, type Edition } from '../../src/index.js';
import { hostEdition } from './edition-html.js';
import { html, inlineCode, token, type Html } from './html.js';
import { mutantsCell, PROVEN_RULE, provenSummary } from './mutation-html.js';
import { page } from './page-shell.js';
import { readableTime } from './readable-time.js';
import { counts as countsAtLevel, failsTheRun, statusClass, statusCounts, statusWord } from './result-html.js';
import {
  cellStatus,
  recordsFor,
  uncountedFailure,
  type ClauseView,
  type HostView,
  type SiteModel,
} from './site-model.js';
import { CELL_STATUSES, STATUS_TEXT, countByStatus, type CellStatus } from './status.js';

const LEVELS = ['required', 'recommended'] as const;

export function homePage(model: SiteModel): Html {
  const withHosts = model.hosts.length > 0;
  const statuses = CELL_STATUSES.filter(
    (status) =>
      withHosts &&
      model.clauses.some((view) => model.hosts.some((host) => cellStatus(host, view.clause.id) === status)),
  );
  return page(model, {
    title: 'Plan mode conformance: clause matrix',
    root: '',
    current: 'home',
    css: filterRules(model, statuses),
    body: html`<h1>Plan mode: clauses${withHosts ? ' and hosts' : ''}</h1>
<p class="lead">Every row is a clause of the plan mode spec${withHosts ? '; every host column is one conformance run, judged against the edition named under it' : ''}.</p>
<details class="intro"><summary>How to read this page</summary>
<p>Every row is a clause of the plan mode spec, read from the <code>@deepseek-ai/dsh-plan-mode</code> README (in Chinese) of each edition: ${EDITIONS.join(', ')} (<a href="editions.html">what changed</a>); its page quotes each edition's sentences and shows the scenarios that prove it. A host column is judged against the edition named under it; a clause its edition lacks is <em>not run</em> there.
${withHosts ? html`Every host column is one conformance run: a cell counts the results of the clause's scenarios on that host, marked and coloured by the worst of them (failed, then baselined, then skipped, then passed), or says <em>not run</em> when the run had none of them. A recommended scenario's failure, which does not fail a default-level run, is shown in blue, not red.` : html`No results file was given, so no host is shown.`}
${model.withMutants ? html`The last column counts the mutants (deliberately broken reference hosts) that the clause's scenarios catch. ${PROVEN_RULE} ${provenSummary(model)}` : ''}</p>
</details>
${withHosts ? hostSummary(model) : ''}
<h2 id="matrix-heading">Clause matrix</h2>
${filters(model, statuses)}
<div class="matrix-wrap">
<div class="table-box"><table class="matrix" aria-labelledby="matrix-heading">
<thead><tr><th scope="col">Clause</th><th scope="col">Level</th><th scope="col" class="statement">Statement</th>${
      withHosts
        ? model.hosts.map(
            (host, index) =>
              html`<th scope="col" class="${hostColumn(index)}"><a href="hosts/${host.key}.html">${host.label}</a> <small class="edition-of">${hostEdition(host)}</small></th>`,
          )
        : html`<th scope="col">Scenarios</th>`
    }${model.withMutants ? html`<th scope="col">Mutants caught</th>` : ''}</tr></thead>
${model.families.map((family) => {
  const rows = model.clauses.filter((view) => view.family.id === family.id);
  return html`<tbody class="fam-${token(family.id)}">
<tr><th scope="rowgroup" colspan="${3 + Math.max(model.hosts.length, 1) + (model.withMutants ? 1 : 0)}">${family.id}: ${family.name}</th></tr>
${rows.map((view) => clauseRow(view, model.hosts, judgedEditions(model)))}</tbody>
`;
})}
${withHosts ? totals(model) : ''}
</table></div>
<p class="muted" aria-hidden="true"><span class="shown-count"></span> of ${model.clauses.length} clauses shown.</p>
</div>`,
  });
}

/** The editions the host columns were judged against, oldest first; with no host, every edition. */
function judgedEditions(model: SiteModel): Edition[] {
  if (model.hosts.length === 0) return [...EDITIONS];
  return EDITIONS.filter((edition) => model.hosts.some((host) => host.edition === edition));
}

/**
 * The statement as the host columns' editions read it: one statement when
 * they read it alike (marked with its edition when another edition of the
 * spec reads it differently), else each edition's statement, each marked.
 */
function statementCell(view: ClauseView, editions: readonly Edition[]): Html {
  const readings = view.readings.filter((reading) => editions.includes(reading.edition));
  const distinct = new Set(readings.map((reading) => reading.statement));
  if (readings.length === 0)
    return html`<td class="statement"><span class="muted">not in ${editions.join(' or ')}</span></td>`;
  if (distinct.size === 1 && !view.differs)
    return html`<td class="statement">${inlineCode(readings[0]!.statement)}</td>`;
  if (distinct.size === 1) {
    return html`<td class="statement"><span class="edition-mark">${readings.map((reading) => reading.edition).join(', ')}:</span> ${inlineCode(readings[0]!.statement)}</td>`;
  }
  return html`<td class="statement">${readings.map((reading) => html`<p class="reading"><span class="edition-mark">${reading.edition}:</span> ${inlineCode(reading.statement)}</p>`)}</td>`;
}

function clauseRow(view: ClauseView, hosts: readonly HostView[], editions: readonly Edition[]): Html {
  const id = view.clause.id;
  const cells = hosts.map((host) => ({ host, status: cellStatus(host, id) }));
  const classes = ['clause', `lvl-${view.clause.level}`, ...new Set(cells.map((cell) => `has-${cell.status}`))];
  return html`<tr class="${classes.join(' ')}">
<th scope="row"><a href="clauses/${id}.html">${id}</a>${view.readings.length < EDITIONS.length ? html`<br><small class="only-in">${view.readings.map((reading) => reading.edition).join(', ')} only</small>` : ''}</th>
<td class="fit"><span class="level ${view.clause.level}">${view.clause.level}</span></td>
${statementCell(view, editions)}
${
  hosts.length > 0
    ? cells.map(({ host, status }, index) => {
        // The worst result sets the mark and colour; the words count every result ("22 passed, 1 skipped").
        const counted = !uncountedFailure(host, id);
        // data-label names the column where a phone draws the cells one under another.
        return html`<td class="${statusClass(status, counted)} ${hostColumn(index)}" data-label="${host.label} (${host.edition})"><a href="clauses/${id}.html#host-${host.key}"><span aria-hidden="true">${STATUS_TEXT[status].mark}</span> ${statusCounts(recordsFor(host, id)) || STATUS_TEXT[status].label}${counted ? '' : html`<small class="uncounted">recommended: not counted</small>`}${inEdition(view, host) ? '' : html`<small class="uncounted">not in ${host.edition}</small>`}<span class="vh">: ${id} on ${host.label}</span></a></td>`;
      })
    : html`<td>${view.scenarios.reduce((sum, scenario) => sum + scenario.cases.filter((entry) => entry.clauses.includes(id)).length, 0)}</td>`
}
${view.mutants ? mutantsCell(view) : ''}
</tr>
`;
}

/** Whether the edition a host was judged against has the clause (a host of another edition never runs it). */
function inEdition(view: ClauseView, host: HostView): boolean {
  return view.readings.some((reading) => reading.edition === host.edition);
}

function totals(model: SiteModel): Html {
  const counts = model.hosts.map((host) => countByStatus(model.clauses, (view) => cellStatus(host, view.clause.id)));
  return html`<tfoot>
${CELL_STATUSES.map(
  (
    status,
  ) => html`<tr><th scope="row" colspan="3">Clauses ${STATUS_TEXT[status].label}</th>${counts.map((count, index) => html`<td class="${hostColumn(index)}" data-label="${model.hosts[index]!.label}">${count[status]}</td>`)}${model.withMutants ? html`<td></td>` : ''}</tr>
`,
)}</tfoot>`;
}

function hostSummary(model: SiteModel): Html {
  return html`<h2 id="hosts-heading">Hosts</h2>
<p>Passed, failed, flaky, baselined and skipped count as each run's closing line does: its required scenarios and the exploration (every scenario at level strict); a default run's recommended failures are named apart. Records counts every result, counted or not.</p>
<div class="table-box"><table class="cards pairs" aria-labelledby="hosts-heading">
<thead><tr><th scope="col">Host</th><th scope="col">Edition</th><th scope="col">Verdict</th><th scope="col">Records</th>${(['passed', 'failed', 'flaky', 'baselined', 'skipped'] as const).map((status) => html`<th scope="col">${status}</th>`)}<th scope="col">Missing capabilities</th><th scope="col">Level</th><th scope="col">Run</th></tr></thead>
<tbody>
${model.hosts.map((host) => {
  // The closing line's numbers (results/record-counts.ts), as the console and compare count them.
  const counts = recordCounts(host.document.scenarios, host.document.level);
  const count = counts.counted;
  const missing = Object.entries(host.document.adapter.capabilities)
    .filter(([, support]) => support !== true)
    .map(([name]) => name);
  const failing = host.document.scenarios.filter((record) => failsTheRun(record, host.document)).length;
  // A green run that left required clauses unproven says partial here too, as its closing line did.
  const unproven = host.document.unproven?.length ?? 0;
  const countedFailed = host.document.scenarios.filter(
    (record) => record.status === 'failed' && countsAtLevel(record, host.document.level),
  ).length;
  // Each cell named by its column (data-label): on a phone the table is a card per host, a figure a line.
  return html`<tr><th scope="row"><a href="hosts/${host.key}.html">${host.label}</a></th><td data-label="Edition">${hostEdition(host)}</td>${
    failing === 0
      ? html`<td data-label="Verdict" class="st st-passed">${statusWord('passed')}<small class="uncounted">${unproven > 0 ? `partial: ${unproven} required clause(s) unproven` : `conforms at level ${host.document.level}`}</small></td>`
      : html`<td data-label="Verdict" class="st st-failed">${statusWord('failed')}<small class="uncounted">${failing} failure(s) count</small></td>`
  }<td data-label="Records">${host.document.scenarios.length}</td>${(['passed', 'failed', 'flaky', 'baselined', 'skipped'] as const).map((status) => html`<td data-label="${status}" class="${count[status] > 0 ? statusClass(status, status !== 'failed' || countedFailed > 0) : ''}">${count[status]}${status === 'failed' && (counts.recommended?.failed ?? 0) > 0 ? html`<small>${counts.recommended!.failed} recommended, not counted</small>` : ''}</td>`)}<td data-label="Missing capabilities">${missing.length ? missing.join(', ') : 'none'}</td><td data-label="Level">${host.document.level}</td><td data-label="Run" class="nowrap">${readableTime(host.document.startedAt)}</td></tr>
`;
})}</tbody>
</table></div>`;
}

/** The class of every cell of a host's column (by position: host keys need not make distinct class names). */
function hostColumn(index: number): string {
  return `host-col-${index + 1}`;
}

function filters(model: SiteModel, statuses: readonly CellStatus[]): Html {
  const group = (name: string, legend: string, options: Array<{ value: string; label: string }>) => html`<fieldset>
<legend>${legend}</legend>
${[{ value: 'all', label: 'all' }, ...options].map(
  (
    option,
    index,
  ) => html`<input type="radio" name="${name}" id="f-${name}-${token(option.value)}" value="${option.value}"${index === 0 ? html` checked` : ''}><label for="f-${name}-${token(option.value)}">${option.label}</label>
`,
)}</fieldset>`;
  return html`<form class="filters" aria-label="Filter the matrix">
${group(
  'family',
  'Family',
  model.families.map((family) => ({ value: family.id, label: family.id })),
)}
${group(
  'level',
  'Level',
  LEVELS.map((level) => ({ value: level, label: level })),
)}
${
  statuses.length > 0
    ? group(
        'status',
        'Status on some host',
        statuses.map((status) => ({ value: status, label: STATUS_TEXT[status].label })),
      )
    : ''
}
${
  model.hosts.length > 1
    ? group(
        'host',
        'Host column',
        model.hosts.map((host, index) => ({ value: String(index + 1), label: host.label })),
      )
    : ''
}
</form>`;
}

/** One rule per filter choice: hide the rows (and family groups) that do not match it. */
function filterRules(model: SiteModel, statuses: readonly CellStatus[]): string {
  const rules: string[] = [];
  const hide = (when: string[], target: string) =>
    rules.push(`body${when.map((id) => `:has(#${id}:checked)`).join('')} .matrix ${target} { display: none; }`);
  for (const family of model.families) hide([`f-family-${token(family.id)}`], `tbody:not(.fam-${token(family.id)})`);
  for (const level of LEVELS) {
    hide([`f-level-${level}`], `tr.clause:not(.lvl-${level})`);
    hide([`f-level-${level}`], `tbody:not(:has(tr.lvl-${level}))`);
  }
  for (const status of statuses) {
    hide([`f-status-${token(status)}`], `tr.clause:not(.has-${status})`);
    hide([`f-status-${token(status)}`], `tbody:not(:has(tr.has-${status}))`);
    for (const level of LEVELS)
      hide([`f-level-${level}`, `f-status-${token(status)}`], `tbody:not(:has(tr.lvl-${level}.has-${status}))`);
  }
  // One host column kept: every other host's cells go (the header, each clause's cell, the totals).
  if (model.hosts.length > 1)
    model.hosts.forEach((_, shown) =>
      model.hosts.forEach((__, other) => {
        if (other !== shown) hide([`f-host-${shown + 1}`], `.${hostColumn(other)}`);
      }),
    );
  return `\n${rules.join('\n')}\n`;
}
