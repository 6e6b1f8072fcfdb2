/**
 * Building HTML safely: `html` is a tagged template that escapes every value
 * it is given unless that value is already `Html` (made by `html` itself or
 * `raw`), so text from results files, feature files and the seed can never
 * become markup.
 */
import { visibleControls } from '../results/host-text.js';

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

export function escapeHtml(text: string): string {
  return visibleControls(text, '\n\t').replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]!;
  });
  return new Html(out);
}

/** Markup the caller vouches for (the inline style sheet). */
export function raw(markup: string): Html {
  return new Html(markup);
}

/** A string usable as an id or class name fragment. */
export function token(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '-');
}

/** Clause ids as one unbreakable word each ("SET-06", never "SET-" / "06"), joined by ", ". */
export function clauseIds(ids: readonly string[]): Html {
  return html`${ids.map((id, index) => html`${index > 0 ? ', ' : ''}<span class="id">${id}</span>`)}`;
}

/** Markdown code spans (`plan/mode`) as <code>, the rest as text: the catalog and the seed are written that way. */
export function inlineCode(text: string): Html {
  return html`${text.split(/(`[^`\n]+`)/).map((part) => (/^`[^`]+`$/.test(part) ? html`<code>${part.slice(1, -1)}</code>` : part))}`;
}
