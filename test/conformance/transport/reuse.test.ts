/**
 * Reused host processes: a host that declares `reuse` serves scenario after
 * scenario from one process, and a scenario that crashes it, hangs it, fails
 * its dispose or writes after its dispose fails only itself: the next one gets
 * a fresh process, sees none of the earlier scenario's messages or stderr, and
 * passes. The fixture (test/fixtures/hosts/reusable-host.mjs) returns agent
 * ids that carry its process id, so which process served a scenario shows.
 */
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelRequest, StartOptions } from '../../../src/index.js';
import { checkHandle, GuardedHost } from '../../../conformance/guard/guarded-host.js';
import { loadExecAdapter, type ExecAdapter } from '../../../conformance/transport/exec-adapter.js';
import { FIXTURES, ROOT } from '../cli-harness.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { PROCESS_LIMIT_MS } from '../../limits.js';

const LIMIT_MS = 2_000;

const adapters: ExecAdapter[] = [];
afterEach(async () => {
  for (const adapter of adapters.splice(0)) await adapter.closeIdleProcesses();
});

async function load(fixture: string): Promise<ExecAdapter> {
  const adapter = await loadExecAdapter({ argv: [process.execPath, `${FIXTURES}hosts/${fixture}`], cwd: ROOT });
  adapters.push(adapter);
  return adapter;
}

interface Scenario {
  host: GuardedHost;
  /** The model requests this scenario's model port received. */
  modelRequests: ModelRequest[];
}

async function startScenario(adapter: ExecAdapter, limitMs = LIMIT_MS): Promise<Scenario> {
  const modelRequests: ModelRequest[] = [];
  const options: StartOptions = {
    storeDir: await temporaryFolder('transport-reuse-'),
    edition: 'seed',
    deployment: 'plugins: []\n',
    compose: { commands: true, questions: true, projections: true },
    model: async (request) => {
      modelRequests.push(request);
      return { type: 'text', text: 'Done.' };
    },
    questions: async () => ({ type: 'no-answer' }),
    probes: { sections: [], tools: [] },
  };
  return { host: new GuardedHost(checkHandle(await adapter.start(options)), limitMs), modelRequests };
}

const pidOf = (agent: string) => Number(agent.replace(/^a-/, ''));

/** A scenario that creates an agent, prompts it with `text` and disposes: the pid that served it. */
async function cleanScenario(adapter: ExecAdapter, text = 'hello'): Promise<number> {
  const { host, modelRequests } = await startScenario(adapter);
  const agent = await host.createAgent();
  await host.prompt(agent, text);
  await host.dispose();
  expect(modelRequests).toEqual([]);
  return pidOf(agent);
}

describe('a host that declares reuse', () => {
  it('serves scenario after scenario from one process', async () => {
    const adapter = await load('reusable-host.mjs');
    expect(adapter.reusesProcesses).toBe(true);
    const pids = [await cleanScenario(adapter), await cleanScenario(adapter), await cleanScenario(adapter)];
    expect(new Set(pids).size).toBe(1);
  });

  it('a crash fails only its own scenario, with only its own stderr lines', async () => {
    const adapter = await load('reusable-host.mjs');
    const first = await cleanScenario(adapter, 'from the first scenario');
    const { host } = await startScenario(adapter);
    expect(pidOf(await host.createAgent())).toBe(first);
    const error = await host.prompt('a', 'crash').then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(
      /adapter method prompt: the host process exited with code 3[\s\S]*prompt crash in pid/,
    );
    expect(error?.message).not.toMatch(/from the first scenario/);
    await expect(host.dispose()).resolves.toBeUndefined();
    expect(await cleanScenario(adapter)).not.toBe(first);
  });

  it('a hang fails only its own scenario: the timed-out process is killed and the next scenario gets a fresh one', async () => {
    const adapter = await load('reusable-host.mjs');
    // The file's call limit: createAgent, a correct call, must meet it on a loaded machine too.
    const { host } = await startScenario(adapter);
    const hung = pidOf(await host.createAgent());
    await expect(host.prompt('a', 'hang')).rejects.toThrow(
      `adapter method prompt: did not answer within ${LIMIT_MS} ms`,
    );
    await expect(host.dispose()).rejects.toThrow(
      /adapter method dispose: the host never answered prompt[\s\S]*prompt hang in pid/,
    );
    expect(await cleanScenario(adapter)).not.toBe(hung);
  });

  it('a failed dispose fails only its own scenario', async () => {
    const adapter = await load('reusable-host.mjs');
    const { host } = await startScenario(adapter);
    const failed = pidOf(await host.createAgent());
    await host.prompt('a', 'fail-dispose');
    await expect(host.dispose()).rejects.toThrow(/adapter method dispose: threw: cannot release the store/);
    expect(await cleanScenario(adapter)).not.toBe(failed);
  });

  for (const fault of ['stray', 'stray-later', 'noise']) {
    it(`what it writes after its dispose reply (${fault}) fails its own scenario at dispose, reaches no other, and its process serves no other`, async () => {
      const adapter = await load('reusable-host.mjs');
      const { host, modelRequests } = await startScenario(adapter);
      const writer = pidOf(await host.createAgent());
      await host.prompt('a', fault);
      await expect(host.dispose()).rejects.toMatchObject({
        name: 'HostProtocolError',
        message: expect.stringMatching(/^adapter method dispose: the host broke the protocol/),
      });
      // cleanScenario checks that its model port saw nothing.
      expect(await cleanScenario(adapter)).not.toBe(writer);
      expect(modelRequests).toEqual([]);
    });
  }

  it('restart is a real kill and start; the new process then serves the next scenario', async () => {
    const adapter = await load('reusable-host.mjs');
    const { host } = await startScenario(adapter);
    const before = pidOf(await host.createAgent());
    await host.restart();
    const after = pidOf(await host.createAgent());
    expect(after).not.toBe(before);
    await host.dispose();
    expect(await cleanScenario(adapter)).toBe(after);
  });

  it('a restart the host refuses fails the restart only; dispose then has no process to wait for', async () => {
    const adapter = await load('refuses-restart.mjs');
    const { host } = await startScenario(adapter);
    await expect(host.restart()).rejects.toThrow(/the store is locked/);
    // Within the call limit, without a second report: the killed process is not sent dispose.
    await expect(host.dispose()).resolves.toBeUndefined();
  });

  it('two scenarios at once each get their own process', async () => {
    const adapter = await load('reusable-host.mjs');
    const [a, b] = await Promise.all([startScenario(adapter), startScenario(adapter)]);
    const pids = [pidOf(await a.host.createAgent()), pidOf(await b.host.createAgent())];
    expect(pids[0]).not.toBe(pids[1]);
    await Promise.all([a.host.dispose(), b.host.dispose()]);
  });
});

describe('processes no scenario holds', () => {
  it('do not keep the kit running: a run with a parked process and one started ahead ends by itself', () => {
    const script = `
      import { loadExecAdapter } from './dist/conformance/transport/exec-adapter.js';
      const adapter = await loadExecAdapter({ argv: [process.execPath, 'test/fixtures/hosts/reusable-host.mjs'], cwd: process.cwd() });
      const handle = await adapter.start({ storeDir: ${JSON.stringify(ROOT)}, deployment: '', compose: { commands: true, questions: true, projections: true },
        model: async () => ({ type: 'text', text: '' }), questions: async () => ({ type: 'no-answer' }), probes: { sections: [], tools: [] } });
      await handle.restart(); // a new process, and one more started ahead of need
      await handle.dispose(); // parked
      console.log('disposed');
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: PROCESS_LIMIT_MS,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('disposed\n');
    expect(run.status).toBe(0);
  });
});

describe('a host that declares nothing', () => {
  it('is not reused', async () => {
    const adapter = await load('minimal-host.mjs');
    expect(adapter.reusesProcesses).toBe(false);
  });
});
