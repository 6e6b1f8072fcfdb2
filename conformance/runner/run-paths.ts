/**
 * Cucumber's `resolvePaths` (lib/paths/paths.js) as a kit run calls it, in the
 * suite's child's bundle in place of cucumber's own call (build/bundle.mjs
 * `run-paths`). Cucumber's loads the `glob` package as it loads, and with no
 * support paths configured walks the features' folder for `.js`, `.cjs` and
 * `.mjs` files to load as support code: about 15 ms of the child's CPU before
 * its first scenario (issue 36). A kit run hands cucumber its support library
 * already built (support-library.ts), which cucumber then takes as it is and
 * loads no file for, so those paths are never used. Where the library is
 * built and every feature path is a file named literally (absolute, no glob
 * character, an optional `:line` suffix: what the kit's runs pass,
 * feature-index.ts and scenario-selection.ts), the paths are resolved here as
 * cucumber's would resolve them, with no support paths; anything else (a
 * glob, a folder, a missing file, a rerun file `@...`, support to load) goes
 * to cucumber's own, loaded only then. test/conformance/runner/run-paths.test.ts
 * compares the two.
 */
import { statSync } from 'node:fs';
import { basename, extname, isAbsolute, normalize } from 'node:path';

/** What cucumber's `resolvePaths` returns (lib/paths/types.d.ts `IResolvedPaths`). */
export interface ResolvedPaths {
  unexpandedSourcePaths: string[];
  sourcePaths: string[];
  requirePaths: string[];
  importPaths: string[];
}

/** Cucumber's `resolvePaths(logger, cwd, sources, support)`, as lib/paths/index.js exports it. */
export type CucumberResolvePaths = (
  logger: unknown,
  cwd: string,
  sources: { paths: string[] },
  support?: unknown,
) => Promise<ResolvedPaths>;

/** A character that makes a path a glob pattern to cucumber's `glob`, or a backslash (a separator to it, not here). */
const GLOB_CHARACTER = /[*?[\]{}()!+@\\]/;

/** The file a feature path names literally (its `:line` suffixes off, as cucumber takes them off), if it is one. */
function literalFeatureFile(path: string): string | undefined {
  if (path === '' || basename(path).startsWith('@')) return undefined;
  const file = path.replace(/(:\d+)*$/g, '');
  if (!isAbsolute(file) || GLOB_CHARACTER.test(file) || extname(file) === '') return undefined;
  try {
    return statSync(file).isFile() ? normalize(file) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The run's paths: resolved here when `supportBuilt` and every path is a literal feature file, by
 * `cucumberResolvePaths()` (cucumber's own, loaded on this call) otherwise.
 */
export async function resolveRunPaths(
  cucumberResolvePaths: () => CucumberResolvePaths,
  logger: unknown,
  cwd: string,
  sources: { paths: string[] },
  support: unknown,
  supportBuilt: boolean,
): Promise<ResolvedPaths> {
  const files = sources.paths.map(literalFeatureFile);
  if (!supportBuilt || files.length === 0 || files.some((file) => file === undefined)) {
    return cucumberResolvePaths()(logger, cwd, sources, support);
  }
  return {
    unexpandedSourcePaths: [...sources.paths],
    sourcePaths: [...new Set(files as string[])],
    requirePaths: [],
    importPaths: [],
  };
}
