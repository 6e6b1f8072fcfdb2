/**
 * One clause: its statement and level, the README sentences it is read from in
 * each edition (quoted in Chinese, with section and line; side by side with
 * each edition's statement where the editions read it differently), each
 * host's verdict, and every scenario that proves it as readable Gherkin with
 * each host's result.
 *
 * The page opens with a summary (each host's verdict, what the page holds)
 * and folds what makes it long: examples tables and the results by example
 * always, and on a page of more than LONG_PAGE scenarios each scenario's
 * steps and results under its title and verdicts (details/summary: no script,
 * and find-in-page opens them).
 */
import { EDITIONS, type ScenarioRecord } from '../../src/index.js';
import { editionLabel, hostEdition } from './edition-html.js';
import { scenarioGherkin } from './gherkin-html.js';
import { html, inlineCode, type Html } from './html.js';
import { mutantsSection } from './mutation-html.js';
import { page } from './page-shell.js';
import { counts, NOT_COUNTED, resultCell, statusClass, statusWord } from './result-html.js';
import {
  cellStatus,
  recordsFor,
  uncountedFailure,
  type ClauseView,
  type EditionReadingView,
  type HostView,
  type ScenarioView,
  type SiteModel,
} from './site-model.js';
import { aggregateStatus, countByStatus } from './status.js';

/** More scenarios than this and a clause page folds each one under its title (SET-06 has 21). */
export const LONG_PAGE = 4;

const LEVEL_MEANING = {
  required: 'required (MUST): a host that breaks it does not conform; its scenarios fail a run',
  recommended: 'recommended (SHOULD): reported on its own; it fails a run only at the strict level',
};

export function clausePage(model: SiteModel, index: number): Html {
  const view = model.clauses[index]!;
  const { clause } = view;
  const previous = model.clauses[index - 1];
  const next = model.clauses[index + 1];
  const knownIds = new Set(view.scenarios.flatMap((scenario) => scenario.cases.map((entry) => entry.stableId)));
  const others = model.hosts
    .flatMap((host) => recordsFor(host, clause.id))
    .filter((record) => !knownIds.has(record.id));
  return page(model, {
    title: `${clause.id}: ${clause.statement.replace(/`/g, '')}`,
    root: '../',
    prose: true,
    body: html`<p class="muted no-print"><a href="../index.html">Clause matrix</a> › ${view.family.id}: ${view.family.name}</p>
<h1><span class="id">${clause.id}</span> <span class="level ${clause.level}">${clause.level}</span>${onlyIn(view)}</h1>
${view.differs ? '' : html`<p class="statement">${inlineCode(clause.statement)}</p>`}
${summary(model.hosts, view)}
<dl class="facts">
<dt>Family</dt><dd>${view.family.id}: ${view.family.name}</dd>
<dt>Level</dt><dd>${LEVEL_MEANING[clause.level]}</dd>
<dt>Editions</dt><dd>${editionsFact(view)}</dd>
${derivedFact(view)}
<dt>Proved by</dt><dd>${provedBy(view, clause.id)}</dd>
</dl>
<h2 id="readmes">${view.differs ? 'How each edition reads it' : "From each edition's README"}</h2>
<p class="muted">The normative text (Chinese). Highlighted: the words this clause is read from; the rest of the sentence is shown for context.</p>
<div class="editions">
${view.readings.map((reading) => editionColumn(reading, view.differs))}
</div>
${model.hosts.length > 0 ? hostResults(model.hosts, view) : ''}
${view.mutants ? mutantsSection(view) : ''}
<h2 id="scenarios">Scenarios</h2>
${view.scenarios.length === 0 ? html`<p>No scenario in the features proves this clause.</p>` : view.scenarios.map((scenario) => scenarioArticle(scenario, clause.id, model.hosts, view.scenarios.length > LONG_PAGE))}
${
  others.length > 0
    ? html`<h2 id="other-scenarios">Other scenarios in the results</h2>
<p>These ran for this clause but are not among the kit's features (a run with other feature files).</p>
<ul>${[...new Set(others.map((record) => `${record.id}: ${record.name} (${record.uri})`))].map((line) => html`<li>${line}</li>`)}</ul>`
    : ''
}
<nav class="pager" aria-label="Clauses">
${previous ? html`<a href="${previous.clause.id}.html" rel="prev">← ${previous.clause.id}</a>` : html`<span></span>`}
${next ? html`<a href="${next.clause.id}.html" rel="next">${next.clause.id} →</a>` : ''}
</nav>`,
  });
}

/** A badge for a clause some edition lacks. */
function onlyIn(view: ClauseView): Html | string {
  return view.readings.length < EDITIONS.length
    ? html` <span class="only-in">only in ${view.readings.map((reading) => editionLabel(reading.edition)).join(', ')}</span>`
    : '';
}

function editionsFact(view: ClauseView): Html | string {
  const names = view.readings.map((reading) => editionLabel(reading.edition)).join(', ');
  const missing = EDITIONS.filter((edition) => !view.readings.some((reading) => reading.edition === edition)).map(
    editionLabel,
  );
  if (missing.length > 0) return `${names} only (not in ${missing.join(', ')})`;
  return view.differs
    ? html`${names}, read differently (<a href="../editions.html#${view.clause.id}">what changed</a>)`
    : `${names}, read the same`;
}

function derivedFact(view: ClauseView): Html | string {
  const derived = view.readings.filter((reading) => reading.derived).map((reading) => editionLabel(reading.edition));
  return derived.length > 0
    ? html`<dt>Derived</dt><dd>not stated word for word in the README (${derived.join(', ')}); it follows from the sentences below</dd>`
    : '';
}

function editionColumn(reading: EditionReadingView, withStatement: boolean): Html {
  return html`<section class="edition" aria-label="${editionLabel(reading.edition)}">
<h3>${editionLabel(reading.edition)}</h3>
${withStatement ? html`<p class="statement">${inlineCode(reading.statement)}</p>` : ''}
${reading.quotes.map(
  (quote) => html`<blockquote class="seed" lang="zh-Hans">
<p>${quote.before ? html`<span class="context">${inlineCode(quote.before)}</span>` : ''}<mark>${inlineCode(quote.text)}</mark>${quote.after ? html`<span class="context">${inlineCode(quote.after)}</span>` : ''}</p>
<footer lang="en">${editionLabel(reading.edition)}, ${quote.headings.length ? html`section <span lang="zh-Hans">${quote.headings.join(' › ')}</span>, ` : ''}line ${quote.line}</footer>
</blockquote>
`,
)}
</section>
`;
}

function hostResults(hosts: readonly HostView[], view: ClauseView): Html {
  return html`<h2 id="results">Results by host</h2>
<div class="table-box"><table>
<thead><tr><th scope="col">Host</th><th scope="col">Edition</th><th scope="col">Verdict</th><th scope="col">Scenarios</th></tr></thead>
<tbody>
${hosts.map((host) => {
  const status = cellStatus(host, view.clause.id);
  const count = countByStatus(recordsFor(host, view.clause.id), (record) => record.status);
  const parts = (['passed', 'failed', 'flaky', 'baselined', 'skipped'] as const)
    .filter((key) => count[key] > 0)
    .map((key) => `${count[key]} ${key}`);
  return html`<tr id="host-${host.key}"><th scope="row"><a href="../hosts/${host.key}.html">${host.label}</a></th><td>${hostEdition(host)}</td><td class="${statusClass(status, !uncountedFailure(host, view.clause.id))}">${statusWord(status)}${uncountedFailure(host, view.clause.id) ? html`<br><small>${NOT_COUNTED}</small>` : ''}</td><td>${parts.length ? parts.join(', ') : view.readings.some((reading) => reading.edition === host.edition) ? 'none run' : `none run: the ${host.edition} edition lacks this clause`}</td></tr>
`;
})}</tbody>
</table></div>`;
}

/**
 * What the page holds, before it: each host's verdict (its counts beside),
 * and where to go: the sentences, the results, the mutants, the scenarios
 * (listed, folded, with each host's verdict on each).
 */
function summary(hosts: readonly HostView[], view: ClauseView): Html {
  const id = view.clause.id;
  return html`<section class="glance" aria-labelledby="glance-heading">
<h2 id="glance-heading" class="vh">Summary</h2>
${
  hosts.length > 0
    ? html`<ul class="verdicts">${hosts.map((host) => {
        const status = cellStatus(host, id);
        return html`<li class="${statusClass(status, !uncountedFailure(host, id))}"><a href="#host-${host.key}">${host.label}: ${statusWord(status)}</a></li>`;
      })}</ul>`
    : ''
}
<nav class="toc no-print" aria-label="On this page"><ul>
<li><a href="#readmes">README sentences</a></li>
${hosts.length > 0 ? html`<li><a href="#results">Results by host</a></li>` : ''}
${view.mutants ? html`<li><a href="#mutants">Mutants</a></li>` : ''}
<li><a href="#scenarios">Scenarios (${view.scenarios.length})</a></li>
</ul></nav>
${
  view.scenarios.length > LONG_PAGE
    ? html`<details class="scenario-list"><summary>The ${view.scenarios.length} scenarios${hosts.length > 0 ? ' and their verdicts' : ''}</summary>
<ul class="plain">${view.scenarios.map((scenario) => html`<li><a href="#${scenario.anchor}">${scenario.scenario.name}</a>${verdicts(scenario, id, hosts)}</li>`)}</ul>
</details>`
    : ''
}
</section>`;
}

/** Each host's verdict on one scenario (the worst of its examples), as short marked words. */
function verdicts(scenario: ScenarioView, clauseId: string, hosts: readonly HostView[]): Html | string {
  if (hosts.length === 0) return '';
  const cases = scenario.cases.filter((entry) => entry.clauses.includes(clauseId));
  return html` <span class="scenario-verdicts">${hosts.map((host) => {
    const records = cases.flatMap((entry) => recordOf(host, entry.stableId) ?? []);
    const status = aggregateStatus(records);
    const counted = !records.some((record) => record.status === 'failed' && !counts(record, host.document.level));
    return html`<span class="${statusClass(status, counted)}">${host.label}: ${statusWord(status)}</span> `;
  })}</span>`;
}

function scenarioArticle(scenario: ScenarioView, clauseId: string, hosts: readonly HostView[], fold: boolean): Html {
  const tags = scenario.scenario.tags.map((tag) => tag.name);
  const cases = scenario.cases.filter((entry) => entry.clauses.includes(clauseId));
  const outline = cases.some((entry) => entry.rowName !== undefined);
  const results = html`<div class="table-box"><table>
<caption>${outline ? html`Results by example (ids <code>${cases[0]?.stableId?.split('/')[0] ?? ''}/…</code>)` : 'Results'}</caption>
<thead><tr><th scope="col">${outline ? 'Example' : 'Scenario'}</th>${hosts.map((host) => html`<th scope="col">${host.label}</th>`)}</tr></thead>
<tbody>
${cases.map(
  (
    entry,
  ) => html`<tr><th scope="row"><code>${outline ? entry.rowName : (entry.stableId ?? '(no @id)')}</code></th>${hosts.map((host) => resultCell(recordOf(host, entry.stableId), host.document.level))}</tr>
`,
)}</tbody>
</table></div>`;
  const body = html`<p class="muted">Feature: ${scenario.featureName} · <code>${scenario.uri}:${scenario.scenario.location.line}</code></p>
<ul class="tags" aria-label="Tags">${tags.map((tag) => html`<li>${tag}</li>`)}</ul>
${scenarioGherkin(scenario, clauseId)}
${
  hosts.length === 0
    ? ''
    : outline && !fold
      ? html`<details class="fold"><summary>Results of the ${cases.length} examples</summary>${results}</details>`
      : results
}`;
  return html`<article class="scenario" id="${scenario.anchor}" aria-labelledby="${scenario.anchor}-title">
<h3 id="${scenario.anchor}-title"><span class="kw">${scenario.scenario.keyword}:</span> ${scenario.scenario.name}</h3>
${
  fold
    ? html`${hosts.length > 0 ? html`<p class="scenario-verdicts-line">${verdicts(scenario, clauseId, hosts)}</p>` : ''}<details class="fold scenario-body"><summary>Steps${outline ? ', examples' : ''}${hosts.length > 0 ? ' and results' : ''}</summary>
${body}
</details>`
    : body
}
</article>
`;
}

function recordOf(host: HostView, id: string | undefined): ScenarioRecord | undefined {
  return id === undefined ? undefined : host.byId.get(id);
}

function provedBy(view: ClauseView, clauseId: string): string {
  const total = countProving(view.scenarios, clauseId);
  // Where some scenarios belong to one edition only, each edition's own count says what proves it there.
  const editioned = view.scenarios.some((scenario) =>
    scenario.cases.some((entry) => entry.editions.length < EDITIONS.length),
  );
  if (!editioned || view.readings.length < 2) return total;
  const perEdition = view.readings.map((reading) => {
    const own = view.scenarios
      .map((scenario) => ({
        ...scenario,
        cases: scenario.cases.filter((entry) => entry.editions.includes(reading.edition)),
      }))
      .filter((scenario) => scenario.cases.some((entry) => entry.clauses.includes(clauseId)));
    return `${editionLabel(reading.edition)}: ${countProving(own, clauseId)}`;
  });
  return `${total} in all; ${perEdition.join('; ')}`;
}

function countProving(scenarios: readonly ScenarioView[], clauseId: string): string {
  const cases = scenarios.reduce(
    (sum, scenario) => sum + scenario.cases.filter((entry) => entry.clauses.includes(clauseId)).length,
    0,
  );
  const counted = `${scenarios.length} scenario${scenarios.length === 1 ? '' : 's'}`;
  return cases === scenarios.length ? counted : `${counted}, ${cases} cases counting each example row`;
}
