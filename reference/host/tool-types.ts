/**
 * What a tool is, to the registry (tools.ts) and to Code Mode (code-mode.ts):
 * types only, importing nothing, so the two need not import each other.
 */
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
