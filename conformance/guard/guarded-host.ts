/**
 * The kit never talks to a host handle directly: `GuardedHost` wraps it so that
 * each call is time-limited, each error names the method, and each returned
 * value is validated against the contract's schemas.
 */
import { z } from 'zod';
import {
  AgentIdSchema,
  CommandResultSchema,
  PlanModeStateSchema,
  PlanProjectionViewSchema,
  SessionEventSchema,
  SessionLogSchema,
  SetOutcomeSchema,
  type Adapter,
  type CommandResult,
  type HostHandle,
  type ImageBlock,
  type PlanModeState,
  type PlanProjectionView,
  type SessionEvent,
  type SetOutcome,
  type StartOptions,
} from '../../src/index.js';
import { AdapterError } from './adapter-error.js';
import { parseReturned } from './parse-returned.js';
import { ParsedOnce } from './parsed-once.js';
import { AdapterTimeoutError, withinLimit } from './time-limit.js';

const REQUIRED_METHODS = [
  'createAgent',
  'prompt',
  'setPlanMode',
  'getPlanMode',
  'readLog',
  'readObserved',
  'dispose',
] as const;
const VoidSchema = z.unknown();

/** Checks that `start` returned something shaped like a host handle. */
const PlanProjectionPushesSchema = z.array(PlanProjectionViewSchema);

export function checkHandle(value: unknown): HostHandle {
  if (value === null || typeof value !== 'object') {
    throw new AdapterError('start', 'returned a malformed value: field (value): expected a host handle object');
  }
  for (const method of REQUIRED_METHODS) {
    if (typeof (value as Record<string, unknown>)[method] !== 'function') {
      throw new AdapterError('start', `returned a malformed value: field ${method}: expected a function`);
    }
  }
  return value as HostHandle;
}

export class GuardedHost {
  /**
   * Logs and what observers were told: read at every idle moment, each unchangeable event parsed once
   * (parsed-once.ts). Kept per host: a host's events are its own, and the table dies with the host, so it stays
   * small (one table for the whole process grew with every session's events, each kept until a collection).
   */
  private readonly sessionEvents = new ParsedOnce(SessionEventSchema, SessionLogSchema);

  constructor(
    private readonly handle: HostHandle,
    private readonly limitMs: number,
    /** For restart, which starts the host again. */
    private readonly startLimitMs: number = limitMs,
  ) {}

  private async call<T>(
    method: string,
    schema: z.ZodType<T>,
    run: () => Promise<unknown>,
    limitMs = this.limitMs,
  ): Promise<T> {
    const value = await withinLimit(method, limitMs, run);
    return parseReturned(method, schema, value);
  }

  /** A call returning a list whose unchangeable items are parsed once (parsed-once.ts). */
  private async callList<T>(method: string, list: ParsedOnce<T>, run: () => Promise<unknown>): Promise<T[]> {
    return list.parseList(method, await withinLimit(method, this.limitMs, run));
  }

  private optional<K extends keyof HostHandle>(method: K): NonNullable<HostHandle[K]> {
    const fn = this.handle[method];
    if (typeof fn !== 'function') {
      throw new AdapterError(method, 'is not implemented although the adapter declares the capability');
    }
    return (fn as (...args: unknown[]) => unknown).bind(this.handle) as NonNullable<HostHandle[K]>;
  }

  createAgent(): Promise<string> {
    return this.call('createAgent', AgentIdSchema, () => this.handle.createAgent());
  }
  /** Images are passed only when there are some: a host that predates them sees the call it always saw. */
  async prompt(agent: string, text: string, images?: ImageBlock[]): Promise<void> {
    await this.call('prompt', VoidSchema, () =>
      images === undefined ? this.handle.prompt(agent, text) : this.handle.prompt(agent, text, images),
    );
  }
  setPlanMode(agent: string, active: boolean): Promise<SetOutcome> {
    return this.call('setPlanMode', SetOutcomeSchema, () => this.handle.setPlanMode(agent, active));
  }
  getPlanMode(agent: string): Promise<PlanModeState> {
    return this.call('getPlanMode', PlanModeStateSchema, () => this.handle.getPlanMode(agent));
  }
  readLog(agent: string): Promise<SessionEvent[]> {
    return this.callList('readLog', this.sessionEvents, () => this.handle.readLog(agent));
  }
  readObserved(agent: string): Promise<SessionEvent[]> {
    return this.callList('readObserved', this.sessionEvents, () => this.handle.readObserved(agent));
  }
  runCommand(agent: string, line: string, images?: ImageBlock[]): Promise<CommandResult> {
    const run = this.optional('runCommand');
    return this.call('runCommand', CommandResultSchema, () =>
      images === undefined ? run(agent, line) : run(agent, line, images),
    );
  }
  readProjection(agent: string): Promise<PlanProjectionView> {
    const read = this.optional('readProjection');
    return this.call('readProjection', PlanProjectionViewSchema, () => read(agent));
  }
  readProjectionPushes(agent: string): Promise<PlanProjectionView[]> {
    const read = this.optional('readProjectionPushes');
    return this.call('readProjectionPushes', PlanProjectionPushesSchema, () => read(agent));
  }
  fork(agent: string): Promise<string> {
    const fork = this.optional('fork');
    return this.call('fork', AgentIdSchema, () => fork(agent));
  }
  spawn(agent: string): Promise<string> {
    const spawn = this.optional('spawn');
    return this.call('spawn', AgentIdSchema, () => spawn(agent));
  }
  spawnOwnedChild(owner: string): Promise<string> {
    const spawnOwnedChild = this.optional('spawnOwnedChild');
    return this.call('spawnOwnedChild', AgentIdSchema, () => spawnOwnedChild(owner));
  }
  async compact(agent: string): Promise<void> {
    const compact = this.optional('compact');
    await this.call('compact', VoidSchema, () => compact(agent));
  }
  async restart(): Promise<void> {
    const restart = this.optional('restart');
    await this.call('restart', VoidSchema, () => restart(), this.startLimitMs);
  }
  async dispose(): Promise<void> {
    await this.call('dispose', VoidSchema, () => this.handle.dispose());
  }
}

/**
 * Starts a host through the adapter, time-limited, and guards the handle it
 * returns. A host that answers after its time, or with a malformed handle, is
 * still disposed of when it can be: the scenario has failed, but its host
 * (a process, open files) must not live on until the run ends.
 */
export async function startGuardedHost(
  adapter: Adapter,
  options: StartOptions,
  limitMs: number,
  startLimitMs = limitMs,
): Promise<GuardedHost> {
  let starting: Promise<unknown> | undefined;
  let handle: unknown;
  const givenUp = new AbortController();
  try {
    handle = await withinLimit(
      'start',
      startLimitMs,
      () => (starting = adapter.start({ ...options, signal: givenUp.signal })),
    );
    return new GuardedHost(checkHandle(handle), limitMs, startLimitMs);
  } catch (error) {
    if (error instanceof AdapterTimeoutError) {
      // The adapter is told at once (an exec host's process is killed then), and a handle it
      // returns later is disposed of.
      givenUp.abort();
      void starting?.then(disposeUnused, () => undefined);
    } else disposeUnused(handle);
    throw error;
  }
}

/** Best effort, never awaited: whatever it does is the host's own affair now. */
function disposeUnused(handle: unknown): void {
  const dispose = (handle as { dispose?: unknown } | null | undefined)?.dispose;
  if (typeof dispose !== 'function') return;
  try {
    void Promise.resolve(dispose.call(handle)).catch(() => undefined);
  } catch {
    // A dispose that throws at once: nothing more can be done for it.
  }
}
