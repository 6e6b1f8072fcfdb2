/**
 * The plan section in a request's system prompt, read the way the suite's
 * `request N is (not) in plan mode` steps read it: in plan mode the configured
 * text exactly once, at order 50, between two of the host's own separators
 * (POLICY-01, MX-01); and, against the agent's last request in the other plan
 * state, order 50 changed by the section and one separator alone (MX-01,
 * POLICY-02: what else stands there is the host's own). How sections are
 * joined is the host's choice; the separator is read from the prompt itself
 * (assertions/system-prompt.ts).
 */
import { layoutOf, occurrences, sectionSlotProblem, type PromptLayout } from '../../assertions/system-prompt.js';
import type { LayoutProblem } from '../findings.js';

/**
 * The prompts whose layout was read last, newest last, with what was read: a request's prompt is read again at
 * the agent's next requests (the other plan state's, POLICY-04's previous one), and a host often sends the same
 * prompt request after request. Comparing a prompt with a few kept ones costs less than reading it again.
 */
const recentLayouts: { systemPrompt: string; layout: PromptLayout | string }[] = [];
const RECENT_LAYOUTS_KEPT = 4;

/** The layout of a prompt, or the problem that keeps it from being read (a probe missing). */
export function readLayout(systemPrompt: string): PromptLayout | string {
  for (const recent of recentLayouts) if (recent.systemPrompt === systemPrompt) return recent.layout;
  // Frozen: every reader of the prompt gets this same layout.
  const read = layoutRead(systemPrompt);
  const layout = typeof read === 'string' ? read : Object.freeze(read);
  if (recentLayouts.length >= RECENT_LAYOUTS_KEPT) recentLayouts.shift();
  recentLayouts.push({ systemPrompt, layout });
  return layout;
}

function layoutRead(systemPrompt: string): PromptLayout | string {
  try {
    return layoutOf(systemPrompt, 'the system prompt');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** What keeps order 50 from holding what POLICY-01/02 and MX-01 require; undefined when it holds it (worded by finding-texts.ts). */
export function sectionLayoutProblem(
  systemPrompt: string,
  section: string,
  active: boolean,
  otherState?: string,
): LayoutProblem | undefined {
  const layout = readLayout(systemPrompt);
  if (typeof layout === 'string') return { kind: 'unreadable', problem: layout };
  if (active) {
    const count = occurrences(systemPrompt, section);
    if (count !== 1) return { kind: 'section-count', count };
  }
  const other = otherState === undefined ? undefined : readLayout(otherState);
  const otherSlot = other === undefined || typeof other === 'string' ? undefined : other.atOrder50;
  const kind = sectionSlotProblem(layout.atOrder50, section, layout.separator, active, otherSlot);
  if (kind === undefined) return undefined;
  return {
    kind,
    separator: layout.separator,
    held: layout.atOrder50,
    ...(otherSlot === undefined ? {} : { otherState: otherSlot }),
  };
}
