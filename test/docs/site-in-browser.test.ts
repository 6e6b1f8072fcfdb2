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
    const offSite: string[] = [];

    beforeAll(async () => {
      const site = await buildSite();
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
      expect(headers).toEqual(['Clause', 'Level', 'Statement', 'reference', 'dsh']);
      const set06 = await page.$eval('table.matrix tr.clause:has(a[href="clauses/SET-06.html"])', (row) =>
        // What is seen: the visually hidden context for screen readers (": SET-06 on dsh") is left out.
        [...row.querySelectorAll('td.st a')].map((link) => [...link.childNodes].filter((node) => !(node as Element).classList?.contains('vh')).map((node) => node.textContent).join('').trim()),
      );
      expect(set06).toEqual(['✓ passed', '≈ baselined']);
      const restart = await page.$eval('table.matrix tr.clause:has(a[href="clauses/STATE-03.html"])', (row) => (row.querySelector('td.st:last-child') as HTMLElement).innerText.trim());
      expect(restart).toMatch(/^– skipped/);
      expect(await visibleClauses()).toHaveLength(60);
      await page.screenshot({ path: join(SCREENSHOTS, 'home.png') });
    });

    it('follows a clause link to its page, which quotes the seed in Chinese', async () => {
      await page.goto(home);
      await Promise.all([page.waitForNavigation(), page.click('table.matrix a[href="clauses/SET-06.html"]')]);
      expect(page.url()).toMatch(/\/clauses\/SET-06\.html$/);
      expect(await page.$eval('h1', (h1) => (h1 as HTMLElement).innerText)).toMatch(/^SET-06/);
      const quotes = await page.$$eval('blockquote.seed', (nodes) => nodes.map((node) => ({ lang: node.getAttribute('lang'), text: (node as HTMLElement).innerText })));
      expect(quotes[0]).toMatchObject({ lang: 'zh-Hans' });
      expect(quotes.map((quote) => quote.text).join('\n')).toContain('提示词提交、常规续行和请求恢复重试都在覆盖范围内');
      const dsh = await page.$eval('#host-dsh', (row) => (row as HTMLElement).innerText);
      expect(dsh).toContain('baselined');
      await page.screenshot({ path: join(SCREENSHOTS, 'clause-SET-06.png') });
    });

    it('filters rows by family with the keyboard and by status with a click', async () => {
      await page.goto(home);
      await page.focus('#f-family-all');
      await page.keyboard.press('ArrowRight');
      expect(await page.$eval('#f-family-SCOPE', (input) => (input as HTMLInputElement).checked)).toBe(true);
      expect(await visibleClauses()).toEqual(['SCOPE-01', 'SCOPE-02']);
      const focusRing = await page.$eval('label[for="f-family-SCOPE"]', (label) => getComputedStyle(label).outlineStyle);
      expect(focusRing).toBe('solid');

      await page.click('label[for="f-family-all"]');
      await page.click('label[for="f-status-baselined"]');
      const baselined = await visibleClauses();
      expect(baselined.length).toBeGreaterThan(0);
      expect(baselined.length).toBeLessThan(60);
      expect(baselined).toContain('SET-06');
      expect(baselined).not.toContain('SCOPE-01');
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
