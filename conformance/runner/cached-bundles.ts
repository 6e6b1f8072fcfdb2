/**
 * The kit's scripts the suite's child compiles with its code cache
 * (compile-cache.ts), by file name in dist/bundled/, and the folder beside
 * them that keeps the cache. The CLI reads the same cache for its verdict
 * and the shared libraries (cli/load-verdict.ts): one cache, two processes.
 * dynamic-import.cjs is not among them: it is the one script that calls
 * `import()` (see adapters/import-module.ts).
 */
export const CACHED_BUNDLES = ['suite-child.cjs', 'cli-verdict.cjs', 'public-api.cjs', 'zod.cjs', 'yaml.cjs'] as const;
/** The CLI's verdict (cli/verdict.ts) as a script: the CLI loads it through the same cache (cli/load-verdict.ts). */
export const VERDICT_BUNDLE = 'cli-verdict.cjs';
export const COMPILE_CACHE_FOLDER = 'compile-cache';
/**
 * What the exploration's own process (exploration-beside.ts) compiles with its code cache: its bundle, the suite's
 * child without cucumber's run and the steps (build/bundle.mjs), and the shared libraries.
 */
export const EXPLORATION_CACHED_BUNDLES = ['exploration-child.cjs', 'public-api.cjs', 'zod.cjs', 'yaml.cjs'] as const;
