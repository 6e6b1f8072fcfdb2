/**
 * Probe sections, tools and commands the kit asks every host to register, so
 * that plan mode's place in the prompt, its effect on the catalog and on tools
 * that change things, and its effect on other commands are measured from what
 * the model and the user receive.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ProbeCommand, ProbeSection, ProbeTool, ProbeToolEffect } from '../../src/index.js';

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

/**
 * A further probe section at any order (explore generates them at one to three
 * digits on both sides of 50; a scenario asks for them by order). Its text is
 * bracketed so that no order's text is a part of another's (5 of 50.5).
 */
export function orderedProbeSection(order: number): ProbeSection {
  if (!Number.isFinite(order) || order === 50)
    throw new Error(`a further probe section needs a finite order other than 50, not ${order}`);
  return { name: `probe:order-${order}`, order, text: `[PROBE SECTION ORDERED ${order}]` };
}

export const PROBE_TOOL_NAME = 'probe_lookup';
export const PROBE_TOOL_RESULT = 'PROBE TOOL RESULT';

/** The probe tool of each effect: its name, the arguments a scripted call passes, the text it returns. */
export const PROBE_TOOLS: Record<ProbeToolEffect, { name: string; args: Record<string, unknown>; result: string }> = {
  read: { name: PROBE_TOOL_NAME, args: { query: 'anything' }, result: PROBE_TOOL_RESULT },
  write: {
    name: 'probe_write_file',
    args: { path: 'notes.md', content: 'written by the probe' },
    result: 'PROBE WRITE RESULT',
  },
  command: { name: 'probe_run_command', args: { command: 'echo probe' }, result: 'PROBE COMMAND RESULT' },
};

/** Where the writing probe puts its files: a folder of the store, so the kit can see each write happened. */
export const PROBE_WRITES_FOLDER = 'kit-probe-writes';

export const PROBE_COMMAND_NAME = 'probe';
export const PROBE_COMMAND_RESULT = 'PROBE COMMAND LINE RESULT';

/** What the probes saw: every tool execution (by effect) and every probe command line. */
export interface ProbeRecord {
  tools: Array<{ effect: ProbeToolEffect; args: Record<string, unknown> }>;
  commands: Array<{ agent: string; args: string }>;
}

export function emptyProbeRecord(): ProbeRecord {
  return { tools: [], commands: [] };
}

/**
 * The read-like probe tool, whose executions are pushed to `lookups`; with
 * `changing`, also a tool that writes a file into the store folder and a tool
 * that runs a command-like action. Each execution is recorded, and the write
 * leaves a file, so "still executes" is observable for each kind.
 */
export function makeProbeTools(
  lookups: Array<Record<string, unknown>>,
  changing?: { record: ProbeRecord; storeDir: string },
): ProbeTool[] {
  const record = changing?.record ?? emptyProbeRecord();
  const tools: ProbeTool[] = [
    {
      name: PROBE_TOOLS.read.name,
      description: 'Looks something up (a probe tool of the conformance kit).',
      effect: 'read',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What to look up' } },
        required: ['query'],
        additionalProperties: false,
      },
      async execute(args) {
        lookups.push(args);
        record.tools.push({ effect: 'read', args });
        return PROBE_TOOLS.read.result;
      },
    },
  ];
  if (!changing) return tools;
  const { storeDir } = changing;
  tools.push(
    {
      name: PROBE_TOOLS.write.name,
      description: 'Writes a file in the workspace (a probe tool of the conformance kit).',
      effect: 'write',
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'File name to write' },
          content: { type: 'string', description: 'The text to write' },
        },
        required: ['path', 'content'],
        additionalProperties: false,
      },
      async execute(args) {
        const folder = join(storeDir, PROBE_WRITES_FOLDER);
        await mkdir(folder, { recursive: true });
        await writeFile(join(folder, basename(String(args.path ?? 'unnamed'))), String(args.content ?? ''));
        record.tools.push({ effect: 'write', args });
        return PROBE_TOOLS.write.result;
      },
    },
    {
      name: PROBE_TOOLS.command.name,
      description:
        'Runs a shell command in the workspace (a probe tool of the conformance kit; it only records the command).',
      effect: 'command',
      parameters: {
        type: 'object',
        properties: { command: { type: 'string', description: 'The command line to run' } },
        required: ['command'],
        additionalProperties: false,
      },
      async execute(args) {
        record.tools.push({ effect: 'command', args });
        return PROBE_TOOLS.command.result;
      },
    },
  );
  return tools;
}

/** `/probe [anything]`: a command beside `/plan`, recorded and answered with a fixed text. */
export function makeProbeCommands(record: ProbeRecord): ProbeCommand[] {
  return [
    {
      name: PROBE_COMMAND_NAME,
      description: 'A probe command of the conformance kit; it only records that it ran.',
      async run(agent, args) {
        record.commands.push({ agent, args });
        return PROBE_COMMAND_RESULT;
      },
    },
  ];
}
