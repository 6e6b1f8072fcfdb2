/**
 * `--adapter "exec:<command line>"` in adapter resolution: recognising the
 * spec, checking its command line early (a usage error, exit 2), and loading
 * the adapter once per kit process (the world asks for it every scenario).
 */
import type { Adapter } from '../../src/index.js';
import { splitCommandLine } from './command-line.js';
import { loadExecAdapter } from './exec-adapter.js';

export const EXEC_PREFIX = 'exec:';

export function isExecAdapter(spec: string): boolean {
  return spec.startsWith(EXEC_PREFIX);
}

/** The command's words; throws `CommandLineError` for a command line it cannot run. */
export function execArgv(spec: string): string[] {
  return splitCommandLine(spec.slice(EXEC_PREFIX.length));
}

const loaded = new Map<string, Promise<Adapter>>();

/** Loads the exec adapter for `spec` once: `initialize` runs at the first load only. Runs the command in `cwd`. */
export function loadExecAdapterOnce(spec: string, cwd = process.cwd()): Promise<Adapter> {
  const key = `${cwd}\u0000${spec}`;
  let adapter = loaded.get(key);
  if (!adapter) {
    adapter = Promise.resolve().then(() => loadExecAdapter({ argv: execArgv(spec), cwd }));
    loaded.set(key, adapter);
  }
  return adapter;
}
