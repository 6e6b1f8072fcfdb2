/**
 * The plan section in a request's system prompt, read the way the suite's
 * `request N is (not) in plan mode` steps read it: in plan mode the configured
 * text exactly once, at order 50, between two of the host's own separators
 * (POLICY-01, MX-01); out of it nothing at order 50 but the separator
 * (POLICY-02). How sections are joined is the host's choice; the separator is
 * read from the prompt itself (between the probes at 49 and 49.5).
 */
import { layoutOf, occurrences, type PromptLayout } from '../../assertions/system-prompt.js';

/** The layout of a prompt, or the problem that keeps it from being read (a probe missing). */
export function readLayout(systemPrompt: string): PromptLayout | string {
  try {
    return layoutOf(systemPrompt, 'the system prompt');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function sectionLayoutProblem(systemPrompt: string, section: string, active: boolean): string | undefined {
  const layout = readLayout(systemPrompt);
  if (typeof layout === 'string') return layout;
  if (active) {
    const count = occurrences(systemPrompt, section);
    if (count !== 1) return `the configured section appears ${count} time(s) in the system prompt`;
    const expected = `${layout.separator}${section}${layout.separator}`;
    if (layout.atOrder50 !== expected)
      return `order 50 should hold exactly the section between two of the host's separators ${JSON.stringify(layout.separator)}; it holds ${JSON.stringify(layout.atOrder50.slice(0, 300))}`;
    return undefined;
  }
  if (layout.atOrder50 !== layout.separator)
    return `while inactive order 50 should hold nothing but the host's separator ${JSON.stringify(layout.separator)}; it holds ${JSON.stringify(layout.atOrder50.slice(0, 300))}`;
  return undefined;
}
