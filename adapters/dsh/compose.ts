/**
 * Composition: one cordis context holding the real upstream services, in an
 * order every static `inject` is satisfied: session store, its durable backend
 * (where this Node can load it: persistence.ts), LLM runtime, system
 * prompt, tool runtime, agent registry, the image store, the optional
 * command / projection / user-question services (and, for a release whose
 * review asks `ctx.userInteraction`, the service forwarding it: releases.ts),
 * the agent loop, the plan-mode plugin of the release with the deployment's
 * config, the retry executor and the compaction engine. The kit's
 * model is registered as an LLM adapter route, its user as the question
 * provider, and the probe sections and tools through the upstream registries.
 */
import { join } from 'node:path';
import { Context } from '@deepseek-ai/cordis';
import AgentRegistry from '@deepseek-ai/dsh-agent';
import AgentLoop from '@deepseek-ai/dsh-agent-loop';
import CommandRuntime from '@deepseek-ai/dsh-commands';
import BasicCompactionEngine from '@deepseek-ai/dsh-compaction-basic';
import LlmRuntime from '@deepseek-ai/dsh-llm';
import * as llmRetry from '@deepseek-ai/dsh-llm-retry';
import SessionStore from '@deepseek-ai/dsh-session';
import SessionProjectionRegistry from '@deepseek-ai/dsh-session-projection';
import SystemPrompt from '@deepseek-ai/dsh-system-prompt';
import TokenMeter from '@deepseek-ai/dsh-token-meter';
import ToolRuntime from '@deepseek-ai/dsh-tools';
import type { ToolDefinition } from '@deepseek-ai/dsh-tools';
import UserQuestionService from '@deepseek-ai/dsh-user-questions';
import type { CommandDefinition } from '@deepseek-ai/dsh-commands';
import {
  readPlanModeEntry,
  type ProbeCommand,
  type ProbeSection,
  type ProbeTool,
  type StartOptions,
} from '../../src/index.js';
import { FileAttachmentStore } from './attachment-store.js';
import { codeRuntimePlugin, toolRuntimeConfig, ToolSdkTexts } from './code-mode.js';
import { commandArgs } from './events.js';
import { resolveImages } from './images.js';
import { KIT_PROVIDER, KitModelAdapter } from './model-bridge.js';
import { jsonlPersistence } from './persistence.js';
import { ToolValues } from './tool-values.js';
import { questionProvider } from './question-bridge.js';
import { DSH_RC8, type DshRelease } from './releases.js';
import { UserInteractionForwarder } from './user-interaction.js';

/** A composed host: the context (services as `ctx.<key>`) and how to tear it down. */
export interface Composition {
  ctx: Context;
  dispose(): Promise<void>;
}

// cordis' typing of `plugin()` is stricter than these heterogeneous plugins need.
type AnyPlugin = Parameters<Context['plugin']>[0];
const plugin = (value: unknown): AnyPlugin => value as AnyPlugin;

/**
 * `values` is the host's record of tool values, kept across the compositions a
 * restart makes (tool-values.ts); `release`, the plan-mode package composed.
 */
export async function compose(
  options: StartOptions,
  values = new ToolValues(),
  release: DshRelease = DSH_RC8,
): Promise<Composition> {
  const planModeConfig = readPlanModeEntry(options.deployment).config;
  const planMode = await release.loadPlugin();
  const persistence = await jsonlPersistence(options.storeDir);
  // Only a code mode loads the code runtime: its backend needs a Node that can type-strip (code-mode.ts).
  const codeRuntime = await codeRuntimePlugin(options.toolMode);
  const ctx = new Context();
  try {
    await ctx.plugin(plugin(SessionStore));
    if (persistence) await ctx.plugin(plugin(persistence.plugin), persistence.config);
    await ctx.plugin(plugin(LlmRuntime));
    await ctx.plugin(plugin(SystemPrompt), {});
    if (codeRuntime) await ctx.plugin(plugin(codeRuntime), {});
    await ctx.plugin(plugin(ToolRuntime), toolRuntimeConfig(options.toolMode));
    const sdkTexts = new ToolSdkTexts(ctx);
    await ctx.plugin(plugin(AgentRegistry));
    await ctx.plugin(plugin(FileAttachmentStore), { root: join(options.storeDir, 'attachments') });
    if (options.compose.commands) await ctx.plugin(plugin(CommandRuntime));
    if (options.compose.projections) await ctx.plugin(plugin(SessionProjectionRegistry));
    if (options.compose.questions) await ctx.plugin(plugin(UserQuestionService));
    if (options.compose.questions && release.reviewSeam === 'userInteraction')
      await ctx.plugin(plugin(UserInteractionForwarder));
    await ctx.plugin(plugin(AgentLoop), { agents: [] });
    await loadPlanMode(ctx, planMode, planModeConfig);
    await ctx.plugin(plugin(llmRetry), {});
    await ctx.plugin(plugin(TokenMeter), {});
    await ctx.plugin(plugin(BasicCompactionEngine), { auto: false });

    values.watch(ctx);
    ctx.llm.registerAdapter(
      [KIT_PROVIDER],
      new KitModelAdapter(
        options.model,
        values,
        (blocks) => resolveImages(ctx, blocks),
        (agent) => sdkTexts.textOf(agent),
      ),
    );
    if (options.compose.questions) ctx.userQuestions.registerProvider(questionProvider(options.questions));
    for (const section of options.probes.sections) registerSection(ctx, section);
    for (const tool of options.probes.tools) ctx.tools.register(probeTool(tool));
    if (options.compose.commands)
      for (const command of options.probes.commands ?? []) ctx.commands.register(probeCommand(command));
  } catch (error) {
    await ctx.fiber.dispose().catch(() => undefined);
    throw error;
  }
  return {
    ctx,
    async dispose() {
      await ctx.fiber.dispose();
    },
  };
}

/**
 * Loads the upstream plan-mode plugin with the deployment's config, exactly as
 * given. A config the plugin rejects rejects here with the plugin's own message.
 */
async function loadPlanMode(ctx: Context, planMode: unknown, config: unknown): Promise<void> {
  await ctx.plugin(plugin(planMode), config as never);
  if (ctx.get('planMode') === undefined) {
    throw new Error('dsh adapter: the plan-mode plugin did not start (no ctx.planMode)');
  }
}

function registerSection(ctx: Context, section: ProbeSection): void {
  ctx.systemPrompt.section({ name: section.name, order: section.order, text: section.text });
}

/**
 * A probe tool as an upstream tool definition: its JSON-schema parameters as
 * given, its text as the result. Upstream's only effect hint is
 * `isConcurrencySafe` (calls that mutate nothing may overlap), so a `read`
 * probe declares it and a `write` or `command` probe does not.
 */
function probeTool(tool: ProbeTool): ToolDefinition {
  const readOnly = (tool.effect ?? 'read') === 'read';
  return {
    name: tool.name,
    description: tool.description,
    parameters: structuredClone(tool.parameters),
    output: {
      schema: { type: 'string' },
      render: (_args: unknown, value: unknown) => [{ type: 'text', text: String(value) }],
    },
    ...(readOnly ? { isConcurrencySafe: () => true } : {}),
    execute: async (args: unknown) => tool.execute((args ?? {}) as Record<string, unknown>),
  } as ToolDefinition;
}

/** A probe command in the upstream command registry: its text as a successful result. */
function probeCommand(command: ProbeCommand): CommandDefinition {
  return {
    name: command.name,
    description: command.description,
    handler: async (invocation) => ({
      kind: 'success',
      text: await command.run(String(invocation.agent.id), commandArgs(invocation.rawInput)),
    }),
  };
}
