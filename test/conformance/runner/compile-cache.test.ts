/**
 * The child's code cache (conformance/runner/compile-cache.ts) may make a run
 * start faster, never behave differently: a bundle loads the same with and
 * without it, a stale or damaged cache is never used, a folder that cannot be
 * written costs only the speed, and no code read back from the cache needs
 * `import()` (which fails there on Node 20).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLED_DIR } from '../../../conformance/bundled-entries.js';
import { CACHED_BUNDLES, EXPLORATION_CACHED_BUNDLES } from '../../../conformance/runner/cached-bundles.js';
import { ROOT } from '../cli-harness.js';

const work = mkdtempSync(join(tmpdir(), 'pmc-compile-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const compileCacheModule = pathToFileURL(join(ROOT, 'dist/conformance/runner/compile-cache.js')).href;
const tierModule = pathToFileURL(join(ROOT, 'dist/conformance/runner/optimising-tier.js')).href;

/** Runs `body` in a fresh Node after `useCompileCache([bundle], cacheDir)`, where `compiled`, `require` and `bundle` are in scope; its stdout. */
function withCache(bundle: string, cacheDir: string, body: string): string {
  const script = `
    import { createRequire } from 'node:module';
    import { useCompileCache } from ${JSON.stringify(compileCacheModule)};
    const bundle = ${JSON.stringify(bundle)};
    const { compiled } = useCompileCache([bundle], ${JSON.stringify(cacheDir)});
    const require = createRequire(import.meta.url);
    ${body}
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`loading ${bundle} failed (${run.status}):\n${run.stderr}`);
  return run.stdout.trim();
}

/** Loads `bundle` with the cache on; what it answered and what the cache said. */
function load(bundle: string, cacheDir: string): { output: string; write: boolean; rejected: boolean | undefined } {
  const body = `
    const loaded = require(bundle);
    const entry = compiled.get(bundle);
    console.log(JSON.stringify({ output: loaded.answer(), write: entry.write, rejected: entry.script.cachedDataRejected }));
  `;
  return JSON.parse(withCache(bundle, cacheDir, body)) as {
    output: string;
    write: boolean;
    rejected: boolean | undefined;
  };
}

function bundleSaying(dir: string, text: string): string {
  const bundle = join(dir, 'bundle.cjs');
  writeFileSync(bundle, `exports.answer = function answer() { return ${JSON.stringify(text)}; };\n`);
  return bundle;
}

describe('the code cache of the kit bundles', () => {
  it('writes a cache at exit when there is none, then reads it back, and the bundle answers the same', () => {
    const dir = mkdtempSync(join(work, 'fresh-'));
    const bundle = bundleSaying(dir, 'one');
    const cacheDir = join(dir, 'cache');
    expect(load(bundle, cacheDir)).toEqual({ output: 'one', write: true });
    expect(readdirSync(cacheDir).filter((file) => file.endsWith('.cache'))).toHaveLength(1);
    expect(readdirSync(cacheDir).filter((file) => file.endsWith('.partial'))).toEqual([]);
    expect(load(bundle, cacheDir)).toEqual({ output: 'one', write: false, rejected: false });
  });

  it('never reads the cache of an earlier build of the bundle, even one of the same size', () => {
    const dir = mkdtempSync(join(work, 'rebuilt-'));
    const bundle = bundleSaying(dir, 'old');
    const cacheDir = join(dir, 'cache');
    load(bundle, cacheDir);
    bundleSaying(dir, 'new');
    const later = new Date(Date.now() + 5_000);
    utimesSync(bundle, later, later);
    expect(load(bundle, cacheDir)).toEqual({ output: 'new', write: true });
  });

  it('compiles afresh, and replaces the file, when V8 rejects a damaged cache', () => {
    const dir = mkdtempSync(join(work, 'damaged-'));
    const bundle = bundleSaying(dir, 'two');
    const cacheDir = join(dir, 'cache');
    load(bundle, cacheDir);
    const [cacheFile] = readdirSync(cacheDir);
    writeFileSync(join(cacheDir, cacheFile!), 'not a V8 code cache');
    expect(load(bundle, cacheDir)).toEqual({ output: 'two', write: true, rejected: true });
    expect(load(bundle, cacheDir)).toEqual({ output: 'two', write: false, rejected: false });
  });

  // V8 stamps a cache with the flags in force when it is written; a default run's children cap their tiers
  // (optimising-tier.ts) mid-run, and a cache written at their exit was rejected by every later run.
  it('a process that changes a V8 flag writes the cache it owes before the change, so the next process reads it', () => {
    const dir = mkdtempSync(join(work, 'flags-'));
    const bundle = bundleSaying(dir, 'five');
    const cacheDir = join(dir, 'cache');
    const capAfterLoading = `
      require(bundle);
      const { capOptimisingTier } = await import(${JSON.stringify(tierModule)});
      capOptimisingTier();
      console.log(compiled.get(bundle).write);
    `;
    expect(withCache(bundle, cacheDir, capAfterLoading)).toBe('true');
    // Read back, the early cache is used, and the whole one is still owed: a process changing no flag writes it.
    expect(load(bundle, cacheDir)).toEqual({ output: 'five', write: true, rejected: false });
    expect(load(bundle, cacheDir)).toEqual({ output: 'five', write: false, rejected: false });
    // One that changes a flag again neither rewrites the early cache nor writes a stamped one.
    const before = readdirSync(cacheDir).map((file) => [file, readFileSync(join(cacheDir, file))]);
    withCache(bundle, cacheDir, capAfterLoading);
    expect(readdirSync(cacheDir).map((file) => [file, readFileSync(join(cacheDir, file))])).toEqual(before);
  });

  it("keeps one ledger when the module is loaded twice, as the suite child's two bundles each hold a copy", () => {
    const dir = mkdtempSync(join(work, 'two-copies-'));
    const bundle = bundleSaying(dir, 'six');
    const cacheDir = join(dir, 'cache');
    const settleThroughAnotherCopy = `
      require(bundle);
      const other = await import(${JSON.stringify(`${compileCacheModule}?another-copy`)});
      other.settleCompileCachesBeforeFlagChange();
      (await import('node:v8')).setFlagsFromString('--max-opt=2');
      console.log('settled');
    `;
    expect(withCache(bundle, cacheDir, settleThroughAnotherCopy)).toBe('settled');
    expect(load(bundle, cacheDir)).toEqual({ output: 'six', write: true, rejected: false });
  });

  it('a cache written after a flag changed is rejected by a fresh process: the two checks above can fail', () => {
    const dir = mkdtempSync(join(work, 'stamped-'));
    const bundle = bundleSaying(dir, 'seven');
    const cacheDir = join(dir, 'cache');
    const changeFlagsThenWriteAtExitAsBefore = `
      require(bundle);
      (await import('node:v8')).setFlagsFromString('--max-opt=2');
      console.log('changed');
    `;
    expect(withCache(bundle, cacheDir, changeFlagsThenWriteAtExitAsBefore)).toBe('changed');
    expect(load(bundle, cacheDir)).toEqual({ output: 'seven', write: true, rejected: true });
  });

  it('runs without a cache where its folder cannot be written', () => {
    const dir = mkdtempSync(join(work, 'read-only-'));
    const bundle = bundleSaying(dir, 'three');
    const cacheDir = join(dir, 'cache');
    // A file where the folder should be: nothing can be written under it, even as root.
    writeFileSync(cacheDir, '');
    expect(load(bundle, cacheDir)).toEqual({ output: 'three', write: true });
    expect(readFileSync(cacheDir, 'utf8')).toBe('');
  });

  it('is read only for the bundles named: other modules load as Node loads them', () => {
    const dir = mkdtempSync(join(work, 'others-'));
    const bundle = bundleSaying(dir, 'four');
    const other = join(dir, 'other.cjs');
    writeFileSync(other, 'exports.answer = () => "other";\n');
    expect(
      withCache(bundle, join(dir, 'cache'), `require(${JSON.stringify(other)}); console.log(compiled.size);`),
    ).toBe('0');
  });

  it('reads a bundle as Node would: ASCII as Latin-1, anything else as UTF-8, the same text either way', async () => {
    const { bundleText } = await import('../../../conformance/runner/compile-cache.js');
    const dir = mkdtempSync(join(work, 'text-'));
    for (const [name, text] of [
      ['ascii', 'plain \\u00e9 text'],
      ['beyond', 'caf\u00e9 \u2713 \u{1f600} and a lone \u00ff'],
    ]) {
      const bundle = join(dir, `${name}.cjs`);
      writeFileSync(bundle, `exports.answer = () => ${JSON.stringify(text)};\n`);
      expect(bundleText(bundle)).toBe(readFileSync(bundle, 'utf8'));
      // Loaded through the kit's loader, with and then from the cache: the same answer.
      const body = `
        const ours = require.extensions['.js'].name;
        console.log(JSON.stringify({ ours, answer: require(bundle).answer() }));
      `;
      for (let pass = 0; pass < 2; pass += 1)
        expect(JSON.parse(withCache(bundle, join(dir, 'cache'), body))).toEqual({ ours: 'loadBundle', answer: text });
    }
  });

  it("leaves no import() in the bundles the suite child and the exploration's process read from the cache", () => {
    // After a cache hit V8 has lost the callback import() needs: such a call would fail only on the second run.
    for (const name of new Set([...CACHED_BUNDLES, ...EXPLORATION_CACHED_BUNDLES])) {
      const source = readFileSync(join(BUNDLED_DIR, name), 'utf8');
      const calls = [...source.matchAll(/(?<![\w$.])import\s*\(/g)]
        .filter((match) => !/^\s*(\/\/|\*)/.test(source.slice(source.lastIndexOf('\n', match.index) + 1, match.index)))
        .map((match) => source.slice(match.index, match.index + 40));
      // The one left is text: the command line that reports an adapter's syntax error (load-adapter.ts).
      expect(
        calls.filter((call) => !call.startsWith('import(process.argv[1])')),
        name,
      ).toEqual([]);
    }
  });
});
