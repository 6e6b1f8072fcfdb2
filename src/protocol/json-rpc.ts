/**
 * The JSON-RPC 2.0 envelope the host protocol uses, one message per line.
 * Only what version 1 allows: requests with an id (no notifications), replies
 * with a result or an error, no batches.
 */
import { z } from 'zod';

/** Error codes of JSON-RPC 2.0 and the one application code the protocol uses. */
export const RpcErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  applicationError: -32000,
} as const;

export const RpcIdSchema = z.union([z.string(), z.number().int()]);
export type RpcId = z.infer<typeof RpcIdSchema>;

export const RpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: RpcIdSchema,
  method: z.string().min(1),
  params: z.record(z.string(), z.unknown()),
});
export type RpcRequest = z.infer<typeof RpcRequestSchema>;

export const RpcErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type RpcErrorObject = z.infer<typeof RpcErrorSchema>;

export const RpcSuccessSchema = z
  .object({ jsonrpc: z.literal('2.0'), id: RpcIdSchema, result: z.unknown() })
  .refine((message) => 'result' in message, { message: 'a reply needs a result or an error', path: ['result'] });
export const RpcFailureSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: RpcIdSchema.nullable(),
  error: RpcErrorSchema,
});

/** Any one line of the protocol. */
export const RpcMessageSchema = z.union([RpcRequestSchema, RpcFailureSchema, RpcSuccessSchema]);
export type RpcMessage = z.infer<typeof RpcMessageSchema>;

/** An error reply received from the other side, or one to send. */
export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/**
 * `RpcMessageSchema.safeParse`, by hand: every line of a run passes here, and
 * zod's union (up to three schemas tried in turn, each failure building its
 * issues) cost a third of reading a message. Accepts and returns exactly what
 * the schema does (the schema stays the published truth; a property test
 * compares the two): a request, else an error reply, else a result reply,
 * each with only its own fields. Undefined for anything else.
 */
export function readRpcMessage(raw: unknown): RpcMessage | undefined {
  if (!isPlainObject(raw) || raw.jsonrpc !== '2.0') return undefined;
  const { id } = raw;
  const idOk = typeof id === 'string' || Number.isSafeInteger(id);
  if (idOk && typeof raw.method === 'string' && raw.method !== '' && isPlainObject(raw.params)) {
    return { jsonrpc: '2.0', id: id as RpcId, method: raw.method, params: { ...raw.params } };
  }
  if ((idOk || id === null) && isPlainObject(raw.error)) {
    const { code, message, data } = raw.error;
    if (Number.isSafeInteger(code) && typeof message === 'string') {
      const error = 'data' in raw.error ? { code: code as number, message, data } : { code: code as number, message };
      return { jsonrpc: '2.0', id: id as RpcId | null, error };
    }
  }
  if (idOk && 'result' in raw) return { jsonrpc: '2.0', id: id as RpcId, result: raw.result };
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
