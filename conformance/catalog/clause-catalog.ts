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
import { ClauseLevelSchema, type ClauseLevel } from '../../src/index.js';
import { KIT_FEATURES_DIR } from '../features/feature-files.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { issuePath } from '../guard/adapter-error.js';

export const ClauseSchema = z
  .object({
    id: z.string().regex(/^[A-Z]+-\d{2}$/, 'clause ids look like SET-02'),
    /** `required` (MUST: fails a run) or `recommended` (SHOULD: reported apart; counted with --level strict). */
    level: ClauseLevelSchema,
    statement: z.string().min(1),
    seed: z.string().min(1),
    derived: z.boolean().optional(),
    /** Exact substrings of the seed (features/seed/) the clause is read from; the docs site quotes them. */
    quote: z.array(z.string().min(1)).min(1).optional(),
  })
  .strict();
export type Clause = z.infer<typeof ClauseSchema>;

export const CatalogSchema = z
  .object({
    /** The catalog's own version (a date, `YYYY-MM-DD`), named in results files beside the seed's version. */
    version: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'version is a date YYYY-MM-DD'),
    clauses: z.array(ClauseSchema).min(1),
  })
  .strict();
export type Catalog = z.infer<typeof CatalogSchema>;

export const CATALOG_PATH = join(KIT_FEATURES_DIR, 'clauses.yaml');

/** The seed the catalog is read from: the published package and version whose README it encodes. */
export const SEED_VERSION = '@deepseek-ai/dsh-plan-mode 0.1.0-rc.8';

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

/** Checks the kit's catalog and writes it where runs look first; throws when it is malformed. */
export async function compileCatalog(): Promise<string> {
  const text = await readFile(CATALOG_PATH, 'utf8');
  const compiled: CompiledCatalog = { source: sourceHash(text), catalog: checkCatalog(CATALOG_PATH, text) };
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
