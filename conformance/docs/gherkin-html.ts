/**
 * A scenario as a person reads it: keywords, steps (outline placeholders
 * marked), data tables as tables, doc strings as preformatted text, examples
 * tables with their header (folded under their heading), and the background
 * that runs first.
 */
import type { Background, DataTable, DocString, Examples, Step, TableRow } from '@cucumber/messages';
import { html, type Html } from './html.js';
import type { ScenarioView } from './site-model.js';

export function scenarioGherkin(view: ScenarioView, clauseId?: string): Html {
  const { scenario } = view;
  return html`<div class="gherkin">
${view.backgrounds.map(background)}
${scenario.description.trim() ? html`<p class="description">${dedent(scenario.description)}</p>` : ''}
${steps(scenario.steps)}
${scenario.examples.map((examples) => examplesTable(examples, view, clauseId))}
</div>`;
}

function background(node: Background): Html {
  return html`<div class="background">
<p class="background-label">${node.keyword}${node.name ? `: ${node.name}` : ''} <span class="muted">(runs first)</span></p>
${steps(node.steps)}
</div>`;
}

function steps(list: readonly Step[]): Html {
  return html`<ol>
${list.map(
  (
    step,
  ) => html`<li><span class="kw">${step.keyword.trim()}</span> ${stepText(step.text)}${step.dataTable ? dataTable(step.dataTable) : ''}${step.docString ? docString(step.docString) : ''}</li>
`,
)}</ol>`;
}

/** Outline placeholders (`<case>`) stand out, so a reader sees what the examples fill in. */
function stepText(text: string): Html {
  const parts = text.split(/(<[^<>]+>)/);
  return html`${parts.map((part) => (/^<[^<>]+>$/.test(part) ? html`<var>${part}</var>` : part))}`;
}

function dataTable(table: DataTable): Html {
  return html`<div class="table-box"><table>
<tbody>
${table.rows.map(
  (row) => html`<tr>${row.cells.map((cell) => html`<td>${cell.value}</td>`)}</tr>
`,
)}</tbody>
</table></div>`;
}

function docString(doc: DocString): Html {
  return html`<pre${doc.mediaType ? html` data-media-type="${doc.mediaType}"` : ''}>${doc.content}</pre>`;
}

function examplesTable(examples: Examples, view: ScenarioView, clauseId: string | undefined): Html {
  const tags = examples.tags.map((tag) => tag.name);
  const proves = (row: TableRow) => {
    const entry = view.cases.find((candidate) => candidate.rowName === (row.cells[0]?.value ?? ''));
    return clauseId === undefined || entry === undefined || entry.clauses.includes(clauseId);
  };
  const others = clauseId !== undefined && examples.tableBody.every((row) => !proves(row));
  // Folded under its heading: a clause page's long part (the rows are what the steps above are run with).
  return html`<details class="examples">
<summary><h4>${examples.keyword}:${examples.name ? ` ${examples.name}` : ''} <span class="muted">(${examples.tableBody.length} row${examples.tableBody.length === 1 ? '' : 's'})</span>${tags.length ? html` <span class="muted">${tags.join(' ')}</span>` : ''}${others ? html` <span class="muted">(these rows prove other clauses)</span>` : ''}</h4></summary>
<div class="table-box"><table>
${examples.tableHeader ? html`<thead><tr>${examples.tableHeader.cells.map((cell) => html`<th scope="col">${cell.value}</th>`)}</tr></thead>` : ''}
<tbody>
${examples.tableBody.map(
  (row) => html`<tr>${row.cells.map((cell) => html`<td>${cell.value}</td>`)}</tr>
`,
)}</tbody>
</table></div>
</details>`;
}

/** Feature and scenario descriptions keep Gherkin's indentation; drop the common part. */
function dedent(text: string): string {
  const lines = text.split('\n');
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => line.match(/^\s*/)![0].length));
  return lines
    .map((line) => line.slice(indent))
    .join('\n')
    .trim();
}
