/**
 * What the CLI forks (bundled as dist/bundled/suite-child-entry.cjs): turns on
 * the code cache for the kit's bundles, then loads the suite's child process
 * (`suite-child.ts`, bundled as suite-child.cjs beside this file).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useCompileCache } from './compile-cache.js';

const here = dirname(fileURLToPath(import.meta.url));
// The kit's own scripts; dynamic-import.cjs is not among them (see adapters/import-module.ts).
const BUNDLES = ['suite-child.cjs', 'public-api.cjs', 'zod.cjs', 'yaml.cjs'];
useCompileCache(
  BUNDLES.map((name) => join(here, name)),
  join(here, 'compile-cache'),
);
createRequire(import.meta.url)('./suite-child.cjs');
