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
export const RpcFailureSchema = z.object({ jsonrpc: z.literal('2.0'), id: RpcIdSchema.nullable(), error: RpcErrorSchema });

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
