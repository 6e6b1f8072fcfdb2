/**
 * Writes the documentation site: DIR/index.html, DIR/editions.html, DIR/clauses/<ID>.html,
 * DIR/hosts/<adapter>.html, DIR/history/<host>.html (a host given at several
 * releases or dates) and DIR/badges/<adapter>.svg and .json (a badge per host
 * run), every page self-contained (inline style, no script, no file from
 * elsewhere), so it works opened from the file system.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCatalog, CATALOG_PATH } from '../catalog/clause-catalog.js';
import { KIT_FEATURES_DIR, parseFeatures } from '../features/feature-files.js';
import { clausePage } from './clause-page.js';
import { editionsPage } from './editions-page.js';
import { badgeEndpoint, badgeOf, badgeSvg } from './badges.js';
import { historyPage, hostHistories } from './history-page.js';
import { homePage } from './home-page.js';
import { hostPage } from './host-page.js';
import type { MutationEvidence } from '../evidence/mutation-evidence.js';
import type { ResultsFile } from './read-results.js';
import { QuotedReadme, editionReadmePath } from '../catalog/readme-quotes.js';
import { EDITIONS, type Edition } from '../../src/index.js';
import { buildSiteModel, type SiteModel } from './site-model.js';

export interface SiteOptions {
  outDir: string;
  results: readonly ResultsFile[];
  featuresDir?: string;
  catalogPath?: string;
  /** Each edition's README (default: the kit's, in features/editions/). */
  readmePaths?: Partial<Record<Edition, string>>;
  /** The mutation evidence (`docs --mutants FILE`): clause pages list the mutants their scenarios catch. */
  evidence?: MutationEvidence;
}

export interface WrittenSite {
  model: SiteModel;
  files: string[];
}

export async function writeSite(options: SiteOptions): Promise<WrittenSite> {
  const [catalog, features, ...readmes] = await Promise.all([
    loadCatalog(options.catalogPath ?? CATALOG_PATH),
    parseFeatures(options.featuresDir ?? KIT_FEATURES_DIR),
    ...EDITIONS.map((edition) => QuotedReadme.read(options.readmePaths?.[edition] ?? editionReadmePath(edition))),
  ]);
  const byEdition = Object.fromEntries(EDITIONS.map((edition, index) => [edition, readmes[index]!])) as Record<
    Edition,
    QuotedReadme
  >;
  // Everything is built (and every quote checked) before the first file is written.
  const model = buildSiteModel(catalog, features, byEdition, options.results, options.evidence);
  const pages = new Map<string, string>([
    ['index.html', homePage(model).value],
    ['editions.html', editionsPage(model).value],
  ]);
  model.clauses.forEach((view, index) =>
    pages.set(join('clauses', `${view.clause.id}.html`), clausePage(model, index).value),
  );
  for (const host of model.hosts) pages.set(join('hosts', `${host.key}.html`), hostPage(model, host).value);
  const histories = hostHistories(model);
  for (const history of histories) pages.set(join('history', `${history.key}.html`), historyPage(model, history).value);
  for (const host of model.hosts) {
    const badge = badgeOf(host);
    pages.set(join('badges', `${host.key}.svg`), badgeSvg(badge));
    pages.set(join('badges', `${host.key}.json`), badgeEndpoint(badge));
  }

  await mkdir(join(options.outDir, 'clauses'), { recursive: true });
  if (model.hosts.length > 0) await mkdir(join(options.outDir, 'hosts'), { recursive: true });
  if (model.hosts.length > 0) await mkdir(join(options.outDir, 'badges'), { recursive: true });
  if (histories.length > 0) await mkdir(join(options.outDir, 'history'), { recursive: true });
  for (const [file, text] of pages) await writeFile(join(options.outDir, file), text);
  return { model, files: [...pages.keys()] };
}
