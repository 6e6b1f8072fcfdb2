/**
 * The results file (`--format results:FILE`): one JSON document per run, the
 * input of `docs`, `compare` and `merge`. Versioned: a reader refuses a
 * `version` it does not know, and reads version 1 by upgrading it in memory
 * (results-document-v1.ts). Its JSON Schema is generated from this zod schema.
 *
 * Version 2: each failure is its signature (clauses, step, kind, a message with
 * no stack and no path: failure-signature.ts); `spec` names the README of the
 * edition judged (`readme`) rather than always the seed's, and always the edition.
 * The exploration after the scenarios is in it: the document's `exploration`
 * says what was explored, and each class of disagreement is a record with id
 * `explore:<CLAUSE>/<check>` (a clean exploration: one passed record `explore`).
 * `features` says whether the run judged the kit's own features, so a reader can
 * refuse a record whose id none of them has.
 *
 * Version 3 (every addition optional, so a run fills in only what it has):
 * a fault the run could not charge to a scenario is a failed record of its
 * own (`fault`, id `fault:<during>`); an exploration record carries its
 * class's failure kind and the exploration says whether it was complete, its
 * time limit and what it reached (`coverage`); a baseline entry that excused
 * an exploration class carries its witness; the document may name the host's
 * release, the results file a rerun came from, and the clauses no passing
 * scenario proved. Versions 1 and 2 are read by upgrading them in memory
 * (results-document-v1.ts, results-document-v2.ts).
 */
import { z } from 'zod';
import { CapabilitiesSchema } from '../contract/adapter.js';
import { EditionSchema } from '../contract/editions.js';
import { ClauseLevelSchema, RunLevelSchema } from '../levels.js';
import { BaselineClassSchema, FailureKindSchema } from './baseline.js';

export const RESULTS_SCHEMA_ID = 'plan-mode-conformance/results';
export const RESULTS_VERSION = 3;

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
    /** The first line of the failure message, with no path (see failure-signature.ts). */
    message: z.string().optional(),
  })
  .strict();
export type RepeatOutcome = z.infer<typeof RepeatOutcomeSchema>;

/**
 * A failure as the kit identifies it: what `compare` compares and a baseline
 * matches (step and kind). Nothing in it depends on where the kit was checked
 * out or built.
 */
export const FailureSignatureSchema = z
  .object({
    /** The clauses the failing scenario checks (its `@SET-06`-style tags), the spec sentences the host broke. */
    clauses: z.array(z.string()),
    kind: FailureKindSchema,
    /** The failing step's text, keyword excluded (`(Before hook)`/`(After hook)` for a hook). */
    step: z.string().optional(),
    /** What was expected and what the host showed: the failure's text with no stack trace and every absolute path as `<path>`. */
    message: z.string(),
  })
  .strict();
export type FailureSignature = z.infer<typeof FailureSignatureSchema>;

/**
 * How a fault the run could not charge to a scenario happened: the host
 * process died (`crash`), broke the host protocol (`protocol-error`), an
 * adapter call threw or an unhandled error escaped it (`adapter-error`), or
 * the host stopped answering (`timeout`).
 */
export const FaultKindSchema = z.enum(['crash', 'protocol-error', 'adapter-error', 'timeout']);
export type FaultKind = z.infer<typeof FaultKindSchema>;

/** Where a fault happened that no scenario could be charged with: during the exploration, or between scenarios. */
export const FaultPlaceSchema = z.enum(['exploration', 'between-scenarios']);
export type FaultPlace = z.infer<typeof FaultPlaceSchema>;

/**
 * A fault record (version 3; id `fault:<during>`, uri `~fault`): a failed
 * record whose failure has the same kind, counted in every report as a
 * scenario's failure is.
 */
export const FaultRecordSchema = z
  .object({
    kind: FaultKindSchema,
    during: FaultPlaceSchema,
  })
  .strict();
export type FaultRecord = z.infer<typeof FaultRecordSchema>;

/**
 * What an exploration record adds: the exploration's seed and budget; the
 * clean record, how many sessions agreed; a class, its check, how many
 * sessions showed it, and its first session (`session`, its index), shrunk:
 * fast-check's path, the scenario in Gherkin and the command that replays it.
 */
export const ExplorationRecordSchema = z
  .object({
    seed: z.number().int(),
    budget: z.number().int().min(1),
    sessions: z.number().int().nonnegative().optional(),
    check: z.string().min(1).optional(),
    count: z.number().int().nonnegative().optional(),
    session: z.number().int().nonnegative().optional(),
    path: z.string().optional(),
    scenario: z.string().optional(),
    replay: z.string().optional(),
    /** Version 3: the class's failure kind (part of its class: an entry for one kind excuses no other). */
    kind: FailureKindSchema.optional(),
    /**
     * Version 3: the text a baseline entry's `shows` names for this class, and
     * how many of the class's sessions (of `count`) held it in their scenario.
     */
    shows: z
      .object({ text: z.string().min(1), sessions: z.number().int().nonnegative() })
      .strict()
      .optional(),
  })
  .strict();
export type ExplorationRecord = z.infer<typeof ExplorationRecordSchema>;

/**
 * What the exploration reached (version 3, filled in by the exploration that
 * measures it): how often each action met each feature, and each class of
 * generated values.
 */
export const ExplorationCoverageSchema = z
  .object({
    pairs: z.array(
      z
        .object({ feature: z.string().min(1), action: z.string().min(1), count: z.number().int().nonnegative() })
        .strict(),
    ),
    valueClasses: z.array(z.object({ valueClass: z.string().min(1), count: z.number().int().nonnegative() }).strict()),
  })
  .strict();
export type ExplorationCoverage = z.infer<typeof ExplorationCoverageSchema>;

/**
 * What a run explored after its scenarios (absent: it did not explore):
 * fast-check's seed, the budget of sessions of the whole exploration, the
 * commands per session at most, the sessions run and the share of the budget
 * this run held (less than the budget in a shard), and why it stopped early.
 */
export const ExplorationOfRunSchema = z
  .object({
    seed: z.number().int(),
    budget: z.number().int().min(1),
    maxSteps: z.number().int().min(1),
    sessions: z.number().int().nonnegative(),
    share: z.number().int().nonnegative(),
    stopped: z.string().optional(),
    /** Version 3: the share was not all run (a fault, the time limit): the run failed "exploration incomplete: N of M sessions". */
    incomplete: z.boolean().optional(),
    /** Version 3: the overall time limit of this share's exploration, in milliseconds. */
    timeLimitMs: z.number().int().min(1).optional(),
    coverage: ExplorationCoverageSchema.optional(),
  })
  .strict();
export type ExplorationOfRun = z.infer<typeof ExplorationOfRunSchema>;

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
    failure: FailureSignatureSchema.optional(),
    skipReason: z.string().optional(),
    /** The baseline entry that matched (status `baselined`), or that no longer matches (`failed`: see `note`). */
    baseline: z
      .object({
        reason: z.string(),
        clause: z.string(),
        class: BaselineClassSchema.optional(),
        link: z.string().optional(),
        expires: z.string().optional(),
        /** Version 3, an exploration entry: the failure kind it excuses. */
        kind: FailureKindSchema.optional(),
        /** Version 3, an exploration entry: its witness, the shrunk scenario that shows the class (Gherkin). */
        witness: z.string().optional(),
        /** Version 3, an exploration entry: the text every session of the class must hold for it to be excused. */
        shows: z.string().optional(),
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
    /** Present on the exploration's records (their `uri` is `~exploration`). */
    exploration: ExplorationRecordSchema.optional(),
    /** Version 3: present on a fault record (its `uri` is `~fault`), a fault no scenario could be charged with. */
    fault: FaultRecordSchema.optional(),
    /**
     * Version 3, a failed or flaky scenario of a feature file: the POSIX shell
     * command that reruns just it with the run's adapter, features, edition and
     * level (`npx plan-mode-conformance --adapter … --explore off --tags @id:…`).
     */
    rerun: z.string().optional(),
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

/**
 * The spec a run judged against: the edition, that edition's README (the seed
 * at upstream commit 89d30b0ef7, rc.8 as published with the package), the
 * clause catalog's version, and whether `--force-edition` imposed an edition
 * the adapter does not declare.
 */
export const SpecOfRunSchema = z
  .object({
    edition: EditionSchema,
    /** The README the edition is, in words (`editionReadme`). */
    readme: z.string(),
    clauses: z.string(),
    forced: z.boolean().optional(),
  })
  .strict();
export type SpecOfRun = z.infer<typeof SpecOfRunSchema>;

export const ResultsDocumentSchema = z
  .object({
    schema: z.literal(RESULTS_SCHEMA_ID),
    version: z.literal(RESULTS_VERSION),
    kit: z.object({ name: z.string(), version: z.string() }).strict(),
    spec: SpecOfRunSchema,
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
    repeat: z
      .object({ times: z.number().int().min(2), flakyAllowed: z.boolean() })
      .strict()
      .optional(),
    exploration: ExplorationOfRunSchema.optional(),
    /**
     * Which features the run judged: `kit`, the kit's own (every record's id is
     * one of their stable ids, or an exploration record's); `given`, a folder
     * passed with `--features`. Absent only in a version 1 file, which did not
     * record it (its ids are then not checked against the kit's features).
     */
    features: z.enum(['kit', 'given']).optional(),
    /** Version 3: the host the adapter drives, e.g. dsh's package version as `release`. */
    host: z.object({ release: z.string().optional() }).strict().optional(),
    /** Version 3: this run reran the failures of the results file `from`. */
    rerun: z.object({ from: z.string() }).strict().optional(),
    /** Version 3: required clauses no passing scenario proved, and why. */
    unproven: z.array(z.object({ clause: z.string(), reason: z.string() }).strict()).optional(),
    scenarios: z.array(ScenarioRecordSchema),
    reviewTexts: z.array(ReviewTextSchema),
  })
  .strict();
export type ResultsDocument = z.infer<typeof ResultsDocumentSchema>;
