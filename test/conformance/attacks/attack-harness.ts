/**
 * What the attack tests share: the fixture run's arguments, and a faulty host
 * (test/fixtures/hosts/faulty-proxy.mjs: the reference's stdio host, which
 * passes everything, behind a proxy injecting one fault) run through the CLI's
 * main in this process or loaded as an exec adapter.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { onTestFinished } from 'vitest';
import { planModeDeployment, type ModelRequest, type StartOptions } from '../../../src/index.js';
import { loadExecAdapter, type ExecAdapter } from '../../../conformance/transport/exec-adapter.js';
import { FIXTURES, ROOT } from '../cli-harness.js';
import { runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';

/** The arguments of a run of the fixture features against the fixture adapter `adapter`, then `extra`. */
export const fixtureRun = (adapter: string, ...extra: string[]) => [
  '--adapter',
  `${FIXTURES}adapters/${adapter}`,
  '--features',
  `${FIXTURES}features`,
  ...extra,
];

export const PROXY = 'test/fixtures/hosts/faulty-proxy.mjs';
export const FIXTURE_FEATURES = ['--features', `${FIXTURES}features`];

export interface ScenarioRecord {
  id: string;
  status: string;
  failure?: { kind: string; step?: string; message: string };
}

export interface HostileRun {
  status: number | null;
  stdout: string;
  stderr: string;
  scenarios: ScenarioRecord[];
}

/** Runs the CLI (its main, in this process) against the faulty proxy with `fault`, serially, on the fixture features (`--tags` in `args` narrows them). */
export async function runHostile(
  fault: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<HostileRun> {
  const tags = args.includes('--tags') ? [] : ['--tags', 'not @id:fixture-undefined'];
  const dir = await temporaryFolder('pmc-attack-');
  const results = `${dir}/results.json`;
  // The CLI's main in this process: the host is the suite child's, a process of its own either way.
  const run = await runMain(
    [
      '--adapter',
      `exec:node ${PROXY} ${fault}`,
      ...FIXTURE_FEATURES,
      ...tags,
      '--parallel',
      '1',
      '--format',
      `results:${results}`,
      ...args,
    ],
    env,
  );
  const scenarios = await readFile(results, 'utf8').then(
    (text) => (JSON.parse(text) as { scenarios: ScenarioRecord[] }).scenarios,
    () => [],
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, scenarios };
}

export const byId = (run: HostileRun, id: string): ScenarioRecord | undefined =>
  run.scenarios.find((scenario) => scenario.id === id);

/**
 * The faulty proxy loaded as an exec adapter, inside a test; its idle host processes are closed when
 * that test finishes (a hook registered by the test that loaded it, not by this module as it loads:
 * files that share their modules load it once, test/shared-modules.ts).
 */
export async function loadProxy(fault: string, ...hostArgs: string[]): Promise<ExecAdapter> {
  const adapter = await loadExecAdapter({ argv: [process.execPath, PROXY, fault, ...hostArgs], cwd: ROOT });
  onTestFinished(() => adapter.closeIdleProcesses());
  return adapter;
}

export async function scenarioOptions(modelRequests: ModelRequest[] = []): Promise<StartOptions> {
  return {
    storeDir: await temporaryFolder('pmc-attack-store-'),
    edition: 'rc.8',
    deployment: planModeDeployment({ section: 'You are in plan mode.' }),
    compose: { commands: true, questions: true, projections: true },
    model: async (request) => {
      modelRequests.push(request);
      return { type: 'text', text: 'Done.' };
    },
    questions: async () => ({ type: 'no-answer' }),
    probes: { sections: [], tools: [] },
  };
}

/** Runs `body` with an environment variable set for the host processes it spawns. */
export async function withEnv<T>(name: string, value: string, body: () => Promise<T>): Promise<T> {
  const before = process.env[name];
  process.env[name] = value;
  try {
    return await body();
  } finally {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  }
}

/** A faulty-proxy process heard on the lifeline: its pid, and a promise that resolves when it has ended. */
export interface LifelineProcess {
  pid: number;
  ended: Promise<void>;
}

export interface Lifeline {
  /** The first `count` processes that connected, in the order they connected (waits for them). */
  started(count: number): Promise<LifelineProcess[]>;
  /** Resolves once the process `pid` has connected and ended. */
  ended(pid: number): Promise<void>;
}

/**
 * Runs `body` with `variable` ($HOSTILE_LIFELINE unless named) naming a Unix
 * socket every process of a fixture host connects to as it starts, writing its
 * pid (every faulty-proxy process, test/fixtures/hosts/faulty-proxy.mjs; the
 * worker of with-child-process.mjs, $WORKER_LIFELINE): the test waits on events
 * (a connection, its close when the process ends, which the kernel does however
 * it ends), never on a clock, so no machine is too slow for it. A process that
 * should end and does not leaves the test waiting until vitest's hang guard
 * (test/limits.ts) fails it.
 */
export async function withLifeline<T>(
  body: (lifeline: Lifeline) => Promise<T>,
  variable = 'HOSTILE_LIFELINE',
): Promise<T> {
  const { path, remove } = await socketPath();
  const heard: LifelineProcess[] = [];
  const sockets: Socket[] = [];
  /** Each is told the processes heard so far, and answers whether what it waits for was among them. */
  const waiters: Array<(heard: LifelineProcess[]) => boolean> = [];
  const tell = (): void => {
    for (const waiter of [...waiters]) if (waiter(heard)) waiters.splice(waiters.indexOf(waiter), 1);
  };
  const waitFor = <R>(answer: (heard: LifelineProcess[]) => R | undefined): Promise<R> =>
    new Promise((resolve) => {
      waiters.push((now) => {
        const found = answer(now);
        if (found === undefined) return false;
        resolve(found);
        return true;
      });
      tell();
    });
  const server = createServer((socket) => {
    sockets.push(socket);
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    let text = '';
    socket.on('data', function readPid(chunk: Buffer) {
      text += chunk.toString('utf8');
      if (!text.includes('\n')) return;
      socket.off('data', readPid);
      socket.resume();
      heard.push({ pid: Number(text.split('\n')[0]), ended });
      tell();
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
  try {
    return await withEnv(variable, path, () =>
      body({
        started: (count) => waitFor((now) => (now.length >= count ? now.slice(0, count) : undefined)),
        ended: (pid) => waitFor((now) => now.find((heard) => heard.pid === pid)).then((heard) => heard.ended),
      }),
    );
  } finally {
    for (const socket of sockets) socket.destroy();
    server.close();
    remove?.();
  }
}

/**
 * A Unix socket's path holds at most 107 bytes on Linux (103 on macOS), and a $TMPDIR nested as CI's steps nest
 * theirs passes that (`listen EINVAL`): such a run gets a folder of its own in /tmp, removed after the test.
 */
const SOCKET_PATH_MOST = 100;

async function socketPath(): Promise<{ path: string; remove?: () => void }> {
  const inTemporary = `${await temporaryFolder('pmc-lifeline-')}/lifeline.sock`;
  if (Buffer.byteLength(inTemporary) <= SOCKET_PATH_MOST) return { path: inTemporary };
  const short = mkdtempSync('/tmp/pmc-');
  return { path: `${short}/l.sock`, remove: () => rmSync(short, { recursive: true, force: true }) };
}
