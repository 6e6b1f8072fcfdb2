/**
 * One end of the protocol: newline-delimited JSON-RPC 2.0 where both sides
 * send requests at the same time. Outgoing requests are matched to their
 * replies by id, in any order; incoming requests are handed to `handle`
 * concurrently (a host's `model` request may be pending while the kit sends
 * it `setPlanMode`), and their replies are written when they settle.
 *
 * Anything that breaks the protocol is a `WireFault` given to `onFault`; the
 * peer itself never throws from `receive`. The kit treats every fault as
 * fatal; a host may log it.
 */
import type { z } from 'zod';
import { readRpcMessage, RpcError, RpcErrorCode, type RpcId, type RpcMessage } from './json-rpc.js';

export type WireFaultKind =
  | 'not-json'
  | 'not-json-rpc'
  | 'notification'
  | 'unknown-reply-id'
  | 'unknown-method'
  | 'invalid-params'
  | 'error-reply-without-id';

export interface WireFault {
  kind: WireFaultKind;
  /** One sentence saying what arrived and why it is wrong. */
  message: string;
  /** The method concerned, when one is known. */
  method?: string;
}

export interface PeerOptions {
  /** Writes one message; the peer adds nothing (the line ends with `\n` already). */
  write(line: string): void;
  /**
   * Answers one incoming request. Throw `RpcError` for a specific code (-32601
   * for an unknown method, -32602 for invalid params); any other error is
   * answered with -32000 and its message.
   */
  handle(method: string, params: Record<string, unknown>): Promise<unknown>;
  /**
   * The params schema of each method this side answers. A request for any
   * other method is answered -32601, one whose params do not parse -32602
   * (naming the field); both are faults. `handle` gets the parsed params.
   */
  incoming: Record<string, z.ZodType>;
  onFault(fault: WireFault): void;
  /** Makes this side's request ids (the kit counts integers, a host may prefix strings). */
  nextId?: () => RpcId;
}

interface Pending {
  method: string;
  onReply: (() => void) | undefined;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/** At most this much of an offending line is quoted in a fault. */
const QUOTE_LIMIT = 200;

export function quoteLine(line: string): string {
  return JSON.stringify(line.length > QUOTE_LIMIT ? `${line.slice(0, QUOTE_LIMIT)}…` : line);
}

export class JsonRpcPeer {
  private readonly pending = new Map<RpcId, Pending>();
  private counter = 0;
  private readonly nextId: () => RpcId;

  constructor(private readonly options: PeerOptions) {
    this.nextId = options.nextId ?? (() => ++this.counter);
  }

  /**
   * Sends a request; resolves with its result, rejects with `RpcError` on an
   * error reply. `onReply` runs as the reply is read, before any later line
   * (a promise settles only after the rest of the chunk is read).
   */
  request(method: string, params: Record<string, unknown>, onReply?: () => void): Promise<unknown> {
    const id = this.nextId();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { method, onReply, resolve, reject });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  /** Methods of this side's requests still waiting for a reply, oldest first. */
  pendingMethods(): string[] {
    return [...this.pending.values()].map((p) => p.method);
  }

  /** Rejects every pending request (the other side is gone or broke the protocol). */
  rejectAll(errorFor: (method: string) => unknown): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(errorFor(p.method));
  }

  /** Takes one line read from the other side. */
  receive(line: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      this.fault({ kind: 'not-json', message: `a line that is not JSON: ${quoteLine(line)}` });
      this.send({
        jsonrpc: '2.0',
        id: null,
        error: { code: RpcErrorCode.parseError, message: 'parse error: a line that is not JSON' },
      });
      return;
    }
    const message = readRpcMessage(raw);
    if (!message) {
      if (isObject(raw) && typeof raw.method === 'string' && !('id' in raw)) {
        this.fault({
          kind: 'notification',
          method: raw.method,
          message: `a notification (a request without an id) for ${raw.method}: version 1 has none`,
        });
        return;
      }
      this.fault({ kind: 'not-json-rpc', message: `JSON that is not a JSON-RPC 2.0 message: ${quoteLine(line)}` });
      const id = isObject(raw) && (typeof raw.id === 'string' || typeof raw.id === 'number') ? raw.id : null;
      this.send({
        jsonrpc: '2.0',
        id,
        error: { code: RpcErrorCode.invalidRequest, message: 'invalid request: not a JSON-RPC 2.0 message' },
      });
      return;
    }
    this.dispatch(message);
  }

  private dispatch(message: RpcMessage): void {
    if ('method' in message) {
      void this.answer(message.id, message.method, message.params);
      return;
    }
    if (message.id === null) {
      const error = 'error' in message ? message.error : undefined;
      this.fault({
        kind: 'error-reply-without-id',
        message: `an error reply without an id: ${error?.code} ${error?.message}`,
      });
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) {
      this.fault({
        kind: 'unknown-reply-id',
        message: `a reply to id ${JSON.stringify(message.id)}, which no pending request has`,
      });
      return;
    }
    this.pending.delete(message.id);
    pending.onReply?.();
    if ('error' in message) pending.reject(new RpcError(message.error.code, message.error.message, message.error.data));
    else pending.resolve(message.result);
  }

  private async answer(id: RpcId, method: string, raw: Record<string, unknown>): Promise<void> {
    try {
      const schema = Object.hasOwn(this.options.incoming, method) ? this.options.incoming[method] : undefined;
      if (!schema) {
        this.fault({
          kind: 'unknown-method',
          method,
          message: `a request for method ${quoteLine(method)}, which this side does not have`,
        });
        throw new RpcError(RpcErrorCode.methodNotFound, `method not found: ${method}`);
      }
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const fields = describeParamsIssues(parsed.error);
        this.fault({ kind: 'invalid-params', method, message: `a ${method} request with invalid params: ${fields}` });
        throw new RpcError(RpcErrorCode.invalidParams, `invalid params: ${fields}`);
      }
      const result = await this.options.handle(method, parsed.data as Record<string, unknown>);
      this.send({ jsonrpc: '2.0', id, result: result ?? null });
    } catch (error) {
      const rpc =
        error instanceof RpcError
          ? error
          : new RpcError(RpcErrorCode.applicationError, error instanceof Error ? error.message : String(error));
      this.send({
        jsonrpc: '2.0',
        id,
        error:
          rpc.data === undefined
            ? { code: rpc.code, message: rpc.message }
            : { code: rpc.code, message: rpc.message, data: rpc.data },
      });
    }
  }

  private send(message: Record<string, unknown>): void {
    this.options.write(`${JSON.stringify(message)}\n`);
  }

  private fault(fault: WireFault): void {
    this.options.onFault(fault);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `field params.request.messages[0].role: expected ...` for the first problems of a parse. */
export function describeParamsIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      let path = 'params';
      for (const part of issue.path) path += typeof part === 'number' ? `[${part}]` : `.${String(part)}`;
      return `field ${path}: ${issue.message}`;
    })
    .join('; ');
}
