/**
 * A V8 code cache for the kit's own CommonJS bundles, used by the suite's
 * child process (`suite-child-entry.ts`). Compiling the child's 2.5 MB of
 * bundled JavaScript (cucumber, zod, yaml, the kit) cost every run 50 to
 * 60 ms, and the functions compiled lazily while it ran cost more; reading
 * them back from the cache costs about 15. Node 20 has no compile cache of its own
 * (`module.enableCompileCache` came with Node 22).
 *
 * Only the bundles named are compiled here; every other module loads as Node
 * loads it. Each bundle's cache is a file of its own, named by the Node
 * version and the bundle's size and modification time, so
 * a rebuilt bundle or another Node never reads a stale cache (V8 also checks
 * its own version and flags and rejects what does not fit). A missing or
 * rejected cache is written when the process exits, after the run, so it
 * holds the functions the run compiled too (or, in a process that changes a V8
 * flag, just before the change: see `owed` below): written to a temporary name and
 * renamed, so runs at once never read half a file; where the folder is not
 * writable the run simply goes without.
 *
 * The same bundles are also read here rather than by Node: as bytes, taken
 * as Latin-1 text when they are ASCII (build/bundle.mjs makes every bundle
 * ASCII), the same text; Node reads a script as UTF-8, which costs about
 * twice as much CPU for the child's 2 MB (12 ms of it at a load of 30).
 */
import { isAscii } from 'node:buffer';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { basename, dirname, join } from 'node:path';
import vm from 'node:vm';

/**
 * The caches this process still owes (read none, or had its read rejected), and whether a V8 flag changed since
 * start-up. V8 stamps a cache with the flags in force when it is *written*, and a process started with the
 * default flags rejects one stamped after a change (optimising-tier.ts caps the tiers mid-run, in both children
 * of a default run): written at exit, every default run's cache was rejected by the next run, which compiled
 * its bundles afresh and wrote another unusable one. So an owed cache is written just before the flags change,
 * and none after it. Written that early it holds only the functions compiled by then (about 0.77 of 1.45 MB for
 * the suite's child), so it goes under a name of its own (`earlyCacheFileOf`): read when there is no whole one,
 * it leaves the whole one owed, and the next process that changes no flag writes it at exit.
 */
interface CacheLedger {
  owed: Set<CompiledBundle>;
  flagsChanged: boolean;
}

/**
 * Kept on `globalThis` under a registered symbol, not in a module variable: the suite's child holds this module
 * twice, bundled into suite-child-entry.cjs (which turns the cache on) and into suite-child.cjs (whose
 * exploration changes the flags), and both copies must keep one ledger.
 */
const LEDGER = Symbol.for('plan-mode-conformance/compile-cache-ledger');

function ledger(): CacheLedger {
  const holder = globalThis as unknown as Record<symbol, CacheLedger | undefined>;
  holder[LEDGER] ??= { owed: new Set(), flagsChanged: false };
  return holder[LEDGER];
}

/** Called just before this process changes a V8 flag: writes the caches it owes now, while their stamp still fits a fresh process, and none later. */
export function settleCompileCachesBeforeFlagChange(): void {
  const state = ledger();
  if (state.flagsChanged) return;
  state.flagsChanged = true;
  for (const bundle of state.owed) if (!bundle.readEarly) writeCache(bundle, earlyCacheFileOf(bundle.cacheFile));
  state.owed.clear();
}

/** Set to 0 to compile without the cache (measuring, or ruling it out). */
export const COMPILE_CACHE_ENV = 'PLAN_MODE_CONFORMANCE_COMPILE_CACHE';

interface CompiledBundle {
  script: vm.Script;
  cacheFile: string;
  /** No whole cache was read: one is written at exit (unless a flag changed by then). */
  write: boolean;
  /** The early cache was read and taken (no whole one): the early one is not written again. */
  readEarly: boolean;
}

/** Node's CommonJS module object, as far as compiling into it goes. */
interface CommonJsModule {
  exports: unknown;
  /** Later Nodes pass more (the module's format): handed on untouched. */
  _compile(content: string, filename: string, ...more: unknown[]): unknown;
}

/** How Node loads a file of one extension into its module (`Module._extensions`). */
type ExtensionLoader = (this: unknown, module: CommonJsModule, filename: string, ...more: unknown[]) => unknown;

/** A bundle's text: ASCII read as Latin-1 (one byte a character, no decoding), anything else as UTF-8, as Node reads it. */
export function bundleText(filename: string): string {
  const bytes = readFileSync(filename);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** The cache file of a bundle: Node version, size and modification time in its name. */
export function cacheFileOf(bundle: string, cacheDir: string): string {
  const { size, mtimeMs } = statSync(bundle);
  return join(cacheDir, `${basename(bundle)}.${process.version}-${process.arch}.${size}-${Math.floor(mtimeMs)}.cache`);
}

/** Where a cache written before a flag changed goes: it holds less than a whole one (see the ledger above). */
export function earlyCacheFileOf(cacheFile: string): string {
  return cacheFile.replace(/\.cache$/, '.early.cache');
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCache(bundle: CompiledBundle, cacheFile = bundle.cacheFile): void {
  const partial = `${cacheFile}.${process.pid}.partial`;
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(partial, bundle.script.createCachedData());
    renameSync(partial, cacheFile);
  } catch {
    // A read-only install, a full disk: the next run compiles again, nothing else is lost.
    try {
      rmSync(partial, { force: true });
    } catch {
      // Nothing was written there either.
    }
  }
}

/**
 * From now on, the given bundles (absolute paths) compile with the cache kept
 * in `cacheDir` when they are required. Returns the bundles compiled so far
 * (for tests).
 */
export function useCompileCache(
  bundles: readonly string[],
  cacheDir: string,
): { compiled: ReadonlyMap<string, CompiledBundle> } {
  const compiled = new Map<string, CompiledBundle>();
  if (process.env[COMPILE_CACHE_ENV] === '0') return { compiled };
  const cached = new Set(bundles);
  const prototype = (Module as unknown as { prototype: CommonJsModule }).prototype;
  const compileAsNodeDoes = prototype._compile;

  prototype._compile = function compileWithCache(
    this: CommonJsModule,
    content: string,
    filename: string,
    ...more: unknown[]
  ): unknown {
    if (!cached.has(filename)) return compileAsNodeDoes.call(this, content, filename, ...more);
    const cacheFile = cacheFileOf(filename, cacheDir);
    const whole = readCache(cacheFile);
    const cachedData = whole ?? readCache(earlyCacheFileOf(cacheFile));
    // No `import()` from here: after a cache hit V8 has lost the callback it needs (see adapters/import-module.ts).
    const script = new vm.Script(Module.wrap(content), { filename, ...(cachedData ? { cachedData } : {}) });
    const bundle: CompiledBundle = {
      script,
      cacheFile,
      write: whole === undefined || script.cachedDataRejected === true,
      readEarly: whole === undefined && cachedData !== undefined && script.cachedDataRejected !== true,
    };
    compiled.set(filename, bundle);
    // Compiled after a flag changed, its cache would be stamped with the changed flags: not written at all.
    if (bundle.write && !ledger().flagsChanged) ledger().owed.add(bundle);
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    const require = Module.createRequire(filename);
    return wrapper.call(this.exports, this.exports, require, this, filename, dirname(filename));
  };

  // Node loads a `.cjs` with the loader of `.js` (no loader of its own is registered in Node 20 to 24).
  const extensions = (Module as unknown as { _extensions: Record<string, ExtensionLoader> })._extensions;
  for (const extension of ['.js', '.cjs']) {
    const loadAsNodeDoes = extensions[extension];
    if (!loadAsNodeDoes) continue;
    extensions[extension] = function loadBundle(module, filename, ...more) {
      if (!cached.has(filename)) return loadAsNodeDoes.call(this, module, filename, ...more);
      return module._compile(bundleText(filename), filename);
    };
  }

  process.once('exit', () => {
    const { owed } = ledger();
    for (const bundle of owed) writeCache(bundle);
    owed.clear();
  });
  return { compiled };
}
