#!/usr/bin/env node
/**
 * What the build was made from, so `npm test` rebuilds only when that changed.
 *
 * `node build/build-stamp.mjs write` (the build's last step) writes `dist/build-stamp.json`: a SHA-256
 * over the path and bytes of every file the build reads (the TypeScript sources tsconfig.json includes,
 * the features and the clause catalog, the build scripts, package.json, tsconfig.json, and the lock file,
 * which stands for node_modules and so for the bundled dependencies). `node build/build-stamp.mjs ensure`
 * (`npm test`'s first step) runs `npm run build` unless the stamp there matches the sources as they are
 * now. Why: `npm ci` builds (`prepare`), so a fresh clone's `npm ci && npm test` built everything twice,
 * about 30 s of CPU each time, and the second build also threw away the code cache the first runs wrote.
 * Content, never times: a checkout, a copy or a touch that changes no byte changes nothing. A failed
 * build writes no stamp (`npm run build` first removes dist/, stamp and all), so it is retried.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(ROOT, 'dist', 'build-stamp.json');

/** The folders whose every file the build may read, and the single files beside them. */
const INPUT_FOLDERS = ['src', 'conformance', 'reference', 'adapters', 'mutants', 'variants', 'features', 'build'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json'];
/** Never inputs, wherever they sit: what installing and running write. */
const SKIPPED = new Set(['node_modules', 'dist', '.DS_Store']);

function filesUnder(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

/** The hash of every input's path (from `root`) and bytes, in a fixed order. */
export function inputDigest(root = ROOT) {
  const files = [
    ...INPUT_FOLDERS.flatMap((folder) => filesUnder(join(root, folder))),
    ...INPUT_FILES.map((file) => join(root, file)),
  ]
    .map((path) => relative(root, path).split(sep).join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const bytes = readFileSync(join(root, file));
    // Length-prefixed, so no two different file sets hash the same bytes.
    hash.update(`${file}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return { digest: hash.digest('hex'), files: files.length };
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return undefined;
  }
}

function build() {
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function main(mode) {
  if (mode === 'write') {
    writeFileSync(STAMP, `${JSON.stringify(inputDigest())}\n`);
    return 0;
  }
  if (mode === 'ensure') {
    const now = inputDigest();
    if (readStamp()?.digest !== now.digest) return build();
    console.log(`build: dist/ was built from these ${now.files} files as they are (npm run build rebuilds it anyway)`);
    return 0;
  }
  console.error('usage: node build/build-stamp.mjs write|ensure');
  return 2;
}

// Run as a script, not when a test imports `inputDigest`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = main(process.argv[2]);
