/**
 * What the CLI forks (bundled as dist/bundled/suite-child-entry.cjs): turns on
 * the code cache for the kit's bundles, then loads the suite's child process
 * (`suite-child.ts`, bundled as suite-child.cjs beside this file).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHED_BUNDLES, COMPILE_CACHE_FOLDER } from './cached-bundles.js';
import { useCompileCache } from './compile-cache.js';

const here = dirname(fileURLToPath(import.meta.url));
useCompileCache(
  CACHED_BUNDLES.map((name) => join(here, name)),
  join(here, COMPILE_CACHE_FOLDER),
);
createRequire(import.meta.url)('./suite-child.cjs');
