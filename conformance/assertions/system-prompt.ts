/**
 * Locating the plan section in a system prompt by the probe sections around it.
 * The kit registers probes at orders 10, 49, 49.5, 50.5, 51 and 90 on every
 * host, so the text at order 50 is whatever lies between the 49.5 and 50.5
 * probes (and therefore also between those at 49 and 51): the plan section,
 * the host's separators, and any section of the host's own ordered there (a
 * host may order its sections anywhere, 50 included: POLICY-01 places only
 * the plan section, after every section below 50 and before every one above).
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
   * The host's separator between two adjacent sections: the shortest text between two adjacent probes
   * outside order 50 (10 and 49, 49 and 49.5, 50.5 and 51, 51 and 90). A host may have sections of its own
   * at any order (POLICY-01 places only the plan section), so a gap may also hold one of them, and is then
   * longer by that section and one more separator.
   */
  separator: string;
}

/** The adjacent probes whose gap is the host's separator unless a section of the host's own sits in it. */
const SEPARATOR_GAPS: readonly (readonly [number, number])[] = [
  [10, 49],
  [49, 49.5],
  [50.5, 51],
  [51, 90],
];

/**
 * Where each probe's text first stands in a prompt, each looked for once however often asked: a prompt may hold a
 * section of 64 KiB, and reading its layout asks for some probes twice.
 */
function probeFinder(systemPrompt: string): (order: number) => number {
  const found = new Map<number, number>();
  return (order) => {
    let at = found.get(order);
    if (at === undefined) {
      at = systemPrompt.indexOf(probeSectionText(order));
      found.set(order, at);
    }
    return at;
  };
}

/** The shortest gap between adjacent probes that are both there, in order (the 49..49.5 gap is always there). */
function separatorOf(systemPrompt: string, probeAt: (order: number) => number): string {
  const gaps = SEPARATOR_GAPS.flatMap(([low, high]) => {
    const lowText = probeSectionText(low);
    const lowAt = probeAt(low);
    const highAt = probeAt(high);
    if (lowAt < 0 || highAt < lowAt + lowText.length) return [];
    return [systemPrompt.slice(lowAt + lowText.length, highAt)];
  });
  return gaps.reduce((shortest, gap) => (gap.length < shortest.length ? gap : shortest));
}

export function layoutOf(systemPrompt: string, label: string): PromptLayout {
  const probeAt = probeFinder(systemPrompt);
  const before = probeSectionText(49.5);
  const beforeAt = probeAt(49.5);
  const afterAt = probeAt(50.5);
  if (beforeAt < 0 || afterAt < 0) {
    fail(
      `${label}: the system prompt lacks the kit's probe sections at orders 49.5 and 50.5 (did the adapter register options.probes.sections?)`,
    );
  }
  if (afterAt < beforeAt) fail(`${label}: the probe at order 50.5 comes before the probe at order 49.5`);
  const cut = beforeAt + before.length;
  const belowAt = probeAt(49);
  if (belowAt < 0 || belowAt > beforeAt)
    fail(`${label}: the probe at order 49 is missing or does not come before the one at 49.5`);
  return {
    separator: separatorOf(systemPrompt, probeAt),
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

/**
 * What keeps order 50 (`slot`, a layout's `atOrder50`) from holding the plan section as POLICY-01/02 and MX-01
 * require; undefined when it holds it. `active`: the slot holds the section standing as a section of its own, a
 * `separator` on each side of it (POLICY-01: "as the section named plan:policy", joined to its neighbours as the
 * host joins any two sections). `otherState`: order 50 of a request of the same agent in the other plan state,
 * when there is one: then, besides, the one slot is the other with the section and one separator added (MX-01:
 * active plan mode adds exactly the section; POLICY-02: inactive, the plugin adds no text at all), which also
 * judges what else order 50 holds. Without it, what stands around the section may be the host's own sections,
 * which no single prompt tells apart from the plugin's text.
 */
export function sectionSlotProblem(
  slot: string,
  section: string,
  separator: string,
  active: boolean,
  otherState?: string,
): 'section-not-alone' | 'inactive-not-empty' | undefined {
  const problem = active ? 'section-not-alone' : 'inactive-not-empty';
  // A comparison alone would take a section glued to a neighbour for one standing apart whenever two separators
  // stand on its other side (order 50 out of plan mode being one separator).
  if (active && !standsAlone(slot, section, separator)) return problem;
  if (otherState === undefined) return !active && slot.includes(section) ? problem : undefined;
  const [withSection, without] = active ? [slot, otherState] : [otherState, slot];
  return withoutSection(withSection, section, separator).includes(without) ? undefined : problem;
}

/**
 * Whether the section stands in the slot with one of the host's separators on each side of it. The separator
 * after a section that ends in line breaks is the whole separator too: a joiner that lets those line breaks
 * stand for part of it is, through the contract, byte for byte a host that cut them from the section (CFG-03),
 * since no probe section ends in one (the kit repository's docs/exploration.md, round 47).
 */
function standsAlone(slot: string, section: string, separator: string): boolean {
  const at = slot.indexOf(section);
  return at >= 0 && slot.slice(0, at).endsWith(separator) && slot.startsWith(separator, at + section.length);
}

/** A slot holding the section, with the section and the separator before it, or after it, taken out. */
function withoutSection(slot: string, section: string, separator: string): string[] {
  const at = slot.indexOf(section);
  if (at < 0) return [];
  const end = at + section.length;
  const out: string[] = [];
  if (slot.slice(0, at).endsWith(separator)) out.push(slot.slice(0, at - separator.length) + slot.slice(end));
  if (slot.startsWith(separator, end)) out.push(slot.slice(0, at) + slot.slice(end + separator.length));
  return out;
}
