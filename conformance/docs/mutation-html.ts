/**
 * What the mutation evidence (`docs --mutants FILE`) adds to the site: on a
 * clause page, the broken hosts its scenarios catch and whether the clause is
 * proven, and what the exploration at the default budget made of each (the
 * class it found first); on the home page, a column of mutants caught per clause.
 */
import type { ClauseProof } from '../evidence/proven-clauses.js';
import { explorationWords } from '../evidence/mutation-evidence.js';
import { clauseIds, html, inlineCode, type Html } from './html.js';
import type { ClauseView, SiteModel } from './site-model.js';

export const PROVEN_RULE = 'A clause is proven when a mutant that declares it is caught by a scenario tagged with it.';

/** The home page's cell: how many mutants the clause's scenarios catch, and a mark when a required clause is not proven. */
export function mutantsCell(view: ClauseView): Html {
  const evidence = view.mutants!;
  const unproven = unprovenEditions(evidence.proofs);
  const mark =
    view.clause.level === 'required' && unproven.length > 0
      ? html`<small class="uncounted">not proven${evidence.proofs.length > unproven.length ? ` in ${unproven.join(', ')}` : ''}</small>`
      : '';
  return html`<td class="mutants" data-label="Mutants caught"><a href="clauses/${view.clause.id}.html#mutants">${evidence.caught.length}${mark}<span class="vh"> mutants caught by the scenarios of ${view.clause.id}</span></a></td>`;
}

/** The clause page's section: the proof per edition and every mutant its scenarios catch. */
export function mutantsSection(view: ClauseView): Html {
  const evidence = view.mutants!;
  const id = view.clause.id;
  const anchors = new Map(
    view.scenarios.flatMap((scenario) => scenario.cases.map((entry) => [entry.stableId, scenario.anchor] as const)),
  );
  return html`<h2 id="mutants">Broken hosts it catches</h2>
<p>Mutants are deliberately broken copies of the reference host, each a small patch (<code>npm run mutants</code>). ${PROVEN_RULE}</p>
${evidence.proofs.length === 0 ? html`<p>The mutant matrix ran the ${evidence.editions.join(' and ')} edition${evidence.editions.length > 1 ? 's' : ''}, which ${evidence.editions.length > 1 ? 'lack' : 'lacks'} this clause.</p>` : ''}
<ul class="proofs">
${evidence.proofs.map(
  (proof) => html`<li>${proof.edition} edition: ${
    proof.unprovenBecause === undefined
      ? html`<strong>proven</strong> by ${proof.provenBy.map((entry) => entry.mutant).join(', ')}`
      : html`<strong>not proven</strong>: ${proof.unprovenBecause}`
  }</li>
`,
)}</ul>
${
  evidence.caught.length === 0
    ? html`<p>No mutant is caught by a scenario tagged with ${id}.</p>`
    : html`<details class="mutant-table">
<summary>${caughtSummary(evidence.caught, id)}: show the table</summary>
<div class="table-box"><table>
<thead><tr><th scope="col">Mutant</th><th scope="col">What the broken host does wrong</th><th scope="col">Declares <span class="id">${id}</span></th><th scope="col">Caught by</th><th scope="col">Exploration</th></tr></thead>
<tbody>
${declaringFirst(evidence.caught, id).map(
  ({
    mutant,
    scenarios,
  }) => html`<tr><th scope="row"><code>${mutant.name}</code></th><td>${inlineCode(mutant.description)}</td><td>${mutant.clauses.includes(id) ? 'yes' : html`no (${clauseIds(mutant.clauses)})`}</td><td><ul class="plain">${byScenario(
    scenarios,
  ).map((scenario) => {
    const anchor = anchors.get(scenario.id);
    const name = html`<code>${scenario.id}</code>`;
    return html`<li>${anchor ? html`<a href="#${anchor}">${name}</a>` : name}${evidence.editions.length > 1 ? ` (${scenario.editions.join(', ')})` : ''}${scenario.steps.map((step) => html`<br><small>failed at: ${step}</small>`)}</li>`;
  })}</ul></td><td><code>${explorationWords(mutant)}</code></td></tr>
`,
)}</tbody>
</table></div>
</details>`
}
${
  evidence.explored.length === 0
    ? ''
    : html`<h3 id="explored">Broken hosts exploration finds in a class of ${id}</h3>
<p>The exploration a default run makes after its scenarios (its default budget and seed) found these mutants first in a class of ${id}, whether or not a scenario tagged with it catches them.</p>
<ul class="plain">
${evidence.explored.map(
  ({
    mutant,
    classes,
  }) => html`<li><code>${mutant.name}</code>: ${inlineCode(mutant.description)}<br><small>${classes.map((entry) => `${evidence.editions.length > 1 ? `${entry.edition}: ` : ''}${entry.signature}`).join('; ')}${mutant.caughtBy.length > 0 ? '' : ' (no scenario catches it)'}</small></li>
`,
)}</ul>`
}`;
}

/** The collapsed table's summary: how many mutants, and how many of them declare the clause. */
function caughtSummary(caught: ReadonlyArray<{ mutant: { clauses: string[] } }>, id: string): string {
  const declaring = caught.filter((entry) => entry.mutant.clauses.includes(id)).length;
  return `${caught.length} mutant${caught.length === 1 ? '' : 's'} caught, ${declaring} declaring ${id}`;
}

/** One sentence: how many required clauses are proven in each edition. */
export function provenSummary(model: SiteModel): string {
  const proofs = model.clauses.flatMap((view) =>
    view.clause.level === 'required' ? (view.mutants?.proofs ?? []) : [],
  );
  const editions = [...new Set(proofs.map((proof) => proof.edition))];
  return `Required clauses proven: ${editions
    .map((edition) => {
      const own = proofs.filter((proof) => proof.edition === edition);
      return `${own.filter((proof) => proof.unprovenBecause === undefined).length} of ${own.length} (${edition} edition)`;
    })
    .join(', ')}.`;
}

/** Each catching scenario once, with the editions it caught the mutant in and the steps that failed. */
function byScenario(
  scenarios: ReadonlyArray<{ id: string; edition: string; step?: string }>,
): Array<{ id: string; editions: string[]; steps: string[] }> {
  const grouped = new Map<string, { id: string; editions: string[]; steps: string[] }>();
  for (const scenario of scenarios) {
    const entry = grouped.get(scenario.id) ?? { id: scenario.id, editions: [], steps: [] };
    if (!entry.editions.includes(scenario.edition)) entry.editions.push(scenario.edition);
    if (scenario.step !== undefined && !entry.steps.includes(scenario.step)) entry.steps.push(scenario.step);
    grouped.set(scenario.id, entry);
  }
  return [...grouped.values()];
}

/** The mutants declaring the clause (those that can prove it) before the others its scenarios also catch. */
function declaringFirst<T extends { mutant: { clauses: string[] } }>(caught: readonly T[], id: string): T[] {
  return [
    ...caught.filter((entry) => entry.mutant.clauses.includes(id)),
    ...caught.filter((entry) => !entry.mutant.clauses.includes(id)),
  ];
}

function unprovenEditions(proofs: readonly ClauseProof[]): string[] {
  return proofs.filter((proof) => proof.unprovenBecause !== undefined).map((proof) => proof.edition);
}
