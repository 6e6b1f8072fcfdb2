/** The tool registry: tools in registration order, the catalog the model receives. */
import { frozenCopy } from './frozen.js';

export interface ToolContext {
  agent: string;
  toolCallId: string;
  signal: AbortSignal;
}

/** What a tool returns; `isError` marks a failed call. `value` is the structured result, if any. */
export interface ToolOutcome {
  text: string;
  isError?: boolean;
  value?: unknown;
}

export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON schema of the parameters. */
  parameters: Record<string, unknown>;
  execute(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome>;
}

export interface ToolDescriptor {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A finished call as the loop records it. */
export interface ToolRunResult {
  text: string;
  isError: boolean;
  value?: unknown;
}

export class ToolRegistry {
  private readonly tools: ToolDefinition[] = [];

  register(tool: ToolDefinition): void {
    if (this.find(tool.name)) throw new Error(`tool '${tool.name}' is already registered`);
    // Frozen once here rather than copied into every request's catalog.
    this.tools.push({ ...tool, parameters: frozenCopy(tool.parameters) });
  }

  find(name: string): ToolDefinition | undefined {
    return this.tools.find((tool) => tool.name === name);
  }

  catalog(): ToolDescriptor[] {
    return this.tools.map(({ name, description, parameters }) => ({
      name,
      description,
      parameters,
    }));
  }

  /** Runs one call; an unknown tool or a thrown error becomes a failed result. */
  async run(name: string, args: Record<string, unknown>, context: ToolContext): Promise<ToolRunResult> {
    const tool = this.find(name);
    if (!tool) return { text: `Unknown tool '${name}'.`, isError: true };
    try {
      const outcome = await tool.execute(args, context);
      return { text: outcome.text, isError: outcome.isError === true, value: outcome.value };
    } catch (error) {
      return { text: `Tool '${name}' failed: ${errorMessage(error)}`, isError: true };
    }
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
