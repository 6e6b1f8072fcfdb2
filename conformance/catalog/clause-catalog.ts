/**
 * The repo's clause catalog (features/clauses.yaml), loaded and validated.
 * The build checks it once and writes the result beside the compiled kit
 * (`compileCatalog`), keyed by the YAML's content hash: every run reads that
 * instead of parsing YAML again, unless the YAML has changed since.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import {
  ClauseLevelSchema,
  DEFAULT_EDITION,
  EDITIONS,
  EditionSchema,
  type ClauseLevel,
  type Edition,
} from '../../src/index.js';
import { KIT_FEATURES_DIR } from '../features/kit-features-dir.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { issuePath } from '../guard/adapter-error.js';
import { QuotedReadme } from './readme-quotes.js';

const QuotesSchema = z.array(z.string().min(1)).min(1);

/** How a later edition reads a clause: what it leaves out is read as in its base edition (READING_BASE). */
const EditionReadingSchema = z
  .object({
    /** The clause as this edition states it, when it differs from the seed's reading. */
    statement: z.string().min(1).optional(),
    /** Exact substrings of this edition's README (features/editions/); absent: its base edition's quotes, found verbatim here too. */
    quote: QuotesSchema.optional(),
    derived: z.boolean().optional(),
  })
  .strict();

/** Every edition but the seed, whose reading is the clause's own fields. */
const LATER_EDITIONS = EDITIONS.filter((edition) => edition !== DEFAULT_EDITION);
type LaterEdition = Exclude<Edition, typeof DEFAULT_EDITION>;

/**
 * The edition each later edition's readings build on: what a clause's reading
 * in an edition leaves out (statement, quotes, derived) is read as in its base.
 * rc.8 builds on the seed; 0.0.1-rc.1 on rc.8, which its README reads as
 * without `/plan` images and the three-kind projection (docs/editions.md), so
 * only the clauses `quotes --edition rc.8` listed for its README, and those
 * whose rc.8 statement speaks of those two features, carry a reading of it.
 */
export const READING_BASE: Record<LaterEdition, Edition> = { '0.0.1-rc.1': 'rc.8', 'rc.8': 'seed' };

export const ClauseSchema = z
  .object({
    id: z.string().regex(/^[A-Z]+-\d{2}$/, 'clause ids look like SET-02'),
    /** `required` (MUST: fails a run) or `recommended` (SHOULD: reported apart; counted with --level strict). */
    level: ClauseLevelSchema,
    /** The seed's reading (or, for a clause the seed lacks, the reading of the editions it belongs to). */
    statement: z.string().min(1),
    /** Where in the seed the clause is read from (absent for a clause the seed lacks). */
    seed: z.string().min(1).optional(),
    derived: z.boolean().optional(),
    /** Exact substrings of the seed README (features/editions/) the clause is read from; the docs site quotes them. */
    quote: QuotesSchema.optional(),
    /** The editions the clause belongs to; absent: every edition. */
    only: z.array(EditionSchema).min(1).optional(),
    /** Later editions' readings of the clause, by edition. */
    editions: z.partialRecord(z.enum(LATER_EDITIONS as [Edition, ...Edition[]]), EditionReadingSchema).optional(),
  })
  .strict()
  .superRefine((clause, context) => {
    const inSeed = clause.only === undefined || clause.only.includes(DEFAULT_EDITION);
    if (inSeed && clause.seed === undefined)
      context.addIssue({
        code: 'custom',
        path: ['seed'],
        message: 'a seed clause says where in the seed it is read from',
      });
    if (inSeed && clause.quote === undefined)
      context.addIssue({ code: 'custom', path: ['quote'], message: 'a seed clause quotes the seed' });
    if (!inSeed && (clause.seed !== undefined || clause.quote !== undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['quote'],
        message: `a clause only in ${clause.only!.join(', ')} has no seed location or quote; put its quote under editions`,
      });
    }
    for (const edition of Object.keys(clause.editions ?? {}) as Edition[]) {
      if (clause.only !== undefined && !clause.only.includes(edition)) {
        context.addIssue({
          code: 'custom',
          path: ['editions', edition],
          message: `reads the clause in ${edition}, which \`only\` leaves out`,
        });
      }
    }
    for (const edition of LATER_EDITIONS) {
      const belongs = clause.only === undefined || clause.only.includes(edition);
      if (belongs && !inSeed && readingIn(clause, edition).quote === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['editions', edition, 'quote'],
          message: `quote the ${edition} README`,
        });
      }
    }
  });
export type Clause = z.infer<typeof ClauseSchema>;

/** One clause as one edition reads it. */
export interface EditionClause {
  id: string;
  level: ClauseLevel;
  statement: string;
  /** The exact sentences of the edition's README it is read from. */
  quotes: string[];
  derived: boolean;
  /** Whether another edition states it differently (or lacks it). */
  differs: boolean;
}

export function belongsTo(clause: Clause, edition: Edition): boolean {
  return clause.only === undefined || clause.only.includes(edition);
}

interface Reading {
  statement: string;
  quote: string[] | undefined;
  derived: boolean | undefined;
}

/** A clause's reading in one edition: its own fields over its base edition's, down to the seed's. */
function readingIn(clause: Pick<Clause, 'statement' | 'quote' | 'derived' | 'editions'>, edition: Edition): Reading {
  if (edition === DEFAULT_EDITION) return { statement: clause.statement, quote: clause.quote, derived: clause.derived };
  const own: z.infer<typeof EditionReadingSchema> | undefined = (
    clause.editions as Partial<Record<Edition, z.infer<typeof EditionReadingSchema>>> | undefined
  )?.[edition];
  const base = readingIn(clause, READING_BASE[edition as LaterEdition]);
  return {
    statement: own?.statement ?? base.statement,
    quote: own?.quote ?? base.quote,
    derived: own?.derived ?? base.derived,
  };
}

/** The clause's statement in each edition it belongs to, in EDITIONS order. */
export function statementsByEdition(clause: Clause): Array<{ edition: Edition; statement: string }> {
  return EDITIONS.filter((edition) => belongsTo(clause, edition)).map((edition) => ({
    edition,
    statement: readingIn(clause, edition).statement,
  }));
}

/** The clause as `edition` reads it, or undefined when the edition lacks it. */
export function clauseInEdition(clause: Clause, edition: Edition): EditionClause | undefined {
  if (!belongsTo(clause, edition)) return undefined;
  const reading = readingIn(clause, edition);
  return {
    id: clause.id,
    level: clause.level,
    statement: reading.statement,
    quotes: reading.quote ?? [],
    derived: reading.derived ?? false,
    differs: clause.only !== undefined || new Set(statementsByEdition(clause).map((one) => one.statement)).size > 1,
  };
}

/** The clauses of one edition, in catalog order. */
export function clausesOfEdition(clauses: readonly Clause[], edition: Edition): EditionClause[] {
  return clauses.flatMap((clause) => clauseInEdition(clause, edition) ?? []);
}

/**
 * Checks every quote of every edition verbatim (exactly once) in that
 * edition's README; throws naming each one that is not.
 */
export async function checkEditionQuotes(clauses: readonly Clause[]): Promise<void> {
  const problems: string[] = [];
  for (const edition of EDITIONS) {
    const readme = await QuotedReadme.ofEdition(edition);
    problems.push(
      ...readme.check(clausesOfEdition(clauses, edition)).problems.map((problem) => `${edition}: ${problem}`),
    );
  }
  if (problems.length > 0)
    throw new Error(`clause catalog ${CATALOG_PATH}: ${problems.length} quote problem(s):\n${problems.join('\n')}`);
}

export const CatalogSchema = z
  .object({
    /** The catalog's own version (a date, `YYYY-MM-DD`), named in results files beside the seed's version. */
    version: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'version is a date YYYY-MM-DD'),
    clauses: z.array(ClauseSchema).min(1),
  })
  .strict();
export type Catalog = z.infer<typeof CatalogSchema>;

export const CATALOG_PATH = join(KIT_FEATURES_DIR, 'clauses.yaml');

export async function loadCatalog(path: string = CATALOG_PATH): Promise<Clause[]> {
  return (await loadCatalogFile(path)).clauses;
}

export async function loadCatalogFile(path: string = CATALOG_PATH): Promise<Catalog> {
  return catalogFromText(path, await readFile(path, 'utf8'));
}

/** For code that cannot wait (the result collector is built synchronously). */
export function loadCatalogFileSync(path: string = CATALOG_PATH): Catalog {
  return catalogFromText(path, readFileSync(path, 'utf8'));
}

/**
 * A fingerprint of the catalog as compiled (sha256 of its parsed JSON, so
 * neither comments nor layout change it): the mutation evidence records it, so
 * evidence written for other clauses, under the same version string, is refused.
 */
export function catalogFingerprint(catalog: Catalog): string {
  return `sha256:${sourceHash(JSON.stringify(catalog))}`;
}

/** The kit's catalog as the build checked it (`npm run build`). */
export const COMPILED_CATALOG_PATH = join(PACKAGE_ROOT, 'dist', 'catalog', 'clauses.json');

interface CompiledCatalog {
  /** sha256 of the YAML text it was compiled from. */
  source: string;
  catalog: Catalog;
}

function sourceHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Checks the kit's catalog and every edition's quotes, and writes it where runs look first; throws when either is wrong. */
export async function compileCatalog(): Promise<string> {
  const text = await readFile(CATALOG_PATH, 'utf8');
  const compiled: CompiledCatalog = { source: sourceHash(text), catalog: checkCatalog(CATALOG_PATH, text) };
  await checkEditionQuotes(compiled.catalog.clauses);
  mkdirSync(dirname(COMPILED_CATALOG_PATH), { recursive: true });
  writeFileSync(COMPILED_CATALOG_PATH, `${JSON.stringify(compiled)}\n`);
  return COMPILED_CATALOG_PATH;
}

/** The compiled catalog when it was compiled from exactly `text`; anything else parses the YAML. */
export function catalogFromText(path: string, text: string): Catalog {
  if (path === CATALOG_PATH) {
    try {
      const compiled = JSON.parse(readFileSync(COMPILED_CATALOG_PATH, 'utf8')) as CompiledCatalog;
      if (compiled.source === sourceHash(text)) return compiled.catalog;
    } catch {
      // Not built, or unreadable: the YAML is the source of truth.
    }
  }
  return checkCatalog(path, text);
}

function checkCatalog(path: string, text: string): Catalog {
  const parsed = CatalogSchema.safeParse(parse(text));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issuePath(issue.path) || '(top)'}: ${issue.message}`);
    throw new Error(`clause catalog ${path} is malformed:\n${problems.join('\n')}`);
  }
  const seen = new Set<string>();
  for (const clause of parsed.data.clauses) {
    if (seen.has(clause.id)) throw new Error(`clause catalog ${path}: clause ${clause.id} is listed twice`);
    seen.add(clause.id);
  }
  return parsed.data;
}

/** The clause family of an id: `SET` for `SET-02`. */
export function familyOf(clauseId: string): string {
  return clauseId.replace(/-\d+$/, '');
}

export function levelsOf(clauses: readonly Clause[]): Map<string, ClauseLevel> {
  return new Map(clauses.map((clause) => [clause.id, clause.level]));
}

/**
 * A scenario's level is its clauses' level. Only a scenario whose clauses are
 * all recommended is recommended: a mixed one (which the coverage lint
 * rejects), or one naming an unknown clause, counts as required, so a lint
 * problem can never make a failure count for less.
 */
export function scenarioLevel(clauseIds: readonly string[], levels: ReadonlyMap<string, ClauseLevel>): ClauseLevel {
  const all = clauseIds.map((id) => levels.get(id));
  return all.length > 0 && all.every((level) => level === 'recommended') ? 'recommended' : 'required';
}

/** The distinct levels a scenario's known clauses have (more than one: the lint rejects it). */
export function levelsNamed(clauseIds: readonly string[], levels: ReadonlyMap<string, ClauseLevel>): ClauseLevel[] {
  return [...new Set(clauseIds.flatMap((id) => (levels.has(id) ? [levels.get(id)!] : [])))].sort();
}
