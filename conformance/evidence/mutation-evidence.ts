/**
 * The mutation evidence file (`reports/mutants/evidence.json`, written by
 * `npm run mutants`): for every mutant of the matrix (a deliberately broken
 * reference), what it breaks, in plain words and as clause ids, and which
 * scenarios caught it in each edition it was run against. `docs --mutants`
 * reads it; `proven-clauses.ts` derives from it which clauses are proven.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ClauseLevelSchema, EditionSchema, FailureKindSchema } from '../../src/index.js';
import { issuePath } from '../guard/adapter-error.js';

export const EVIDENCE_SCHEMA_ID = 'plan-mode-conformance/mutation-evidence';
export const EVIDENCE_VERSION = 1;

/** A scenario that failed against a mutant, tagged with a clause the mutant declares. */
export const CatchingScenarioSchema = z
  .object({
    /** Stable id (`@id:` tag, plus `/<first cell>` for an outline row). */
    id: z.string().min(1),
    /** The scenario's clause tags. */
    clauses: z.array(z.string()),
    kind: FailureKindSchema.optional(),
    /** The failing step's text, keyword excluded. */
    step: z.string().optional(),
  })
  .strict();
export type CatchingScenario = z.infer<typeof CatchingScenarioSchema>;

/** One mutant run against one edition. */
export const MutantRunSchema = z
  .object({
    edition: EditionSchema,
    caughtBy: z.array(CatchingScenarioSchema),
    /** Why the mutant could not be run (its patch no longer applies, say): it then counts as not caught. */
    error: z.string().optional(),
  })
  .strict();
export type MutantRun = z.infer<typeof MutantRunSchema>;

export const MutantEvidenceSchema = z
  .object({
    name: z.string().min(1),
    /** What the broken host does wrong. */
    description: z.string().min(1),
    /** The clauses the mutant declares it breaks. */
    clauses: z.array(z.string()).min(1),
    /** Every scenario that caught it, in any edition (stable ids, each once). */
    caughtBy: z.array(z.string()),
    runs: z.array(MutantRunSchema).min(1),
  })
  .strict();
export type MutantEvidence = z.infer<typeof MutantEvidenceSchema>;

/** Whether one clause is proven in one edition, as the matrix judged it when it wrote the file. */
export const ClauseProofRecordSchema = z
  .object({
    edition: EditionSchema,
    clause: z.string(),
    level: ClauseLevelSchema,
    proven: z.boolean(),
    /** The mutants declaring the clause that a scenario tagged with it caught. */
    provenBy: z.array(z.string()),
    /** Why not, when it is not proven. */
    unprovenBecause: z.string().optional(),
  })
  .strict();
export type ClauseProofRecord = z.infer<typeof ClauseProofRecordSchema>;

export const MutationEvidenceSchema = z
  .object({
    schema: z.literal(EVIDENCE_SCHEMA_ID),
    version: z.literal(EVIDENCE_VERSION),
    kit: z.object({ name: z.string(), version: z.string() }).strict(),
    /** The clause catalog's version the scenarios were tagged against. */
    catalog: z.string(),
    writtenAt: z.string(),
    /** The editions the reference implements, each of which the matrix ran. */
    editions: z.array(EditionSchema).min(1),
    mutants: z.array(MutantEvidenceSchema),
    /**
     * Every clause of each edition, proven or not (a reader need not apply the
     * rule itself); `docs` derives the same from `mutants` and the catalog.
     */
    proofs: z.array(ClauseProofRecordSchema).optional(),
  })
  .strict();
export type MutationEvidence = z.infer<typeof MutationEvidenceSchema>;

export class EvidenceFileError extends Error {
  override name = 'EvidenceFileError';
}

export async function readEvidenceFile(path: string): Promise<MutationEvidence> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file (npm run mutants writes it)' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new EvidenceFileError(`cannot read mutation evidence ${path}: ${why}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new EvidenceFileError(`mutation evidence ${path} is not JSON: ${(error as Error).message}`);
  }
  return parseEvidence(json, path);
}

export function parseEvidence(json: unknown, path: string): MutationEvidence {
  const header = (typeof json === 'object' && json !== null ? json : {}) as { schema?: unknown; version?: unknown };
  if (header.schema !== EVIDENCE_SCHEMA_ID) {
    throw new EvidenceFileError(`${path} is not a mutation evidence file (its "schema" is ${JSON.stringify(header.schema)}, expected "${EVIDENCE_SCHEMA_ID}")`);
  }
  if (header.version !== EVIDENCE_VERSION) {
    throw new EvidenceFileError(`${path}: evidence version ${JSON.stringify(header.version)} is not one this kit reads (it reads version ${EVIDENCE_VERSION})`);
  }
  const parsed = MutationEvidenceSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issuePath(issue.path) || '(top level)'}: ${issue.message}`);
    const more = parsed.error.issues.length > 3 ? ` (and ${parsed.error.issues.length - 3} more)` : '';
    throw new EvidenceFileError(`${path} is not a valid mutation evidence file: ${issues.join('; ')}${more}`);
  }
  return parsed.data;
}

/** The mutants caught by a scenario tagged with `clauseId`, each with those catching scenarios (per edition). */
export function mutantsCaughtFor(evidence: MutationEvidence, clauseId: string): Array<{ mutant: MutantEvidence; scenarios: Array<CatchingScenario & { edition: MutantRun['edition'] }> }> {
  return evidence.mutants.flatMap((mutant) => {
    const scenarios = mutant.runs.flatMap((run) => run.caughtBy.filter((scenario) => scenario.clauses.includes(clauseId)).map((scenario) => ({ ...scenario, edition: run.edition })));
    return scenarios.length > 0 ? [{ mutant, scenarios }] : [];
  });
}
