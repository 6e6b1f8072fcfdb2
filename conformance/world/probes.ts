/**
 * Probe sections and tools the kit asks every host to register, so that plan
 * mode's place in the prompt and its effect on the catalog are measured from
 * what the model receives.
 */
import type { ProbeSection, ProbeTool } from '../../src/index.js';

// 49.5 and 50.5 sit closest to 50, so a section at 49 or 51 cannot pass for
// one at 50 whatever order the host breaks ties in.
export const PROBE_SECTIONS: ProbeSection[] = [
  { name: 'probe:early', order: 10, text: 'PROBE SECTION AT ORDER 10' },
  { name: 'probe:below', order: 49, text: 'PROBE SECTION AT ORDER 49' },
  { name: 'probe:just-below', order: 49.5, text: 'PROBE SECTION AT ORDER 49.5' },
  { name: 'probe:just-above', order: 50.5, text: 'PROBE SECTION AT ORDER 50.5' },
  { name: 'probe:above', order: 51, text: 'PROBE SECTION AT ORDER 51' },
  { name: 'probe:late', order: 90, text: 'PROBE SECTION AT ORDER 90' },
];

export function probeSectionText(order: number): string {
  const probe = PROBE_SECTIONS.find((section) => section.order === order);
  if (!probe) throw new Error(`no probe section at order ${order}`);
  return probe.text;
}

export const PROBE_TOOL_NAME = 'probe_lookup';
export const PROBE_TOOL_RESULT = 'PROBE TOOL RESULT';

/** A harmless tool; its executions are counted so "still executes" is observable. */
export function makeProbeTools(executions: Array<Record<string, unknown>>): ProbeTool[] {
  return [
    {
      name: PROBE_TOOL_NAME,
      description: 'Looks something up (a probe tool of the conformance kit).',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What to look up' } },
        required: ['query'],
        additionalProperties: false,
      },
      async execute(args) {
        executions.push(args);
        return PROBE_TOOL_RESULT;
      },
    },
  ];
}
