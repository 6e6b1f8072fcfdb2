/**
 * `--adapter "exec:<command line>"`: an adapter whose host is a child process
 * speaking the host protocol (protocol/README.md). At load the command runs
 * once for `initialize` (name and capabilities must be known before any
 * scenario is skipped or run); then every scenario starts its own process.
 * The handle it returns goes through the GuardedHost like any adapter's, so
 * time limits and schema checks apply unchanged; on top of them every result
 * and every request of the host is parsed with the protocol's schemas.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { join } from 'node:path';
import {
  defineAdapter,
  type Adapter,
  type Capabilities,
  type HostHandle,
  type StartOptions,
} from '../../src/index.js';
import {
  HOST_TO_KIT,
  InitializeResultSchema,
  KIT_TO_HOST,
  PROTOCOL_VERSION,
  RpcError,
  RpcErrorCode,
  type InitializeResult,
  type KitMethod,
  type KitResult,
} from '../../src/protocol/index.js';
import { AdapterError, parseReturned } from '../guard/adapter-error.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { HostProcess } from './host-process.js';

/** How long the host may take to answer `initialize` at load, before any scenario. */
const LOAD_LIMIT_MS = Number(process.env.PLAN_MODE_CONFORMANCE_EXEC_LOAD_LIMIT_MS ?? 20_000);
/** How long `dispose` and the exit after it may take before the kit kills the group. */
const DISPOSE_LIMIT_MS = 5_000;
const EXIT_GRACE_MS = 2_000;

const KIT_IDENTITY = { name: 'plan-mode-conformance', version: kitVersion() };
const incoming = Object.fromEntries(Object.entries(HOST_TO_KIT).map(([method, schemas]) => [method, schemas.params]));

export interface ExecCommand {
  argv: string[];
  /** The CLI's working directory, where the command runs. */
  cwd: string;
}

export class ExecLoadError extends Error {
  override name = 'ExecLoadError';
}

/** Runs `initialize` once to learn the host's name and capabilities, and returns the adapter. */
export async function loadExecAdapter(command: ExecCommand): Promise<Adapter> {
  const host = spawnHost(command, undefined);
  let info: InitializeResult;
  try {
    info = await withLoadLimit(initialize(host), host);
  } catch (error) {
    await host.kill();
    const message = error instanceof Error ? error.message.replace(/^adapter method initialize: /, '') : String(error);
    throw new ExecLoadError(`the host command '${command.argv.join(' ')}' could not be initialized: ${message}`);
  }
  await host.close(EXIT_GRACE_MS);
  return defineAdapter({
    name: info.name,
    ...(info.editions === undefined ? {} : { editions: info.editions }),
    capabilities: info.capabilities,
    start: (options) => startExecHost(command, info, options),
  });
}

async function withLoadLimit<T>(run: Promise<T>, host: HostProcess): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void host.kill().then(() => reject(host.leftovers('initialize') ?? new Error(`no answer within ${LOAD_LIMIT_MS} ms`)));
    }, LOAD_LIMIT_MS);
  });
  try {
    return await Promise.race([run, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends `initialize` and checks the reply: protocol version, name, capabilities. */
async function initialize(host: HostProcess): Promise<InitializeResult> {
  const raw = await host.request('initialize', { protocolVersion: PROTOCOL_VERSION, kit: KIT_IDENTITY });
  const info = parseReturned('initialize', InitializeResultSchema, raw);
  if (info.protocolVersion !== PROTOCOL_VERSION) {
    throw new AdapterError('initialize', `the host speaks protocol version ${info.protocolVersion}, the kit speaks ${PROTOCOL_VERSION}`);
  }
  return info;
}

function spawnHost(command: ExecCommand, options: StartOptions | undefined): HostProcess {
  return new HostProcess({
    argv: command.argv,
    cwd: command.cwd,
    incoming,
    handle: (method, params) => answerHost(options, method, params),
  });
}

/** The kit's side of the host's requests: the model port, the question port, probe tools and commands. */
async function answerHost(options: StartOptions | undefined, method: string, params: Record<string, unknown>): Promise<unknown> {
  if (!options) throw new Error(`the host sent ${method} before start`);
  switch (method) {
    case 'model': {
      const { request } = params as { request: Parameters<StartOptions['model']>[0] };
      return options.model(request);
    }
    case 'question': {
      const { question, context } = params as { question: Parameters<StartOptions['questions']>[0]; context: { agent: string } };
      return options.questions(question, context);
    }
    case 'tool': {
      const { name, arguments: args } = params as { name: string; arguments: Record<string, unknown> };
      const tool = options.probes.tools.find((candidate) => candidate.name === name);
      if (!tool) throw new RpcError(RpcErrorCode.invalidParams, `no probe tool named ${JSON.stringify(name)} was registered`);
      return { text: await tool.execute(args) };
    }
    case 'command': {
      const { name, agent, args } = params as { name: string; agent: string; args: string };
      const command = (options.probes.commands ?? []).find((candidate) => candidate.name === name);
      if (!command) throw new RpcError(RpcErrorCode.invalidParams, `no probe command named ${JSON.stringify(name)} was registered`);
      return { text: await command.run(agent, args) };
    }
    default:
      throw new RpcError(RpcErrorCode.methodNotFound, `method not found: ${method}`);
  }
}

/** One scenario's host: a fresh process, `initialize` + `start`, and a handle over it. */
async function startExecHost(command: ExecCommand, atLoad: InitializeResult, options: StartOptions): Promise<HostHandle> {
  let host = await boot(command, atLoad, options);

  async function call<M extends KitMethod>(method: M, params: Record<string, unknown>): Promise<KitResult<M>> {
    const raw = await host.request(method, params);
    return parseReturned(method, KIT_TO_HOST[method].result as z.ZodType, raw) as KitResult<M>;
  }

  return {
    createAgent: () => call('createAgent', {}),
    prompt: async (agent, text, images) => void (await call('prompt', images === undefined ? { agent, text } : { agent, text, images })),
    setPlanMode: (agent, active) => call('setPlanMode', { agent, active }),
    getPlanMode: (agent) => call('getPlanMode', { agent }),
    readLog: (agent) => call('readLog', { agent }),
    readObserved: (agent) => call('readObserved', { agent }),
    runCommand: (agent, line, images) => call('runCommand', images === undefined ? { agent, line } : { agent, line, images }),
    readProjection: (agent) => call('readProjection', { agent }),
    readProjectionPushes: (agent) => call('readProjectionPushes', { agent }),
    fork: (agent) => call('fork', { agent }),
    spawn: (agent) => call('spawn', { agent }),
    spawnOwnedChild: (owner) => call('spawnOwnedChild', { owner }),
    compact: async (agent) => void (await call('compact', { agent })),
    async restart() {
      // A real restart: the process dies as in a crash, a new one opens the same store.
      await host.kill();
      const problem = host.leftovers('restart');
      if (problem) throw problem;
      host = await boot(command, atLoad, options);
    },
    async dispose() {
      if (host.troubled) {
        // A failure a step already reported needs no second report; one no step saw, or a call
        // never answered, fails the scenario here with the whole stderr tail.
        await host.kill();
        const problem = host.leftovers('dispose');
        if (problem) throw problem;
        return;
      }
      try {
        await withinMs(DISPOSE_LIMIT_MS, call('dispose', {}), async () => {
          await host.kill();
          return host.leftovers('dispose');
        });
      } finally {
        await host.close(EXIT_GRACE_MS);
      }
    },
  };
}

/** Starts a process, checks it declares what it declared at load, and starts the host on the options. */
async function boot(command: ExecCommand, atLoad: InitializeResult, options: StartOptions): Promise<HostProcess> {
  const host = spawnHost(command, options);
  try {
    const info = await initialize(host);
    if (info.name !== atLoad.name || !sameCapabilities(info.capabilities, atLoad.capabilities)) {
      throw new AdapterError('start', 'the host declared another name or other capabilities than at load (initialize must always answer the same)');
    }
    await host.request('start', {
      storeDir: options.storeDir,
      edition: options.edition,
      deployment: options.deployment,
      compose: options.compose,
      probes: {
        sections: options.probes.sections.map(({ name, order, text }) => ({ name, order, text })),
        tools: options.probes.tools.map(({ name, description, parameters, effect }) =>
          effect === undefined ? { name, description, parameters } : { name, description, parameters, effect },
        ),
        commands: (options.probes.commands ?? []).map(({ name, description }) => ({ name, description })),
      },
    }).then((raw) => parseReturned('start', KIT_TO_HOST.start.result, raw));
    return host;
  } catch (error) {
    await host.kill();
    throw error;
  }
}

function sameCapabilities(a: Capabilities, b: Capabilities): boolean {
  return JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
}

async function withinMs<T>(ms: number, run: Promise<T>, onTimeout: () => Promise<Error | undefined>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => void onTimeout().then((error) => reject(error ?? new Error(`no answer within ${ms} ms`))), ms);
  });
  try {
    return await Promise.race([run, limit]);
  } finally {
    clearTimeout(timer);
  }
}

function kitVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
