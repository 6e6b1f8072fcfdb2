/** One host's result for one scenario, as a table cell: the status word, then why (failure, baseline reason, skip reason). */
import type { ResultsDocument, RunLevel, ScenarioRecord } from '../../src/index.js';
import { html, inlineCode, type Html } from './html.js';
import { STATUS_TEXT, countByStatus, type CellStatus } from './status.js';

/**
 * The classes of a status cell. A failure that does not count (a recommended
 * scenario of a default-level run) is shown apart, never in a failure's red:
 * it does not fail the run.
 */
export function statusClass(status: CellStatus, counted = true): string {
  return `st st-${status === 'failed' && !counted ? 'advisory' : status}`;
}

/** How many records ended each way, passed first: "22 passed, 1 skipped" (empty for none). */
export function statusCounts(records: readonly Pick<ScenarioRecord, 'status'>[]): string {
  const count = countByStatus(records, (record) => record.status);
  return (['passed', 'failed', 'flaky', 'baselined', 'skipped'] as const)
    .filter((key) => count[key] > 0)
    .map((key) => `${count[key]} ${key}`)
    .join(', ');
}

export function statusWord(status: CellStatus): Html {
  const { mark, label } = STATUS_TEXT[status];
  return html`<span aria-hidden="true">${mark}</span> ${label}`;
}

/** A recommended scenario fails a run only at the strict level; at the default level its failure is reported, not counted. */
export function counts(record: Pick<ScenarioRecord, 'level'>, runLevel: RunLevel): boolean {
  return record.level === 'required' || runLevel === 'strict';
}

export const NOT_COUNTED = 'recommended: does not fail a default-level run';

/** Whether a record failed its run: a counted failure, or a counted flaky scenario where flaky ones were not allowed. */
export function failsTheRun(record: ScenarioRecord, document: Pick<ResultsDocument, 'level' | 'repeat'>): boolean {
  if (!counts(record, document.level)) return false;
  return record.status === 'failed' || (record.status === 'flaky' && !document.repeat?.flakyAllowed);
}

export function resultCell(record: ScenarioRecord | undefined, runLevel: RunLevel): Html {
  if (!record) return html`<td class="st st-not-run">${statusWord('not-run')}</td>`;
  return html`<td class="${statusClass(record.status, counts(record, runLevel))}">${statusWord(record.status)}${resultDetail(record, runLevel)}</td>`;
}

export function resultDetail(record: ScenarioRecord, runLevel: RunLevel): Html {
  const failure = record.failure
    ? html`<p>${record.failure.kind}${record.failure.step ? html` at step <q>${record.failure.step}</q>` : ''}:</p>${failureMessage(record.failure.message)}`
    : '';
  const note = record.note ? html`<p><strong>Baseline:</strong> ${record.note}</p>` : '';
  if (record.status === 'baselined' && record.baseline) {
    return html`<div class="result-detail"><p><strong>Known divergence</strong>${record.baseline.class ? ` (${record.baseline.class})` : ''}: ${inlineCode(record.baseline.reason)}</p>
${record.baseline.link ? html`<p>Tracked at <code>${record.baseline.link}</code></p>` : ''}${record.baseline.expires ? html`<p>Entry expires ${record.baseline.expires}</p>` : ''}
${failure ? html`<details><summary>How it fails</summary>${failure}</details>` : ''}</div>`;
  }
  if (record.status === 'failed') {
    const entry = record.baseline ? html`<p>Baseline entry: ${inlineCode(record.baseline.reason)}</p>` : '';
    const uncounted = counts(record, runLevel) ? '' : html`<p class="muted">${NOT_COUNTED}.</p>`;
    return html`<div class="result-detail">${uncounted}${note}${entry}${failure}</div>`;
  }
  if (record.status === 'flaky') {
    const repeats = (record.repeats ?? []).map(
      (one, index) =>
        html`<li>repeat ${index + 1}: ${one.status}${one.kind ? html` (${one.kind}${one.step ? html` at step <q>${one.step}</q>` : ''})` : ''}${one.message ? html`: ${one.message}` : ''}</li>`,
    );
    const uncounted = counts(record, runLevel) ? '' : html`<p class="muted">${NOT_COUNTED}.</p>`;
    return html`<div class="result-detail">${uncounted}<p>Its repeats ended differently:</p><ol>${repeats}</ol></div>`;
  }
  if (record.status === 'skipped')
    return html`<div class="result-detail"><p>${record.skipReason ?? 'no reason given'}</p></div>`;
  return html``;
}

/**
 * How much of a failure message shows before the rest folds: an exploration's
 * failure carries the whole shrunk scenario, which can be 100,000 characters
 * (65,000 px of a phone's screen).
 */
export const MESSAGE_HEAD = { lines: 12, characters: 1500 } as const;

/**
 * The message itself in full: its head shown, the rest of a long one folded
 * under it (still on the page, for find-in-page and print); a stack trace,
 * when the message carries one, folded away under it.
 */
export function failureMessage(message: string): Html {
  const lines = message.split('\n');
  const stackAt = lines.findIndex((line) => /^\s+at /.test(line));
  if (stackAt <= 0) return foldedText(message);
  return html`${foldedText(lines.slice(0, stackAt).join('\n'))}<details><summary>Stack trace</summary><pre>${lines.slice(stackAt).join('\n')}</pre></details>`;
}

/** A text's first MESSAGE_HEAD lines (at most MESSAGE_HEAD characters), then the rest under a summary that measures it. */
function foldedText(text: string): Html {
  const lineEnd = text.split('\n').slice(0, MESSAGE_HEAD.lines).join('\n').length;
  const cut = Math.min(lineEnd, MESSAGE_HEAD.characters);
  if (cut >= text.length) return html`<pre>${text}</pre>`;
  const rest = text.slice(cut);
  const moreLines = rest.split('\n').length - (rest.startsWith('\n') ? 1 : 0);
  return html`<pre>${text.slice(0, cut)}</pre><details class="more"><summary>The rest of the message: ${rest.length} more characters, ${moreLines} more line${moreLines === 1 ? '' : 's'}</summary><pre>${rest}</pre></details>`;
}
