/**
 * One host: the run (kit, spec, level, baseline), its totals, its capabilities
 * with the reasons for missing ones, the baseline entries that matched with
 * their reasons, any failures, and the texts the kit shows a person instead of
 * judging their wording. On a phone the failures are cards (site-style.ts):
 * each message at the screen's full width, wrapped, never cut.
 */
import { countedMeaning, countedText, recommendedText, recordCounts } from '../results/record-counts.js';
import { badgeOf } from './badges.js';
import { hostEdition } from './edition-html.js';
import { historyOf } from './history-page.js';
import type { ScenarioRecord } from '../../src/index.js';
import { html, inlineCode, type Html } from './html.js';
import { page } from './page-shell.js';
import { counts, resultDetail, statusClass, statusWord } from './result-html.js';
import { readableTime } from './readable-time.js';
import type { ClauseView, HostView, SiteModel } from './site-model.js';
import { countByStatus } from './status.js';

export function hostPage(model: SiteModel, host: HostView): Html {
  const { document } = host;
  const count = countByStatus(document.scenarios, (record) => record.status);
  // The closing line's numbers (results/record-counts.ts), as the console and compare count them.
  const counted = recordCounts(document.scenarios, document.level);
  const baselined = document.scenarios.filter((record) => record.status === 'baselined');
  const failed = document.scenarios.filter((record) => record.status === 'failed');
  const skipped = document.scenarios.filter((record) => record.status === 'skipped');
  const flaky = document.scenarios.filter((record) => record.status === 'flaky');
  const link = (record: ScenarioRecord) => scenarioLink(model.clauses, record);
  const anyMissing = Object.values(document.adapter.capabilities).some((support) => support !== true);
  const unproven = document.unproven ?? [];
  return page(model, {
    title: `Host ${host.label}: plan mode conformance`,
    root: '../',
    current: host.key,
    body: html`<h1>Host: ${host.label}</h1>
<dl class="facts">
<dt>Counted</dt><dd>${countedText(counted)}${counted.counted.baselined > 0 ? `, ${counted.counted.baselined} baselined` : ''} (${countedMeaning(document.level)})</dd>
${recommendedText(counted) !== undefined ? html`<dt>Recommended</dt><dd>${recommendedText(counted)} (not counted at the default level)</dd>` : ''}
<dt>Records</dt><dd>${document.scenarios.length}, counted or not: ${count.passed} passed, ${count.failed} failed, ${count.flaky > 0 ? `${count.flaky} flaky, ` : ''}${count.baselined} baselined, ${count.skipped} skipped${document.repeat ? ` (each ran ${document.repeat.times} times; flaky scenarios ${document.repeat.flakyAllowed ? 'allowed' : 'fail the run'})` : ''}</dd>
<dt>Edition</dt><dd>${hostEdition(host)}${document.spec.forced ? ' (--force-edition: the adapter does not declare it)' : ''}; the adapter declares ${document.adapter.editions?.join(', ') ?? 'none (judged against the seed)'}</dd>
${host.release !== undefined ? html`<dt>Release</dt><dd>${host.host} ${host.release}</dd>` : ''}${historyLink(model, host)}
<dt>Badge</dt><dd><img src="../badges/${host.key}.svg" alt="${badgeOf(host).label}: ${badgeOf(host).message}"> <a href="../badges/${host.key}.svg">SVG</a>, <a href="../badges/${host.key}.json">shields.io endpoint JSON</a></dd>
<dt>Level</dt><dd>${document.level}</dd>
<dt>Baseline</dt><dd>${document.baseline ? html`<code>${document.baseline.path}</code> (${document.baseline.entries} entries)` : 'none'}</dd>
<dt>Kit</dt><dd>${document.kit.name} ${document.kit.version}</dd>
<dt>Spec</dt><dd>${document.spec.readme}; clause catalog ${document.spec.clauses}</dd>
<dt>Run</dt><dd>started ${readableTime(document.startedAt)}, took ${(document.durationMs / 1000).toFixed(1)} s</dd>
${unproven.length > 0 ? html`<dt>Verdict</dt><dd><strong>partial</strong>: <a href="#unproven">${unproven.length} required clause(s)</a> no passing scenario proved</dd>` : ''}
</dl>
<nav class="toc no-print" aria-label="On this page"><ul>
${unproven.length > 0 ? html`<li><a href="#unproven">Unproven required clauses (${unproven.length})</a></li>` : ''}
${failed.length > 0 ? html`<li><a href="#failures">Failures (${failed.length})</a></li>` : ''}
${flaky.length > 0 ? html`<li><a href="#flaky">Flaky (${flaky.length})</a></li>` : ''}
<li><a href="#baseline">Known divergences (${baselined.length})</a></li>
${skipped.length > 0 ? html`<li><a href="#skipped">Skipped (${skipped.length})</a></li>` : ''}
<li><a href="#capabilities">Capabilities</a></li>
<li><a href="#review-texts">Texts for human review (${document.reviewTexts.length})</a></li>
</ul></nav>
${
  unproven.length > 0
    ? html`<h2 id="unproven">Unproven required clauses</h2>
<p>No passing scenario proved these required clauses, so the run is partial (<code>--require-all</code> fails such a run):</p>
<ul class="unproven">${unproven.map(({ clause, reason }) => html`<li>${citedClauses(model.clauses, host, [clause])}: ${reason}</li>`)}</ul>`
    : ''
}
${
  failed.length > 0
    ? html`<h2 id="failures">Failures</h2>
<div class="table-box"><table class="cards">
<thead><tr><th scope="col">Scenario</th><th scope="col">Clauses</th><th scope="col">How it failed</th></tr></thead>
<tbody>
${failed.map(
  (
    record,
  ) => html`<tr><th scope="row">${link(record)}</th><td data-label="Clauses">${citedClauses(model.clauses, host, record.clauses)}</td><td class="${statusClass('failed', counts(record, document.level))}" data-label="How it failed">${statusWord('failed')}${resultDetail(record, document.level)}${rerunCommand(record)}</td></tr>
`,
)}</tbody>
</table></div>`
    : ''
}
${
  flaky.length > 0
    ? html`<h2 id="flaky">Flaky scenarios</h2>
<div class="table-box"><table class="cards">
<thead><tr><th scope="col">Scenario</th><th scope="col">Clauses</th><th scope="col">How its repeats ended</th></tr></thead>
<tbody>
${flaky.map(
  (
    record,
  ) => html`<tr><th scope="row">${link(record)}</th><td data-label="Clauses">${citedClauses(model.clauses, host, record.clauses)}</td><td class="st st-flaky" data-label="How its repeats ended">${statusWord('flaky')}${resultDetail(record, document.level)}${rerunCommand(record)}</td></tr>
`,
)}</tbody>
</table></div>`
    : ''
}
<h2 id="baseline">Known divergences (baseline)</h2>
${
  baselined.length === 0
    ? html`<p>No scenario was baselined.</p>`
    : html`<p>${baselined.length} scenario(s) fail in a known way, each listed in the baseline with its reason (${groupBy(baselined, reasonOf).size} distinct reasons).</p>
${[...groupBy(baselined, reasonOf)].map(([, records]) => divergence(model.clauses, records))}`
}
${
  skipped.length > 0
    ? html`<h2 id="skipped">Skipped</h2>
${[...groupBy(skipped, (record) => record.skipReason ?? 'no reason given')].map(
  ([reason, records]) => html`<p>${reason} (${records.length})</p>
<ul>${records.map((record) => html`<li>${link(record)}</li>`)}</ul>
`,
)}`
    : ''
}
<h2 id="capabilities">Capabilities</h2>
<div class="table-box"><table>
<thead><tr><th scope="col">Capability</th><th scope="col">Supported</th>${anyMissing ? html`<th scope="col">Reason when missing</th>` : ''}</tr></thead>
<tbody>
${Object.entries(document.adapter.capabilities).map(
  ([
    name,
    support,
  ]) => html`<tr><th scope="row">${name}</th>${support === true ? html`<td class="st st-passed">yes</td>${anyMissing ? html`<td></td>` : ''}` : html`<td class="st st-skipped">missing</td><td>${support.missing}</td>`}</tr>
`,
)}</tbody>
</table></div>
<h2 id="review-texts">Texts for human review</h2>
<p class="muted">The kit never judges these texts by their wording (only by where they appear and that texts reporting different things differ); read them to check they say what they are meant to.</p>
${
  document.reviewTexts.length === 0
    ? html`<p>The run recorded none.</p>`
    : document.reviewTexts.map(
        (text, index) => html`<section class="review-text" aria-labelledby="text-${index}">
<h3 id="text-${index}">${text.kind}</h3>
${text.expectation ? html`<p>Meant to: ${text.expectation}.</p>` : ''}
<pre>${text.text}</pre>
<p class="muted">Seen in scenario <code>${text.scenario}</code>.</p>
</section>
`,
      )
}`,
  });
}

/** The clauses a failure breaks: each linked to its page, with its level and the statement of the edition the host was judged against. */
function citedClauses(clauses: readonly ClauseView[], host: HostView, ids: readonly string[]): Html {
  return html`${ids.map((id) => {
    const view = clauses.find((candidate) => candidate.clause.id === id);
    const reading = view?.readings.find((candidate) => candidate.edition === host.edition);
    return html`<p class="citation"><a href="../clauses/${id}.html"><span class="id">${id}</span></a>${view ? html` <span class="level ${view.clause.level}">${view.clause.level}</span>` : ''}${reading ? html`<br><small>${host.edition}: ${inlineCode(reading.statement)}</small>` : ''}</p>`;
  })}`;
}

function scenarioLink(clauses: readonly ClauseView[], record: ScenarioRecord): Html {
  const view = clauses.find((candidate) => record.clauses.includes(candidate.clause.id));
  const scenario = view?.scenarios.find((candidate) => candidate.cases.some((entry) => entry.stableId === record.id));
  if (!view) return html`<code>${record.id}</code>`;
  return html`<a href="../clauses/${view.clause.id}.html${scenario ? `#${scenario.anchor}` : ''}"><code>${record.id}</code></a>`;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

function reasonOf(record: ScenarioRecord): string {
  return record.baseline?.reason ?? 'no reason recorded';
}

/** One known divergence: its reason once, then every scenario it covers with the clause and the step that fails. */
function divergence(clauses: readonly ClauseView[], records: readonly ScenarioRecord[]): Html {
  const entry = records[0]!.baseline;
  return html`<section class="divergence">
<p class="reason">${inlineCode(reasonOf(records[0]!))}${entry?.class ? html` <span class="muted">(${entry.class})</span>` : ''}${entry?.link ? html` Tracked at <code>${entry.link}</code>.` : ''}${entry?.expires ? html` <span class="muted">Entry expires ${entry.expires}.</span>` : ''}</p>
<div class="table-box"><table>
<thead><tr><th scope="col">Scenario</th><th scope="col">Clause</th><th scope="col">Failing step</th></tr></thead>
<tbody>
${records.map((record) => {
  const clause = record.baseline?.clause ?? record.clauses[0] ?? '';
  return html`<tr><th scope="row">${scenarioLink(clauses, record)}</th><td class="nowrap">${clause ? html`<a href="../clauses/${clause}.html">${clause}</a>` : ''}</td><td>${record.failure?.step ?? ''}</td></tr>
`;
})}</tbody>
</table></div>
</section>
`;
}

/**
 * The command that reruns just this scenario (results `rerun`: the run's
 * adapter, features, edition and level, already quoted for a POSIX shell),
 * shown whole in a block of its own so it is copied whole; it wraps anywhere
 * on a narrow screen rather than scroll.
 */
function rerunCommand(record: ScenarioRecord): Html | string {
  return record.rerun === undefined
    ? ''
    : html`<div class="rerun"><p>Rerun just this scenario:</p><pre><code>${record.rerun}</code></pre></div>`;
}

/** The history page of this host, when the site was given other runs of it. */
function historyLink(model: SiteModel, host: HostView): Html | string {
  const history = historyOf(model, host);
  return history
    ? html`<dt>History</dt><dd><a href="../history/${history.key}.html">${history.runs.length} runs of ${history.host}</a></dd>`
    : '';
}
