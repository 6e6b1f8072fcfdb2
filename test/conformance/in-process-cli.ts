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

/** Whether a call is under way: the console is captured for one call at a time. */
let running = false;

/**
 * `main(args)` as `runCli(args)` would run it, in this process: its exit code,
 * what it printed, its closing line. One call at a time (await each).
 */
export async function runMain(args: string[]): Promise<CliRun> {
  if (running) throw new Error('runMain: another call is under way; await it first (the console is captured per call)');
  running = true;
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
    running = false;
  }
  const out = stdout.join('');
  return { status, stdout: out, stderr: stderr.join(''), summary: out.trim().split('\n').at(-1) ?? '' };
}

/** `fixtureRun(adapter, extra)` (cli-harness.ts) in this process. */
export function fixtureMain(adapter: string, extra: string[] = []): Promise<CliRun> {
  return runMain([...fixtureArgs(adapter), ...extra]);
}
