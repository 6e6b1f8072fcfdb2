/**
 * Every method of the host protocol, both directions, with the zod schemas of
 * its `params` and `result`. Built from the contract's schemas: a result here
 * is the contract's return value as it is, so a host over the wire is judged
 * by the same schemas as an in-process adapter. The JSON Schemas under
 * `protocol/schemas/` are generated from this file.
 */
import { z } from 'zod';
import { CapabilitiesSchema, requireCodeToolWithCodeModes } from '../contract/adapter.js';
import { CodeToolSchema, ToolModeSchema } from '../contract/tool-modes.js';
import { DeclaredEditionsSchema, EditionSchema } from '../contract/editions.js';
import { SessionLogSchema } from '../contract/events.js';
import {
  AgentIdSchema,
  CommandResultSchema,
  PlanModeStateSchema,
  PlanProjectionViewSchema,
  SetOutcomeSchema,
} from '../contract/host.js';
import { ImageBlockSchema, ModelRequestSchema } from '../contract/model.js';
import { QuestionSchema } from '../contract/questions.js';
import {
  CompositionSchema,
  ModelResponseSchema,
  ProbeCommandDescriptorSchema,
  ProbeSectionSchema,
  ProbeToolDescriptorSchema,
  QuestionContextSchema,
  QuestionReplySchema,
} from './contract-values.js';

export const InitializeParamsSchema = z.object({
  protocolVersion: z.number().int().positive(),
  kit: z.object({ name: z.string(), version: z.string() }),
});

export const InitializeResultSchema = requireCodeToolWithCodeModes(
  z.object({
    protocolVersion: z.number().int().positive(),
    /** A short name for reports, e.g. `python-host`. */
    name: z.string().min(1),
    /** The README editions the host implements; absent: the seed edition only. */
    editions: DeclaredEditionsSchema.optional(),
    /** The release of the host (its version), recorded in the results file as `host.release`; optional. */
    release: z.string().trim().min(1).max(100).optional(),
    capabilities: CapabilitiesSchema,
    /**
     * The code-running tool (its wire name, and the arguments of a call whose
     * program calls `exit_plan_mode` with the plan at `{{plan}}`); required
     * when `codeMode` or `bothMode` is supported, absent otherwise.
     */
    codeTool: CodeToolSchema.optional(),
    /**
     * `true`: one process serves many scenarios, one after another (each `start`
     * opens a fresh host on its own store folder, `dispose` closes it, the
     * process stays for the next `start`). Absent or `false`: one process per scenario.
     */
    reuse: z.boolean().optional(),
  }),
);
export type InitializeResult = z.infer<typeof InitializeResultSchema>;

/** The adapter contract's `StartOptions` without its functions: the ports become host -> kit methods. */
export const StartParamsSchema = z.object({
  /** A fresh, empty folder for everything the host persists. A restart reuses it. */
  storeDir: z.string().min(1),
  /** The edition the run judges the host against. Optional: older kits sent none (the seed). */
  edition: EditionSchema.optional(),
  /** The deployment's plugin list in the seed's YAML form. */
  deployment: z.string(),
  compose: CompositionSchema,
  probes: z.object({
    sections: z.array(ProbeSectionSchema),
    tools: z.array(ProbeToolDescriptorSchema),
    /** Register these beside `/plan` when commands are composed. Optional: older kits sent none. */
    commands: z.array(ProbeCommandDescriptorSchema).optional(),
  }),
  /**
   * How the tool registry presents the tools: `code` or `both`, sent only to
   * a host declaring `codeMode` / `bothMode`. Optional: absent means native
   * (older kits sent none).
   */
  toolMode: ToolModeSchema.optional(),
});
export type StartParams = z.infer<typeof StartParamsSchema>;

const NoParamsSchema = z.object({});
/**
 * Image attachments of a prompt or a command line (rc.8 edition), in the order
 * attached. Optional and additive: the kit sends them only in scenarios of the
 * rc.8 edition, and leaves the field out when nothing is attached.
 */
const ImagesParamSchema = z.array(ImageBlockSchema).optional();
const AgentParamsSchema = z.object({ agent: AgentIdSchema });
/** Methods with nothing to return answer `null`. */
export const NullResultSchema = z.null();

export const ToolParamsSchema = z.object({
  /** The probe tool's name, as the kit registered it with `start`. */
  name: z.string().min(1),
  /** The arguments of the model's call. */
  arguments: z.record(z.string(), z.unknown()),
});
export const ToolResultSchema = z.object({
  /** The text the model reads as the tool's result. */
  text: z.string(),
});

export const CommandParamsSchema = z.object({
  /** The probe command's name (no slash), as the kit registered it with `start`. */
  name: z.string().min(1),
  /** The agent the command line was run for. */
  agent: AgentIdSchema,
  /** The raw argument text after the name (may be empty). */
  args: z.string(),
});
export const CommandTextSchema = z.object({
  /** The command's result text, returned as a successful command result. */
  text: z.string(),
});

export interface MethodSchemas {
  params: z.ZodType;
  result: z.ZodType;
  /** The capability a host must declare before the kit calls this method. */
  capability?: string;
  description: string;
}

/** Methods the kit calls on the host. */
export const KIT_TO_HOST = {
  initialize: {
    params: InitializeParamsSchema,
    result: InitializeResultSchema,
    description: 'Handshake: the protocol version both speak, the host name and its capabilities.',
  },
  start: {
    params: StartParamsSchema,
    result: NullResultSchema,
    description: 'Start the host on the store folder with the deployment, composition and probes.',
  },
  createAgent: {
    params: NoParamsSchema,
    result: AgentIdSchema,
    description: 'Create a top-level agent with an empty session; returns its id.',
  },
  prompt: {
    params: AgentParamsSchema.extend({ text: z.string(), images: ImagesParamSchema }),
    result: NullResultSchema,
    description:
      'Submit a prompt as the user, with its image attachments if any; the reply comes when the agent is idle again.',
  },
  setPlanMode: {
    params: AgentParamsSchema.extend({ active: z.boolean() }),
    result: SetOutcomeSchema,
    description: "The plan-mode service's set(agent, active).",
  },
  getPlanMode: {
    params: AgentParamsSchema,
    result: PlanModeStateSchema,
    description: "The plan-mode service's get(agent).",
  },
  readLog: {
    params: AgentParamsSchema,
    result: SessionLogSchema,
    description: "The agent's session log, normalised, oldest first.",
  },
  readObserved: {
    params: AgentParamsSchema,
    result: SessionLogSchema,
    description: "Every event the host's session-event stream told observers about the agent, in order.",
  },
  runCommand: {
    params: AgentParamsSchema.extend({ line: z.string(), images: ImagesParamSchema }),
    result: CommandResultSchema,
    capability: 'commands',
    description: "Run a command line such as `/plan off` for the agent, with the composer's image attachments if any.",
  },
  readProjection: {
    params: AgentParamsSchema,
    result: PlanProjectionViewSchema,
    capability: 'projections',
    description: "The agent's `plan` projection view.",
  },
  readProjectionPushes: {
    params: AgentParamsSchema,
    result: z.array(PlanProjectionViewSchema),
    capability: 'projections',
    description: "Every view of the agent's `plan` unit the registry pushed to subscribers, oldest first.",
  },
  fork: {
    params: AgentParamsSchema,
    result: AgentIdSchema,
    capability: 'fork',
    description: "Fork the agent; returns the fork's id.",
  },
  spawn: {
    params: AgentParamsSchema,
    result: AgentIdSchema,
    capability: 'spawn',
    description: 'Spawn a child agent; returns its id.',
  },
  spawnOwnedChild: {
    params: z.object({ owner: AgentIdSchema }),
    result: AgentIdSchema,
    capability: 'ownedChild',
    description: 'Create an idle child agent, with an empty session, owned by the live agent `owner`; returns its id.',
  },
  compact: {
    params: AgentParamsSchema,
    result: NullResultSchema,
    capability: 'compaction',
    description: "Compact the agent's history now.",
  },
  dispose: {
    params: NoParamsSchema,
    result: NullResultSchema,
    description: 'Release everything; the kit then closes stdin.',
  },
  ping: {
    params: NoParamsSchema,
    result: NullResultSchema,
    description:
      "Answer `null` (a host that declares `reuse` gets it after each `dispose` reply: what it writes before the answer is the disposed scenario's, after it nothing until the next `start` is answered).",
  },
} as const satisfies Record<string, MethodSchemas>;
export type KitMethod = keyof typeof KIT_TO_HOST;

/** Methods the host calls on the kit, while a kit call is pending. */
export const HOST_TO_KIT = {
  model: {
    params: z.object({ request: ModelRequestSchema }),
    result: ModelResponseSchema,
    description: 'The only model: one model request, exactly as the host would send it to a real model.',
  },
  question: {
    params: z.object({ question: QuestionSchema, context: QuestionContextSchema }),
    result: QuestionReplySchema,
    description: 'The only user: a question of the user-question seam.',
  },
  tool: {
    params: ToolParamsSchema,
    result: ToolResultSchema,
    description: 'Execute a probe tool the kit registered with `start`.',
  },
  command: {
    params: CommandParamsSchema,
    result: CommandTextSchema,
    description:
      'Run a probe command the kit registered with `start` (a command line such as `/probe x` for an agent).',
  },
} as const satisfies Record<string, MethodSchemas>;
export type HostMethodName = keyof typeof HOST_TO_KIT;

export type KitParams<M extends KitMethod> = z.infer<(typeof KIT_TO_HOST)[M]['params']>;
export type KitResult<M extends KitMethod> = z.infer<(typeof KIT_TO_HOST)[M]['result']>;
export type HostParams<M extends HostMethodName> = z.infer<(typeof HOST_TO_KIT)[M]['params']>;
export type HostResult<M extends HostMethodName> = z.infer<(typeof HOST_TO_KIT)[M]['result']>;
