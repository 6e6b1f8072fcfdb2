/**
 * The plan section in a request's system prompt, read the way the suite's
 * `request N is (not) in plan mode` steps read it: in plan mode the configured
 * text exactly once, at order 50, between two of the host's own separators
 * (POLICY-01, MX-01); out of it nothing at order 50 but the separator
 * (POLICY-02). How sections are joined is the host's choice; the separator is
 * read from the prompt itself (between the probes at 49 and 49.5).
 */
import { layoutOf, occurrences, type PromptLayout } from '../../assertions/system-prompt.js';
import type { LayoutProblem } from '../findings.js';

/** The layout of a prompt, or the problem that keeps it from being read (a probe missing). */
export function readLayout(systemPrompt: string): PromptLayout | string {
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
): LayoutProblem | undefined {
  const layout = readLayout(systemPrompt);
  if (typeof layout === 'string') return { kind: 'unreadable', problem: layout };
  if (active) {
    const count = occurrences(systemPrompt, section);
    if (count !== 1) return { kind: 'section-count', count };
    if (layout.atOrder50 !== `${layout.separator}${section}${layout.separator}`)
      return { kind: 'section-not-alone', separator: layout.separator, held: layout.atOrder50 };
    return undefined;
  }
  if (layout.atOrder50 !== layout.separator)
    return { kind: 'inactive-not-empty', separator: layout.separator, held: layout.atOrder50 };
  return undefined;
}
