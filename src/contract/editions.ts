/**
 * Editions of the plan-mode README a host can implement. The seed edition is
 * the README at upstream commit 89d30b0ef7; rc.8 is the README published with
 * `@deepseek-ai/dsh-plan-mode` 0.1.0-rc.8, and 0.0.1-rc.1 the one published
 * with 0.0.1-rc.1 (rc.8 without `/plan` images and the three-kind projection).
 * A host declares the editions it
 * implements and is judged against one of them (see docs/clauses.md, "Editions").
 */
import { z } from 'zod';
import { EDITIONS, isEdition, type Edition } from './edition-names.js';

/** Oldest first: the order is what "the newest declared edition" means. */
export { EDITIONS, isEdition, type Edition };
export const EditionSchema = z.enum(EDITIONS, { error: `expected an edition: ${EDITIONS.join(' or ')}` });

/** The edition an adapter that declares none is judged against (adapters written before editions existed). */
export const DEFAULT_EDITION: Edition = 'seed';

/**
 * What a reader needs to know of each edition: where its README comes from
 * (`readme`: its copy under features/editions/), and `spec`: the README named
 * as the spec in every report and results file of a run judging the edition.
 */
export const EDITION_SOURCES: Record<Edition, { readme: string; describes: string; spec: string }> = {
  seed: {
    readme: 'seed-plan-mode.README.zh.md',
    describes: 'the package README at upstream commit 89d30b0ef7',
    spec: '@deepseek-ai/dsh-plan-mode README at upstream commit 89d30b0ef7 (seed)',
  },
  '0.0.1-rc.1': {
    readme: 'rc1-plan-mode.README.zh.md',
    describes:
      'the README published with @deepseek-ai/dsh-plan-mode 0.0.1-rc.1 (a month after 0.1.0-rc.8, with a lower version)',
    spec: 'README of the package @deepseek-ai/dsh-plan-mode 0.0.1-rc.1',
  },
  'rc.8': {
    readme: 'rc8-plan-mode.README.zh.md',
    describes: 'the README published with @deepseek-ai/dsh-plan-mode 0.1.0-rc.8',
    spec: 'README of the package @deepseek-ai/dsh-plan-mode 0.1.0-rc.8',
  },
};

/** The README a run of this edition judged against, in words (results file `spec.readme`, every report's spec line). */
export function editionReadme(edition: Edition): string {
  return EDITION_SOURCES[edition].spec;
}

/** A non-empty list of distinct editions. */
export const DeclaredEditionsSchema = z
  .array(EditionSchema)
  .min(1, 'declare at least one edition, or leave `editions` out to be judged against the seed')
  .refine((editions) => new Set(editions).size === editions.length, 'each edition is declared once');

/** The newest of the declared editions, or the default when none is declared. */
export function newestEdition(declared: readonly Edition[] | undefined): Edition {
  if (declared === undefined || declared.length === 0) return DEFAULT_EDITION;
  return [...declared].sort((a, b) => EDITIONS.indexOf(a) - EDITIONS.indexOf(b)).at(-1)!;
}

/**
 * The edition a results file (or a run's report context) was judged against: files written before editions, the
 * seed. Here rather than beside the results document's schema: the CLI names the edition of every run, and
 * reading this name from the public API's script would otherwise build every results schema (issue 36).
 */
export function resultsEdition(document: { spec: { edition?: Edition | undefined } }): Edition {
  return document.spec.edition ?? DEFAULT_EDITION;
}
