/**
 * The host side of the protocol for hosts written in TypeScript: serves any
 * adapter (`defineAdapter({...})`) over stdin/stdout, so that the kit can run
 * it with `--adapter "exec:node my-host.js"`. The ports of the contract become
 * requests to the kit (`model`, `question`, `tool`); the handle's methods
 * become the kit's requests to the host. Problems go to stderr, the host's log.
 *
 * One process serves many scenarios (it declares `reuse`), as an in-process
 * adapter serves every scenario of a run: each `start` starts the adapter
 * afresh, `dispose` disposes of it, and the ports of a disposed host refuse to
 * reach the kit, so nothing of one scenario can reach the next.
 */
import type { Readable, Writable } from 'node:stream';
import type { Adapter, ProbeCommand, ProbeTool, StartOptions } from '../contract/adapter.js';
import type { HostHandle } from '../contract/host.js';
import { DEFAULT_EDITION } from '../contract/editions.js';
import { ModelResponseSchema, QuestionReplySchema } from './contract-values.js';
import { RpcError, RpcErrorCode } from './json-rpc.js';
import { LineSplitter } from './line-splitter.js';
import {
  CommandTextSchema,
  HOST_TO_KIT,
  KIT_TO_HOST,
  ToolResultSchema,
  type KitParams,
  type StartParams,
} from './methods.js';
import { JsonRpcPeer } from './peer.js';
import { PROTOCOL_VERSION } from './version.js';

export interface ServeOptions {
  input?: Readable;
  output?: Writable;
  /** Where the host logs; stderr by default. */
  log?: (line: string) => void;
  /** Called once stdin has closed and the handle is disposed; exits the process by default. */
  onClosed?: () => void;
  /** Declare `reuse` (one process for many scenarios); true by default. False: the kit starts a process per scenario. */
  reuse?: boolean;
}

const incoming = Object.fromEntries(Object.entries(KIT_TO_HOST).map(([method, schemas]) => [method, schemas.params]));

export function serveAdapter(adapter: Adapter, options: ServeOptions = {}): void {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const onClosed = options.onClosed ?? (() => process.exit(0));
  const reuse = options.reuse ?? true;
  let handle: HostHandle | undefined;
  /** The scenario being served; the ports of an earlier one compare theirs and refuse. */
  let scenario: object | undefined;
  let hostIds = 0;

  const peer: JsonRpcPeer = new JsonRpcPeer({
    write: (line) => output.write(line),
    incoming,
    nextId: () => `h${++hostIds}`,
    onFault: (fault) => log(`[${adapter.name}] protocol fault from the kit: ${fault.message}`),
    handle: (method, params) => answer(method, params),
  });

  /** Calls the kit and parses its answer with the method's result schema. */
  async function callKitNow<T>(
    method: keyof typeof HOST_TO_KIT,
    params: Record<string, unknown>,
    parse: (value: unknown) => T,
  ): Promise<T> {
    return parse(await peer.request(method, params));
  }

  function startOptions(params: StartParams): StartOptions {
    const mine = {};
    scenario = mine;
    /** Calls the kit for this scenario only: a disposed host's late call must not reach the next scenario. */
    function callKit<T>(
      method: keyof typeof HOST_TO_KIT,
      params: Record<string, unknown>,
      parse: (value: unknown) => T,
    ): Promise<T> {
      if (scenario !== mine)
        return Promise.reject(new Error(`the host was disposed; its ${method} request was not sent`));
      return callKitNow(method, params, parse);
    }
    const tools: ProbeTool[] = params.probes.tools.map((tool) => ({
      ...tool,
      execute: async (args) =>
        (await callKit('tool', { name: tool.name, arguments: args }, (v) => ToolResultSchema.parse(v))).text,
    }));
    const commands: ProbeCommand[] = (params.probes.commands ?? []).map((command) => ({
      ...command,
      run: async (agent, args) =>
        (await callKit('command', { name: command.name, agent, args }, (v) => CommandTextSchema.parse(v))).text,
    }));
    return {
      storeDir: params.storeDir,
      edition: params.edition ?? DEFAULT_EDITION,
      deployment: params.deployment,
      compose: params.compose,
      probes: { sections: params.probes.sections, tools, commands },
      ...(params.toolMode === undefined ? {} : { toolMode: params.toolMode }),
      model: (request) => callKit('model', { request }, (v) => ModelResponseSchema.parse(v)),
      questions: (question, context) => callKit('question', { question, context }, (v) => QuestionReplySchema.parse(v)),
    };
  }

  function started(): HostHandle {
    if (!handle) throw new Error('the host was not started (send start first)');
    return handle;
  }

  function optional<K extends keyof HostHandle>(method: K): NonNullable<HostHandle[K]> {
    const fn = started()[method];
    if (typeof fn !== 'function')
      throw new RpcError(RpcErrorCode.methodNotFound, `method not found: ${method} (capability not provided)`);
    return (fn as (...args: unknown[]) => unknown).bind(handle) as NonNullable<HostHandle[K]>;
  }

  async function answer(method: string, raw: Record<string, unknown>): Promise<unknown> {
    const params = raw as KitParams<'prompt'> & KitParams<'setPlanMode'> & KitParams<'runCommand'>;
    switch (method) {
      case 'initialize': {
        const { protocolVersion } = raw as KitParams<'initialize'>;
        if (protocolVersion !== PROTOCOL_VERSION) {
          throw new Error(
            `protocol version ${protocolVersion} is not spoken here (this host speaks ${PROTOCOL_VERSION})`,
          );
        }
        return {
          protocolVersion: PROTOCOL_VERSION,
          name: adapter.name,
          ...(adapter.editions === undefined ? {} : { editions: adapter.editions }),
          ...(adapter.release === undefined ? {} : { release: adapter.release }),
          capabilities: adapter.capabilities,
          ...(adapter.codeTool === undefined ? {} : { codeTool: adapter.codeTool }),
          ...(reuse ? { reuse: true } : {}),
        };
      }
      case 'start':
        if (handle || scenario) throw new Error('the host was already started (dispose it first)');
        try {
          handle = await adapter.start(startOptions(raw as StartParams));
        } catch (error) {
          scenario = undefined;
          throw error;
        }
        return null;
      case 'createAgent':
        return started().createAgent();
      case 'prompt':
        // Images only when sent: an adapter written before them keeps seeing two arguments.
        await (params.images === undefined
          ? started().prompt(params.agent, params.text)
          : started().prompt(params.agent, params.text, params.images));
        return null;
      case 'setPlanMode':
        return started().setPlanMode(params.agent, params.active);
      case 'getPlanMode':
        return started().getPlanMode(params.agent);
      case 'readLog':
        return started().readLog(params.agent);
      case 'readObserved':
        return started().readObserved(params.agent);
      case 'runCommand':
        return params.images === undefined
          ? optional('runCommand')(params.agent, params.line)
          : optional('runCommand')(params.agent, params.line, params.images);
      case 'readProjection':
        return optional('readProjection')(params.agent);
      case 'readProjectionPushes':
        return optional('readProjectionPushes')(params.agent);
      case 'fork':
        return optional('fork')(params.agent);
      case 'spawn':
        return optional('spawn')(params.agent);
      case 'spawnOwnedChild':
        return optional('spawnOwnedChild')((raw as KitParams<'spawnOwnedChild'>).owner);
      case 'compact':
        await optional('compact')(params.agent);
        return null;
      case 'dispose':
        await disposeCurrent();
        return null;
      case 'ping':
        return null;
      default:
        throw new RpcError(RpcErrorCode.methodNotFound, `method not found: ${method}`);
    }
  }

  let disposing: Promise<void> | undefined;
  /** Disposes of the scenario's host once, whether `dispose` or the end of stdin asks first. */
  function disposeCurrent(): Promise<void> {
    if (handle) {
      const disposed = handle;
      handle = undefined;
      scenario = undefined;
      disposing = Promise.resolve().then(() => disposed.dispose());
    }
    return disposing ?? Promise.resolve();
  }

  const lines = new LineSplitter((line) => peer.receive(line));
  input.on('data', (chunk: Buffer) => lines.push(chunk));
  input.on('end', () => {
    // The kit closed stdin: it is done with this process (after dispose, or because it is going away).
    peer.rejectAll((method) => new Error(`the kit closed the connection while ${method} was pending`));
    disposeCurrent()
      .catch((error: unknown) =>
        log(`[${adapter.name}] dispose failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(onClosed);
  });
}
