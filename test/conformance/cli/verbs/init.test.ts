/**
 * `init` writes an adapter skeleton that loads and runs before any host code
 * exists, failing honestly (nothing it cannot check passes), and never
 * overwrites a file.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../../cli-harness.js';

// Outside the package and outside any project that installed the kit: the skeleton's
// `import ... from 'plan-mode-conformance'` must still resolve (to the running kit).
const dirs: string[] = [];
async function packageTemp(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pmc-init-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('init', () => {
  it('writes a skeleton that uses only the package exports, loads (also from outside any project), runs and stops honestly: the host cannot start', async () => {
    const dir = await packageTemp();
    const file = join(dir, 'adapter.mjs');
    const init = runCli(['init', file]);
    expect(init.status).toBe(0);
    const text = await readFile(file, 'utf8');
    expect(text).toContain("from 'plan-mode-conformance'");
    expect(text).not.toMatch(/from '\.{1,2}\//);
    for (const method of [
      'createAgent',
      'prompt',
      'setPlanMode',
      'getPlanMode',
      'readLog',
      'readObserved',
      'runCommand',
      'readProjection',
      'readProjectionPushes',
      'fork',
      'spawn',
      'spawnOwnedChild',
      'compact',
      'restart',
      'dispose',
    ]) {
      expect(text).toMatch(new RegExp(`async ${method}\\(`));
    }
    // Every scenario fails at start with the skeleton's message; the run stops early (the host cannot start, exit 2)
    // rather than failing all of them one by one. Nothing passes.
    const run = runCli(['--adapter', file, '--tags', '@SET-01 or @SET-02']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /the host cannot start .*adapter method start: threw: not implemented: connect your host here \(start\)/,
    );
    expect(run.stdout).not.toMatch(/conformance: [1-9]\d* passed/);
  });

  it('refuses to overwrite an existing file and leaves it as it was', async () => {
    const dir = await packageTemp();
    const file = join(dir, 'adapter.mjs');
    await writeFile(file, 'my adapter\n');
    const run = runCli(['init', file]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(
      `plan-mode-conformance init: ${file}: it already exists; refusing to overwrite it (choose another file name)`,
    );
    expect(await readFile(file, 'utf8')).toBe('my adapter\n');
  });

  it('takes at most one file', async () => {
    const run = runCli(['init', 'a.mjs', 'b.mjs']);
    expect(run.status).toBe(2);
    expect(existsSync(join(ROOT, 'a.mjs'))).toBe(false);
  });
});
