/**
 * The hand-written envelope check (`readRpcMessage`) accepts and returns
 * exactly what the published zod schema (`RpcMessageSchema`) does, on values
 * built from the envelope's parts, near misses included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRpcMessage, RpcMessageSchema } from '../../../src/protocol/json-rpc.js';

const anyId = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.constant(2 ** 53),
  fc.boolean(),
  fc.constant(undefined),
);
const anyValue = fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.constant([]), fc.constant({}));
const anyError = fc.oneof(
  fc.record({ code: anyId, message: fc.oneof(fc.string(), fc.integer()), data: anyValue }, { requiredKeys: [] }),
  anyValue,
);
const anyEnvelope = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('1.0'), fc.constant(2)),
    id: anyId,
    method: fc.oneof(fc.string(), fc.constant(''), fc.integer()),
    params: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.constant([]), fc.constant(null), fc.string()),
    result: anyValue,
    error: anyError,
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe('readRpcMessage', () => {
  it('agrees with RpcMessageSchema on every envelope', () => {
    fc.assert(
      fc.property(fc.oneof(anyEnvelope, anyValue), (raw) => {
        const parsed = RpcMessageSchema.safeParse(raw);
        expect(readRpcMessage(raw)).toEqual(parsed.success ? parsed.data : undefined);
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads the messages of a sample exchange', () => {
    for (const raw of [
      { jsonrpc: '2.0', id: 3, method: 'createAgent', params: {} },
      { jsonrpc: '2.0', id: 'h1', result: { type: 'text', text: 'Done.' } },
      { jsonrpc: '2.0', id: 4, result: null },
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } },
    ]) {
      expect(readRpcMessage(raw)).toEqual(RpcMessageSchema.parse(raw));
    }
  });
});
