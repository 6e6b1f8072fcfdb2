/**
 * Tool registry modes (TOOL-07/08). A host's registry may present its tools
 * natively (one wire schema per tool), in a *code mode* (the wire carries one
 * code-running tool, and a generated SDK text shows the model every tool as a
 * binding a program calls), or both. A host that has the code modes declares
 * the capabilities `codeMode` / `bothMode` and describes its code-running tool
 * (`codeTool`), so the kit's scripted model can write a program that calls
 * `exit_plan_mode` in whatever language the host runs.
 */
import { z } from 'zod';

export const TOOL_MODES = ['native', 'code', 'both'] as const;
export const ToolModeSchema = z.enum(TOOL_MODES, { error: `expected a tool mode: ${TOOL_MODES.join(' or ')}` });
export type ToolMode = z.infer<typeof ToolModeSchema>;

/**
 * Where the plan goes in `codeTool.exitArguments`: each occurrence, in any
 * string of the arguments, is replaced by the plan written as a JSON string
 * literal (`JSON.stringify(plan)`), which JavaScript, TypeScript and Python
 * read back as exactly the plan.
 */
export const PLAN_PLACEHOLDER = '{{plan}}';

function holdsPlaceholder(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(PLAN_PLACEHOLDER);
  if (Array.isArray(value)) return value.some(holdsPlaceholder);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsPlaceholder);
  return false;
}

/** The host's code-running tool, as the kit's scripted model calls it under a code mode. */
export const CodeToolSchema = z
  .object({
    /** The tool's name on the wire, e.g. `run_code`. */
    name: z.string().min(1, 'the code-running tool needs its wire name'),
    /**
     * The arguments of one call of it whose program calls `exit_plan_mode`
     * with the plan at `{{plan}}` (see `PLAN_PLACEHOLDER`), in the host's
     * program language, e.g. `{ code: 'return await tools.exit_plan_mode({ plan: {{plan}} })' }`.
     * What the program does with the result is the host's choice.
     */
    exitArguments: z
      .record(z.string(), z.unknown())
      .refine(holdsPlaceholder, `the exit program's arguments must hold ${PLAN_PLACEHOLDER} where the plan goes`),
  })
  .strict();
export type CodeTool = z.infer<typeof CodeToolSchema>;

/** The code tool's arguments for a program submitting `plan`: the placeholder replaced by the plan as a JSON string literal. */
export function exitProgramArguments(codeTool: CodeTool, plan: string): Record<string, unknown> {
  const literal = JSON.stringify(plan);
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') return value.split(PLAN_PLACEHOLDER).join(literal);
    if (Array.isArray(value)) return value.map(fill);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner)]));
    return value;
  };
  return fill(codeTool.exitArguments) as Record<string, unknown>;
}
