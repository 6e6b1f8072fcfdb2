/**
 * The documentation site in a real browser: Debian's chromium, headless,
 * driven by puppeteer-core (which never downloads a browser). The site is
 * opened from the file system and every request the page makes is checked:
 * anything but a file:// URL fails the test. Screenshots of the home page and
 * one clause page go to reports/screenshots/.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellStatus, type SiteModel } from '../../conformance/docs/site-model.js';
import { buildSite } from './site-fixture.js';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'reports', 'screenshots');
const haveChromium = existsSync(CHROMIUM);

describe.skipIf(!haveChromium)(
  haveChromium ? 'docs site in a browser' : `docs site in a browser: SKIPPED, no chromium at ${CHROMIUM} (apt-get install -y chromium)`,
  () => {
    let browser: Browser;
    let page: Page;
    let profile: string;
    let home: string;
    let model: SiteModel;
    const offSite: string[] = [];
    /** Clauses whose cell on some host has this status, as the fixtures say. */
    const clausesWhere = (test: (reference: string, dsh: string) => boolean) =>
      model.clauses.filter((view) => test(cellStatus(model.hosts[0]!, view.clause.id), cellStatus(model.hosts[1]!, view.clause.id))).map((view) => view.clause.id);

    beforeAll(async () => {
      const site = await buildSite();
      model = site.model;
      home = pathToFileURL(join(site.dir, 'index.html')).href;
      profile = await mkdtemp(join(tmpdir(), 'pmc-chromium-'));
      browser = await puppeteer.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
          '--disable-sync', '--no-first-run', `--user-data-dir=${profile}`,
        ],
      });
      page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      await page.setRequestInterception(true);
      page.on('request', (request) => {
        if (request.url().startsWith('file:')) return void request.continue();
        offSite.push(request.url());
        void request.abort();
      });
      await mkdir(SCREENSHOTS, { recursive: true });
    });

    afterAll(async () => {
      await browser?.close();
      if (profile) await rm(profile, { recursive: true, force: true });
    });

    /** The clause ids of the matrix rows a person can see now. */
    const visibleClauses = () =>
      page.$$eval('table.matrix tr.clause', (rows) =>
        rows.filter((row) => (row as HTMLElement).offsetParent !== null).map((row) => row.querySelector('th')!.textContent!.trim()),
      );

    it('shows the matrix with both hosts and each cell\'s status in words', async () => {
      await page.goto(home);
      const headers = await page.$$eval('table.matrix thead th', (cells) => cells.map((cell) => (cell as HTMLElement).innerText.trim()));
      // Each host column names the edition its host was judged against (the fixtures' results are the seed's).
      expect(headers.map((header) => header.replace(/\s+/g, ' '))).toEqual(['Clause', 'Level', 'Statement', 'reference seed', 'dsh seed']);
      const [passedThenBaselined] = clausesWhere((reference, dsh) => reference === 'passed' && dsh === 'baselined');
      const [passedThenSkipped] = clausesWhere((reference, dsh) => reference === 'passed' && dsh === 'skipped');
      expect(passedThenBaselined && passedThenSkipped, 'the fixtures have a clause baselined and one skipped on dsh').toBeTruthy();
      const cells = await page.$eval(`table.matrix tr.clause:has(a[href="clauses/${passedThenBaselined}.html"])`, (row) =>
        // What is seen: the visually hidden context for screen readers (": SET-06 on dsh") is left out.
        [...row.querySelectorAll('td.st a')].map((link) => [...link.childNodes].filter((node) => !(node as Element).classList?.contains('vh')).map((node) => node.textContent).join('').trim()),
      );
      expect(cells).toEqual(['✓ passed', '≈ baselined']);
      const restart = await page.$eval(`table.matrix tr.clause:has(a[href="clauses/${passedThenSkipped}.html"])`, (row) => (row.querySelector('td.st:last-child') as HTMLElement).innerText.trim());
      expect(restart).toMatch(/^– skipped/);
      expect(await visibleClauses()).toHaveLength(model.clauses.length);
      await page.screenshot({ path: join(SCREENSHOTS, 'home.png') });
    });

    it("follows a clause link to its page, which quotes each edition's README in Chinese", async () => {
      await page.goto(home);
      const [id] = clausesWhere((reference, dsh) => reference === 'passed' && dsh === 'baselined');
      const view = model.clauses.find((candidate) => candidate.clause.id === id)!;
      await Promise.all([page.waitForNavigation(), page.click(`table.matrix a[href="clauses/${id}.html"]`)]);
      expect(page.url()).toMatch(new RegExp(`/clauses/${id}\\.html$`));
      expect(await page.$eval('h1', (h1) => (h1 as HTMLElement).innerText)).toMatch(new RegExp(`^${id}`));
      const quotes = await page.$$eval('blockquote.seed', (nodes) => nodes.map((node) => ({ lang: node.getAttribute('lang'), text: (node as HTMLElement).innerText })));
      expect(quotes[0]).toMatchObject({ lang: 'zh-Hans' });
      const located = view.readings.flatMap((reading) => reading.quotes);
      expect(quotes).toHaveLength(located.length);
      expect(quotes[0]!.text).toContain(located[0]!.text.replace(/`/g, ''));
      const dsh = await page.$eval('#host-dsh', (row) => (row as HTMLElement).innerText);
      expect(dsh).toContain('baselined');
      await page.screenshot({ path: join(SCREENSHOTS, 'clause.png') });
    });

    it('filters rows by family with the keyboard and by status with a click', async () => {
      await page.goto(home);
      await page.focus('#f-family-all');
      await page.keyboard.press('ArrowRight');
      const first = model.families[0]!.id;
      expect(await page.$eval(`#f-family-${first}`, (input) => (input as HTMLInputElement).checked)).toBe(true);
      expect(await visibleClauses()).toEqual(model.clauses.filter((view) => view.family.id === first).map((view) => view.clause.id));
      const focusRing = await page.$eval(`label[for="f-family-${first}"]`, (label) => getComputedStyle(label).outlineStyle);
      expect(focusRing).toBe('solid');

      await page.click('label[for="f-family-all"]');
      await page.click('label[for="f-status-baselined"]');
      const baselined = await visibleClauses();
      const expected = clausesWhere((reference, dsh) => reference === 'baselined' || dsh === 'baselined');
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(model.clauses.length);
      expect(baselined).toEqual(expected);

      await page.click('label[for="f-level-recommended"]');
      expect(await visibleClauses()).toEqual(
        model.clauses.filter((view) => view.clause.level === 'recommended' && expected.includes(view.clause.id)).map((view) => view.clause.id),
      );
    });

    it('prints without the filters', async () => {
      await page.goto(home);
      await page.emulateMediaType('print');
      expect(await page.$eval('form.filters', (form) => getComputedStyle(form).display)).toBe('none');
      await page.emulateMediaType('screen');
    });

    it('made no request outside the file system', () => {
      expect(offSite).toEqual([]);
    });
  },
);
