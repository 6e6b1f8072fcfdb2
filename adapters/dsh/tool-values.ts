/**
 * Structured tool results. Upstream keeps a successful call's canonical value
 * out of the durable log and the model history ("execution-local"); the tool
 * runtime announces every final outcome on `tools/result`, so the adapter
 * remembers each success's value by call id and shows it beside that call's
 * result text in the requests it translates (the contract's `value`, TOOL-05).
 * One record serves every composition of a host: like a UI's memory of what it
 * was told, it outlives a restart, so a resumed history shows the same values.
 */
import type { Context } from '@deepseek-ai/cordis';
import type { ToolValueLookup } from './model-bridge.js';

interface ToolOutcome {
  isError: boolean;
  value?: unknown;
}

export class ToolValues implements ToolValueLookup {
  private readonly values = new Map<string, unknown>();

  /** Listens to one composed host's tool outcomes. */
  watch(ctx: Context): this {
    ctx.on('tools/result', (exec: { callId: unknown }, result: ToolOutcome) => {
      if (!result.isError && result.value !== undefined)
        this.values.set(String(exec.callId), structuredClone(result.value));
    });
    return this;
  }

  valueOf(callId: string): { value: unknown } | undefined {
    return this.values.has(callId) ? { value: this.values.get(callId) } : undefined;
  }
}
