/**
 * The tool registry: tools in registration order, and the catalog the model
 * receives as the registry's mode presents it (native schemas, the code tool
 * with its SDK text, or both; code-mode.ts).
 */
import { CODE_TOOL, CODE_TOOL_NAME, codeTool, sdkText, type ToolMode } from './code-mode.js';
import { frozenCopy } from './frozen.js';
import type { ToolContext, ToolDefinition, ToolDescriptor, ToolRunResult } from './tool-types.js';

export type { ToolContext, ToolDefinition, ToolDescriptor, ToolOutcome, ToolRunResult } from './tool-types.js';

export class ToolRegistry {
  private readonly tools: ToolDefinition[] = [];
  private readonly code: ToolDefinition;

  constructor(readonly mode: ToolMode = 'native') {
    this.code = codeTool(
      () => this.tools,
      (name, args, context) => this.runRegistered(name, args, context),
    );
  }

  register(tool: ToolDefinition): void {
    if (tool.name === CODE_TOOL_NAME) throw new Error(`tool name '${CODE_TOOL_NAME}' is reserved for the code mode`);
    if (this.find(tool.name)) throw new Error(`tool '${tool.name}' is already registered`);
    // Frozen once here rather than copied into every request's catalog (and its SDK binding written once: code-mode.ts).
    this.tools.push(Object.freeze({ ...tool, parameters: frozenCopy(tool.parameters) }));
  }

  find(name: string): ToolDefinition | undefined {
    return this.tools.find((tool) => tool.name === name);
  }

  /** What goes on the wire: the native schemas, the code tool, or both. */
  catalog(): ToolDescriptor[] {
    if (this.mode === 'code') return [CODE_TOOL];
    const native = this.nativeCatalog();
    return this.mode === 'both' ? [...native, CODE_TOOL] : native;
  }

  private nativeCatalog(): ToolDescriptor[] {
    return this.tools.map(({ name, description, parameters }) => ({
      name,
      description,
      parameters,
    }));
  }

  /** Under a code mode, the SDK text the model is shown of the tools (the same for every agent); none in native mode. */
  sdk(): string | undefined {
    if (this.mode === 'native') return undefined;
    return sdkText(this.tools);
  }

  /**
   * Runs one call the model made; an unknown tool or a thrown error becomes a
   * failed result. Under `code` only the code tool may be called directly.
   */
  async run(name: string, args: Record<string, unknown>, context: ToolContext): Promise<ToolRunResult> {
    if (this.mode !== 'native' && name === CODE_TOOL_NAME) return runDefinition(this.code, args, context);
    if (this.mode === 'code') {
      return {
        text: `Only ${CODE_TOOL_NAME} can be called directly; call '${name}' from a ${CODE_TOOL_NAME} program.`,
        isError: true,
      };
    }
    return this.runRegistered(name, args, context);
  }

  private async runRegistered(
    name: string,
    args: Record<string, unknown>,
    context: ToolContext,
  ): Promise<ToolRunResult> {
    const tool = this.find(name);
    if (!tool) return { text: `Unknown tool '${name}'.`, isError: true };
    return runDefinition(tool, args, context);
  }
}

async function runDefinition(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  context: ToolContext,
): Promise<ToolRunResult> {
  try {
    const outcome = await tool.execute(args, context);
    return { text: outcome.text, isError: outcome.isError === true, value: outcome.value };
  } catch (error) {
    return { text: `Tool '${tool.name}' failed: ${errorMessage(error)}`, isError: true };
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
