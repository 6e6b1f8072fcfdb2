/**
 * Loads the CLI's verdict (verdict.ts: the catalog, baselines, report writers
 * and the public contract with its zod schemas) once the suite's child is
 * running. The bundled CLI is an ES module, and Node 20 keeps no code cache
 * for ES modules: importing the verdict's chunks compiled about 1.5 MB afresh
 * on every run (about 0.2 s of CPU, issue 36). The build also writes the
 * verdict as a script (dist/bundled/cli-verdict.cjs) that shares zod.cjs,
 * yaml.cjs and public-api.cjs with the suite's child, so the CLI reads it
 * through the same code cache as the child (runner/compile-cache.ts): one
 * cache for both processes. Run from tsc's output (no script beside this
 * module or in the folder above), the ES module is imported as before.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHED_BUNDLES, COMPILE_CACHE_FOLDER, VERDICT_BUNDLE } from '../runner/cached-bundles.js';
import { useCompileCache } from '../runner/compile-cache.js';

type Verdict = typeof import('./verdict.js');

export async function loadVerdict(): Promise<Verdict> {
  const bundled = bundledFolder(dirname(fileURLToPath(import.meta.url)));
  if (bundled === undefined) return import('./verdict.js');
  useCompileCache(
    CACHED_BUNDLES.map((name) => join(bundled, name)),
    join(bundled, COMPILE_CACHE_FOLDER),
  );
  return createRequire(import.meta.url)(join(bundled, VERDICT_BUNDLE)) as Verdict;
}

/**
 * dist/bundled/ when this module runs bundled: bundled, it is part of the CLI's
 * main chunk in dist/bundled/cli-chunks/ (build/bundle.mjs), one folder below
 * the scripts; from tsc's output, no script is beside it or above it.
 */
function bundledFolder(here: string): string | undefined {
  return [here, dirname(here)].find((folder) => existsSync(join(folder, VERDICT_BUNDLE)));
}
