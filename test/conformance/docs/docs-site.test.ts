/** The documentation site's structure: every clause page quotes the seed, host pages, nothing loaded from elsewhere. */
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clauseInEdition, loadCatalog } from '../../../conformance/catalog/clause-catalog.js';
import { EDITIONS } from '../../../src/index.js';
import { run as docs } from '../../../conformance/cli/verbs/docs.js';
import { QuotedReadme, ReadmeQuoteError } from '../../../conformance/catalog/readme-quotes.js';
import { aggregateStatus } from '../../../conformance/docs/status.js';
import { buildSite, DSH_RESULTS, REFERENCE_RESULTS } from './site-fixture.js';
import { readResultsFile } from '../../../conformance/docs/read-results.js';
import { temporaryFolder } from '../../temporary-folder.js';

/** What a reader sees of a page's markup: tags dropped, entities decoded, white space collapsed. */
function visibleText(markup: string): string {
  return markup
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

afterEach(() => vi.restoreAllMocks());

describe('docs site', () => {
  it("has a page per clause quoting each edition's sentences with section and line", async () => {
    const site = await buildSite();
    const catalog = await loadCatalog();
    for (const edition of EDITIONS) {
      const readme = await QuotedReadme.ofEdition(edition);
      for (const clause of catalog) {
        const reading = clauseInEdition(clause, edition);
        if (!reading) continue;
        const text = visibleText(await readFile(join(site.dir, 'clauses', `${clause.id}.html`), 'utf8'));
        expect(text).toContain(clause.id);
        expect(reading.quotes.length, `${clause.id} has ${edition} quotes`).toBeGreaterThan(0);
        for (const quote of reading.quotes) {
          // Code spans lose their backticks on the page (they become <code>); the words stay verbatim.
          expect(text.replace(/\s+/g, ''), `${clause.id} quotes the ${edition} README`).toContain(
            quote.replace(/`/g, '').replace(/\s+/g, ''),
          );
          expect(text).toContain(`line ${readme.locate(clause.id, quote).line}`);
        }
      }
    }
    const set02 = visibleText(await readFile(join(site.dir, 'clauses', 'SET-02.html'), 'utf8'));
    expect(set02).toMatch(/Seed edition, section 持久状态\s*, line 11/);
    expect(set02).toMatch(/rc\.8 edition, section 持久状态\s*, line 11/);
  });

  it('shows the seed and rc.8 statements and sentences side by side where the editions differ, and lists what changed', async () => {
    const site = await buildSite();
    const catalog = await loadCatalog();
    const set06 = catalog.find((clause) => clause.id === 'SET-06')!;
    const page = await readFile(join(site.dir, 'clauses', 'SET-06.html'), 'utf8');
    // Compared without white space: code spans become <code> elements, which the visible text pads.
    const columns = [...page.matchAll(/<section class="edition"[\s\S]*?<\/section>/g)].map((match) =>
      visibleText(match[0]).replace(/\s+/g, ''),
    );
    const words = (text: string) => text.replace(/`/g, '').replace(/\s+/g, '');
    expect(columns).toHaveLength(3);
    expect(columns[0]).toContain('Seededition');
    expect(columns[0]).toContain(words(set06.statement));
    expect(columns[0]).toContain('提示词提交、常规续行和请求恢复重试都在覆盖范围内');
    // 0.0.1-rc.1 reads SET-06 as rc.8 does (its base), quoting the same sentence from its own README.
    for (const [column, edition] of [
      [columns[1]!, '0.0.1-rc.1'],
      [columns[2]!, 'rc.8'],
    ] as const) {
      expect(column).toContain(`${edition}edition`);
      expect(column).toContain(words(set06.editions!['rc.8']!.statement!));
      expect(column).toContain(words('同一步骤的请求恢复重试会复用已冻结的 assembly'));
    }
    const changed = visibleText(await readFile(join(site.dir, 'editions.html'), 'utf8'));
    for (const id of [
      'SET-06',
      'CMD-02',
      'CMD-03',
      'CMD-04',
      'CMD-05',
      'CMD-07',
      'MX-02',
      'PROJ-02',
      'PROJ-03',
      'PROJ-05',
      'TOOL-04',
      'LIM-01',
    ])
      expect(changed).toContain(id);
    expect(changed).not.toMatch(/\bSET-02\b/);
    // A clause with scenarios of one edition only counts what proves it in each edition.
    const cmd03 = visibleText(await readFile(join(site.dir, 'clauses', 'CMD-03.html'), 'utf8'));
    expect(cmd03).toMatch(
      /Proved by \d+ scenarios.* in all; Seed edition: \d+ scenarios.*; rc\.8 edition: \d+ scenarios/,
    );
    for (const id of ['CMD-09', 'CMD-10']) {
      expect(changed).toMatch(new RegExp(`${id} not in this edition`));
      const only = visibleText(await readFile(join(site.dir, 'clauses', `${id}.html`), 'utf8'));
      expect(only).toMatch(new RegExp(`^.*${id} required only in rc\\.8 edition`));
      expect(only).toContain('Editions rc.8 edition only (not in Seed edition, 0.0.1-rc.1 edition)');
    }
    const review07 = visibleText(await readFile(join(site.dir, 'clauses', 'REVIEW-07.html'), 'utf8'));
    expect(review07).toMatch(/^.*REVIEW-07 required only in 0\.0\.1-rc\.1 edition, rc\.8 edition/);
  });

  it('heads each host column with the edition its run judged, forced runs marked, and says so on the host page', async () => {
    const dsh = JSON.parse(await readFile(DSH_RESULTS, 'utf8'));
    const folder = await temporaryFolder('pmc-site-editions-');
    const rc8 = join(folder, 'dsh-rc8.json');
    const forced = join(folder, 'dsh-seed-forced.json');
    await writeFile(
      rc8,
      JSON.stringify({
        ...dsh,
        spec: { ...dsh.spec, edition: 'rc.8' },
        adapter: { ...dsh.adapter, editions: ['rc.8'] },
      }),
    );
    await writeFile(
      forced,
      JSON.stringify({
        ...dsh,
        spec: { ...dsh.spec, edition: 'seed', forced: true },
        adapter: { ...dsh.adapter, editions: ['rc.8'] },
        startedAt: '2026-12-02T00:00:00.000Z',
      }),
    );
    const site = await buildSite([REFERENCE_RESULTS, rc8, forced]);
    const home = visibleText(await readFile(join(site.dir, 'index.html'), 'utf8'));
    expect(home).toMatch(/Clause Level Statement reference seed dsh \([^)]*\) rc\.8 dsh \([^)]*\) seed \(forced\)/);
    const hostPage = visibleText(await readFile(join(site.dir, 'hosts', `${site.model.hosts[2]!.key}.html`), 'utf8'));
    expect(hostPage).toContain(
      'Edition seed (forced) (--force-edition: the adapter does not declare it); the adapter declares rc.8',
    );
    const changed = visibleText(await readFile(join(site.dir, 'editions.html'), 'utf8'));
    expect(changed).toMatch(
      /Hosts shown: reference \(seed\), dsh \([^)]*\) \(rc\.8\), dsh \([^)]*\) \(seed \(forced\)\)/,
    );
  });

  it('shows both hosts on the matrix and has a page per host with capabilities, baseline reasons and review texts', async () => {
    const site = await buildSite();
    const home = visibleText(await readFile(join(site.dir, 'index.html'), 'utf8'));
    expect(home).toMatch(/Clause Level Statement reference seed dsh seed/);
    const dsh = visibleText(await readFile(join(site.dir, 'hosts', 'dsh.html'), 'utf8'));
    expect(dsh).toContain('restart missing the only session persistence backend');
    expect(dsh).toContain('dsh-llm-retry re-sends the failed request unchanged');
    expect(dsh).toContain('The user switched this session to plan mode.');
    expect(existsSync(join(site.dir, 'hosts', 'reference.html'))).toBe(true);
  });

  it('says partial on the home page and the host page for a green run that left required clauses unproven, and counts as the closing line does', async () => {
    // The fixture as the kit reads it (upgraded to version 3, which carries `unproven`).
    const reference = (await readResultsFile(REFERENCE_RESULTS)).document;
    const path = join(await temporaryFolder('pmc-site-partial-'), 'partial.json');
    const unproven = [{ clause: 'STATE-04', reason: 'capability fork not declared' }];
    await writeFile(path, JSON.stringify({ ...reference, unproven }));
    const site = await buildSite([path]);
    const home = visibleText(await readFile(join(site.dir, 'index.html'), 'utf8'));
    expect(home).toContain('partial: 1 required clause(s) unproven');
    // The hosts table counts as the closing line does: the fixture's recommended scenarios are not in passed.
    const { document } = await readResultsFile(path);
    const passed = document.scenarios.filter((record) => record.level === 'required' && record.status === 'passed');
    expect(home).toMatch(
      new RegExp(`partial: 1 required clause\\(s\\) unproven ${document.scenarios.length} ${passed.length} 0 `),
    );
    const hostPage = visibleText(await readFile(join(site.dir, 'hosts', `${site.model.hosts[0]!.key}.html`), 'utf8'));
    expect(hostPage).toMatch(/partial ?: 1 required clause\(s\) no passing scenario proved/);
    expect(hostPage).toContain('STATE-04');
    expect(hostPage).toMatch(
      /Counted \d+ passed, \d+ failed, \d+ skipped.*\(required scenarios and the exploration, as the closing line counts them; recommended ones apart\)/,
    );
  });

  it('loads nothing from elsewhere: no external URL, script or style sheet file in any page', async () => {
    const site = await buildSite();
    const files = await allFiles(site.dir);
    expect(files.length).toBe(site.files.length);
    for (const file of files) {
      // A badge's SVG names its namespace (a name, never fetched): that one URL is allowed.
      const markup = (await readFile(file, 'utf8')).replace(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, '<svg');
      expect(markup, file).not.toMatch(/(?:src|href)\s*=\s*["']?\s*(?:https?:)?\/\//i);
      expect(markup, file).not.toMatch(/https?:\/\//i);
      expect(markup, file).not.toMatch(/<script|<link\b|@import|url\(/i);
    }
  });

  it('builds the documentation alone, without host columns, when no results file is given', async () => {
    const site = await buildSite([]);
    expect(existsSync(join(site.dir, 'hosts'))).toBe(false);
    const home = visibleText(await readFile(join(site.dir, 'index.html'), 'utf8'));
    expect(home).toMatch(/Clause Level Statement Scenarios/);
    expect(home).not.toContain('reference');
    expect(site.files).toContain(join('clauses', 'CMD-04.html'));
  });

  it('aggregates a cell: failed beats baselined beats skipped beats passed; not run without any result', () => {
    const of = (...statuses: Array<'passed' | 'failed' | 'baselined' | 'skipped'>) =>
      aggregateStatus(statuses.map((status) => ({ status })));
    expect(of()).toBe('not-run');
    expect(of('passed', 'passed')).toBe('passed');
    expect(of('passed', 'skipped')).toBe('skipped');
    expect(of('skipped', 'baselined', 'passed')).toBe('baselined');
    expect(of('baselined', 'failed', 'skipped')).toBe('failed');
  });

  it('keeps two runs of the same host apart (a release and its candidate)', async () => {
    const site = await buildSite([REFERENCE_RESULTS, REFERENCE_RESULTS]);
    expect(site.model.hosts.map((host) => host.key)).toEqual(['reference', 'reference-2']);
    expect(existsSync(join(site.dir, 'hosts', 'reference-2.html'))).toBe(true);
    const home = visibleText(await readFile(join(site.dir, 'index.html'), 'utf8'));
    const label = site.model.hosts[0]!.label;
    expect(label).toMatch(/^reference \(\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)$/);
    expect(home).toContain(`Statement ${label} seed ${label} seed`);
  });

  it('fails loudly when a quote is not in the seed verbatim, or is ambiguous', () => {
    const seed = new QuotedReadme('## 配置\n\n`section` 必填且非空。未知键会在加载时失败。\n', 'seed.md');
    expect(seed.locate('CFG-01', '`section` 必填且非空。')).toMatchObject({
      text: '`section` 必填且非空。',
      line: 3,
      headings: ['配置'],
      before: '',
      after: '',
    });
    expect(seed.locate('CFG-02', '未知键')).toMatchObject({ before: '', after: '会在加载时失败。' });
    expect(() => seed.locate('CFG-01', 'section 必填')).toThrow(ReadmeQuoteError);
    expect(() => seed.locate('CFG-01', 'section 必填')).toThrow(/CFG-01: quote not found verbatim/);
    expect(() => seed.locate('CFG-02', '失败')).not.toThrow();
    expect(() => seed.locate('CFG-02', '。')).toThrow(/more than once/);
    expect(() => seed.quotesOf([{ id: 'CFG-03', quotes: [] }])).toThrow(/CFG-03: no quote/);
  });

  it('exits 2 with a clear message on an unusable results file, and writes nothing', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    const dir = join((await buildSite([])).dir, 'out');
    expect(await docs(['--out', dir, REFERENCE_RESULTS, 'no-such-results.json'])).toBe(2);
    expect(errors.join('\n')).toContain('cannot read results file no-such-results.json: no such file');
    expect(existsSync(dir)).toBe(false);
    expect(await docs([DSH_RESULTS])).toBe(2);
    expect(errors.join('\n')).toContain('--out DIR is required');
  });
});
