/** One host's result for one scenario, as a table cell: the status word, then why (failure, baseline reason, skip reason). */
import type { ScenarioRecord } from '../../src/index.js';
import { html, inlineCode, type Html } from './html.js';
import { STATUS_TEXT, type CellStatus } from './status.js';

export function statusWord(status: CellStatus): Html {
  const { mark, label } = STATUS_TEXT[status];
  return html`<span aria-hidden="true">${mark}</span> ${label}`;
}

export function resultCell(record: ScenarioRecord | undefined): Html {
  if (!record) return html`<td class="st st-not-run">${statusWord('not-run')}</td>`;
  return html`<td class="st st-${record.status}">${statusWord(record.status)}${resultDetail(record)}</td>`;
}

export function resultDetail(record: ScenarioRecord): Html {
  const failure = record.failure
    ? html`<p>${record.failure.kind}${record.failure.step ? html` at step <q>${record.failure.step}</q>` : ''}:</p><pre>${record.failure.message}</pre>`
    : '';
  if (record.status === 'baselined' && record.baseline) {
    return html`<div class="result-detail"><p><strong>Known divergence</strong>${record.baseline.class ? ` (${record.baseline.class})` : ''}: ${inlineCode(record.baseline.reason)}</p>
${record.baseline.link ? html`<p>Tracked at <code>${record.baseline.link}</code></p>` : ''}${record.baseline.expires ? html`<p>Entry expires ${record.baseline.expires}</p>` : ''}
${failure ? html`<details><summary>How it fails</summary>${failure}</details>` : ''}</div>`;
  }
  if (record.status === 'failed') {
    const stale = record.baseline ? html`<p>A baseline entry lists this scenario (${record.baseline.reason}) but the failure no longer matches it.</p>` : '';
    return html`<div class="result-detail">${stale}${failure}</div>`;
  }
  if (record.status === 'skipped') return html`<div class="result-detail"><p>${record.skipReason ?? 'no reason given'}</p></div>`;
  return html``;
}
