/**
 * The kit's scripts the suite's child compiles with its code cache
 * (compile-cache.ts), by file name in dist/bundled/, and the folder beside
 * them that keeps the cache. dynamic-import.cjs is not among them: it is the
 * one script that calls `import()` (see adapters/import-module.ts).
 */
export const CACHED_BUNDLES = ['suite-child.cjs', 'public-api.cjs', 'zod.cjs', 'yaml.cjs'] as const;
export const COMPILE_CACHE_FOLDER = 'compile-cache';
