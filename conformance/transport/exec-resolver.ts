/**
 * `--adapter "exec:<command line>"` in adapter loading: the adapter is
 * loaded once per kit process (the world asks for it every scenario).
 */
import type { Adapter } from '../../src/index.js';
import { loadExecAdapter } from './exec-adapter.js';
import { execArgv } from './exec-spec.js';

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
