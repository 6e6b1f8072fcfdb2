/**
 * Every page and report speaks the edition it judged: from an rc.8 run, the
 * console's citations, the HTML, Markdown and JUnit reports, the results file
 * and the docs site show rc.8's statements and name rc.8's README as the spec,
 * never the seed's. Where the site's host columns judged different editions,
 * each differing statement is shown, marked with its edition.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, runCli } from '../cli-harness.js';
import { REFERENCE_RESULTS } from './site-fixture.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { limitForProcesses } from '../../limits.js';

const SEED_SET_06 =
  'A pending selection is applied at the next request boundary (prompt submission, continuation, retry)';
const RC8_SET_06 =
  'A pending selection is applied at the next accepted in-turn pre-step (prompt submission, continuation)';
const RC8_README = 'README of the package @deepseek-ai/dsh-plan-mode 0.1.0-rc.8';
const SEED_COMMIT = '89d30b0ef7';

/** The site's one host page. */
function hostPage(dir: string): string {
  const pages = readdirSync(join(dir, 'site', 'hosts'));
  expect(pages).toHaveLength(1);
  return join(dir, 'site', 'hosts', pages[0]!);
}

/** The SET-06 row of the home page's matrix. */
function matrixRow(home: string, id: string): string {
  const start = home.indexOf(`<a href="clauses/${id}.html">${id}</a>`);
  expect(start).toBeGreaterThan(0);
  return home.slice(start, home.indexOf('</tr>', start));
}

describe('an rc.8 run, in every page and report', () => {
  let dir: string;
  let run: ReturnType<typeof runCli>;
  beforeAll(async () => {
    dir = await temporaryFolder('pmc-edition-true-');
    // A reference whose `get` throws, judged against rc.8: SET-06 scenarios fail there, so failures cite the clause.
    run = runCli([
      '--adapter',
      `${FIXTURES}adapters/get-throws.js`,
      '--edition',
      'rc.8',
      '--force-edition',
      '--tags',
      '@SET-06',
      ...['results:results.json', 'html:report.html', 'markdown:report.md', 'junit:junit.xml'].flatMap((format) => [
        '--format',
        format.replace(':', `:${dir}/`),
      ]),
    ]);
    expect(run.stderr).not.toMatch(/plan-mode-conformance: /);
    const docs = runCli(['docs', '--out', join(dir, 'site'), join(dir, 'results.json')]);
    expect(docs.status).toBe(0);
  }, limitForProcesses(2)); // a run and its site

  it('the results file, HTML, Markdown and JUnit name rc.8 and its README, never the seed README', () => {
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as {
      spec: { edition: string; readme: string };
    };
    expect(results.spec).toMatchObject({ edition: 'rc.8', readme: RC8_README });
    for (const report of ['report.html', 'report.md', 'junit.xml']) {
      const text = readFileSync(join(dir, report), 'utf8');
      expect(text, report).toContain(RC8_README);
      expect(text, report).not.toContain(SEED_COMMIT);
    }
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain(`| SET-06 | required | ${RC8_SET_06}`);
  });

  it('the site: the matrix and host page show rc.8 statements and the rc.8 README', () => {
    const home = readFileSync(join(dir, 'site', 'index.html'), 'utf8');
    expect(matrixRow(home, 'SET-06')).toContain(RC8_SET_06);
    expect(matrixRow(home, 'SET-06')).not.toContain(SEED_SET_06);
    const host = readFileSync(hostPage(dir), 'utf8');
    expect(host).toContain(RC8_README);
    expect(host).not.toContain(SEED_COMMIT);
  });

  it('a failure cites its clause with level and the rc.8 statement, in the console and every report', () => {
    const failures = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')).scenarios.filter(
      (record: { status: string }) => record.status === 'failed',
    );
    expect(failures.length).toBeGreaterThan(0);
    expect(run.stdout).toContain(`clause SET-06 (required, MUST): ${RC8_SET_06}`);
    expect(run.stdout).toContain('[clauses/SET-06.html]');
    expect(run.stdout).not.toMatch(/^\s+at /m);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain(
      `<a href="clauses/SET-06.html">SET-06</a> (required, MUST): ${RC8_SET_06}`,
    );
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain(
      `  - [SET-06](clauses/SET-06.html) (required, MUST): ${RC8_SET_06}`,
    );
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain(`clause SET-06 (required, MUST): ${RC8_SET_06}`);
    expect(readFileSync(hostPage(dir), 'utf8')).toMatch(
      /<a href="..\/clauses\/SET-06.html"><span class="id">SET-06<\/span><\/a> <span class="level required">required<\/span><br><small>rc.8: A pending selection is applied at the next accepted in-turn pre-step/,
    );
  });

  it('a site of a seed run and an rc.8 run shows both statements where they differ, each marked', () => {
    const site = join(dir, 'both');
    expect(runCli(['docs', '--out', site, REFERENCE_RESULTS, join(dir, 'results.json')]).status).toBe(0);
    const row = matrixRow(readFileSync(join(site, 'index.html'), 'utf8'), 'SET-06');
    expect(row).toMatch(new RegExp(`<span class="edition-mark">seed:</span> ${SEED_SET_06.replace(/[()]/g, '\\$&')}`));
    expect(row).toMatch(new RegExp(`<span class="edition-mark">rc.8:</span> ${RC8_SET_06.replace(/[()]/g, '\\$&')}`));
    const same = matrixRow(readFileSync(join(site, 'index.html'), 'utf8'), 'POLICY-02');
    expect(same).not.toContain('edition-mark');
  });
});
