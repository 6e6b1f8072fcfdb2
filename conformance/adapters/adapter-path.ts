/**
 * `--adapter NAME|PATH|exec:COMMAND` to what the suite's child process loads,
 * checked without loading anything: the CLI resolves it before it starts that
 * process, so this module stays light (no zod, no adapter code).
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';
import { execArgv, isExecAdapter } from '../transport/exec-spec.js';

/** Built-in adapters are found in the compiled package. */
export const DIST_ROOT = join(PACKAGE_ROOT, 'dist');

export const BUILT_IN_ADAPTERS: Record<string, string> = {
  // Bundled, like the suite's child (build/bundle.mjs): one file loads faster than its modules.
  reference: resolve(DIST_ROOT, 'bundled/reference-adapter.js'),
  dsh: resolve(DIST_ROOT, 'adapters/dsh/adapter.js'),
  // The same host packages with the plan-mode package of another release (adapters/dsh/releases.ts).
  'dsh@0.0.1-rc.1': resolve(DIST_ROOT, 'adapters/dsh/adapter-0.0.1-rc.1.js'),
};

export class AdapterLoadError extends Error {
  override name = 'AdapterLoadError';
}

/** Turns a name or path into an absolute module path (or a checked exec spec), without loading it. */
export function resolveAdapterPath(nameOrPath: string, cwd = process.cwd()): string {
  if (isExecAdapter(nameOrPath)) return checkedExecSpec(nameOrPath); // a host process, not a module: see transport/
  const builtIn = BUILT_IN_ADAPTERS[nameOrPath];
  if (builtIn) return builtIn;
  const looksLikePath = nameOrPath.includes('/') || nameOrPath.includes('\\') || /\.[cm]?js$/.test(nameOrPath);
  if (!looksLikePath) {
    const names = Object.keys(BUILT_IN_ADAPTERS).join(', ');
    throw new AdapterLoadError(`unknown adapter '${nameOrPath}' (built-in: ${names}; or give a path to a module)`);
  }
  const path = isAbsolute(nameOrPath) ? nameOrPath : resolve(cwd, nameOrPath);
  if (!existsSync(path)) throw new AdapterLoadError(`adapter module not found: ${path}`);
  return path;
}

function checkedExecSpec(spec: string): string {
  try {
    execArgv(spec);
  } catch (error) {
    throw new AdapterLoadError(error instanceof Error ? error.message : String(error));
  }
  return spec;
}
