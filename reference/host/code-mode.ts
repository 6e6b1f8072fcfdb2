/**
 * The registry's code mode (TOOL-07): the model reaches the tools through one
 * code-running tool, `run_code`, whose program calls each registered tool as
 * `tools.<name>(args)`. The SDK text lists those bindings; it is generated
 * from the registered tools alone, so it is the same text for every agent in
 * every state. A binding runs the tool exactly as a native call runs it (same
 * agent, same registry path), so an `exit_plan_mode` called from a program is
 * the same call (TOOL-08).
 */
import { ProgramRunner, rendered, type ProgramBinding } from './program-runner.js';
import type { ToolContext, ToolDefinition, ToolDescriptor, ToolOutcome, ToolRunResult } from './tool-types.js';

/** How the registry presents its tools to the model. */
export type ToolMode = 'native' | 'code' | 'both';

export const CODE_TOOL_NAME = 'run_code';
/** The global a program reaches the tools through. */
export const BINDINGS_NAMESPACE = 'tools';
/** The prompt section holding the SDK text: in the tool-guidance band, after the plan section's order 50. */
export const SDK_SECTION = { name: 'tools:sdk', order: 150 } as const;

export const CODE_TOOL: ToolDescriptor = {
  name: CODE_TOOL_NAME,
  description:
    'Run a JavaScript program that calls the tools described in the system prompt (section "Calling tools from run_code"). ' +
    'Only what the program returns or passes to console.log comes back.',
  parameters: {
    type: 'object',
    properties: { code: { type: 'string', description: 'The body of an async JavaScript function.' } },
    required: ['code'],
    additionalProperties: false,
  },
};

const SDK_HEADING = [
  '## Calling tools from run_code',
  '',
  '`run_code` runs `code`, the body of an async JavaScript function. Call a tool as `await tools.<name>(args)`, with the',
  "arguments object its parameters describe. A call resolves to the tool's structured result (its text when it has none);",
  "a failed call throws an error whose `toolName` names the tool and whose `message` is the tool's failure text.",
  'Return a value or use `console.log(...)` to see results.',
  '',
  'The tools:',
].join('\n');

/** The SDK text: the usage notes, then one binding per tool in registration order. */
export function sdkText(tools: readonly ToolDescriptor[]): string {
  return [SDK_HEADING, ...tools.map(bindingText)].join('\n\n');
}

/**
 * Each frozen tool's binding, made once: the SDK text goes with every request, and writing a tool's parameter
 * schema as JSON was most of what making it cost. Only a frozen tool is the same tool next time (tools.ts
 * freezes what it registers).
 */
const bindings = new WeakMap<ToolDescriptor, string>();

function bindingText(tool: ToolDescriptor): string {
  if (!Object.isFrozen(tool)) return bindingOf(tool);
  let text = bindings.get(tool);
  if (text === undefined) {
    text = bindingOf(tool);
    bindings.set(tool, text);
  }
  return text;
}

function bindingOf(tool: ToolDescriptor): string {
  return `/** ${tool.description} */\ntools.${tool.name}(args: ${JSON.stringify(tool.parameters)}): Promise<unknown>`;
}

/** A failed tool call, as a program sees it. */
export class ToolCallError extends Error {
  override name = 'ToolCallError';
  constructor(
    readonly toolName: string,
    message: string,
  ) {
    super(message);
  }
}

/** Runs a tool for a program's binding call the way the registry runs a native call. */
export type RunTool = (name: string, args: Record<string, unknown>, context: ToolContext) => Promise<ToolRunResult>;

/**
 * The runner of every host in this process: it reuses its `vm` contexts and puts each back as it was made before
 * lending it again (program-runner.ts). One per host would not pay: a host of the exploration lives for one
 * session and runs a program or two, so each would still get a new context.
 */
const PROGRAMS = new ProgramRunner();

/** `run_code`: runs the program with a binding for each tool; a binding call is a call of that tool. */
export function codeTool(tools: () => readonly ToolDefinition[], runTool: RunTool): ToolDefinition {
  return {
    ...CODE_TOOL,
    parameters: CODE_TOOL.parameters,
    async execute(args, context): Promise<ToolOutcome> {
      const code = args['code'];
      if (typeof code !== 'string')
        return { text: "run_code needs the program as a string argument 'code'.", isError: true };
      let calls = 0;
      const bindings: Record<string, ProgramBinding> = {};
      for (const tool of tools()) {
        bindings[tool.name] = async (callArgs) => {
          calls += 1;
          const result = await runTool(tool.name, snapshot(callArgs), {
            ...context,
            toolCallId: `${context.toolCallId}:code:${calls}`,
          });
          if (result.isError) throw new ToolCallError(tool.name, result.text);
          return result.value === undefined ? result.text : structuredClone(result.value);
        };
      }
      const run = await PROGRAMS.run(code, BINDINGS_NAMESPACE, bindings);
      const output = [...run.logs, ...(run.value === undefined ? [] : [rendered(run.value)])].join('\n');
      if (run.error !== undefined) {
        return {
          text: `The program failed: ${run.error}${output === '' ? '' : `\nIts output:\n${output}`}`,
          isError: true,
        };
      }
      return { text: output === '' ? '(the program printed and returned nothing)' : output };
    },
  };
}

/** A binding's arguments as plain JSON, out of the program's realm (a string crosses unchanged). */
function snapshot(args: unknown): Record<string, unknown> {
  const copy: unknown = JSON.parse(JSON.stringify(args ?? {}));
  return copy !== null && typeof copy === 'object' && !Array.isArray(copy) ? (copy as Record<string, unknown>) : {};
}
