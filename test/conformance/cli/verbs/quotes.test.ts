/** `quotes --edition NAME FILE`: which clauses of an edition a README no longer says. */
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editionReadmePath } from '../../../../conformance/catalog/readme-quotes.js';
import { EDITIONS } from '../../../../src/index.js';
import { run as quotes } from '../../../../conformance/cli/verbs/quotes.js';
import { temporaryFolder } from '../../../temporary-folder.js';
import { runCli } from '../../cli-harness.js';

async function runQuotes(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
  const code = await quotes(args);
  vi.restoreAllMocks();
  return { code, out: out.join('\n'), err: err.join('\n') };
}

afterEach(() => vi.restoreAllMocks());

describe('quotes', () => {
  it('finds every quote of an edition in its own README (exit 0)', async () => {
    for (const edition of EDITIONS) {
      const result = await runQuotes(['--edition', edition, editionReadmePath(edition)]);
      expect(result.code, result.out).toBe(0);
      expect(result.out).toMatch(/: \d+ found in .*, 0 not$/);
    }
  });

  it('lists each clause of rc.8 the seed README does not say, SET-06 among them (exit 1)', async () => {
    const result = await runQuotes(['--edition', 'rc.8', editionReadmePath('seed')]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/clause SET-06: quote not found verbatim/);
    const summary = result.out.split('\n').at(-1)!;
    expect(summary).toMatch(/^quotes: rc\.8 edition, 65 clauses: \d+ found in .*, \d+ not: /);
    for (const id of ['SET-06', 'CMD-09', 'CMD-10', 'REVIEW-07'])
      expect(summary.split(': ').at(-1)!.split(', ')).toContain(id);
  });

  it('on the third published README (0.0.1-rc.1): rc.8 finds 47 of its 65 clauses, the edition of its own every one', async () => {
    const readme = editionReadmePath('0.0.1-rc.1');
    const asRc8 = await runQuotes(['--edition', 'rc.8', readme]);
    expect(asRc8.code).toBe(1);
    expect(asRc8.out.split('\n').at(-1)).toMatch(/^quotes: rc\.8 edition, 65 clauses: 47 found in .*, 18 not: /);
    const own = await runQuotes(['--edition', '0.0.1-rc.1', readme]);
    expect(own.code, own.out).toBe(0);
    expect(own.out).toMatch(/^quotes: 0\.0\.1-rc\.1 edition, 63 clauses: 63 found in .*, 0 not$/);
  });

  it('names a clause whose sentence an edited README dropped', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = (await readFile(editionReadmePath('rc.8'), 'utf8')).replace('未知键', '未识别的键');
    const file = join(await temporaryFolder('pmc-quotes-'), 'README.zh.md');
    await writeFile(file, text);
    const result = await runQuotes(['--edition', 'rc.8', file]);
    expect(result.code).toBe(1);
    expect(result.out.split('\n').at(-1)).toMatch(/, 2 not: CFG-02, CFG-04$/);
  });

  it('exits 2 on bad arguments or an unreadable file', async () => {
    expect((await runQuotes([editionReadmePath('seed')])).err).toMatch(/--edition NAME is required/);
    expect((await runQuotes(['--edition', 'rc.9', editionReadmePath('seed')])).code).toBe(2);
    expect((await runQuotes(['--edition', 'seed'])).err).toMatch(/expected one README file, got 0/);
    expect((await runQuotes(['--edition', 'seed', 'a.md', 'b.md'])).code).toBe(2);
    expect((await runQuotes(['--edition', 'seed', '--verbose', 'a.md'])).err).toMatch(/unknown argument '--verbose'/);
    const missing = await runQuotes(['--edition', 'seed', 'no-such-readme.md']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/cannot read no-such-readme\.md: no such file/);
  });

  it('is a command of the CLI, listed in --help', () => {
    const run = runCli(['quotes', '--edition', 'rc.8', 'features/editions/seed-plan-mode.README.zh.md']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/SET-06/);
    expect(runCli(['--help']).stdout).toMatch(/quotes --edition NAME FILE/);
  });
});
