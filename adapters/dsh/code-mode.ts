/**
 * dsh's Code Mode, composed from npm (TOOL-07/08): `@deepseek-ai/dsh-tools`'
 * presentation modes (`tools.mode: code | both`: the reserved `run_code`
 * transport on the wire, and the generated SDK as the `tools:sdk` prompt
 * section), the code-runtime seam `@deepseek-ai/dsh-code-runtime`, and its one
 * published backend, `@deepseek-ai/dsh-code-runtime-worker-thread`, which
 * type-strips TypeScript programs with `node:module`'s `stripTypeScriptTypes`
 * (Node 22.13 and later). On a Node without it the backend cannot even be
 * imported (a named import that fails at link time), so it is loaded on
 * demand, and the modes are declared missing elsewhere, with the command that
 * gets a Node that has it.
 */
import * as nodeModule from 'node:module';
import type { Context } from '@deepseek-ai/cordis';
import { RUN_CODE_NAME } from '@deepseek-ai/dsh-tools';
import type { CapabilitySupport, CodeTool, ToolMode } from '../../src/index.js';
import { DSH_UNDER_NODE_22 } from './persistence.js';

/** The prompt section dsh-tools renders the SDK into (its README: "The SDK section (`tools:sdk`, order 150)"). */
export const SDK_SECTION_NAME = 'tools:sdk';

/**
 * The program the kit's model sends: TypeScript run as the body of an async
 * function, calling the SDK's `tools.exit_plan_mode` and returning what it resolves to.
 */
export const DSH_CODE_TOOL: CodeTool = {
  name: RUN_CODE_NAME,
  exitArguments: {
    code: 'return await tools.exit_plan_mode({ plan: {{plan}} });',
    description: 'Submit the plan for review',
  },
};

/** Whether this Node has what the worker-thread backend imports from `node:module`. */
export function nodeStripsTypes(moduleExports: object = nodeModule): boolean {
  return typeof (moduleExports as Record<string, unknown>)['stripTypeScriptTypes'] === 'function';
}

export const CODE_MODE_NEEDS_TYPE_STRIPPING =
  'dsh runs Code Mode programs only through @deepseek-ai/dsh-code-runtime-worker-thread (the one code runtime published at 0.1.0-rc.8), ' +
  `which imports stripTypeScriptTypes from node:module: Node 22.13 or later, and this is Node ${process.versions.node}. ` +
  `Run the kit under Node 22 from the npm registry: \`${DSH_UNDER_NODE_22}\` (what \`npm run conformance:dsh\` runs)`;

/** `codeMode` / `bothMode` where this Node can load the backend, missing with the way to a Node that can otherwise. */
export function codeModeSupport(stripsTypes = nodeStripsTypes()): CapabilitySupport {
  return stripsTypes ? true : { missing: CODE_MODE_NEEDS_TYPE_STRIPPING };
}

/** The tool runtime's config for a mode: dsh-tools' own `mode` key. */
export function toolRuntimeConfig(mode: ToolMode | undefined): { mode?: ToolMode } {
  return mode === undefined || mode === 'native' ? {} : { mode };
}

/** The code-runtime backend plugin, loaded only for a code mode (and so only on a Node that can load it). */
export async function codeRuntimePlugin(mode: ToolMode | undefined): Promise<unknown> {
  if (mode === undefined || mode === 'native') return undefined;
  const { default: WorkerThreadCodeRuntime } = await import('@deepseek-ai/dsh-code-runtime-worker-thread');
  return WorkerThreadCodeRuntime;
}

/**
 * The SDK text of each agent's latest prompt assembly, read from the
 * assembled `tools:sdk` section (after every other listener of the waterfall
 * ran), so each model request can report the SDK the model was shown.
 */
export class ToolSdkTexts {
  private readonly texts = new Map<string, string>();

  constructor(ctx: Context) {
    type Assembly = { sections: Array<{ name: string; text: string }> };
    type AssembleContext = { agent?: { id?: unknown; session?: { id?: unknown } } };
    const on = ctx.on.bind(ctx) as unknown as (
      name: string,
      listener: (assembly: Assembly, context: AssembleContext, next: () => Promise<Assembly>) => Promise<Assembly>,
    ) => void;
    on('system-prompt/assemble', async (assembly, context, next) => {
      const result = (await next()) ?? assembly;
      const agent = context.agent?.session?.id ?? context.agent?.id;
      const sdk = result.sections.find((section) => section.name === SDK_SECTION_NAME)?.text;
      if (agent !== undefined && sdk !== undefined) this.texts.set(String(agent), sdk);
      return result;
    });
  }

  textOf(agent: string): string | undefined {
    return this.texts.get(agent);
  }
}
