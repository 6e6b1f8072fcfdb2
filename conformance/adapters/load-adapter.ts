/**
 * Loads an adapter (resolved by `adapter-path.ts`) and checks its default
 * export. Anything wrong here is a usage problem (exit 2), reported whole:
 * every problem of the definition with its path, a syntax error with its
 * file:line:column, a missing upstream package with the command that installs it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AdapterShapeSchema, describeZodIssues, type Adapter } from '../../src/index.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { isExecAdapter } from '../transport/exec-spec.js';
import { loadExecAdapterOnce } from '../transport/exec-resolver.js';
import { PUBLIC_API_BUNDLE } from '../bundled-entries.js';
import { AdapterLoadError, BUILT_IN_ADAPTERS, DIST_ROOT } from './adapter-path.js';
import { importModule } from './import-module.js';

/** The npm scope of the upstream packages the built-in dsh adapter composes. */
const DSH_SCOPE = '@deepseek-ai/';

let kitResolution = false;

/**
 * Lets an adapter outside any project that installed the kit import
 * `plan-mode-conformance` (resolved to this kit), once per process.
 */
function resolveKitByName(): void {
  if (kitResolution) return;
  kitResolution = true;
  // Both from the compiled package (the hooks run in Node's loader thread, which cannot load TypeScript).
  const kitEntry = PUBLIC_API_BUNDLE;
  const hooks = join(DIST_ROOT, 'conformance', 'adapters', 'kit-resolve-hooks.js');
  if (!existsSync(kitEntry) || !existsSync(hooks)) return;
  register(pathToFileURL(hooks), { data: { kitEntryUrl: pathToFileURL(kitEntry).href } });
}

/** Imports the module and validates its default export. */
export async function loadAdapter(path: string): Promise<Adapter> {
  if (isExecAdapter(path)) return loadExec(path);
  let module: { default?: unknown };
  if (!Object.values(BUILT_IN_ADAPTERS).includes(path)) resolveKitByName();
  try {
    module = (await importModule(pathToFileURL(path).href)) as { default?: unknown };
  } catch (error) {
    throw new AdapterLoadError(describeImportFailure(path, error));
  }
  if (module.default === undefined) {
    throw new AdapterLoadError(`adapter module ${path} has no default export (export default defineAdapter({ ... }))`);
  }
  const parsed = AdapterShapeSchema.safeParse(module.default);
  if (!parsed.success) {
    const problems = describeZodIssues(parsed.error);
    throw new AdapterLoadError(
      `adapter module ${path}: its default export has ${problems.length} problem(s):\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
  }
  return module.default as Adapter;
}

function describeImportFailure(path: string, error: unknown): string {
  const prefix = `adapter module ${path} could not be imported`;
  // By name: the adapter's copy of the public API may not be the kit's (the CLI runs bundled).
  if (error instanceof Error && error.name === 'AdapterDefinitionError') {
    const [head, ...problems] = error.message.split('\n');
    const site = callSite(error);
    return `${prefix}: ${head!.replace(/:$/, '')}${site ? ` (defineAdapter called at ${site})` : ''}:\n${problems.join('\n')}`;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_MODULE_NOT_FOUND') {
    const missing = message.match(/Cannot find (?:package|module) '([^']+)'/)?.[1];
    if (missing !== undefined && isDshAdapter(path) && isDshUpstream(missing)) return dshInstallHint(missing);
    return `${prefix}: ${message}`;
  }
  if (error instanceof SyntaxError) {
    const location = syntaxErrorLocation(path);
    return `${prefix}: ${location ? `${location.where}: ` : ''}SyntaxError: ${message}${location ? `\n${location.excerpt}` : ''}`;
  }
  const name = error instanceof Error && error.name !== 'Error' ? `${error.name}: ` : '';
  const site = error instanceof Error ? callSite(error) : undefined;
  return `${prefix}: ${name}${message}${site ? ` (at ${site})` : ''}`;
}

/**
 * Where a module-level error was thrown: the first stack frame outside Node's
 * internals and the kit's public API, as modules (`dist/src/`) or as the bundle an
 * install imports (`dist/bundled/public-api.cjs`, behind `public-api.js`), so a
 * `defineAdapter` problem points at its call. Only the location is shown, not
 * the stack: the error is the user's.
 */
function callSite(error: Error): string | undefined {
  const kitSrc = join(PACKAGE_ROOT, 'dist', 'src');
  const publicApiBundle = [PUBLIC_API_BUNDLE, PUBLIC_API_BUNDLE.replace(/\.js$/, '.cjs')];
  for (const line of (error.stack ?? '').split('\n').slice(1)) {
    const frame = line.match(/\(?((?:file:\/\/)?\/[^():]+|[A-Za-z]:\\[^():]+):(\d+):(\d+)\)?\s*$/);
    if (!frame) continue;
    const file = frame[1]!.startsWith('file://') ? fileURLToPath(frame[1]!) : frame[1]!;
    if (file.startsWith(kitSrc) || publicApiBundle.includes(file)) continue;
    return `${file}:${frame[2]}:${frame[3]}`;
  }
  return undefined;
}

/**
 * `import()` of a module with a syntax error rejects, on Node 20, with a
 * SyntaxError that names neither the file (which may be one the adapter
 * imports) nor the line. Node prints both when the import fails in a process
 * of its own, and nothing of the module runs (a syntax error stops it at link
 * time), so the location is read from such a process.
 */
export function syntaxErrorLocation(path: string): { where: string; excerpt: string } | undefined {
  const child = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', 'await import(process.argv[1])', pathToFileURL(path).href],
    {
      encoding: 'utf8',
      timeout: 10_000,
    },
  );
  const lines = (child.stderr ?? '').split('\n');
  const head = lines.findIndex((line) => /^(file:\/\/\S+|\/\S+):\d+$/.test(line));
  if (head < 0) return undefined;
  const [, file, lineNumber] = lines[head]!.match(/^(\S+):(\d+)$/)!;
  const source = lines[head + 1] ?? '';
  const caret = lines[head + 2] ?? '';
  const column = caret.indexOf('^') + 1;
  const shownFile = file!.startsWith('file://') ? fileURLToPath(file!) : file!;
  return {
    where: `${shownFile}:${lineNumber}${column > 0 ? `:${column}` : ''}`,
    excerpt: column > 0 ? `  ${source}\n  ${caret}` : `  ${source}`,
  };
}

interface KitManifest {
  devDependencies?: Record<string, string>;
  overrides?: Record<string, unknown>;
}

function kitManifest(): KitManifest {
  return JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as KitManifest;
}

/** The built-in dsh adapters: `dsh` (rc.8) and one per other release (`dsh@0.0.1-rc.1`). */
function isDshAdapter(path: string): boolean {
  return Object.entries(BUILT_IN_ADAPTERS).some(([name, builtIn]) => builtIn === path && /^dsh(@|$)/.test(name));
}

/**
 * Another release of an upstream package, installed under an npm alias
 * (`"dsh-plan-mode-0.0.1-rc.1": "npm:@deepseek-ai/dsh-plan-mode@0.0.1-rc.1"`):
 * alias name and target.
 */
function dshAliases(manifest: KitManifest): Array<[alias: string, target: string]> {
  return Object.entries(manifest.devDependencies ?? {}).filter(([, version]) => version.startsWith(`npm:${DSH_SCOPE}`));
}

/** Whether a module the dsh adapters import is one of the upstream packages (by scope, or an alias of one). */
function isDshUpstream(missing: string): boolean {
  return missing.startsWith(DSH_SCOPE) || dshAliases(kitManifest()).some(([alias]) => alias === missing);
}

/**
 * What to run when the built-in dsh adapters' upstream packages are not
 * installed: the rc.8 packages at their exact versions, and for each other
 * release (`--adapter dsh@0.0.1-rc.1`) its plugin under the npm alias the
 * adapter imports, with the kit's stand-in for the module npm lacks and the
 * `overrides` that point the alias's peers at the packages installed.
 */
export function dshInstallHint(missing: string): string {
  const manifest = kitManifest();
  const devDependencies = Object.entries(manifest.devDependencies ?? {});
  const packages = devDependencies
    // The stand-in for the module npm lacks (a file: dependency) is the kit's own, not an install.
    .filter(([name, version]) => name.startsWith(DSH_SCOPE) && !version.startsWith('file:'))
    .map(([name, version]) => `${name}@${version}`);
  const standIns = devDependencies
    .filter(([name, version]) => name.startsWith(DSH_SCOPE) && version.startsWith('file:'))
    .map(([name, version]) => `${name}@file:${join(PACKAGE_ROOT, version.slice('file:'.length))}`);
  const releases = dshAliases(manifest).flatMap(([alias, target]) => {
    const adapter = Object.keys(BUILT_IN_ADAPTERS).find((name) => target.endsWith(`@${name.slice('dsh@'.length)}`));
    const overrides = manifest.overrides?.[alias];
    return [
      `${adapter ? `--adapter ${adapter}` : alias} also needs its plugin under the npm alias ${alias}${standIns.length > 0 ? ", with the kit's stand-in for the module npm lacks" : ''}.`,
      ...(overrides === undefined
        ? []
        : [
            "First point the alias's peers at the packages above, in your package.json (as the kit's own has it):",
            `  "overrides": ${JSON.stringify({ [alias]: overrides })}`,
          ]),
      'Then install it:',
      `  npm install --save-dev ${[`${alias}@${target}`, ...standIns].join(' ')}`,
    ];
  });
  return [
    `the built-in dsh adapter needs the upstream packages it composes, and ${missing} is not installed.`,
    'Install them (exact versions) next to plan-mode-conformance, then run again:',
    `  npm install --save-dev ${packages.join(' ')}`,
    ...releases,
  ].join('\n');
}

async function loadExec(spec: string): Promise<Adapter> {
  try {
    return await loadExecAdapterOnce(spec);
  } catch (error) {
    throw new AdapterLoadError(error instanceof Error ? error.message : String(error));
  }
}
