/**
 * Sharing a matrix's entries (mutants, variants) out among worker processes:
 * each worker is handed the next entry's name as it answers the last, so a
 * slow entry holds up one worker only. A worker says when it is ready, judges
 * one entry at a time and goes when told to stop or when its parent goes (its
 * channel closes). The matrices run the suite in process, so this is how they
 * use more than one core.
 */
import { fork } from 'node:child_process';

type ToWorker = { run: string } | { stop: true };
type FromWorker<R> = { ready: true } | { name: string; result: R };

export interface PoolOptions<R> {
  /** The worker's script (it calls `serveEntries`). */
  worker: string;
  /** The worker's command-line arguments (the same for every worker): what the matrix was asked beyond names. */
  args?: readonly string[];
  names: readonly string[];
  workers: number;
  /** The result of an entry a worker could not answer for (it ended while holding it, or none was left). */
  unjudged(name: string, why: string): R;
  /** Told of each entry's result as it comes, judged or not, in the order they finish: a matrix's progress. */
  onResult?(name: string, result: R): void;
}

/** Every entry's result, by name. */
export async function shareOut<R>(options: PoolOptions<R>): Promise<Map<string, R>> {
  const queue = [...options.names];
  const found = new Map<string, R>();
  const record = (name: string, result: R) => {
    found.set(name, result);
    options.onResult?.(name, result);
  };
  const serve = () =>
    new Promise<void>((resolve) => {
      const child = fork(options.worker, [...(options.args ?? [])], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      let held: string | undefined;
      const handOut = () => {
        held = queue.shift();
        child.send((held !== undefined ? { run: held } : { stop: true }) satisfies ToWorker);
      };
      child.on('message', (message: FromWorker<R>) => {
        if ('name' in message) record(message.name, message.result);
        handOut();
      });
      child.on('error', () => child.kill());
      child.on('exit', (code, signal) => {
        if (held !== undefined && !found.has(held))
          record(held, options.unjudged(held, `the worker ended (${signal ?? `exit code ${code}`}) while judging it`));
        resolve();
      });
    });
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.workers, queue.length)) }, serve));
  for (const name of options.names)
    if (!found.has(name)) record(name, options.unjudged(name, 'no worker was left to judge it'));
  return found;
}

/**
 * The worker's side: answers each entry it is handed with `judge`, and calls
 * `end` (removing its build folder) before it goes, whether told to stop,
 * left by its parent or interrupted with it (one process group).
 */
export function serveEntries<R>(judge: (name: string) => Promise<R>, end: () => Promise<void>): void {
  const send = (message: FromWorker<R>) => process.send!(message);
  const leave = () => void end().finally(() => process.exit(0));
  process.on('disconnect', leave);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, leave);
  process.on('message', (message: ToWorker) => {
    if ('stop' in message) return leave();
    void judge(message.run).then((result) => send({ name: message.run, result }));
  });
  send({ ready: true });
}
