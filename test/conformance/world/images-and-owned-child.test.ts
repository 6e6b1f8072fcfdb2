/**
 * The rc.8 additions to the contract through the GuardedHost: images reach a
 * handle only when a step attaches some (a host written before images sees
 * the calls it always saw), `spawnOwnedChild` fails closed naming itself, and
 * the scripted model records user messages in the canonical form every step
 * compares (images by lower-case media type and bytes, a lone text block as
 * plain text).
 */
import { describe, expect, it } from 'vitest';
import type { HostHandle, ImageBlock, ModelRequest } from '../../../src/index.js';
import { GuardedHost } from '../../../conformance/guard/guarded-host.js';
import { canonicalRequest } from '../../../conformance/script/message-content.js';
import { imagesNamed } from '../../../conformance/world/images.js';

function recordingHandle(extra: Partial<HostHandle> = {}) {
  const calls: Array<{ method: string; args: unknown[] }> = [];
  const record =
    (method: string, value: unknown) =>
    async (...args: unknown[]) => {
      calls.push({ method, args });
      return value;
    };
  const handle = {
    createAgent: record('createAgent', 'a1'),
    prompt: record('prompt', undefined),
    setPlanMode: record('setPlanMode', 'noop'),
    getPlanMode: record('getPlanMode', { active: false }),
    readLog: record('readLog', []),
    readObserved: record('readObserved', []),
    runCommand: record('runCommand', { ok: true, text: 'ok' }),
    dispose: record('dispose', undefined),
    ...extra,
  } as unknown as HostHandle;
  return { handle, calls };
}

describe('images and the owned child through the GuardedHost', () => {
  const images: ImageBlock[] = imagesNamed('red, green');

  it('passes images to prompt and runCommand only when some are attached', async () => {
    const { handle, calls } = recordingHandle();
    const host = new GuardedHost(handle, 1_000);
    await host.prompt('a1', 'plain');
    await host.prompt('a1', 'with images', images);
    await host.runCommand('a1', '/plan');
    await host.runCommand('a1', '/plan look', images);
    expect(calls.map((call) => call.args)).toEqual([
      ['a1', 'plain'],
      ['a1', 'with images', images],
      ['a1', '/plan'],
      ['a1', '/plan look', images],
    ]);
  });

  it('names spawnOwnedChild when it is missing or answers a malformed id', async () => {
    const missing = new GuardedHost(recordingHandle().handle, 1_000);
    await expect((async () => missing.spawnOwnedChild('a1'))()).rejects.toThrow(
      /^adapter method spawnOwnedChild: is not implemented/,
    );
    const malformed = recordingHandle({ spawnOwnedChild: async () => '' }).handle;
    await expect(new GuardedHost(malformed, 1_000).spawnOwnedChild('a1')).rejects.toThrow(
      /^adapter method spawnOwnedChild: /,
    );
    const fine = recordingHandle({ spawnOwnedChild: async () => 'child-1' }).handle;
    await expect(new GuardedHost(fine, 1_000).spawnOwnedChild('a1')).resolves.toBe('child-1');
  });
});

describe('the canonical form of recorded requests', () => {
  const request = (content: ModelRequest['messages']): ModelRequest => ({
    agent: 'a1',
    systemPrompt: '',
    tools: [],
    messages: content,
  });
  const [red] = imagesNamed('red');

  it('compares images by lower-case media type and bytes, whatever the base64 spelling', () => {
    const unpadded = red!.data.replace(/=+$/, '');
    const spelled = request([
      {
        role: 'user',
        source: 'user',
        text: 'x',
        content: [
          { type: 'image', mediaType: 'IMAGE/PNG', data: unpadded },
          { type: 'text', text: 'x' },
        ],
      },
    ]);
    const canonical = request([
      {
        role: 'user',
        source: 'user',
        text: 'x',
        content: [
          { type: 'image', mediaType: 'image/png', data: red!.data },
          { type: 'text', text: 'x' },
        ],
      },
    ]);
    expect(canonicalRequest(spelled)).toEqual(canonicalRequest(canonical));
  });

  it('reads a message whose only block is its text as that text, and keeps any other content', () => {
    const lone = request([{ role: 'user', source: 'user', text: 'hello', content: [{ type: 'text', text: 'hello' }] }]);
    expect(canonicalRequest(lone).messages).toEqual([{ role: 'user', source: 'user', text: 'hello' }]);
    const imageOnly = request([{ role: 'user', source: 'user', text: '', content: [red!] }]);
    expect(canonicalRequest(imageOnly).messages).toEqual(imageOnly.messages);
  });
});
