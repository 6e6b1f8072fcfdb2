/**
 * Locating the plan section in a system prompt by the probe sections around it.
 * The kit registers probes at orders 10, 49, 49.5, 50.5, 51 and 90 on every
 * host, so the text at order 50 is whatever lies between the 49.5 and 50.5
 * probes (and therefore also between those at 49 and 51).
 */
import { orderedProbeSection, probeSectionText } from '../script/probes.js';
import { fail } from './expect.js';

export interface PromptLayout {
  /** Everything up to and including the order-49.5 probe. */
  beforeOrder50: string;
  /** What lies between the order-49.5 and the order-50.5 probe (separators included). */
  atOrder50: string;
  /** The order-50.5 probe and everything after it. */
  fromOrder51: string;
  /**
   * The host's separator between two adjacent sections, read between the
   * probes at 49 and 49.5 (nothing is ordered between them).
   */
  separator: string;
}

export function layoutOf(systemPrompt: string, label: string): PromptLayout {
  const before = probeSectionText(49.5);
  const after = probeSectionText(50.5);
  const beforeAt = systemPrompt.indexOf(before);
  const afterAt = systemPrompt.indexOf(after);
  if (beforeAt < 0 || afterAt < 0) {
    fail(
      `${label}: the system prompt lacks the kit's probe sections at orders 49.5 and 50.5 (did the adapter register options.probes.sections?)`,
    );
  }
  if (afterAt < beforeAt) fail(`${label}: the probe at order 50.5 comes before the probe at order 49.5`);
  const cut = beforeAt + before.length;
  const below = probeSectionText(49);
  const belowAt = systemPrompt.indexOf(below);
  if (belowAt < 0 || belowAt > beforeAt)
    fail(`${label}: the probe at order 49 is missing or does not come before the one at 49.5`);
  return {
    separator: systemPrompt.slice(belowAt + below.length, beforeAt),
    beforeOrder50: systemPrompt.slice(0, cut),
    atOrder50: systemPrompt.slice(cut, afterAt),
    fromOrder51: systemPrompt.slice(afterAt),
  };
}

/**
 * The part of a system prompt plan mode governs, up to the probe at order
 * 50.5: POLICY-04 fixes the prompt up to order 50 across transitions, and
 * POLICY-01..03 and MX-01 what order 50 holds. What a host puts after order
 * 50 is its own and may change from request to request (dynamic context:
 * POLICY-04 says only that "what comes from order 50 onward changes"), so a
 * comparison of two requests' prompts judges this part and nothing after it.
 */
export function throughOrder50(systemPrompt: string, label: string): string {
  const layout = layoutOf(systemPrompt, label);
  return layout.beforeOrder50 + layout.atOrder50;
}

/** Counts non-overlapping occurrences. */
export function occurrences(text: string, part: string): number {
  if (part.length === 0) return 0;
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count += 1;
  return count;
}

/**
 * POLICY-01 at any order: the plan section comes after every further probe
 * section ordered below 50 and before every one ordered above it. Undefined
 * when it does (or the section is not in the prompt: whether it should be is
 * another check's business).
 */
export function orderedProbesProblem(
  systemPrompt: string,
  section: string,
  orders: readonly number[],
): string | undefined {
  const at = systemPrompt.indexOf(section);
  if (at < 0) return undefined;
  for (const order of orders) {
    const probe = orderedProbeSection(order).text;
    const probeAt = systemPrompt.indexOf(probe);
    if (probeAt < 0)
      return `the probe section at order ${order} is missing from the system prompt (did the adapter register every options.probes.sections entry?)`;
    if (order < 50 && probeAt > at)
      return `the probe section at order ${order} comes after the plan section (order 50)`;
    if (order > 50 && probeAt < at + section.length)
      return `the probe section at order ${order} comes before the plan section (order 50)`;
  }
  return undefined;
}
