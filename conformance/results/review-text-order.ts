/**
 * The review texts a serial run keeps when a run was split (workers, shards):
 * of each kind, the one seen in the scenario that comes first in serial
 * order, the kinds in the catalog's order, as the result collector keeps them.
 */
import type { ReviewText } from '../../src/index.js';
import { REVIEW_TEXT_KINDS } from './review-text.js';

/** `order`: the scenarios as review texts name them (stable id, else name), in serial order. */
export function firstOfEachKind(texts: readonly ReviewText[], order: readonly string[]): ReviewText[] {
  const position = new Map(order.map((name, index) => [name, index] as const));
  const at = (text: ReviewText): number => position.get(text.scenario) ?? order.length;
  const kinds = Object.keys(REVIEW_TEXT_KINDS);
  const rank = (kind: string): number => (kinds.includes(kind) ? kinds.indexOf(kind) : kinds.length);
  const first = new Map<string, ReviewText>();
  for (const text of texts) {
    const kept = first.get(text.kind);
    if (!kept || at(text) < at(kept)) first.set(text.kind, text);
  }
  return [...first.values()].sort((a, b) => rank(a.kind) - rank(b.kind));
}
