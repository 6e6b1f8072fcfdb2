/**
 * The exec: transport fails closed on the wire: each fault a host can commit
 * has a fixture host under test/fixtures/hosts/ and fails with a message that
 * names the kit's method and shows the tail of the host's stderr. Also: both
 * directions at once (mid-turn calls while the host waits on the model), and
 * no process left behind.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StartOptions } from '../../../src/index.js';
import { checkHandle, GuardedHost } from '../../../conformance/guard/guarded-host.js';
import { loadExecAdapter, type ExecCommand } from '../../../conformance/transport/exec-adapter.js';
import { splitCommandLine } from '../../../conformance/transport/command-line.js';
import { CLI, FIXTURES, ROOT } from '../cli-harness.js';
import { PROCESS_LIMIT_MS } from '../../limits.js';
import { withLifeline } from '../attacks/attack-harness.js';

const LIMIT_MS = 2_000;
const hostCommand = (name: string): ExecCommand => ({
  argv: [process.execPath, `${FIXTURES}hosts/${name}`],
  cwd: ROOT,
});

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
});

async function startFixture(
  name: string,
  overrides: Partial<StartOptions> = {},
  limitMs = LIMIT_MS,
): Promise<GuardedHost> {
  const storeDir = await mkdtemp(join(tmpdir(), 'transport-test-'));
  cleanups.push(() => rm(storeDir, { recursive: true, force: true }));
  const adapter = await loadExecAdapter(hostCommand(name));
  // Started without a limit (a process start is slow on a loaded machine); the calls are limited.
  const handle = await adapter.start({
    storeDir,
    edition: 'seed',
    deployment: 'plugins: []\n',
    compose: { commands: true, questions: true, projections: true },
    model: async () => ({ type: 'text', text: 'Done.' }),
    questions: async () => ({ type: 'answer', selected: ['Approve'] }),
    probes: {
      sections: [],
      tools: [{ name: 'probe_lookup', description: 'probe', parameters: {}, execute: async () => 'PROBE RESULT' }],
    },
    ...overrides,
  });
  const host = new GuardedHost(checkHandle(handle), limitMs);
  cleanups.push(() => host.dispose());
  // The adapter starts a host process ahead for the next scenario, as a run does; a run closes it at its end, so
  // the test does too (with-child-process.mjs's worker outlived every run of this file before).
  cleanups.push(() => adapter.closeIdleProcesses());
  return host;
}

describe('the exec: transport, both directions at once', () => {
  it('answers the host’s model, tool and question requests while prompt is pending, and sends mid-turn calls while the host waits on the model', async () => {
    let host: GuardedHost | undefined;
    host = await startFixture('mid-turn.mjs', {
      model: async () => {
        expect(await host!.setPlanMode('a1', true)).toBe('queued');
        return { type: 'text', text: 'Done.' };
      },
    });
    const agent = await host.createAgent();
    await host.prompt(agent, 'hello');
    const seen = (await host.readLog(agent)).map((event) => (event.type === 'other' ? event.name : event.type));
    expect(seen).toEqual([
      'setPlanMode while model pending=true',
      'model answered',
      'model said Done.',
      'tool said PROBE RESULT',
      'user replied answer',
    ]);
  });
});

describe('the exec: transport fails closed on the wire', () => {
  it('fails on a line that is not JSON, quoting it, with the host’s stderr', async () => {
    const host = await startFixture('malformed-json.mjs');
    await expect(host.createAgent()).rejects.toThrow(
      /adapter method createAgent: the host broke the protocol: it sent a line that is not JSON: "\{\\"jsonrpc\\":\\"2.0\\",\\"id\\":"[\s\S]*host stderr[\s\S]*about to write a broken line/,
    );
  });

  it('fails on a reply to an id the kit never sent', async () => {
    const host = await startFixture('unknown-reply-id.mjs');
    await expect(host.createAgent()).rejects.toThrow(
      /adapter method createAgent: .*a reply to id 9999, which no pending request has[\s\S]*host stderr/,
    );
  });

  it('fails on a missing reply within the call limit, and names the unanswered call with the stderr tail', async () => {
    const host = await startFixture('missing-reply.mjs', {}, 300);
    await expect(host.createAgent()).rejects.toThrow('adapter method createAgent: did not answer within 300 ms');
    await expect(host.dispose()).rejects.toThrow(
      /adapter method dispose: the host never answered createAgent[\s\S]*createAgent received, not answering/,
    );
  });

  it('fails on -32601 for a method the kit calls, naming the method', async () => {
    const host = await startFixture('unknown-method.mjs');
    await expect(host.getPlanMode('a1')).rejects.toThrow(
      /adapter method getPlanMode: the host does not know this method \(it answered -32601/,
    );
  });

  it('fails on output that is not protocol on stdout', async () => {
    const host = await startFixture('stdout-noise.mjs');
    await expect(host.createAgent()).rejects.toThrow(
      /adapter method createAgent: the host broke the protocol: it sent a line that is not JSON: "creating an agent now"/,
    );
  });

  it('fails when the process exits mid-scenario, with its exit code and stderr', async () => {
    const host = await startFixture('exits-mid-scenario.mjs');
    await expect(host.createAgent()).rejects.toThrow(
      /adapter method createAgent: the host process exited with code 3[\s\S]*fatal: out of agents/,
    );
  });

  it('fails when the process is killed mid-scenario', async () => {
    const host = await startFixture('killed-mid-scenario.mjs');
    await expect(host.createAgent()).rejects.toThrow(
      /adapter method createAgent: the host process was killed by SIGKILL/,
    );
  });

  it('fails on a host request with invalid params, naming the host’s method and the field', async () => {
    const host = await startFixture('invalid-model-request.mjs');
    await expect(host.prompt('a1', 'hi')).rejects.toThrow(
      /adapter method prompt: the host broke the protocol: it sent a model request with invalid params: field params\.request\.messages/,
    );
  });

  it('reports a failure once: dispose after a failed call only cleans up', async () => {
    const host = await startFixture('exits-mid-scenario.mjs');
    await expect(host.createAgent()).rejects.toThrow(/exited with code 3/);
    await expect(host.dispose()).resolves.toBeUndefined();
  });

  it('fails at dispose a fault no call saw, so the scenario cannot pass', async () => {
    const host = await startFixture('noise-after-reply.mjs');
    expect(await host.createAgent()).toBe('a1');
    await expect(host.dispose()).rejects.toThrow(
      /adapter method dispose: the host broke the protocol: it sent a line that is not JSON: "agent a1 ready"/,
    );
  });

  it('refuses at load a host that exits at once, with its stderr', async () => {
    await expect(loadExecAdapter(hostCommand('exits-at-once.mjs'))).rejects.toThrow(
      /could not be initialized: the host process exited with code 1[\s\S]*cannot open configuration file host\.toml/,
    );
  });

  it('refuses at load a command that does not exist', async () => {
    await expect(loadExecAdapter({ argv: ['no-such-host-command-xyz'], cwd: ROOT })).rejects.toThrow(
      /could not be initialized: the host command could not be started: spawn no-such-host-command-xyz ENOENT/,
    );
  });

  it('ends the run with exit 2 when the host command exits at once', () => {
    const run = spawnSync(process.execPath, [CLI, '--adapter', 'exec:node test/fixtures/hosts/exits-at-once.mjs'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: PROCESS_LIMIT_MS, // a hang guard, not a speed measurement
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/could not be initialized[\s\S]*cannot open configuration file host\.toml/);
  });
});

describe('the exec: transport leaves no process behind', () => {
  // The worker's end is heard on its lifeline (a socket it holds, closed when it ends): a worker left running keeps
  // its test waiting until the hang guard (test/limits.ts) fails it.
  it('kills the host and its own children when a call times out and the scenario ends', () =>
    withLifeline(async (lifeline) => {
      const host = await startFixture('with-child-process.mjs', {}, 300);
      await expect(host.createAgent()).rejects.toThrow('did not answer within 300 ms');
      const error = await host.dispose().then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message).toMatch(/never answered createAgent[\s\S]*worker pid \d+/);
      await lifeline.ended(Number(/worker pid (\d+)/.exec(error!.message)![1]));
    }, 'WORKER_LIFELINE'));

  it('kills every host group when the kit process exits without disposing', () =>
    withLifeline(async (lifeline) => {
      const dir = await mkdtemp(join(tmpdir(), 'transport-exit-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const pidFile = join(dir, 'workers');
      const script = `
      import { loadExecAdapter } from './dist/conformance/transport/exec-adapter.js';
      const adapter = await loadExecAdapter({ argv: [process.execPath, 'test/fixtures/hosts/with-child-process.mjs'], cwd: process.cwd() });
      const handle = await adapter.start({ storeDir: ${JSON.stringify(dir)}, deployment: '', compose: { commands: true, questions: true, projections: true },
        model: async () => ({ type: 'text', text: '' }), questions: async () => ({ type: 'no-answer' }), probes: { sections: [], tools: [] } });
      handle.createAgent().catch(() => {});
      setTimeout(() => process.exit(0), 200);
    `;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: PROCESS_LIMIT_MS,
        env: { ...process.env, WORKER_PID_FILE: pidFile },
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const workers = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
      // The process at load serves the scenario; one more may have been started ahead by then.
      expect(workers.length).toBeGreaterThanOrEqual(1);
      await Promise.all(workers.map((pid) => lifeline.ended(pid)));
    }, 'WORKER_LIFELINE'));
});

describe('exec: command lines', () => {
  it('splits like a shell for simple quoting', () => {
    expect(splitCommandLine(`python3 "my host.py" --name 'a b' c\\ d`)).toEqual([
      'python3',
      'my host.py',
      '--name',
      'a b',
      'c d',
    ]);
  });
  it('refuses what needs a shell, and an empty command', () => {
    expect(() => splitCommandLine('python3 host.py | tee log')).toThrow(/needs a shell/);
    expect(() => splitCommandLine('  ')).toThrow(/needs a command line/);
    expect(() => splitCommandLine('python3 "host.py')).toThrow(/unterminated double quote/);
  });
});
