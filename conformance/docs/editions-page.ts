/**
 * What changed between the editions: every clause the editions read
 * differently (its statement in each) and every clause only some editions
 * have, each linking to its page, where the quotes stand side by side.
 */
import { EDITIONS, EDITION_SOURCES } from '../../src/index.js';
import { editionLabel, hostEdition } from './edition-html.js';
import { html, inlineCode, type Html } from './html.js';
import { page } from './page-shell.js';
import type { ClauseView, SiteModel } from './site-model.js';

export function editionsPage(model: SiteModel): Html {
  const changed = model.clauses.filter((view) => view.differs);
  return page(model, {
    title: 'Plan mode conformance: what changed between editions',
    root: '',
    current: 'editions',
    prose: true,
    body: html`<h1>What changed between editions</h1>
<p class="lead">An edition is one README of <code>@deepseek-ai/dsh-plan-mode</code>; a host implements one and is judged against it. Every other clause holds in every edition, quoted from each README on its page.</p>
<dl class="facts">
${EDITIONS.map(
  (
    edition,
  ) => html`<dt>${editionLabel(edition)}</dt><dd>${EDITION_SOURCES[edition].describes} (<code>${EDITION_SOURCES[edition].readme}</code>)</dd>
`,
)}</dl>
${model.hosts.length > 0 ? html`<p>Hosts shown: ${model.hosts.map((host, index) => html`${index > 0 ? ', ' : ''}<a href="hosts/${host.key}.html">${host.label}</a> (${hostEdition(host)})`)}.</p>` : ''}
<h2 id="changed">${changed.length} clauses read differently</h2>
<div class="table-box"><table>
<thead><tr><th scope="col">Clause</th>${EDITIONS.map((edition) => html`<th scope="col">${editionLabel(edition)}</th>`)}</tr></thead>
<tbody>
${changed.map((view) => changedRow(view))}</tbody>
</table></div>`,
  });
}

function changedRow(view: ClauseView): Html {
  return html`<tr id="${view.clause.id}"><th scope="row"><a class="id" href="clauses/${view.clause.id}.html">${view.clause.id}</a></th>${EDITIONS.map(
    (edition) => {
      const reading = view.readings.find((candidate) => candidate.edition === edition);
      return reading
        ? html`<td>${inlineCode(reading.statement)}</td>`
        : html`<td class="muted">not in this edition</td>`;
    },
  )}</tr>
`;
}
