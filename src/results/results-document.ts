/**
 * The results file (`--format results:FILE`): one JSON document per run, the
 * input of `docs` and `compare`. Versioned: a reader refuses a `version` it
 * does not know. Its JSON Schema is generated from this zod schema.
 */
import { z } from 'zod';
import { CapabilitiesSchema } from '../contract/adapter.js';
import { DEFAULT_EDITION, EditionSchema, type Edition } from '../contract/editions.js';
import { ClauseLevelSchema, RunLevelSchema } from '../levels.js';
import { BaselineClassSchema, FailureKindSchema } from './baseline.js';

export const RESULTS_SCHEMA_ID = 'plan-mode-conformance/results';
export const RESULTS_VERSION = 1;

/** The verdict on one scenario after the baseline was applied. */
/** `flaky`: the run repeated the scenario (`--repeat`) and its repeats ended differently (see `repeats`). */
export const ScenarioVerdictSchema = z.enum(['passed', 'failed', 'baselined', 'skipped', 'flaky']);
export type ScenarioVerdict = z.infer<typeof ScenarioVerdictSchema>;

/** How one repeat of a scenario ended. */
export const RepeatOutcomeSchema = z
  .object({
    status: z.enum(['passed', 'failed', 'skipped', 'undefined', 'pending', 'ambiguous']),
    kind: FailureKindSchema.optional(),
    /** The failing step's text, keyword excluded. */
    step: z.string().optional(),
    /** The first line of the failure message. */
    message: z.string().optional(),
  })
  .strict();
export type RepeatOutcome = z.infer<typeof RepeatOutcomeSchema>;

export const ScenarioRecordSchema = z
  .object({
    /** Stable id (`@id:` tag, plus `/<first cell>` for an outline row). */
    id: z.string().min(1),
    name: z.string(),
    /** Feature file, relative to the features folder, and the scenario's line. */
    uri: z.string(),
    line: z.number().int().nonnegative().optional(),
    clauses: z.array(z.string()),
    level: ClauseLevelSchema,
    status: ScenarioVerdictSchema,
    /**
     * Present when the scenario failed (status failed or baselined). A
     * recommended scenario that failed in a default run has status `failed`
     * too: the document's `level` says it did not count.
     */
    failure: z
      .object({
        kind: FailureKindSchema,
        /** The failing step's text, keyword excluded. */
        step: z.string().optional(),
        message: z.string(),
      })
      .strict()
      .optional(),
    skipReason: z.string().optional(),
    /** The baseline entry that matched (status `baselined`), or that no longer matches (`failed`: see `note`). */
    baseline: z
      .object({
        reason: z.string(),
        clause: z.string(),
        class: BaselineClassSchema.optional(),
        link: z.string().optional(),
        expires: z.string().optional(),
      })
      .strict()
      .optional(),
    /**
     * What is wrong with the baseline for this scenario, when it fails the run
     * because of it: a stale entry (the scenario now passes), an entry naming
     * another step or kind (expected and actual), or an expired entry.
     */
    note: z.string().optional(),
    /** For a flaky scenario: how each repeat ended, in order (its `failure` is the first failing repeat's). */
    repeats: z.array(RepeatOutcomeSchema).optional(),
    durationMs: z.number().nonnegative(),
  })
  .strict();
export type ScenarioRecord = z.infer<typeof ScenarioRecordSchema>;

/** A text the kit does not judge by wording, kept for a person to read (one example per kind). */
export const ReviewTextSchema = z
  .object({
    /** e.g. `entry-notice`, `exit-notice`, `dismissal-failure`, `command-result`, `config-error`. */
    kind: z.string().min(1),
    /** What the text is meant to say, for the reader. */
    expectation: z.string().optional(),
    text: z.string(),
    /** The scenario it was seen in. */
    scenario: z.string(),
  })
  .strict();
export type ReviewText = z.infer<typeof ReviewTextSchema>;

export const ShardSchema = z
  .object({
    /** 1-based, at most `count` (merge checks it). */
    index: z.number().int().min(1),
    count: z.number().int().min(1),
    /** The tag expression the run was given (`''`: none); every shard of one run has the same. */
    tags: z.string(),
    /** How many scenarios the tags and edition selected across all shards: the merged run must hold them all. */
    selected: z.number().int().nonnegative(),
  })
  .strict();
export type Shard = z.infer<typeof ShardSchema>;

export const ResultsDocumentSchema = z
  .object({
    schema: z.literal(RESULTS_SCHEMA_ID),
    version: z.literal(RESULTS_VERSION),
    kit: z.object({ name: z.string(), version: z.string() }).strict(),
    /**
     * The spec the run judged against: the seed README it grew from, the clause
     * catalog's version, the edition (absent in files written before editions:
     * the seed) and whether `--force-edition` imposed an edition the adapter
     * does not declare.
     */
    spec: z
      .object({
        seed: z.string(),
        clauses: z.string(),
        edition: EditionSchema.optional(),
        forced: z.boolean().optional(),
      })
      .strict(),
    adapter: z
      .object({
        name: z.string().min(1),
        capabilities: CapabilitiesSchema,
        /** The editions the adapter declares (absent: none, judged against the seed). */
        editions: z.array(EditionSchema).optional(),
      })
      .strict(),
    level: RunLevelSchema,
    /** The baseline file applied, if any. */
    baseline: z.object({ path: z.string(), entries: z.number().int().nonnegative() }).strict().nullable(),
    startedAt: z.string(),
    durationMs: z.number().nonnegative(),
    /**
     * Present when the run was one shard of a run split across machines
     * (`--shard index/count`): what `merge` checks before it combines shards.
     */
    shard: ShardSchema.optional(),
    /** Present when each scenario ran several times (`--repeat N`), and whether flaky scenarios were allowed (`--allow-flaky`). */
    repeat: z.object({ times: z.number().int().min(2), flakyAllowed: z.boolean() }).strict().optional(),
    scenarios: z.array(ScenarioRecordSchema),
    reviewTexts: z.array(ReviewTextSchema),
  })
  .strict();
export type ResultsDocument = z.infer<typeof ResultsDocumentSchema>;

/** The edition a results file was judged against (files written before editions: the seed). */
export function resultsEdition(document: Pick<ResultsDocument, 'spec'>): Edition {
  return document.spec.edition ?? DEFAULT_EDITION;
}
