/**
 * Attack: `explore --out` pointed at a file that exists, or at a symbolic link
 * planted where the counterexample goes (to overwrite another file through
 * it). An existing file is refused unless --force, before any exploration; a
 * link is refused even with --force, and what it points at is left alone.
 * The verb runs in this process (the CLI's `main`).
 */
import { lstat, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../cli-harness.js';
import { runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';

const explore = (out: string, ...extra: string[]) =>
  runMain([
    'explore',
    '--adapter',
    `${FIXTURES}adapters/explore-hostile-name.js`,
    '--runs',
    '3',
    '--seed',
    '1',
    '--out',
    out,
    ...extra,
  ]);

describe('explore --out writes only the file it was named, and replaces none unasked', () => {
  it('refuses an existing file before exploring, and replaces it with --force', async () => {
    const dir = await temporaryFolder('pmc-out-file-');
    const out = join(dir, 'found.feature');
    await writeFile(out, 'mine\n');
    const refused = await explore(out);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`${out} exists; add --force to replace it`);
    expect(refused.stdout).toBe('');
    expect(await readFile(out, 'utf8')).toBe('mine\n');
    const forced = await explore(out, '--force');
    expect(forced.status).toBe(1);
    expect(await readFile(out, 'utf8')).toMatch(/^Feature: /m);
  });

  it('refuses a symbolic link at the path, even with --force, and leaves its target as it was', async () => {
    const dir = await temporaryFolder('pmc-out-link-');
    const target = join(dir, 'precious.txt');
    await writeFile(target, 'precious\n');
    const out = join(dir, 'found.feature');
    await symlink(target, out);
    const run = await explore(out, '--force');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${out} is a symbolic link`);
    expect(await readFile(target, 'utf8')).toBe('precious\n');
    expect((await lstat(out)).isSymbolicLink()).toBe(true);
  });

  it('--force without --out is a usage error', async () => {
    const run = await runMain(['explore', '--adapter', 'reference', '--force']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--force replaces the file --out names');
  });

  it('says how to run the written file with an exec: adapter quoted, so it can be pasted into a shell', async () => {
    const dir = await temporaryFolder('pmc-out-hint-');
    const adapter = 'exec:node test/fixtures/hosts/faulty-proxy.mjs error-on-prompt';
    // Enough sessions that one prompts (the proxy fails every prompt).
    const run = await runMain([
      'explore',
      '--adapter',
      adapter,
      '--runs',
      '30',
      '--seed',
      '1',
      '--out',
      join(dir, 'found.feature'),
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`run it with: npx plan-mode-conformance --adapter '${adapter}' --features ${dir}`);
  });
});
