/**
 * `--adapter "exec:<command line>"`: an adapter whose host is a child process
 * speaking the host protocol (protocol/README.md). At load the command runs
 * once for `initialize` (name and capabilities must be known before any
 * scenario is skipped or run); then every scenario starts its own process,
 * unless the host declared `reuse`: then a scenario that ended cleanly leaves
 * its process parked for the next one (`idle-hosts.ts`), and only a crash, a
 * restart, a timed-out call or a failed dispose costs a new process. A new
 * process is started ahead of need (`processes-ahead.ts`), so that the scenario
 * needing it does not wait for the interpreter. A process the kit gave up on
 * (its `start` missed the start limit: `options.signal`) is killed at once.
 * The handle it returns goes through the GuardedHost like any adapter's, so
 * time limits and schema checks apply unchanged; on top of them every result
 * and every request of the host is parsed with the protocol's schemas.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { join } from 'node:path';
import { defineAdapter, type Adapter, type Capabilities, type HostHandle, type StartOptions } from '../../src/index.js';
import {
  HOST_TO_KIT,
  InitializeResultSchema,
  KIT_TO_HOST,
  NullResultSchema,
  PROTOCOL_VERSION,
  RpcError,
  RpcErrorCode,
  type InitializeResult,
  type KitMethod,
  type KitResult,
} from '../../src/protocol/index.js';
import { AdapterError } from '../guard/adapter-error.js';
import { parseReturned } from '../guard/parse-returned.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { HostProcess, HostProtocolError } from './host-process.js';
import { IdleHosts } from './idle-hosts.js';
import { ProcessesAhead, type Booting } from './processes-ahead.js';
import { consoleText } from '../results/host-text.js';

/** How long the host may take to answer `initialize` at load, before any scenario. */
const LOAD_LIMIT_MS = Number(process.env.PLAN_MODE_CONFORMANCE_EXEC_LOAD_LIMIT_MS ?? 20_000);
/** How long `dispose` and the exit after it may take before the kit kills the group. */
const DISPOSE_LIMIT_MS = 5_000;
const EXIT_GRACE_MS = 2_000;

const KIT_IDENTITY = { name: 'plan-mode-conformance', version: kitVersion() };
/** The host's requests' parameter schemas, by method: made on first use (an in-process run builds no protocol schema). */
let incoming: Record<string, (typeof HOST_TO_KIT)[keyof typeof HOST_TO_KIT]['params']> | undefined;
function incomingSchemas(): NonNullable<typeof incoming> {
  incoming ??= Object.fromEntries(Object.entries(HOST_TO_KIT).map(([method, schemas]) => [method, schemas.params]));
  return incoming;
}

export interface ExecCommand {
  argv: string[];
  /** The CLI's working directory, where the command runs. */
  cwd: string;
}

export class ExecLoadError extends Error {
  override name = 'ExecLoadError';
}

export interface ExecAdapter extends Adapter {
  /** Whether one process serves many scenarios: the host declared `reuse`, and the kit did not forgo it. */
  readonly reusesProcesses: boolean;
  /** `--process-per-scenario`: a new process for every scenario, even if the host declared `reuse`. */
  forgoReuse(): void;
  /**
   * Told when a parked process writes on stdout: output that belongs to the
   * scenario that parked it (named by its store folder), whose verdict is out.
   */
  onLateOutput(listener: (storeDir: string, message: string) => void): void;
  /** Closes the processes parked between scenarios (the kit's exit kills them anyway). */
  closeIdleProcesses(): Promise<void>;
}

/**
 * A host process and the scenario it serves: the options whose ports answer
 * its requests. None at load and while parked, so that a request then is a
 * fault of the process, never something a scenario's model or user sees.
 */
interface Served {
  host: HostProcess;
  options: StartOptions | undefined;
}

/** What every scenario of one loaded host command shares. */
interface Shared {
  atLoad: InitializeResult;
  processes: Processes;
  /** Whether a process serves many scenarios (the host's `reuse`, unless the kit forgoes it). */
  reuse: boolean;
  lateOutput: Array<(storeDir: string, message: string) => void>;
}

/** Runs `initialize` once to learn the host's name and capabilities, and returns the adapter. */
export async function loadExecAdapter(command: ExecCommand): Promise<ExecAdapter> {
  const served = spawnHost(command);
  const { host } = served;
  let info: InitializeResult;
  try {
    info = await withLoadLimit(initialize(host), host);
  } catch (error) {
    await host.kill();
    // An error the host answered (-32000) is its own text whole, a line of it no line of the kit's; the kit's own
    // (an AdapterError, a stderr tail under it) already shows the host's parts as text.
    const message =
      error instanceof AdapterError
        ? error.message.replace(/^adapter method initialize: /, '')
        : consoleText(error instanceof Error ? error.message : String(error));
    throw new ExecLoadError(`the host command '${command.argv.join(' ')}' could not be initialized: ${message}`);
  }
  const processes: Processes = {
    idle: new IdleHosts<Served>(),
    ahead: new ProcessesAhead((ahead) => startInitialized(command, info, ahead)),
  };
  // The process at load serves the first scenario too (it was initialized, never started).
  if (info.reuse === true) processes.idle.park(served);
  else processes.ahead.adopt(served);
  const shared: Shared = { atLoad: info, processes, reuse: info.reuse === true, lateOutput: [] };
  const adapter = defineAdapter({
    name: info.name,
    ...(info.editions === undefined ? {} : { editions: info.editions }),
    ...(info.release === undefined ? {} : { release: info.release }),
    capabilities: info.capabilities,
    ...(info.codeTool === undefined ? {} : { codeTool: info.codeTool }),
    start: (options) => startExecHost(shared, options),
  });
  const closeIdleProcesses = async () => {
    await Promise.all([processes.idle.closeAll(EXIT_GRACE_MS), processes.ahead.close(EXIT_GRACE_MS)]);
  };
  const withReuse = Object.defineProperty(adapter, 'reusesProcesses', { get: () => shared.reuse, enumerable: true });
  return Object.assign(withReuse as typeof withReuse & { readonly reusesProcesses: boolean }, {
    forgoReuse() {
      if (!shared.reuse) return;
      shared.reuse = false;
      // The process at load, parked for the first scenario, becomes the first new process instead.
      const parked = processes.idle.take();
      if (parked) processes.ahead.adopt(parked);
    },
    onLateOutput: (listener: (storeDir: string, message: string) => void) => void shared.lateOutput.push(listener),
    closeIdleProcesses,
  });
}

/** The processes of one loaded host command that no scenario holds. */
interface Processes {
  /** With `reuse`: processes whose scenario ended cleanly. */
  idle: IdleHosts<Served>;
  /** A new process, initialized ahead of need. */
  ahead: ProcessesAhead<Served>;
}

/** Spawns a process and checks that it initializes as at load; one started `ahead` of need does not keep the kit running. */
function startInitialized(command: ExecCommand, atLoad: InitializeResult, ahead: boolean): Booting<Served> {
  const served = spawnHost(command);
  if (ahead) served.host.holdsKit(false);
  const ready = (async () => {
    try {
      const info = await initialize(served.host);
      if (
        info.name !== atLoad.name ||
        !sameCapabilities(info.capabilities, atLoad.capabilities) ||
        (info.reuse === true) !== (atLoad.reuse === true) ||
        JSON.stringify(info.codeTool) !== JSON.stringify(atLoad.codeTool)
      ) {
        throw new AdapterError(
          'start',
          'the host declared another name, other capabilities, another code tool or another reuse than at load (initialize must always answer the same)',
        );
      }
      return served;
    } catch (error) {
      await served.host.kill();
      throw error;
    }
  })();
  return { served, ready };
}

async function withLoadLimit<T>(run: Promise<T>, host: HostProcess): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void host
        .kill()
        .then(() => reject(host.leftovers('initialize') ?? new Error(`no answer within ${LOAD_LIMIT_MS} ms`)));
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
    throw new AdapterError(
      'initialize',
      `the host speaks protocol version ${consoleText(String(info.protocolVersion))}, the kit speaks ${PROTOCOL_VERSION}`,
    );
  }
  return info;
}

function spawnHost(command: ExecCommand): Served {
  const served: Served = {
    options: undefined,
    host: new HostProcess({
      argv: command.argv,
      cwd: command.cwd,
      incoming: incomingSchemas(),
      handle: (method, params) => {
        // Refused at once (a protocol error fails the process before it reads another line): a
        // request before start or after dispose belongs to no scenario, so no scenario's model or
        // user may answer it, and a reply behind it in the same chunk must not start a scenario.
        if (!served.options) {
          throw new RpcError(
            RpcErrorCode.invalidRequest,
            `a ${method} request while the host served no scenario (before start or after dispose)`,
          );
        }
        return answerHost(served.options, method, params);
      },
    }),
  };
  return served;
}

/** The kit's side of the host's requests: the model port, the question port, probe tools and commands. */
async function answerHost(options: StartOptions, method: string, params: Record<string, unknown>): Promise<unknown> {
  switch (method) {
    case 'model': {
      const { request } = params as { request: Parameters<StartOptions['model']>[0] };
      return options.model(request);
    }
    case 'question': {
      const { question, context } = params as {
        question: Parameters<StartOptions['questions']>[0];
        context: { agent: string };
      };
      return options.questions(question, context);
    }
    case 'tool': {
      const { name, arguments: args } = params as { name: string; arguments: Record<string, unknown> };
      const tool = options.probes.tools.find((candidate) => candidate.name === name);
      if (!tool)
        throw new RpcError(RpcErrorCode.invalidParams, `no probe tool named ${JSON.stringify(name)} was registered`);
      return { text: await tool.execute(args) };
    }
    case 'command': {
      const { name, agent, args } = params as { name: string; agent: string; args: string };
      const command = (options.probes.commands ?? []).find((candidate) => candidate.name === name);
      if (!command)
        throw new RpcError(RpcErrorCode.invalidParams, `no probe command named ${JSON.stringify(name)} was registered`);
      return { text: await command.run(agent, args) };
    }
    default:
      throw new RpcError(RpcErrorCode.methodNotFound, `method not found: ${method}`);
  }
}

/**
 * One scenario's host: a parked process or a fresh one, `start`, and a handle
 * over it. `current` is the process the scenario holds from the moment it is
 * spawned or taken, so that whatever gives up on it (the kit's start limit, a
 * restart's, dispose) can kill it even while it is still initializing.
 */
async function startExecHost(shared: Shared, options: StartOptions): Promise<HostHandle> {
  const { idle } = shared.processes;
  let current: Served | undefined;
  const hold = (served: Served): void => void (current = served);
  // The kit gave up on this start (its time limit passed): the process must not live on.
  const giveUp = (): void => void current?.host.kill();
  options.signal?.addEventListener('abort', giveUp, { once: true });
  let served: Served;
  try {
    served = (shared.reuse ? await startParked(idle, options, hold) : undefined) ?? (await boot(shared, options, hold));
  } finally {
    options.signal?.removeEventListener('abort', giveUp);
  }
  if (options.signal?.aborted) {
    await served.host.kill();
    throw new AdapterError('start', 'answered after the kit gave up on it');
  }
  let host = served.host;

  async function call<M extends KitMethod>(method: M, params: Record<string, unknown>): Promise<KitResult<M>> {
    const raw = await host.request(method, params, { lastOfScenario: method === 'dispose' });
    // A value goes on as it came: the GuardedHost parses every one with the contract's schema,
    // which is the method's result schema (parsing it here too cost as much again). Only the
    // `null` of a method without a value is checked here, since the handle turns it into nothing.
    const schema = KIT_TO_HOST[method].result as z.ZodType;
    return (schema === NullResultSchema ? parseReturned(method, schema, raw) : raw) as KitResult<M>;
  }

  return {
    createAgent: () => call('createAgent', {}),
    prompt: async (agent, text, images) =>
      void (await call('prompt', images === undefined ? { agent, text } : { agent, text, images })),
    setPlanMode: (agent, active) => call('setPlanMode', { agent, active }),
    getPlanMode: (agent) => call('getPlanMode', { agent }),
    readLog: (agent) => call('readLog', { agent }),
    readObserved: (agent) => call('readObserved', { agent }),
    runCommand: (agent, line, images) =>
      call('runCommand', images === undefined ? { agent, line } : { agent, line, images }),
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
      served = await boot(shared, options, hold);
      host = served.host;
    },
    async dispose() {
      // A restart that never finished left a process initializing or starting: it goes.
      if (current && current !== served) await current.host.kill();
      if (host.troubled) {
        // A failure a step already reported needs no second report; one no step saw, or a call
        // never answered, fails the scenario here with the whole stderr tail.
        await host.kill();
        const problem = host.leftovers('dispose');
        if (problem) throw problem;
        return;
      }
      const reuse = shared.reuse;
      let disposed = false;
      let parked = false;
      try {
        await withinMs(
          DISPOSE_LIMIT_MS,
          (async () => {
            await call('dispose', {});
            // What the host writes until it answers ping is still this scenario's.
            if (reuse) await host.settle();
          })(),
          async () => {
            await host.kill();
            return host.leftovers('dispose');
          },
        );
        disposed = true;
      } finally {
        // Only a process whose scenario ended cleanly serves another one.
        parked = disposed && reuse && host.reusable;
        if (parked) park(shared, served, options.storeDir);
        else await host.close(EXIT_GRACE_MS);
      }
      // A line or a request right behind the dispose reply of a process that is not reused.
      const late = parked ? undefined : host.leftovers('dispose', { protocolOnly: true });
      if (late) throw late;
    },
  };
}

/** Parks a process whose scenario ended cleanly; if it writes while parked, that is the parking scenario's (`storeDir`). */
function park(shared: Shared, served: Served, storeDir: string): void {
  served.options = undefined;
  served.host.onParkedFailure = (message) => {
    for (const listener of shared.lateOutput) listener(storeDir, message);
  };
  shared.processes.idle.park(served);
}

/**
 * Starts the scenario's host on a parked process, if one is left (those that
 * wrote while parked were killed: their output was the scenario's that parked
 * them). Until `start` is answered the host may write nothing but that answer:
 * a line or a request before it is still the parking scenario's (told to it,
 * and this scenario starts on a new process). A crash, a timeout or a fault
 * after the answer is this scenario's, as on a new process. An error answer
 * to `start` is the host's verdict on this scenario's options; the process
 * stays reusable.
 */
async function startParked(
  idle: IdleHosts<Served>,
  options: StartOptions,
  hold: (served: Served) => void,
): Promise<Served | undefined> {
  const served = idle.take();
  if (!served) return undefined;
  hold(served);
  const parker = served.host.onParkedFailure;
  try {
    await sendStart(served.host, options);
  } catch (error) {
    if (error instanceof HostProtocolError && parker) {
      await served.host.kill();
      parker(error.message.replace(/^adapter method start: /, ''));
      return undefined;
    }
    if (served.host.reusable && !(error instanceof AdapterError)) idle.park(served);
    else await served.host.kill();
    throw error;
  } finally {
    served.host.onParkedFailure = undefined;
  }
  served.options = options;
  return served;
}

/** Takes a new process (initialized as at load) and starts the host on the options. */
async function boot(shared: Shared, options: StartOptions, hold: (served: Served) => void): Promise<Served> {
  const served = await shared.processes.ahead.take(hold);
  const { host } = served;
  served.options = options;
  try {
    await sendStart(host, options);
    return served;
  } catch (error) {
    // A host that refused this start (an error answer) can still serve the next scenario.
    if (shared.reuse && host.reusable && !(error instanceof AdapterError)) {
      served.options = undefined;
      shared.processes.idle.park(served);
    } else await host.kill();
    throw error;
  }
}

/** Sends `start` with the scenario's options (the ports stay on the kit's side) and checks its result. */
async function sendStart(host: HostProcess, options: StartOptions): Promise<void> {
  await host
    .request('start', {
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
      ...(options.toolMode === undefined ? {} : { toolMode: options.toolMode }),
    })
    .then((raw) => parseReturned('start', KIT_TO_HOST.start.result, raw));
}

function sameCapabilities(a: Capabilities, b: Capabilities): boolean {
  return JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
}

async function withinMs<T>(ms: number, run: Promise<T>, onTimeout: () => Promise<Error | undefined>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => void onTimeout().then((error) => reject(error ?? new Error(`no answer within ${ms} ms`))),
      ms,
    );
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
