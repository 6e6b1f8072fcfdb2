#!/usr/bin/env node
/**
 * `node .ci/compile-cache-check.mjs`: the children's V8 code caches work on
 * the Node running this: a run writes one cache file per cached bundle, named
 * for this Node, and the next run accepts them all (a cache V8 rejected would
 * be written again, with a new modification time). A second run explores
 * (`--explore 40`, the fewest sessions that go beside), so on two cores or more
 * its exploration goes in a process of its own (runner/exploration-beside.ts),
 * whose bundle's cache is checked too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  CACHED_BUNDLES,
  COMPILE_CACHE_FOLDER,
  EXPLORATION_CACHED_BUNDLES,
} from '../dist/conformance/runner/cached-bundles.js';
import { BESIDE_MIN_SESSIONS } from '../dist/conformance/runner/exploration-beside.js';

const folder = join('dist', 'bundled', COMPILE_CACHE_FOLDER);
const ours = () =>
  Object.fromEntries(
    (existsSync(folder) ? readdirSync(folder) : [])
      .filter((file) => file.includes(`.${process.version}-${process.arch}.`) && file.endsWith('.cache'))
      .map((file) => [file, statSync(join(folder, file)).mtimeMs]),
  );
const cli = (...more) =>
  execFileSync(process.execPath, ['dist/bundled/cli.js', '--tags', '@SET-01', ...more], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
// One core: the exploration runs in the suite's child (runner/exploration-beside.ts explorationBeside).
const beside = availableParallelism() >= 2;
const run = () => {
  cli();
  if (beside) cli('--explore', String(BESIDE_MIN_SESSIONS));
};

// Only this Node's files: another Node's check may be running beside this one (.ci/matrices.mjs).
for (const file of Object.keys(ours())) rmSync(join(folder, file), { force: true });
run();
const written = ours();
const bundles = [...new Set([...CACHED_BUNDLES, ...(beside ? EXPLORATION_CACHED_BUNDLES : [])])];
const missing = bundles.filter((bundle) => !Object.keys(written).some((file) => file.startsWith(`${bundle}.`)));
if (missing.length > 0) {
  console.error(`compile cache: no cache written on ${process.version} for ${missing.join(', ')}`);
  process.exit(1);
}
run();
// A cache first written by the second run is no rejection (a process that never changed a flag writes its whole one).
const rewritten = Object.entries(ours())
  .filter(([file, mtime]) => file in written && written[file] !== mtime)
  .map(([file]) => file);
if (rewritten.length > 0) {
  console.error(
    `compile cache: V8 on ${process.version} rejected the cache it wrote (written again): ${rewritten.join(', ')}`,
  );
  process.exit(1);
}
console.log(`compile cache: ${bundles.length} bundles cached on ${process.version} and read back`);
