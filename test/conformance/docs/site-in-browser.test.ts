/**
 * The documentation site in a real browser: Debian's chromium, headless,
 * driven by puppeteer-core (which never downloads a browser). The site is
 * opened from the file system and every request the page makes is checked:
 * anything but a file:// URL fails the test. Every page kind (home, a clause
 * page, editions, a host page) is measured at a phone's width (390 px) and a
 * desktop's (1280 px): nothing scrolls sideways, no table leaves its box,
 * clause ids stay whole, and the Chinese quotes render with a font that has
 * their glyphs (not as boxes). Screenshots go to reports/screenshots/.
 *
 * A second site, of dsh at two releases, has the pages across releases: the
 * history page, a release's host page and the badges they show, measured
 * likewise, with every link followed to its file and anchor, the text at a
 * readable size, and each badge parsed as XML and drawn. On a phone the home
 * matrix shows every host's verdict of a clause on screen (and keeps one host
 * column when asked), the intro is folded, a failure's message is whole and
 * wrapped at the screen's width, and a long clause page opens with its
 * summary, its scenarios and examples folded.
 *
 * Without chromium the tests are skipped, saying why, and without a CJK font
 * (fontconfig knows none for Chinese) the glyph test is; under CI=true either
 * missing fails instead (`.ci/run` installs both).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVIDENCE_SCHEMA_ID,
  EVIDENCE_VERSION,
  type MutationEvidence,
} from '../../../conformance/evidence/mutation-evidence.js';
import { readResultsFile } from '../../../conformance/docs/read-results.js';
import { writeSite } from '../../../conformance/docs/write-site.js';
import { cellStatus, recordsFor, type SiteModel } from '../../../conformance/docs/site-model.js';
import { statusCounts } from '../../../conformance/docs/result-html.js';
import { LONG_PAGE } from '../../../conformance/docs/clause-page.js';
import { DSH_RESULTS, REFERENCE_RESULTS, twoReleases } from './site-fixture.js';
import { temporaryFolder } from '../../temporary-folder.js';

/** Debian's chromium; PLAN_MODE_CONFORMANCE_CHROMIUM names another (the test of npm test's skip report names a missing one). */
const CHROMIUM = process.env.PLAN_MODE_CONFORMANCE_CHROMIUM ?? '/usr/bin/chromium';
const SCREENSHOTS = fileURLToPath(new URL('../../../reports/screenshots/', import.meta.url));
const haveChromium = existsSync(CHROMIUM);
const SKIP_REASON = `no chromium at ${CHROMIUM} (apt-get install -y chromium)`;
/**
 * Whether fontconfig knows a font for Chinese (`fc-list :lang=zh`); without
 * fc-list nothing can be told, and the glyph test runs (and says what to install if it fails).
 */
const noCjkFont = (() => {
  const listed = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  return !listed.error && listed.status === 0 && listed.stdout.trim() === '';
})();
const NO_CJK_FONT = 'no CJK font known to fontconfig (apt-get install -y fonts-noto-cjk)';
const WIDTHS = [390, 1280] as const;
/** One page of each kind; SET-06 has the most scenarios, examples and mutants. */
const PAGE_KINDS = [
  ['home', 'index.html'],
  ['clause-SET-06', 'clauses/SET-06.html'],
  ['editions', 'editions.html'],
  ['host-dsh', 'hosts/dsh.html'],
] as const;

/** The pages across releases, in the site of dsh at two releases. */
const RELEASE_PAGES = [
  ['history-dsh', 'history/dsh.html'],
  ['host-dsh-0.0.1-rc.1', 'hosts/dsh-0.0.1-rc.1.html'],
  ['home-two-releases', 'index.html'],
] as const;
/** The smallest text a page may set, in CSS px. */
const READABLE_PX = 12;

const LAUNCH_ARGS = (profile: string) => [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--user-data-dir=${profile}`,
];

/** Mutation evidence with many mutants caught by SET-06's scenarios, as a real run has: enough to make the table long. */
function evidenceFor(model: SiteModel): MutationEvidence {
  const set06 = model.clauses.find((view) => view.clause.id === 'SET-06')!;
  const ids = set06.scenarios.flatMap((scenario) => scenario.cases.map((entry) => entry.stableId!)).filter(Boolean);
  const mutants = Array.from({ length: 24 }, (_, index) => {
    const caught = ids.filter((_, position) => (position + index) % 3 === 0);
    const clauses = index % 4 === 0 ? ['SET-02'] : ['SET-06'];
    return {
      name: `set-06-mutant-${index + 1}`,
      description: `Broken host ${index + 1}: a selection made during a failed request is applied one boundary late.`,
      clauses,
      caughtBy: caught,
      runs: [
        {
          edition: 'seed',
          caughtBy: caught.map((id) => ({
            id,
            clauses: ['SET-06'],
            kind: 'assertion',
            step: 'the plan/mode event comes before the header of request 2',
          })),
        },
      ],
    };
  });
  return {
    schema: EVIDENCE_SCHEMA_ID,
    version: EVIDENCE_VERSION,
    kit: { name: 'plan-mode-conformance', version: '0.1.0' },
    catalog: '2026-12-01',
    writtenAt: '2026-12-02T00:00:00.000Z',
    editions: ['seed'],
    mutants,
  } as MutationEvidence;
}

/**
 * Which characters of an element's text draw exactly as a character no font
 * has (U+10FFFD, private use): those render as boxes. Drawn on a canvas in the
 * element's own computed font, so the browser's font fallback is the page's.
 */
function boxedCharacters(page: Page, selector: string): Promise<string[]> {
  return page.$eval(selector, (element) => {
    const style = getComputedStyle(element);
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const draw = (text: string): string => {
      context.clearRect(0, 0, 64, 64);
      context.font = `${style.fontWeight} 32px ${style.fontFamily}`;
      context.fillText(text, 8, 44);
      return Array.from(context.getImageData(0, 0, 64, 64).data).join(',');
    };
    const missing = draw('\u{10FFFD}');
    const han = [...new Set((element.textContent ?? '').match(/\p{Script=Han}/gu) ?? [])].slice(0, 24);
    return han.filter((character) => draw(character) === missing);
  });
}

/**
 * What reaches past the page's right edge: elements outside a table box (which
 * scrolls in its card; on a phone the matrix and card tables do not), table
 * boxes wider than their container, and clause ids broken over two lines;
 * with the page's scroll width.
 */
function layoutOf(page: Page) {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    // On a phone the matrix and the card tables do not scroll in their box: everything in them counts.
    const phone = matchMedia('(max-width: 48rem)').matches;
    const scrolls = (element: Element) =>
      element.closest('.table-box') !== null && !(phone && element.closest('table.cards, table.matrix'));
    const outside = [...document.querySelectorAll('body *')]
      .filter((element) => (element as HTMLElement).offsetParent !== null && !scrolls(element))
      .filter((element) => element.getBoundingClientRect().right > viewport + 0.5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).replace(/ /g, '.')}` : ''}`,
      );
    // A table box scrolls inside its card: it never reaches past the element holding it.
    const boxes = [...document.querySelectorAll('.table-box')]
      .filter((box) => (box as HTMLElement).offsetParent !== null)
      .filter((box) => box.getBoundingClientRect().right > box.parentElement!.getBoundingClientRect().right + 0.5)
      .map((box) => box.parentElement!.className || box.parentElement!.tagName);
    // A clause id drawn on two lines ("SET-" / "06") has two boxes.
    const broken = [
      ...document.querySelectorAll(
        '.id, a[href^="clauses/"], a[href^="../clauses/"], table.matrix tbody th[scope="row"] a',
      ),
    ]
      .filter((element) => /^[A-Z]+-\d+$/.test(element.textContent!.trim()) && element.getClientRects().length > 1)
      .map((element) => element.textContent!.trim());
    return {
      scrollWidth: document.documentElement.scrollWidth,
      viewport,
      outside: [...new Set(outside)].slice(0, 10),
      boxes,
      broken: [...new Set(broken)],
    };
  });
}

/** Visible text set smaller than `min` px (visually hidden text for screen readers aside). */
function smallText(page: Page, min: number): Promise<string[]> {
  return page.evaluate((min) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const small: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement!;
      if (!node.textContent!.trim() || element.closest('.vh') || !element.checkVisibility()) continue;
      const size = Number.parseFloat(getComputedStyle(element).fontSize);
      if (size < min) small.push(`${size}px: ${node.textContent!.trim().slice(0, 40)}`);
    }
    return small;
  }, min);
}

/**
 * Every link and image of the page that does not resolve: a file that is not
 * there, an anchor its page lacks, or a URL off the file system.
 */
async function brokenLinks(page: Page): Promise<string[]> {
  const targets = await page.$$eval('a[href], img[src]', (elements) =>
    elements.map((element) => (element as HTMLAnchorElement).href || (element as HTMLImageElement).src),
  );
  const broken: string[] = [];
  for (const target of new Set(targets)) {
    const url = new URL(target);
    if (url.protocol !== 'file:') {
      broken.push(`${target}: not on the file system`);
      continue;
    }
    const file = fileURLToPath(url);
    if (!existsSync(file)) {
      broken.push(`${target}: no such file`);
      continue;
    }
    const anchor = decodeURIComponent(url.hash.slice(1));
    if (anchor && !(await readFile(file, 'utf8')).includes(`id="${anchor}"`)) broken.push(`${target}: no such anchor`);
  }
  return broken;
}

/** The fonts the browser used to draw an element's text, from the DevTools protocol. */
async function fontsUsed(page: Page, selector: string): Promise<Array<{ familyName: string; glyphCount: number }>> {
  const client = await page.createCDPSession();
  await client.send('DOM.enable');
  await client.send('CSS.enable');
  const { root } = await client.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await client.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await client.send('CSS.getPlatformFontsForNode', { nodeId });
  await client.detach();
  return fonts;
}

if (!haveChromium && process.env.CI === 'true') {
  describe('docs site in a browser, on CI', () => {
    it('needs chromium: CI must not skip the browser test', () => {
      expect.fail(`${SKIP_REASON}: under CI=true the browser test may not be skipped`);
    });
  });
}

describe.skipIf(!haveChromium)(
  haveChromium ? 'docs site in a browser' : `docs site in a browser: SKIPPED, ${SKIP_REASON}`,
  () => {
    let browser: Browser;
    let page: Page;
    let profile: string;
    let siteDir: string;
    /** The site of dsh at two releases (history page, a host page per release, their badges). */
    let releasesDir: string;
    let home: string;
    let model: SiteModel;
    const offSite: string[] = [];
    const url = (path: string) => pathToFileURL(join(siteDir, path)).href;
    /** Clauses whose cell on some host has this status, as the fixtures say. */
    const clausesWhere = (test: (reference: string, dsh: string) => boolean) =>
      model.clauses
        .filter((view) =>
          test(cellStatus(model.hosts[0]!, view.clause.id), cellStatus(model.hosts[1]!, view.clause.id)),
        )
        .map((view) => view.clause.id);

    beforeAll(async () => {
      siteDir = await temporaryFolder('pmc-site-');
      const results = await Promise.all([REFERENCE_RESULTS, DSH_RESULTS].map((path) => readResultsFile(path)));
      const plain = await writeSite({ outDir: siteDir, results });
      model = (await writeSite({ outDir: siteDir, results, evidence: evidenceFor(plain.model) })).model;
      home = url('index.html');
      releasesDir = await temporaryFolder('pmc-site-releases-');
      const { rc8, rc1 } = await twoReleases();
      await writeSite({ outDir: releasesDir, results: [rc8, rc1] });
      profile = await mkdtemp(join(tmpdir(), 'pmc-chromium-'));
      browser = await puppeteer.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS(profile) });
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
        rows
          .filter((row) => (row as HTMLElement).offsetParent !== null)
          .map((row) => row.querySelector('th')!.textContent!.trim()),
      );
    /** What a matrix cell shows: the visually hidden context for screen readers (": SET-06 on dsh") left out. */
    const cellTexts = (clause: string) =>
      page.$eval(`table.matrix tr.clause:has(a[href="clauses/${clause}.html"])`, (row) =>
        [...row.querySelectorAll('td.st a')].map((link) =>
          [...link.childNodes]
            .filter((node) => !(node as Element).classList?.contains('vh'))
            .map((node) => node.textContent)
            .join('')
            .trim(),
        ),
      );

    it("shows the matrix with both hosts, each cell counting its host's results", async () => {
      await page.goto(home);
      const headers = await page.$$eval('table.matrix thead th', (cells) =>
        cells.map((cell) => (cell as HTMLElement).innerText.trim()),
      );
      // Each host column names the edition its host was judged against (the fixtures' results are the seed's).
      expect(headers.map((header) => header.replace(/\s+/g, ' '))).toEqual([
        'Clause',
        'Level',
        'Statement',
        'reference seed',
        'dsh seed',
        'Mutants caught',
      ]);
      const [passedThenBaselined] = clausesWhere((reference, dsh) => reference === 'passed' && dsh === 'baselined');
      const [passedThenSkipped] = clausesWhere((reference, dsh) => reference === 'passed' && dsh === 'skipped');
      expect(
        passedThenBaselined && passedThenSkipped,
        'the fixtures have a clause baselined and one skipped on dsh',
      ).toBeTruthy();
      const expected = (clause: string) => model.hosts.map((host) => statusCounts(recordsFor(host, clause)));
      expect(await cellTexts(passedThenBaselined!)).toEqual([
        `✓ ${expected(passedThenBaselined!)[0]}`,
        `≈ ${expected(passedThenBaselined!)[1]}`,
      ]);
      expect(expected(passedThenBaselined!)[1], 'a baselined cell counts its passed scenarios too').toMatch(
        /passed.*baselined|baselined/,
      );
      const skippedCell = (await cellTexts(passedThenSkipped!))[1]!;
      expect(skippedCell).toBe(`– ${expected(passedThenSkipped!)[1]}`);
      expect(skippedCell).toMatch(/^– (\d+ passed, )?\d+ skipped$/);
      expect(await visibleClauses()).toHaveLength(model.clauses.length);
    });

    it('never shows a recommended failure in red: it does not fail the run', async () => {
      const recommendedFailures = model.clauses.filter(
        (view) => view.clause.level === 'recommended' && cellStatus(model.hosts[1]!, view.clause.id) === 'failed',
      );
      expect(recommendedFailures.length, 'the dsh fixture fails recommended clauses').toBeGreaterThan(0);
      const red = (selector: string) =>
        page.$$eval(selector, (cells) =>
          cells
            .filter((cell) => getComputedStyle(cell).backgroundColor === 'rgb(255, 235, 233)')
            .map((cell) => (cell as HTMLElement).innerText.trim()),
        );
      await page.goto(home);
      for (const view of recommendedFailures) {
        expect(
          await red(`table.matrix tr.clause:has(a[href="clauses/${view.clause.id}.html"]) td.st`),
          view.clause.id,
        ).toEqual([]);
      }
      expect(await red('table[aria-labelledby="hosts-heading"] td'), 'the hosts table').toEqual([]);
      for (const view of recommendedFailures) {
        await page.goto(url(`clauses/${view.clause.id}.html`));
        expect(await red('td.st'), view.clause.id).toEqual([]);
      }
      await page.goto(url('hosts/dsh.html'));
      expect(await red('td.st'), 'the dsh host page').toEqual([]);
    });

    it("follows a clause link to its page, which quotes each edition's README in Chinese", async () => {
      await page.goto(home);
      const [id] = clausesWhere((reference, dsh) => reference === 'passed' && dsh === 'baselined');
      const view = model.clauses.find((candidate) => candidate.clause.id === id)!;
      await Promise.all([page.waitForNavigation(), page.click(`table.matrix a[href="clauses/${id}.html"]`)]);
      expect(page.url()).toMatch(new RegExp(`/clauses/${id}\\.html$`));
      expect(await page.$eval('h1', (h1) => (h1 as HTMLElement).innerText)).toMatch(new RegExp(`^${id}`));
      const quotes = await page.$$eval('blockquote.seed', (nodes) =>
        nodes.map((node) => ({ lang: node.getAttribute('lang'), text: (node as HTMLElement).innerText })),
      );
      expect(quotes[0]).toMatchObject({ lang: 'zh-Hans' });
      const located = view.readings.flatMap((reading) => reading.quotes);
      expect(quotes).toHaveLength(located.length);
      expect(quotes[0]!.text).toContain(located[0]!.text.replace(/`/g, ''));
      const dsh = await page.$eval('#host-dsh', (row) => (row as HTMLElement).innerText);
      expect(dsh).toContain('baselined');
    });

    it('draws the Chinese quotes with a font that has their glyphs, not as boxes', async (context) => {
      if (noCjkFont && process.env.CI === 'true')
        expect.fail(`${NO_CJK_FONT}: under CI=true the glyph test may not be skipped`);
      if (noCjkFont) return context.skip(NO_CJK_FONT);
      await page.goto(url('clauses/SET-06.html'));
      const fonts = await fontsUsed(page, 'blockquote.seed mark');
      const boxed = await boxedCharacters(page, 'blockquote.seed mark');
      expect(boxed, `characters drawn as boxes; fonts used: ${JSON.stringify(fonts)} (install fonts-noto-cjk)`).toEqual(
        [],
      );
      expect(fonts.length).toBeGreaterThan(0);
    });

    it('collapses the mutant table, counted in its summary, and opens it on a click', async () => {
      await page.goto(url('clauses/SET-06.html'));
      const view = model.clauses.find((candidate) => candidate.clause.id === 'SET-06')!;
      const caught = view.mutants!.caught;
      const declaring = caught.filter((entry) => entry.mutant.clauses.includes('SET-06')).length;
      expect(caught.length).toBeGreaterThan(10);
      const summary = await page.$eval('details.mutant-table > summary', (element) =>
        (element as HTMLElement).innerText.trim(),
      );
      expect(summary).toBe(`${caught.length} mutants caught, ${declaring} declaring SET-06: show the table`);
      const tableShown = () =>
        page.$eval('details.mutant-table table', (table) => (table as HTMLElement).checkVisibility());
      expect(await page.$eval('details.mutant-table', (details) => (details as HTMLDetailsElement).open)).toBe(false);
      expect(await tableShown()).toBe(false);
      await page.click('details.mutant-table > summary');
      expect(await tableShown()).toBe(true);
      expect(await page.$$eval('details.mutant-table tbody tr', (rows) => rows.length)).toBe(caught.length);
    });

    for (const width of WIDTHS) {
      for (const [name, path] of PAGE_KINDS) {
        it(`${name} at ${width} px: no sideways scrolling, tables in their boxes, clause ids whole`, async () => {
          await page.setViewport({ width, height: width < 600 ? 844 : 900 });
          await page.goto(url(path));
          const layout = await layoutOf(page);
          await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`) });
          expect(layout.outside, 'elements reaching past the right edge').toEqual([]);
          expect(layout.scrollWidth).toBeLessThanOrEqual(layout.viewport);
          expect(layout.boxes, 'table boxes wider than their container').toEqual([]);
          expect(layout.broken, 'clause ids broken over two lines').toEqual([]);
        });
      }
    }

    const releasesUrl = (path: string) => pathToFileURL(join(releasesDir, path)).href;

    for (const width of WIDTHS) {
      for (const [name, path] of RELEASE_PAGES) {
        it(`${name} at ${width} px: no sideways scrolling, readable text, every link resolves`, async () => {
          await page.setViewport({ width, height: width < 600 ? 844 : 900 });
          await page.goto(releasesUrl(path));
          const layout = await layoutOf(page);
          await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`) });
          expect(layout.outside, 'elements reaching past the right edge').toEqual([]);
          expect(layout.scrollWidth).toBeLessThanOrEqual(layout.viewport);
          expect(layout.boxes, 'table boxes wider than their container').toEqual([]);
          expect(layout.broken, 'clause ids broken over two lines').toEqual([]);
          expect(await smallText(page, READABLE_PX), `text under ${READABLE_PX}px`).toEqual([]);
          expect(await brokenLinks(page)).toEqual([]);
        });
      }
    }

    it('orders the history by release: 0.0.1-rc.1 before 0.1.0-rc.8, though it ran later', async () => {
      await page.setViewport({ width: 1280, height: 900 });
      await page.goto(releasesUrl('history/dsh.html'));
      const releases = await page.$$eval('table[aria-labelledby="runs-heading"] tbody tr', (rows) =>
        rows.map((row) => (row.querySelector('td') as HTMLElement).innerText.trim()),
      );
      expect(releases).toEqual(['0.0.1-rc.1', '0.1.0-rc.8']);
    });

    it('draws every badge the pages show: valid SVG, its text the verdict of the shields.io endpoint', async () => {
      await page.setViewport({ width: 1280, height: 900 });
      const badges = new Set<string>();
      for (const path of ['history/dsh.html', 'hosts/dsh.html', 'hosts/dsh-0.0.1-rc.1.html']) {
        await page.goto(releasesUrl(path));
        const images = await page.$$eval('img[src$=".svg"]', (elements) =>
          elements.map((element) => {
            const image = element as HTMLImageElement;
            return { src: image.src, drawn: image.complete && image.naturalWidth > 0, alt: image.alt };
          }),
        );
        expect(images.length, path).toBeGreaterThan(0);
        for (const image of images) {
          expect(image.drawn, `${image.src} drawn on ${path}`).toBe(true);
          badges.add(image.src);
        }
      }
      expect(badges.size).toBe(2);
      for (const badge of badges) {
        const svg = await readFile(fileURLToPath(badge), 'utf8');
        const endpoint = JSON.parse(await readFile(fileURLToPath(badge).replace(/\.svg$/, '.json'), 'utf8'));
        // Parsed as XML (any error is a <parsererror>), then drawn in the page to measure its text against its boxes.
        const parsed = await page.evaluate((text) => {
          const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
          const error = doc.querySelector('parsererror');
          if (error) return { error: error.textContent };
          const root = document.importNode(doc.documentElement, true) as unknown as SVGSVGElement;
          document.body.append(root);
          const rects = [...root.querySelectorAll('rect')].map((rect) => rect.getBBox());
          const texts = [...root.querySelectorAll('text')].map((node, index) => {
            const box = (node as SVGTextElement).getBBox();
            const rect = rects[index]!;
            return { text: node.textContent, fits: box.x >= rect.x && box.x + box.width <= rect.x + rect.width };
          });
          root.remove();
          return {
            root: doc.documentElement.localName,
            namespace: doc.documentElement.namespaceURI,
            title: doc.querySelector('title')?.textContent,
            texts,
            scripts: doc.querySelectorAll('script, foreignObject, image, use').length,
          };
        }, svg);
        expect(parsed.error, badge).toBeUndefined();
        expect(parsed).toMatchObject({ root: 'svg', namespace: 'http://www.w3.org/2000/svg', scripts: 0 });
        expect(parsed.title).toBe(`${endpoint.label}: ${endpoint.message}`);
        expect(parsed.texts).toEqual([
          { text: endpoint.label, fits: true },
          { text: endpoint.message, fits: true },
        ]);
      }
    });

    it('on a phone, shows every host verdict of a clause on screen, and keeps one host column when asked', async () => {
      await page.setViewport({ width: 390, height: 844 });
      await page.goto(home);
      const [clause] = clausesWhere((reference, dsh) => reference === 'passed' && dsh === 'baselined');
      const cells = (selector: string) =>
        page.$$eval(selector, (elements) =>
          elements.map((element) => {
            const box = element.getBoundingClientRect();
            return {
              shown: element.checkVisibility(),
              onScreen: box.left >= 0 && box.right <= document.documentElement.clientWidth && box.width > 0,
              named: getComputedStyle(element, '::before').content,
            };
          }),
        );
      const row = `table.matrix tr.clause:has(a[href="clauses/${clause}.html"]) td.st`;
      expect(await cells(row)).toEqual(
        model.hosts.map((host) => ({ shown: true, onScreen: true, named: `"${host.label} (${host.edition})"` })),
      );
      await page.click('label[for="f-host-2"]');
      expect((await cells(row)).map((cell) => cell.shown)).toEqual([false, true]);
      expect((await cells('table.matrix .host-col-1')).every((cell) => !cell.shown)).toBe(true);
      expect((await cells('table.matrix .host-col-2')).every((cell) => cell.shown)).toBe(true);
      expect(await visibleClauses()).toHaveLength(model.clauses.length);
      await page.click('label[for="f-host-all"]');
      expect((await cells(row)).map((cell) => cell.shown)).toEqual([true, true]);
      expect((await layoutOf(page)).scrollWidth).toBeLessThanOrEqual(390);
    });

    it('on a phone, shows the Hosts table as a card per host: every figure on screen and named, nothing to scroll', async () => {
      await page.setViewport({ width: 390, height: 844 });
      await page.goto(home);
      const table = 'table[aria-labelledby="hosts-heading"]';
      expect(await page.$eval(table, (element) => element.parentElement!.scrollWidth)).toBeLessThanOrEqual(
        await page.$eval(table, (element) => element.parentElement!.clientWidth),
      );
      const cells = await page.$$eval(`${table} tbody td`, (elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return {
            onScreen: box.left >= 0 && box.right <= document.documentElement.clientWidth && box.width > 0,
            named: getComputedStyle(element, '::before').content !== 'none',
          };
        }),
      );
      expect(cells.length).toBeGreaterThan(model.hosts.length * 10);
      expect(cells.filter((cell) => !cell.onScreen || !cell.named)).toEqual([]);
    });

    it('on a phone, folds the intro under its first sentence', async () => {
      await page.setViewport({ width: 390, height: 844 });
      await page.goto(home);
      const intro = () => page.$eval('details.intro > p', (element) => element.checkVisibility());
      expect(await page.$eval('p.lead', (element) => element.checkVisibility())).toBe(true);
      expect(await intro()).toBe(false);
      // The matrix's filters start within the first two screens.
      expect(await page.$eval('form.filters', (form) => form.getBoundingClientRect().top)).toBeLessThan(2 * 844);
      await page.click('details.intro > summary');
      expect(await intro()).toBe(true);
    });

    it("on a phone, shows a host page's failure whole: on screen, wrapped at the screen's width", async () => {
      await page.setViewport({ width: 390, height: 844 });
      await page.goto(url('hosts/dsh.html'));
      const failed = model.hosts[1]!.document.scenarios.filter((record) => record.status === 'failed');
      expect(failed.length, 'the dsh fixture has failures').toBeGreaterThan(0);
      const shown = await page.$$eval('#failures + .table-box td.st', (cells) =>
        cells.map((cell) => {
          const pre = cell.querySelector('pre')!;
          const box = cell.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(pre);
          return {
            text: pre.textContent,
            shown: pre.checkVisibility(),
            onScreen: box.left >= 0 && box.right <= document.documentElement.clientWidth,
            width: box.width / document.documentElement.clientWidth,
            cut: pre.scrollWidth > pre.clientWidth,
            lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
          };
        }),
      );
      expect(shown.map((cell) => cell.text)).toEqual(failed.map((record) => record.failure!.message));
      for (const cell of shown) {
        expect(cell).toMatchObject({ shown: true, onScreen: true, cut: false });
        // Not squeezed into a column: the message has most of the screen, over several lines.
        expect(cell.width).toBeGreaterThan(0.8);
        expect(cell.lines).toBeGreaterThan(1);
      }
    });

    it("on a phone, shows a failure's rerun command whole, wrapped on screen", async () => {
      await page.setViewport({ width: 390, height: 844 });
      const { rc1 } = await twoReleases();
      const commands = rc1.document.scenarios.flatMap((record) =>
        record.status === 'failed' && record.rerun !== undefined ? [record.rerun] : [],
      );
      expect(commands.length).toBeGreaterThan(0);
      await page.goto(releasesUrl('hosts/dsh-0.0.1-rc.1.html'));
      const shown = await page.$$eval('#failures + .table-box .rerun pre', (blocks) =>
        blocks.map((pre) => {
          const box = pre.getBoundingClientRect();
          return {
            text: pre.textContent,
            shown: pre.checkVisibility(),
            onScreen: box.left >= 0 && box.right <= document.documentElement.clientWidth,
            cut: pre.scrollWidth > pre.clientWidth,
          };
        }),
      );
      expect(shown).toEqual(commands.map((text) => ({ text, shown: true, onScreen: true, cut: false })));
    });

    it('on a phone, opens a long clause page with its summary and folds its scenarios and examples', async () => {
      await page.setViewport({ width: 390, height: 844 });
      const view = model.clauses.find((candidate) => candidate.clause.id === 'SET-06')!;
      expect(view.scenarios.length).toBeGreaterThan(LONG_PAGE);
      await page.goto(url('clauses/SET-06.html'));
      expect(await page.$eval('.glance', (element) => element.getBoundingClientRect().bottom)).toBeLessThan(844);
      expect(
        await page.$$eval('.glance ul.verdicts li', (items) => items.map((item) => (item as HTMLElement).innerText)),
      ).toEqual(model.hosts.map((host) => expect.stringContaining(`${host.label}: `)));
      const listed = await page.$$eval('.scenario-list a', (links) => links.map((link) => link.getAttribute('href')));
      expect(listed).toEqual(view.scenarios.map((scenario) => `#${scenario.anchor}`));
      const folded = await page.$$eval('details.scenario-body, details.examples', (all) =>
        all.map((details) => (details as HTMLDetailsElement).open),
      );
      expect(folded.length).toBeGreaterThan(view.scenarios.length);
      expect(folded.every((open) => !open)).toBe(true);
      expect(
        await page.$$eval('.examples table, .gherkin', (all) => all.filter((e) => e.checkVisibility()).length),
      ).toBe(0);
      await page.click(`#${view.scenarios[0]!.anchor} details.scenario-body > summary`);
      expect(await page.$eval(`#${view.scenarios[0]!.anchor} .gherkin`, (e) => e.checkVisibility())).toBe(true);

      // A short page keeps its scenarios open; only examples tables fold.
      const short = model.clauses.find(
        (candidate) => candidate.scenarios.length > 0 && candidate.scenarios.length <= LONG_PAGE,
      )!;
      await page.goto(url(`clauses/${short.clause.id}.html`));
      expect(await page.$$eval('details.scenario-body', (all) => all.length)).toBe(0);
      expect(await page.$$eval('.gherkin', (all) => all.every((e) => e.checkVisibility()))).toBe(true);
    });

    it('filters rows by family with the keyboard and by status with a click', async () => {
      await page.setViewport({ width: 1280, height: 900 });
      await page.goto(home);
      await page.focus('#f-family-all');
      await page.keyboard.press('ArrowRight');
      const first = model.families[0]!.id;
      expect(await page.$eval(`#f-family-${first}`, (input) => (input as HTMLInputElement).checked)).toBe(true);
      expect(await visibleClauses()).toEqual(
        model.clauses.filter((view) => view.family.id === first).map((view) => view.clause.id),
      );
      const focusRing = await page.$eval(
        `label[for="f-family-${first}"]`,
        (label) => getComputedStyle(label).outlineStyle,
      );
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
        model.clauses
          .filter((view) => view.clause.level === 'recommended' && expected.includes(view.clause.id))
          .map((view) => view.clause.id),
      );
    });

    it('prints without the filters, and with everything folded on screen unfolded', async () => {
      await page.setViewport({ width: 1280, height: 900 });
      await page.goto(home);
      await page.emulateMediaType('print');
      expect(await page.$eval('form.filters', (form) => getComputedStyle(form).display)).toBe('none');
      expect(await page.$eval('details.intro > p', (element) => element.checkVisibility())).toBe(true);
      await page.goto(url('clauses/SET-06.html'));
      const hidden = () =>
        page.$$eval('details > :not(summary)', (all) => all.filter((element) => !element.checkVisibility()).length);
      expect(await hidden()).toBe(0);
      await page.emulateMediaType('screen');
      expect(await hidden(), 'folded on screen').toBeGreaterThan(0);
    });

    it('made no request outside the file system', () => {
      expect(offSite).toEqual([]);
    });

    it('finds the boxes where no CJK font is installed (the check above can fail)', async () => {
      // A browser whose fontconfig sees only DejaVu, which has no Han glyphs.
      const dejavu = '/usr/share/fonts/truetype/dejavu';
      if (!existsSync(dejavu))
        return void expect
          .soft(existsSync(dejavu), `${dejavu} (fonts-dejavu-core) is needed for this check`)
          .toBe(true);
      const dir = await temporaryFolder('pmc-fonts-');
      const config = join(dir, 'fonts.conf');
      await writeFile(
        config,
        `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${dejavu}</dir><cachedir>${join(dir, 'cache')}</cachedir></fontconfig>\n`,
      );
      const otherProfile = await mkdtemp(join(tmpdir(), 'pmc-chromium-'));
      const bare = await puppeteer.launch({
        executablePath: CHROMIUM,
        args: LAUNCH_ARGS(otherProfile),
        env: { ...process.env, FONTCONFIG_FILE: config },
      });
      try {
        const barePage = await bare.newPage();
        await barePage.goto(url('clauses/SET-06.html'));
        expect((await boxedCharacters(barePage, 'blockquote.seed mark')).length).toBeGreaterThan(0);
      } finally {
        await bare.close();
        await rm(otherProfile, { recursive: true, force: true });
      }
    });
  },
);
