/** The repo's clause catalog (features/clauses.yaml), loaded and validated. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { ClauseLevelSchema } from '../../src/index.js';
import { KIT_FEATURES_DIR } from '../features/feature-files.js';

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

export const CatalogSchema = z.object({ clauses: z.array(ClauseSchema).min(1) }).strict();

export const CATALOG_PATH = join(KIT_FEATURES_DIR, 'clauses.yaml');

export async function loadCatalog(path: string = CATALOG_PATH): Promise<Clause[]> {
  const parsed = CatalogSchema.safeParse(parse(await readFile(path, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`clause catalog ${path}: ${issue.path.join('.')}: ${issue.message}`);
  }
  const seen = new Set<string>();
  for (const clause of parsed.data.clauses) {
    if (seen.has(clause.id)) throw new Error(`clause catalog ${path}: clause ${clause.id} is listed twice`);
    seen.add(clause.id);
  }
  return parsed.data.clauses;
}

/** The clause family of an id: `SET` for `SET-02`. */
export function familyOf(clauseId: string): string {
  return clauseId.replace(/-\d+$/, '');
}
