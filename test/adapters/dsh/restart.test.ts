/**
 * dsh on its real persistence: the jsonl backend composed where the running
 * Node has zstd in node:zlib (22.15+), and `restart` resuming every agent
 * from it. On an older Node the backend cannot load, so `restart` is declared
 * missing with the command that runs the kit under Node 22, and the tests
 * that need the backend are skipped (npm test runs this file under Node 22
 * too: `npx -y -p node@22 node node_modules/vitest/vitest.mjs run test/adapters/dsh/restart.test.ts`).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import adapter from '../../../adapters/dsh/adapter.js';
import { DSH_UNDER_NODE_22, nodeHasZstd, restartSupport } from '../../../adapters/dsh/persistence.js';
import { harness, PNG, withHost } from './dsh-harness.js';

const zstd = nodeHasZstd();

/** Every file under a folder, as paths relative to it. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
}

describe('dsh adapter: restart on this Node', () => {
  it('declares restart exactly where node:zlib has zstd, and otherwise says how to get a Node that has it', () => {
    expect(nodeHasZstd({})).toBe(false);
    const noZstd = restartSupport(false);
    expect(noZstd).toEqual({ missing: expect.stringContaining(DSH_UNDER_NODE_22) });
    expect(restartSupport(true)).toBe(true);
    expect(adapter.capabilities.restart).toEqual(restartSupport(zstd));
  });

  it.skipIf(zstd)('has no restart method where the backend cannot load', async () => {
    await withHost(harness(), async (host) => expect(host.restart).toBeUndefined());
  });
});

describe.skipIf(!zstd)('dsh adapter: restart through @deepseek-ai/dsh-session-persistence-jsonl (Node 22.15+)', () => {
  it('writes sessions as zstd jsonl logs in the store folder and resumes them: log, plan state and history', async () => {
    const h = harness();
    await withHost(h, async (host) => {
      const agent = await host.createAgent();
      await host.setPlanMode(agent, true);
      await host.prompt(agent, 'Plan the importer');
      const before = await host.readLog(agent);
      await host.restart!();
      // The backend's own layout: <root>/<project>/<encoded id>/session.jsonl.zstd.
      expect(filesUnder(join(h.options.storeDir, 'sessions'))).toEqual([join('_no-cwd', agent, 'session.jsonl.zstd')]);
      const after = await host.readLog(agent);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(await host.getPlanMode(agent)).toEqual({ active: true });
      await host.prompt(agent, 'Continue');
      expect(h.requests).toHaveLength(2);
      expect(h.requests[1]!.systemPrompt).toBe(h.requests[0]!.systemPrompt);
    });
  });

  it("keeps what a request showed of the past across a restart: a tool's value and a prompt's images (MX-03)", async () => {
    const h = harness();
    h.responses.push({
      type: 'tool_calls',
      text: '',
      calls: [{ id: 'call-1', name: 'probe_lookup', arguments: { query: 'x' } }],
    });
    await withHost(h, async (host) => {
      const agent = await host.createAgent();
      await host.prompt(agent, 'Look at this', [PNG]);
      expect(h.requests).toHaveLength(2);
      await host.restart!();
      await host.prompt(agent, 'Task 2');
      const [, second, third] = h.requests;
      expect(third!.messages.slice(0, second!.messages.length)).toEqual(second!.messages);
      expect(second!.messages[0]).toMatchObject({
        role: 'user',
        content: [PNG, { type: 'text', text: 'Look at this' }],
      });
      expect(second!.messages[2]).toMatchObject({ role: 'tool', toolCallId: 'call-1', value: 'PROBE RESULT' });
    });
  });

  it('brings back an agent whose session never logged an event, which the backend stores only at its first event', async () => {
    const h = harness();
    await withHost(h, async (host) => {
      const idle = await host.createAgent();
      const busy = await host.createAgent();
      await host.prompt(busy, 'Hello');
      await host.restart!();
      // Upstream's lazy materialization: nothing on disk for the idle agent, so `resume` alone could not find it.
      expect(filesUnder(join(h.options.storeDir, 'sessions'))).toEqual([join('_no-cwd', busy, 'session.jsonl.zstd')]);
      expect(await host.readLog(idle)).toEqual([]);
      expect(await host.getPlanMode(idle)).toEqual({ active: false });
      await host.prompt(idle, 'Now you');
      expect(h.requests.at(-1)).toMatchObject({ agent: idle });
    });
  });

  it('resumes a child that a live agent owned as a root: ownership ends with the process, so it can open the review (REVIEW-07)', async () => {
    const h = harness();
    h.responses.push({
      type: 'tool_calls',
      text: '',
      calls: [{ id: 'exit-1', name: 'exit_plan_mode', arguments: { plan: '# Plan' } }],
    });
    h.replies.push({ type: 'answer', selected: ['Approve'] });
    await withHost(h, async (host) => {
      const owner = await host.createAgent();
      const child = await host.spawnOwnedChild!(owner);
      await host.setPlanMode(child, true);
      await host.restart!();
      await host.prompt(child, 'Plan it');
      expect(h.asked).toEqual([expect.stringMatching(new RegExp(`^${child}:`))]);
      expect(await host.getPlanMode(child)).toEqual({ active: false });
    });
  });
});
