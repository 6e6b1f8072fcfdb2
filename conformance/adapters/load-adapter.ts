/**
 * Resolves `--adapter NAME|PATH` to an adapter module and checks its default
 * export. Anything wrong here is a usage problem (exit 2), reported in one line.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AdapterShapeSchema, type Adapter } from '../../src/index.js';
import { describeIssues } from '../guard/adapter-error.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { execArgv, isExecAdapter, loadExecAdapterOnce } from '../transport/exec-resolver.js';

/** Built-in adapters are found in the compiled package. */
const DIST_ROOT = join(PACKAGE_ROOT, 'dist');

export const BUILT_IN_ADAPTERS: Record<string, string> = {
  reference: resolve(DIST_ROOT, 'reference/adapter.js'),
  dsh: resolve(DIST_ROOT, 'adapters/dsh/adapter.js'),
};

export class AdapterLoadError extends Error {
  override name = 'AdapterLoadError';
}

/** Turns a name or path into an absolute module path, without loading it. */
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

/** Imports the module and validates its default export. */
export async function loadAdapter(path: string): Promise<Adapter> {
  if (isExecAdapter(path)) return loadExec(path);
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(path).href)) as { default?: unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new AdapterLoadError(`adapter module ${path} could not be imported: ${message}`);
  }
  if (module.default === undefined) {
    throw new AdapterLoadError(`adapter module ${path} has no default export (use defineAdapter)`);
  }
  const parsed = AdapterShapeSchema.safeParse(module.default);
  if (!parsed.success) {
    throw new AdapterLoadError(`adapter module ${path} is malformed: ${describeIssues(parsed.error)}`);
  }
  return module.default as Adapter;
}

function checkedExecSpec(spec: string): string {
  try {
    execArgv(spec);
  } catch (error) {
    throw new AdapterLoadError(error instanceof Error ? error.message : String(error));
  }
  return spec;
}

async function loadExec(spec: string): Promise<Adapter> {
  try {
    return await loadExecAdapterOnce(spec);
  } catch (error) {
    throw new AdapterLoadError(error instanceof Error ? error.message : String(error));
  }
}
