/**
 * One run of the host command: a child process in its own process group that
 * speaks the protocol on stdin/stdout and logs on stderr. The first thing
 * that breaks the protocol (a wire fault, the process exiting on its own, the
 * command not starting) is the process's *failure*: the group is killed at
 * once, every pending kit call rejects with it, and so does every later call.
 * Errors name the kit's method and end with the tail of the host's stderr.
 *
 * A failure is of one of two kinds, which a baseline tells apart: the process
 * died (`HostCrashError`: it exited, was killed by a signal other than the
 * kit's, or never started) or it broke the protocol (`HostProtocolError`).
 *
 * A host that declares `reuse` serves many scenarios one after another. From
 * its `dispose` reply on it serves no scenario: a request it sends then is a
 * fault. The kit then sends `ping` (`settle`): whatever the host writes before
 * the answer still belongs to the scenario that disposed it, and fails that
 * scenario. After the answer its process is *parked*: it must write nothing on
 * stdout (anything it writes is its failure, so the process is never handed
 * to another scenario; `onParkedFailure` tells whom it concerns), and it does
 * not keep the kit alive. Unparked for the next scenario, its stderr tail
 * starts afresh, so a failure shows only that scenario's lines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { z } from 'zod';
import {
  JsonRpcPeer,
  LineSplitter,
  RpcError,
  RpcErrorCode,
  quoteLine,
  type WireFault,
} from '../../src/protocol/index.js';
import { AdapterError } from '../guard/adapter-error.js';
import { StderrTail } from './stderr-tail.js';
import { consoleText } from '../results/host-text.js';
import { tellHostGroup } from './host-groups.js';

/** The host process died: it exited, was killed (not by the kit) or never started. Baselined as `crash`. */
export class HostCrashError extends AdapterError {
  override name = 'HostCrashError';
}

/** The host broke the protocol: a line that is no protocol message, a reply or request it may not send. Baselined as `protocol-error`. */
export class HostProtocolError extends AdapterError {
  override name = 'HostProtocolError';
}

type FailureKind = 'crash' | 'protocol';

export interface HostProcessOptions {
  argv: string[];
  cwd: string;
  /**
   * Answers the host's requests (`model`, `question`, `tool`), params already
   * parsed. An `RpcError` other than -32000, even one thrown synchronously
   * (then the process fails before it reads another line), breaks the protocol.
   */
  handle(method: string, params: Record<string, unknown>): Promise<unknown>;
  /** Params schemas of the host's requests. */
  incoming: Record<string, z.ZodType>;
}

const DRAIN_LIMIT_MS = 1_000;

/** Every live host group, killed if the kit exits without disposing them. */
const live = new Set<HostProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const host of live) host.killGroup();
  });
}

export class HostProcess {
  private readonly child: ChildProcess;
  private readonly peer: JsonRpcPeer;
  private readonly stderr = new StderrTail();
  private failure: { message: string; kind: FailureKind } | undefined;
  /** Whether some kit call already carried the failure to a step. */
  private failureReported = false;
  /** Set when the kit ends the process itself, so that its exit is no failure. */
  private ending = false;
  /** From the moment `dispose` is answered until the next `start` is sent: a request of the host is then a fault. */
  private serving = true;
  /** Between two scenarios of a reused process: from the answer to `settle`'s `ping` until `unpark`. */
  private parked = false;
  /** Told once when the process fails while parked (its scenario's verdict is out by then). */
  onParkedFailure: ((message: string) => void) | undefined;
  /** The telling of a failure while parked, which `close` waits for. */
  private lateReport: Promise<void> | undefined;
  /** `close` of a parked process: until its stdout ends, what it writes is still judged. */
  private closingParked = false;
  /** The process has exited (on its own or killed by the kit): no call can reach it. */
  private gone = false;
  /** Host requests (`model`, `question`, ...) the kit is still answering. */
  private answering = 0;
  readonly closed: Promise<void>;

  constructor(private readonly options: HostProcessOptions) {
    installExitHook();
    const [command, ...args] = options.argv;
    // detached: its own process group, so that killing the group takes the host's own children too.
    this.child = spawn(command!, args, { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    live.add(this);
    // Told at once (spawn has made the group): a supervisor that SIGKILLs this process kills the group.
    const groupId = this.child.pid;
    if (groupId !== undefined) tellHostGroup('started', groupId);
    this.peer = new JsonRpcPeer({
      write: (line) => {
        if (this.child.stdin?.writable) this.child.stdin.write(line);
      },
      incoming: options.incoming,
      handle: async (method, params) => {
        // Refused at once (a protocol error fails the process before it reads another line): a
        // request after the dispose reply belongs to no scenario, so no scenario's model or user may
        // answer it, and a reply behind it in the same chunk must not start a scenario.
        if (!this.serving) {
          throw this.refuse(method, `a ${method} request after its dispose reply, while it served no scenario`);
        }
        this.answering += 1;
        try {
          return await options.handle(method, params);
        } catch (error) {
          // A request the kit cannot take (e.g. a tool it never registered) breaks the protocol too.
          if (error instanceof RpcError && error.code !== RpcErrorCode.applicationError) {
            this.fail(
              `the host broke the protocol: its ${method} request was refused with ${error.code}: ${consoleText(error.message)}`,
              'protocol',
            );
          }
          throw error;
        } finally {
          this.answering -= 1;
        }
      },
      onFault: (fault) => this.fail(describeFault(fault), 'protocol'),
    });
    const lines = new LineSplitter((line) => {
      if (this.failure !== undefined) return;
      if (this.parked) {
        this.fail(
          `the host wrote on stdout while it served no scenario (after it answered dispose and ping): ${quoteLine(line)}`,
          'protocol',
        );
        return;
      }
      this.peer.receive(line);
    });
    this.child.stdout!.on('data', (chunk: Buffer) => lines.push(chunk));
    this.child.stdout!.on('end', () => {
      const rest = lines.end();
      if (rest !== '')
        this.fail(
          `the host's stdout ended in the middle of a line (a message must end with \\n): ${quoteLine(rest)}`,
          'protocol',
        );
    });
    this.child.stderr!.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    // Writing to a host that died is reported by its exit, not as a crash of the kit.
    this.child.stdin!.on('error', () => undefined);
    this.child.on('exit', () => this.killGroup());
    this.closed = new Promise((resolve) => {
      this.child.on('error', (error) => {
        this.fail(`the host command could not be started: ${error.message}`, 'crash');
        // A command that never started emits no 'close'.
        if (this.child.pid === undefined) {
          live.delete(this);
          resolve();
        }
      });
      this.child.on('close', (code, signal) => {
        live.delete(this);
        // The group was killed on exit (above): its id may be reused, so the supervisor forgets it.
        if (groupId !== undefined) tellHostGroup('ended', groupId);
        this.gone = true;
        if (!this.ending && !this.closingParked) {
          this.fail(
            signal ? `the host process was killed by ${signal}` : `the host process exited with code ${code}`,
            'crash',
          );
        }
        resolve();
      });
    });
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /**
   * Sends a kit call and resolves with its raw result. A -32000 error reply
   * rejects with the host's own message (like an in-process adapter that
   * throws); everything else rejects with an `AdapterError` naming `method`.
   */
  async request(
    method: string,
    params: Record<string, unknown>,
    options: { lastOfScenario?: boolean } = {},
  ): Promise<unknown> {
    if (this.failure !== undefined) {
      await this.drained();
      throw this.failureError(method);
    }
    // The reply to a scenario's last call (dispose) ends what the host may ask for that
    // scenario: a request right behind it, even in the same chunk, is its failure.
    const onReply = options.lastOfScenario ? () => void (this.serving = false) : undefined;
    try {
      return await this.peer.request(method, params, onReply);
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
      if (error.code === RpcErrorCode.applicationError) throw new Error(error.message);
      if (error.code === RpcErrorCode.methodNotFound) {
        throw new AdapterError(
          method,
          `the host does not know this method (it answered -32601: ${consoleText(error.message)})${this.stderr.describe()}`,
        );
      }
      throw new AdapterError(
        method,
        `the host answered error ${error.code}: ${consoleText(error.message)}${this.stderr.describe()}`,
      );
    }
  }

  /**
   * After the dispose reply of a process that may serve another scenario: a
   * `ping` round trip, so that everything the host writes before the answer
   * (a request its disposed host still sends, a line its dispose handler
   * prints last) is judged now, with the scenario that disposed it, rather than
   * found later when no scenario owns it. Rejects with the host's failure; an
   * older host that answers -32601 has answered too. From the answer on, the
   * process is parked (`park`): any line is its failure.
   */
  async settle(): Promise<void> {
    try {
      await this.peer.request('ping', {}, () => void (this.parked = true));
    } catch (error) {
      if (!(error instanceof RpcError && error.code === RpcErrorCode.methodNotFound))
        throw this.failure ? this.failureError('dispose') : error;
    }
    if (this.failure !== undefined) {
      await this.drained();
      throw this.failureError('dispose');
    }
  }

  /**
   * Parks a process whose scenario ended cleanly, until `unpark` hands it to
   * the next one. A parked process does not keep the kit running (the exit
   * hook kills it when the kit ends).
   */
  park(): void {
    this.parked = true;
    this.serving = false;
    this.holdsKit(false);
  }

  /** Takes a parked process for a new scenario; false when it failed while parked (it is then killed). */
  unpark(): boolean {
    this.parked = false;
    this.serving = true;
    this.holdsKit(true);
    this.stderr.forgetEarlierLines();
    return this.failure === undefined;
  }

  /** Whether this process keeps the kit running: not while it is parked or started ahead of need. */
  holdsKit(keeps: boolean): void {
    for (const handle of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as Array<{
      ref?(): void;
      unref?(): void;
    } | null>) {
      if (keeps) handle?.ref?.();
      else handle?.unref?.();
    }
  }

  /**
   * Whether the process failed, left kit calls unanswered (a timed-out call),
   * or is gone (killed by a restart that then failed): then it must not be
   * reused, nor be sent `dispose`.
   */
  get troubled(): boolean {
    return this.failure !== undefined || this.gone || this.peer.pendingMethods().length > 0;
  }

  /** Sound, and nothing in flight either way: the process may serve another scenario. */
  get reusable(): boolean {
    return !this.troubled && this.answering === 0;
  }

  /**
   * The failure not yet carried to any step, and kit calls the host never
   * answered, as one error (or none). Call it after `kill`, so that the stderr
   * tail holds everything the host wrote.
   */
  leftovers(method: string, { protocolOnly = false }: { protocolOnly?: boolean } = {}): AdapterError | undefined {
    if (protocolOnly)
      return this.failure?.kind === 'protocol' && !this.failureReported ? this.failureError(method) : undefined;
    if (this.failure !== undefined && !this.failureReported) return this.failureError(method);
    const unanswered = this.peer.pendingMethods();
    if (unanswered.length > 0) {
      return new AdapterError(method, `the host never answered ${unanswered.join(', ')}${this.stderr.describe()}`);
    }
    return undefined;
  }

  /**
   * Closes stdin (the host should exit), waits up to `graceMs`, then kills the
   * group. A parked process is still judged until its stdout ends: what it
   * writes then is still the parking scenario's (told before this resolves).
   */
  async close(graceMs: number): Promise<void> {
    if (this.parked) this.closingParked = true;
    else this.ending = true;
    this.child.stdin?.end();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.closed, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    this.ending = true;
    this.killGroup();
    await this.closed;
    await this.lateReport;
  }

  /** Ends the process as a crash would: no dispose, SIGKILL to the whole group. */
  async kill(): Promise<void> {
    this.ending = true;
    this.killGroup();
    await this.closed;
  }

  killGroup(): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // ESRCH: the group is already gone.
    }
  }

  /** Refuses a request the host may not send now: its failure, and the error its request is answered with. */
  private refuse(method: string, why: string): RpcError {
    this.fail(`the host broke the protocol: ${why}`, 'protocol');
    return new RpcError(RpcErrorCode.invalidRequest, `a ${method} request while the host served no scenario`);
  }

  private fail(message: string, kind: FailureKind): void {
    if (this.failure !== undefined || this.ending) return;
    this.failure = { message, kind };
    this.ending = true;
    this.killGroup();
    if (this.parked) {
      const told = this.onParkedFailure;
      this.onParkedFailure = undefined;
      this.lateReport = this.drained().then(() => told?.(`${message}${this.stderr.describe()}`));
    }
    // Reject once stdout and stderr are drained, so the message carries all the host wrote before it died.
    void this.drained().then(() => this.peer.rejectAll((method) => this.failureError(method)));
  }

  /** Resolves when the process's pipes closed, or after a second (a descendant that left the group may hold them). */
  private drained(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      this.closed,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAIN_LIMIT_MS))),
    ]).finally(() => clearTimeout(timer));
  }

  private failureError(method: string): AdapterError {
    this.failureReported = true;
    const failure = this.failure!;
    const ErrorOfKind = failure.kind === 'crash' ? HostCrashError : HostProtocolError;
    return new ErrorOfKind(method, `${failure.message}${this.stderr.describe()}`);
  }
}

function describeFault(fault: WireFault): string {
  return `the host broke the protocol: it sent ${fault.message}`;
}
