/**
 * The mutation evidence file (`reports/mutants/evidence.json`, written by
 * `npm run mutants`): for every mutant of the matrix (a deliberately broken
 * reference), what it breaks, in plain words and as clause ids, and which
 * scenarios caught it in each edition it was run against, and whether the
 * exploration at a run's default budget caught it (the class it found first). `docs --mutants`
 * reads it; `proven-clauses.ts` derives from it which clauses are proven.
 */
import { z } from 'zod';
import { ClauseLevelSchema, EditionSchema, FailureKindSchema } from '../../src/index.js';
import { parseVersionedJson, readVersionedJsonFile, type VersionedFileKind } from '../files/versioned-json-file.js';
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

/** What the exploration at the default budget made of one mutant in one edition. */
export const ExplorationCatchSchema = z
  .object({
    caught: z.boolean(),
    /** The first class of disagreement it found, `explore:<CLAUSE>/<check>`. */
    signature: z.string().optional(),
    /** Why it could not explore (the mutant did not build or load). */
    error: z.string().optional(),
  })
  .strict();
export type ExplorationCatch = z.infer<typeof ExplorationCatchSchema>;

export const MutantEvidenceSchema = z
  .object({
    name: z.string().min(1),
    /** What the broken host does wrong. */
    description: z.string().min(1),
    /** The clauses the mutant declares it breaks. */
    clauses: z.array(z.string()).min(1),
    /** Every scenario that caught it, in any edition (stable ids, each once). */
    caughtBy: z.array(z.string()),
    /**
     * Per edition it was run against: whether the exploration a default run
     * makes (its budget and seed) found any class of disagreement, and the
     * first class it found (`explore:<CLAUSE>/<check>`). Absent in files
     * written before runs explored.
     */
    exploration: z.partialRecord(EditionSchema, ExplorationCatchSchema).optional(),
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
    /** The compiled catalog's fingerprint (`catalogFingerprint`); absent in files written before it was recorded. */
    catalogFingerprint: z.string().optional(),
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

const EVIDENCE_FILE: VersionedFileKind<MutationEvidence> = {
  noun: 'mutation evidence',
  identity: 'a mutation evidence file',
  validAs: 'mutation evidence file',
  versionNoun: 'evidence',
  schemaId: EVIDENCE_SCHEMA_ID,
  version: EVIDENCE_VERSION,
  schema: MutationEvidenceSchema,
  missingHint: 'npm run mutants writes it',
  issuePath,
  error: EvidenceFileError,
};

export function readEvidenceFile(path: string): Promise<MutationEvidence> {
  return readVersionedJsonFile(path, EVIDENCE_FILE);
}

export function parseEvidence(json: unknown, path: string): MutationEvidence {
  return parseVersionedJson(json, path, EVIDENCE_FILE);
}

/** The mutants caught by a scenario tagged with `clauseId`, each with those catching scenarios (per edition). */
export function mutantsCaughtFor(
  evidence: MutationEvidence,
  clauseId: string,
): Array<{ mutant: MutantEvidence; scenarios: Array<CatchingScenario & { edition: MutantRun['edition'] }> }> {
  return evidence.mutants.flatMap((mutant) => {
    const scenarios = mutant.runs.flatMap((run) =>
      run.caughtBy
        .filter((scenario) => scenario.clauses.includes(clauseId))
        .map((scenario) => ({ ...scenario, edition: run.edition })),
    );
    return scenarios.length > 0 ? [{ mutant, scenarios }] : [];
  });
}

/** The mutants whose exploration found first a class of `clauseId` (`explore:<clauseId>/...`), with the class per edition. */
export function mutantsExploredFor(
  evidence: MutationEvidence,
  clauseId: string,
): Array<{ mutant: MutantEvidence; classes: Array<{ edition: MutantRun['edition']; signature: string }> }> {
  return evidence.mutants.flatMap((mutant) => {
    const classes = Object.entries(mutant.exploration ?? {}).flatMap(([edition, found]) =>
      found?.caught && found.signature?.startsWith(`explore:${clauseId}/`)
        ? [{ edition: edition as MutantRun['edition'], signature: found.signature }]
        : [],
    );
    return classes.length > 0 ? [{ mutant, classes }] : [];
  });
}

/** What the exploration made of a mutant, per edition, in a few words: the class it found, or that it found none. */
export function explorationWords(mutant: MutantEvidence): string {
  const entries = Object.entries(mutant.exploration ?? {});
  if (entries.length === 0) return 'not explored';
  return entries
    .map(
      ([edition, found]) =>
        `${entries.length > 1 ? `${edition}: ` : ''}${found?.error !== undefined ? 'not run' : found?.caught ? found.signature : 'not caught'}`,
    )
    .join('; ');
}
