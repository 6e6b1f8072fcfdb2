/**
 * The protocol's pieces on their own: the JSON-RPC peer (ids, interleaving,
 * faults), serveAdapter over in-memory streams, and the published JSON Schemas
 * matching their zod schemas.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAdapter, type HostHandle } from '../../../src/index.js';
import { JsonRpcPeer, LineSplitter, RpcError, serveAdapter, type WireFault } from '../../../src/protocol/index.js';
import { drift } from '../../../conformance/schemas/generate-json-schemas.js';
import { ROOT } from '../cli-harness.js';

/** Two peers wired to each other in memory. */
function pair(
  handleB: (method: string, params: Record<string, unknown>) => Promise<unknown>,
  incomingB: Record<string, z.ZodType>,
) {
  const faults: WireFault[] = [];
  const written: string[] = [];
  let b!: JsonRpcPeer;
  const a = new JsonRpcPeer({
    write: (line) => queueMicrotask(() => b.receive(line.trimEnd())),
    incoming: { ping: z.object({}) },
    handle: async () => 'pong',
    onFault: (fault) => faults.push(fault),
  });
  b = new JsonRpcPeer({
    write: (line) => {
      written.push(line);
      queueMicrotask(() => a.receive(line.trimEnd()));
    },
    incoming: incomingB,
    handle: handleB,
    onFault: (fault) => faults.push(fault),
    nextId: (() => {
      let n = 0;
      return () => `b${++n}`;
    })(),
  });
  return { a, b, faults, written };
}

describe('the JSON-RPC peer', () => {
  it('matches replies by id in any order, and answers the other side while its own request is pending', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const { a, b, faults } = pair(
      async (method) => {
        if (method === 'slow') {
          // While a's `slow` is pending here, b calls a back and gets its answer.
          expect(await b.request('ping', {})).toBe('pong');
          await slow;
          return 'slow done';
        }
        return 'fast done';
      },
      { slow: z.object({}), fast: z.object({}) },
    );
    const first = a.request('slow', {});
    const second = await a.request('fast', {});
    expect(second).toBe('fast done');
    release();
    expect(await first).toBe('slow done');
    expect(faults).toEqual([]);
  });

  it('answers -32601 and -32602 and reports both as faults, naming method and field', async () => {
    const { a, faults } = pair(async () => null, { known: z.object({ agent: z.string() }) });
    await expect(a.request('unknown', {})).rejects.toMatchObject({ code: -32601 });
    await expect(a.request('known', { agent: 7 })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/field params\.agent/),
    });
    expect(faults.map((fault) => fault.kind)).toEqual(['unknown-method', 'invalid-params']);
  });

  it('faults on lines that are not JSON, not JSON-RPC, notifications and replies to unknown ids', () => {
    const faults: WireFault[] = [];
    const peer = new JsonRpcPeer({
      write: () => undefined,
      incoming: {},
      handle: async () => null,
      onFault: (f) => faults.push(f),
    });
    peer.receive('hello');
    peer.receive('{"id":1,"result":2}');
    peer.receive('{"jsonrpc":"2.0","method":"log","params":{}}');
    peer.receive('{"jsonrpc":"2.0","id":42,"result":null}');
    expect(faults.map((f) => f.kind)).toEqual(['not-json', 'not-json-rpc', 'notification', 'unknown-reply-id']);
  });

  it('rejects pending requests with an RpcError carrying the code of an error reply', async () => {
    const { a } = pair(
      async () => {
        throw new Error('no such agent: x');
      },
      { readLog: z.object({}) },
    );
    const error = await a.request('readLog', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: -32000, message: 'no such agent: x' });
  });

  it('splits lines across chunks, UTF-8 included, and tolerates \\r\\n', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    const bytes = Buffer.from('{"a":"é"}\r\n{"b":1}\n{"c"');
    splitter.push(bytes.subarray(0, 7)); // cuts é in half
    splitter.push(bytes.subarray(7));
    expect(lines).toEqual(['{"a":"é"}', '{"b":1}']);
    expect(splitter.end()).toBe('{"c"');
  });
});

describe('serveAdapter', () => {
  it('serves an adapter: handshake, start with the ports as requests to the kit, calls, dispose', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const calls: string[] = [];
    const adapter = defineAdapter({
      name: 'in-memory',
      capabilities: {
        commands: true,
        questions: true,
        projections: { missing: 'none' },
        fork: true,
        spawn: true,
        restart: true,
        compaction: true,
        retry: true,
      },
      async start(options) {
        const handle: HostHandle = {
          createAgent: async () => 'a1',
          prompt: async (agent, text) => {
            const answer = await options.model({
              agent,
              systemPrompt: 's',
              tools: [],
              messages: [{ role: 'user', source: 'user', text }],
            });
            calls.push(`model answered ${answer.type}`);
            calls.push(`tool said ${await options.probes.tools[0]!.execute({})}`);
          },
          setPlanMode: async () => 'committed',
          getPlanMode: async () => ({ active: true }),
          readLog: async () => [],
          readObserved: async () => [],
          dispose: async () => void calls.push('disposed'),
        };
        return handle;
      },
    });
    let closed!: () => void;
    const done = new Promise<void>((resolve) => (closed = resolve));
    serveAdapter(adapter, { input, output, log: () => undefined, onClosed: closed });
    const kit = new JsonRpcPeer({
      write: (line) => input.write(line),
      incoming: {
        model: z.object({ request: z.unknown() }),
        tool: z.object({ name: z.string(), arguments: z.unknown() }),
      },
      handle: async (method) => (method === 'model' ? { type: 'text', text: 'ok' } : { text: 'PROBE' }),
      onFault: (fault) => calls.push(`fault ${fault.message}`),
    });
    const lines = new LineSplitter((line) => kit.receive(line));
    output.on('data', (chunk: Buffer) => lines.push(chunk));

    expect(await kit.request('initialize', { protocolVersion: 1, kit: { name: 't', version: '0' } })).toMatchObject({
      name: 'in-memory',
      protocolVersion: 1,
    });
    await expect(kit.request('initialize', { protocolVersion: 2, kit: { name: 't', version: '0' } })).rejects.toThrow(
      /protocol version 2/,
    );
    const probes = { sections: [], tools: [{ name: 'probe', description: '', parameters: {} }] };
    expect(
      await kit.request('start', {
        storeDir: '/tmp/x',
        deployment: '',
        compose: { commands: true, questions: true, projections: false },
        probes,
      }),
    ).toBeNull();
    expect(await kit.request('createAgent', {})).toBe('a1');
    expect(await kit.request('prompt', { agent: 'a1', text: 'hi' })).toBeNull();
    await expect(kit.request('readProjection', { agent: 'a1' })).rejects.toMatchObject({ code: -32601 });
    expect(await kit.request('dispose', {})).toBeNull();
    input.end();
    await done;
    expect(calls).toEqual(['model answered text', 'tool said PROBE', 'disposed']);
  });
});

describe('the published JSON Schemas', () => {
  it('match their zod schemas (npm run schemas to regenerate)', async () => {
    expect(await drift()).toEqual([]);
  });

  it('reports an edited file, a missing one and a stray one', async () => {
    const root = await mkdtemp(join(tmpdir(), 'schemas-drift-'));
    try {
      await cp(join(ROOT, 'protocol/schemas'), join(root, 'protocol/schemas'), { recursive: true });
      await writeFile(join(root, 'protocol/schemas/getPlanMode.result.schema.json'), '{}\n');
      await rm(join(root, 'protocol/schemas/fork.params.schema.json'));
      await writeFile(join(root, 'protocol/schemas/old.params.schema.json'), '{}\n');
      expect((await drift(root)).sort()).toEqual([
        'protocol/schemas/fork.params.schema.json is missing',
        'protocol/schemas/getPlanMode.result.schema.json differs from its zod schema',
        'protocol/schemas/old.params.schema.json belongs to no schema (remove it)',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
