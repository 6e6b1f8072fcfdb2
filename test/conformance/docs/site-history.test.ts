/**
 * The site across releases: a host given at several releases (results
 * `host.release`) or dates gets a column per run, each under its own edition,
 * a history page (per run: counts, clauses that changed status, failures that
 * appeared or went) and a badge per run (self-contained SVG, shields.io
 * endpoint JSON), linked from its host page.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../conformance/docs/html.js';
import { readResultsFile } from '../../../conformance/docs/read-results.js';
import { hostHistories } from '../../../conformance/docs/host-histories.js';
import { nameOfHost, type HostView, type SiteModel } from '../../../conformance/docs/site-model.js';
import { writeSite } from '../../../conformance/docs/write-site.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { DSH_RESULTS, twoReleases } from './site-fixture.js';

const text = (markup: string) =>
  markup
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the site across releases', () => {
  it('names the host without the release its adapter name carries', () => {
    expect(
      nameOfHost({ adapter: { name: 'dsh@0.0.1-rc.1', capabilities: {} as never }, host: { release: '0.0.1-rc.1' } }),
    ).toBe('dsh');
    expect(nameOfHost({ adapter: { name: 'dsh', capabilities: {} as never }, host: { release: '0.1.0-rc.8' } })).toBe(
      'dsh',
    );
    expect(nameOfHost({ adapter: { name: 'dsh@next', capabilities: {} as never } })).toBe('dsh@next');
  });

  it('has a column per host and release, each under its edition, a history page and a badge per run', async () => {
    const { rc8, rc1, appeared, went } = await twoReleases();
    const dir = await temporaryFolder('pmc-site-history-');
    const site = await writeSite({ outDir: dir, results: [rc8, rc1] });
    expect(site.model.hosts.map((host) => [host.label, host.edition])).toEqual([
      ['dsh 0.1.0-rc.8', 'seed'],
      ['dsh 0.0.1-rc.1', '0.0.1-rc.1'],
    ]);
    const home = text(await readFile(join(dir, 'index.html'), 'utf8'));
    expect(home).toMatch(/Clause Level Statement dsh 0\.1\.0-rc\.8 seed dsh 0\.0\.1-rc\.1 0\.0\.1-rc\.1 /);

    expect(site.files).toContain(join('history', 'dsh.html'));
    const history = text(await readFile(join(dir, 'history', 'dsh.html'), 'utf8'));
    expect(history).toMatch(/History: dsh/);
    // Release order, not run order: 0.0.1-rc.1 ran (and was published) later, but it is the lower release.
    expect(history).toMatch(/Runs .*0\.0\.1-rc\.1 .*0\.1\.0-rc\.8 /);
    expect(history).toMatch(/dsh 0\.1\.0-rc\.8, since dsh 0\.0\.1-rc\.1/);
    expect(history).toMatch(new RegExp(`Failures that appeared \\(1\\) ${went}`));
    expect(history).toMatch(new RegExp(`Failures that went \\(1\\) ${appeared}`));
    // A clause 0.0.1-rc.1 judged otherwise than the seed run shows as a change, CFG-01 (failing there) among them.
    expect(history).toMatch(/CFG-01 \S* ?failed \S* ?passed/);

    const host = await readFile(join(dir, 'hosts', 'dsh-0.0.1-rc.1.html'), 'utf8');
    expect(host).toContain('href="../history/dsh.html"');
    // The failure's rerun command (results `rerun`), whole and escaped, under it.
    const rerun = rc1.document.scenarios.find((record) => record.id === appeared)!.rerun!;
    expect(rerun).toContain(`'@id:${appeared}'`);
    expect(host).toContain(
      `<div class="rerun"><p>Rerun just this scenario:</p><pre><code>${escapeHtml(rerun)}</code></pre></div>`,
    );
    expect(host).toContain('href="../badges/dsh-0.0.1-rc.1.json"');

    const endpoint = JSON.parse(await readFile(join(dir, 'badges', 'dsh-0.0.1-rc.1.json'), 'utf8'));
    expect(endpoint).toEqual({
      schemaVersion: 1,
      label: 'plan mode 0.0.1-rc.1',
      message: 'dsh 0.0.1-rc.1: 1 failing',
      color: 'red',
    });
    const svg = await readFile(join(dir, 'badges', 'dsh-0.0.1-rc.1.svg'), 'utf8');
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="20" role="img" aria-label="plan mode 0\.0\.1-rc\.1: dsh 0\.0\.1-rc\.1: 1 failing">/,
    );
    expect(svg).not.toMatch(/<script|href=|url\(/);
    expect(svg.match(/<(\w+)[\s>]/g)!.map((tag) => tag.slice(1, -1))).toEqual([
      'svg',
      'title',
      'rect',
      'rect',
      'g',
      'text',
      'text',
    ]);
  });

  it('orders runs by release (semver precedence), then by start time, runs with no release last', () => {
    const run = (release: string | undefined, startedAt: string) =>
      ({
        host: 'h',
        key: `h-${release}-${startedAt}`,
        ...(release === undefined ? {} : { release }),
        document: { startedAt },
      }) as HostView;
    // String order would put 1.0.0-rc.10 before 1.0.0-rc.9, 0.10.0 before 0.9.0, and 1.0.0 before 1.0.0-rc.9.
    const runs = [
      run(undefined, '2026-01-01T00:00:00.000Z'),
      run('1.0.0', '2026-01-02T00:00:00.000Z'),
      run('1.0.0-rc.10', '2026-01-03T00:00:00.000Z'),
      run('0.10.0', '2026-01-04T00:00:00.000Z'),
      run('1.0.0-rc.9', '2026-01-05T00:00:00.000Z'),
      run('0.9.0', '2026-01-07T00:00:00.000Z'),
      run('0.9.0', '2026-01-06T00:00:00.000Z'),
      run('not-semver', '2025-12-31T00:00:00.000Z'),
    ];
    const [history] = hostHistories({ hosts: runs } as SiteModel);
    expect(history!.runs.map((view) => `${view.release} ${view.document.startedAt.slice(0, 10)}`)).toEqual([
      '0.9.0 2026-01-06',
      '0.9.0 2026-01-07',
      '0.10.0 2026-01-04',
      '1.0.0-rc.9 2026-01-05',
      '1.0.0-rc.10 2026-01-03',
      '1.0.0 2026-01-02',
      'not-semver 2025-12-31',
      'undefined 2026-01-01',
    ]);
  });

  it('has no history page for a host given once', async () => {
    const dir = await temporaryFolder('pmc-site-history-');
    const site = await writeSite({ outDir: dir, results: [await readResultsFile(DSH_RESULTS)] });
    expect(site.files.some((file) => file.startsWith('history'))).toBe(false);
    expect(site.files).toContain(join('badges', 'dsh.svg'));
  });
});
