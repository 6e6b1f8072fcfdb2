/**
 * The adapter contract: how the kit starts a host. An adapter module's default
 * export is `defineAdapter({ name, capabilities, start })`.
 */
import { z } from 'zod';
import type { ModelPort } from './model.js';
import type { QuestionPort } from './questions.js';
import type { HostHandle } from './host.js';
import { DeclaredEditionsSchema, type Edition } from './editions.js';
import { CodeToolSchema, type CodeTool, type ToolMode } from './tool-modes.js';

/** The optional parts of a host. A scenario needing a missing one is skipped, with the reason. */
export const CAPABILITIES = [
  'commands',
  'questions',
  'projections',
  'fork',
  'spawn',
  'restart',
  'compaction',
  'retry',
  'ownedChild',
  'codeMode',
  'bothMode',
] as const;
export const CapabilitySchema = z.enum(CAPABILITIES);

/**
 * Capabilities added after the first contract: an adapter written before one
 * existed does not name it, and is read as lacking it (with this reason), so
 * it keeps loading and skips the scenarios that need it.
 */
export const LATER_CAPABILITIES = {
  ownedChild: 'the adapter does not declare it (added with the rc.8 edition)',
  codeMode: 'the adapter does not declare it (tool registry modes, TOOL-07/08)',
  bothMode: 'the adapter does not declare it (tool registry modes, TOOL-07/08)',
} as const satisfies Partial<Record<Capability, string>>;
type LaterCapability = keyof typeof LATER_CAPABILITIES;
const isLater = (capability: Capability): capability is LaterCapability => capability in LATER_CAPABILITIES;
export type Capability = z.infer<typeof CapabilitySchema>;

/** Each capability is either supported (`true`) or missing with a reason a reader understands. */
export const CapabilitySupportSchema = z.union(
  [z.literal(true), z.object({ missing: z.string().min(1, 'a missing capability needs a reason') }).strict()],
  { error: 'expected true (supported) or { missing: "<the reason>" }' },
);
export type CapabilitySupport = z.infer<typeof CapabilitySupportSchema>;

export const CapabilitiesSchema = z
  .object(
    Object.fromEntries(
      CAPABILITIES.map((c) => [c, isLater(c) ? CapabilitySupportSchema.optional() : CapabilitySupportSchema]),
    ) as { [C in Exclude<Capability, LaterCapability>]: typeof CapabilitySupportSchema } & {
      [C in LaterCapability]: z.ZodOptional<typeof CapabilitySupportSchema>;
    },
  )
  .strict();
/** Every capability, each supported or missing; a later capability an adapter leaves out is missing. */
export type Capabilities = { [C in Exclude<Capability, LaterCapability>]: CapabilitySupport } & {
  [C in LaterCapability]?: CapabilitySupport;
};

/** A prompt section the kit asks the host to add, to locate `plan:policy` by order. */
export interface ProbeSection {
  name: string;
  order: number;
  text: string;
}

/**
 * What running a probe tool does, so a host that classifies its tools (read-only
 * hints, approval kinds, sandbox categories) can register it as its own tool of
 * that kind: `read` looks something up, `write` changes files (it writes into
 * the store folder), `command` runs a command-like action. Plan mode must leave
 * all three offered and running (SCOPE-02).
 */
export const PROBE_TOOL_EFFECTS = ['read', 'write', 'command'] as const;
export const ProbeToolEffectSchema = z.enum(PROBE_TOOL_EFFECTS);
export type ProbeToolEffect = z.infer<typeof ProbeToolEffectSchema>;

/** A tool the kit asks the host to register; the host executes it like any tool. */
export interface ProbeTool {
  name: string;
  description: string;
  /** JSON schema of the parameters. */
  parameters: Record<string, unknown>;
  /** What the tool does when it runs; absent means `read` (older kits sent only read-like tools). */
  effect?: ProbeToolEffect;
  /** Returns the result text the model should read. */
  execute(args: Record<string, unknown>): Promise<string>;
}

/**
 * A command the kit asks the host to register in its command registry (when
 * commands are composed), beside `/plan`: the host logs its `command/run` like
 * any command's and returns its text as a successful result. It lets the kit
 * see that a line other than `/plan` leaves plan mode and the `plan`
 * projection alone (PROJ-02).
 */
export interface ProbeCommand {
  /** Without the slash, e.g. `probe`. */
  name: string;
  /**
   * One line for the registry's listing (help, completion), because command
   * registries commonly require one: register it as you would any command's.
   * The kit never reads it back and judges nothing by it.
   */
  description: string;
  /**
   * Runs the command for an agent with the raw argument text; returns the
   * result text. The kit's probe never rejects; should a command's handler
   * reject, the host answers as it does for any of its commands that fails:
   * `runCommand` resolves with `{ ok: false, text }` carrying the message (the
   * `command/run` record logged as for any line). A rejected `runCommand` is
   * an adapter fault, which fails the scenario, not a command's result.
   */
  run(agent: string, args: string): Promise<string>;
}

/** Which optional services the scenario wants composed (only among supported capabilities). */
export interface Composition {
  commands: boolean;
  questions: boolean;
  projections: boolean;
}

export interface StartOptions {
  /** A fresh, empty folder for everything the host persists. Restart reuses it. */
  storeDir: string;
  /**
   * The edition this run judges the host against: one the adapter declares
   * (or the seed for an adapter that declares none; any edition in a run
   * forced with `--force-edition`). A host implementing several editions
   * behaves as this one; a host implementing one may ignore it.
   */
  edition: Edition;
  /**
   * The deployment's plugin list in the seed's YAML form (entries with `id`,
   * `name`, `config`). Load the `plan-mode` entry's config into the plan-mode
   * plugin; a config the plugin rejects must make `start` reject with its message.
   */
  deployment: string;
  compose: Composition;
  /** The only model: send every model request here. */
  model: ModelPort;
  /** The only user: send every question of the user-question seam here (when composed). */
  questions: QuestionPort;
  /**
   * Extra prompt sections, tools and commands, registered like any other.
   * `commands` is optional (older kits sent none) and empty unless
   * `compose.commands`: the kit sends probe commands only to a host it asks to
   * compose a command registry, so an adapter registers what it gets in the
   * registry it composes, without a check of its own. (It still checks
   * `compose.commands` to decide whether to compose the registry and `/plan`.)
   */
  probes: { sections: ProbeSection[]; tools: ProbeTool[]; commands?: ProbeCommand[] };
  /**
   * How the tool registry presents the tools to the model (TOOL-07): `code`
   * (capability `codeMode`: the wire carries only the code-running tool, and
   * a generated SDK text shows every tool, `exit_plan_mode` included, as a
   * binding) or `both` (capability `bothMode`: the native schemas and the
   * code-running tool with its SDK). Absent: native, as older kits meant.
   * The kit sends `code` or `both` only to a host declaring that capability.
   */
  toolMode?: ToolMode;
  /**
   * Aborted when the kit gives up on this start (it missed the start limit):
   * release whatever it started (a process, open files), since no `dispose`
   * will come. Optional: older kits sent none.
   */
  signal?: AbortSignal;
}

export interface Adapter {
  /** A short name for reports, e.g. `reference`. */
  name: string;
  /**
   * The README editions this host implements (see `EDITIONS`). A run judges it
   * against the newest declared one unless `--edition` picks another of them.
   * Absent: the host is judged against the seed edition.
   */
  editions?: Edition[];
  /**
   * The release of the host this adapter drives (dsh: its plan-mode package's
   * version, `0.1.0-rc.8`), recorded in the results file as `host.release`, so
   * the docs site can show one host across its releases. Optional.
   */
  release?: string;
  capabilities: Capabilities;
  /**
   * The code-running tool, required when `codeMode` or `bothMode` is
   * supported: its wire name and the arguments of a call whose program calls
   * `exit_plan_mode` with a plan (see `CodeToolSchema`).
   */
  codeTool?: CodeTool;
  start(options: StartOptions): Promise<HostHandle>;
}

/**
 * A host declaring a code mode (`codeMode` or `bothMode` supported) describes
 * its code-running tool, or the kit could not write a program for it.
 */
export function requireCodeToolWithCodeModes<
  T extends z.ZodType<{ capabilities: Capabilities; codeTool?: CodeTool | undefined }>,
>(schema: T): T {
  return schema.superRefine((value, context) => {
    const declares = (['codeMode', 'bothMode'] as const).filter((mode) => value.capabilities[mode] === true);
    if (declares.length > 0 && value.codeTool === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['codeTool'],
        message: `missing: a host supporting ${declares.join(' and ')} describes its code-running tool`,
      });
    }
  }) as unknown as T;
}

export const AdapterShapeSchema = requireCodeToolWithCodeModes(
  z.object({
    name: z.string().min(1, 'the adapter needs a name for reports'),
    editions: DeclaredEditionsSchema.optional(),
    release: z
      .string()
      .trim()
      .min(1, 'a release names a version, e.g. 0.1.0-rc.8; leave it out when there is none')
      .max(100)
      .optional(),
    capabilities: CapabilitiesSchema,
    codeTool: CodeToolSchema.optional(),
    start: z.custom<Adapter['start']>((value) => typeof value === 'function', 'start must be a function'),
  }),
);

/** A definition `defineAdapter` refuses; `problems` lists every one, each with its path. */
export class AdapterDefinitionError extends Error {
  override name = 'AdapterDefinitionError';
  constructor(readonly problems: string[]) {
    super(
      `defineAdapter: the adapter definition has ${problems.length} problem(s):\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
  }
}

/** `capabilities.fork.missing` style path of a value inside the definition. */
function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, part) =>
      typeof part === 'number' ? `${out}[${part}]` : out === '' ? String(part) : `${out}.${String(part)}`,
    '',
  );
}

/**
 * Every problem of a failed parse as `path: what is wrong`, in words: a
 * union's alternatives are listed (`expected true or object`) and a value
 * that is absent is called missing, rather than zod's "Invalid input".
 */
export function describeZodIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${pathOf(issue.path) || '(value)'}: ${describeZodIssue(issue)}`);
}

function describeZodIssue(issue: z.core.$ZodIssue): string {
  const received =
    issue.code === 'invalid_union'
      ? issue.errors
          .flat()
          .map((one) => one.message.match(/received (\w+)/)?.[1])
          .find(Boolean)
      : undefined;
  if (issue.code === 'invalid_union' && issue.message !== 'Invalid input') {
    // The schema says in words what it takes.
    return received === 'undefined'
      ? `missing: ${issue.message}`
      : `${issue.message}${received ? `, received ${received}` : ''}`;
  }
  if (
    issue.code === 'invalid_union' &&
    issue.errors.length > 0 &&
    issue.errors.every((branch) => branch.length > 0 && branch[0]!.path.length === 0)
  ) {
    const expected = issue.errors.map((branch) => {
      const first = branch[0]!;
      if (first.code === 'invalid_value') return first.values.map((value) => JSON.stringify(value)).join(' or ');
      if (first.code === 'invalid_type') return first.expected === 'object' ? 'an object' : first.expected;
      return first.message;
    });
    return received === 'undefined'
      ? `missing: expected ${expected.join(' or ')}`
      : `expected ${expected.join(' or ')}${received ? `, received ${received}` : ''}`;
  }
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message))
    return `missing: expected ${issue.expected}`;
  return issue.message.replace(/^Invalid input: /, '');
}

/**
 * Declares an adapter; validates its shape at once so a broken module fails
 * at load, with every problem listed (not only the first).
 */
export function defineAdapter(adapter: Adapter): Adapter {
  const parsed = AdapterShapeSchema.safeParse(adapter);
  if (!parsed.success) throw new AdapterDefinitionError(describeZodIssues(parsed.error));
  return adapter;
}

export function isSupported(capabilities: Capabilities, capability: Capability): boolean {
  return capabilities[capability] === true;
}

export function missingReason(capabilities: Capabilities, capability: Capability): string | undefined {
  const support = capabilities[capability];
  if (support === true) return undefined;
  if (support !== undefined) return support.missing;
  return isLater(capability) ? LATER_CAPABILITIES[capability] : 'not declared';
}
