/**
 * Runs the CLI's `main` in the test's own process, its console and its
 * writes to stdout and stderr captured: for a test about what the CLI decides
 * and prints (arguments refused, a verb's verdict, a report written), not
 * about its process. Starting the bundled CLI costs a process per call; a
 * suite run still forks the suite's child either way. A test whose subject is
 * the process itself (exit codes as a shell sees them, signals, what reaches
 * which stream of a pipe, a host ending its process) runs the built CLI
 * (cli-harness.ts, process-harness.ts).
 */
import { vi } from 'vitest';
import { main } from '../../conformance/cli/main.js';
import { fixtureArgs, type CliRun } from './cli-harness.js';

/** The call under way: calls run one after another, as the console is captured for one call at a time. */
let previousCall: Promise<unknown> = Promise.resolve();

/**
 * `main(args)` as `runCli(args, env)` would run it, in this process: its exit
 * code, what it printed, its closing line. `env` is set in this process's
 * environment for the call (what the suite child and its host inherit), and
 * put back after it. Calls made together run one after another (as
 * spawnSync's did).
 */
export function runMain(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const call = previousCall.then(() => runMainNow(args, env));
  previousCall = call.catch(() => undefined);
  return call;
}

async function runMainNow(args: string[], env: Record<string, string>): Promise<CliRun> {
  const previous = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const line =
    (into: string[]) =>
    (...parts: unknown[]) =>
      void into.push(`${parts.map(String).join(' ')}\n`);
  const write =
    (into: string[]) =>
    (chunk: string | Uint8Array, ...rest: unknown[]) => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
      const callback = rest.find((value) => typeof value === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    };
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(line(stdout)),
    vi.spyOn(console, 'info').mockImplementation(line(stdout)),
    vi.spyOn(console, 'error').mockImplementation(line(stderr)),
    vi.spyOn(console, 'warn').mockImplementation(line(stderr)),
    vi.spyOn(process.stdout, 'write').mockImplementation(write(stdout) as typeof process.stdout.write),
    vi.spyOn(process.stderr, 'write').mockImplementation(write(stderr) as typeof process.stderr.write),
  ];
  let status: number;
  try {
    status = await main(args);
  } finally {
    for (const spy of spies) spy.mockRestore();
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  const out = stdout.join('');
  return { status, stdout: out, stderr: stderr.join(''), summary: out.trim().split('\n').at(-1) ?? '' };
}

/** `fixtureRun(adapter, extra)` (cli-harness.ts) in this process. */
export function fixtureMain(adapter: string, extra: string[] = []): Promise<CliRun> {
  return runMain([...fixtureArgs(adapter), ...extra]);
}
