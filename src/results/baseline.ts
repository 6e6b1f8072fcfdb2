/**
 * The baseline file: scenarios a host is known to fail, each entry matching
 * one failure exactly (scenario, step and kind), so a baselined scenario that
 * starts failing some other way is a regression, not an expected failure.
 */
import { z } from 'zod';
import { EditionSchema } from '../contract/editions.js';

/**
 * How a scenario failed. The first five can be baselined; the rest are kit-level problems.
 * `adapter-error`: an adapter method threw (or, over the protocol, answered an error) or returned a
 * malformed value; `timeout`: an adapter call missed its time limit; `crash`: the host process (or
 * the suite's process) died; `protocol-error`: a host process broke the host protocol.
 */
export const FailureKindSchema = z.enum([
  'assertion',
  'adapter-error',
  'timeout',
  'crash',
  'protocol-error',
  'undefined',
  'pending',
  'ambiguous',
]);
export type FailureKind = z.infer<typeof FailureKindSchema>;
export const BaselinableKindSchema = z.enum(['assertion', 'adapter-error', 'timeout', 'crash', 'protocol-error']);

/** Why a host fails a scenario: it diverges, it lacks a service, or the kit cannot judge it fairly yet. */
export const BaselineClassSchema = z.enum(['host-divergence', 'capability-gap', 'kit-limitation']);

/** A day that exists, `YYYY-MM-DD` (`2027-99-99` matches the pattern and is no day: the entry would never expire). */
export const ExpiryDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expires is a date YYYY-MM-DD')
  .refine((text) => {
    const day = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
  }, 'expires is not a day of the calendar');

export const BaselineEntrySchema = z
  .object({
    /** The scenario's stable id. */
    id: z.string().min(1, 'id must not be empty'),
    /** The text of the step that fails (keyword excluded), e.g. `the model's request 2 carries the plan section`. */
    step: z.string().min(1, 'step must name the failing step'),
    kind: BaselinableKindSchema,
    reason: z.string().trim().min(1, 'every known failure needs a reason'),
    /** The MUST clause the host breaks, e.g. `SET-06`. */
    clause: z.string().regex(/^[A-Z]+-\d{2}$/, 'clause ids look like SET-06'),
    class: BaselineClassSchema.optional(),
    link: z.string().min(1).optional(),
    /** `YYYY-MM-DD`: after this day the entry fails the run, so it gets looked at again. */
    expires: ExpiryDateSchema.optional(),
  })
  .strict();
export type BaselineEntry = z.infer<typeof BaselineEntrySchema>;

/**
 * A class of disagreement the exploration after the scenarios finds: its
 * clause (`host` for a host that fails to answer) and the failed check's
 * stable name, as in the record id `explore:<CLAUSE>/<check>`. However many
 * sessions show it, one entry excuses it, of its failure kind only: `kind`,
 * or when absent the kind its check names (a check ending `-timeout` a
 * timeout, `-crash` a crash, `-protocol-error` a protocol error; another
 * check of clause `host` an adapter error; any other an assertion).
 *
 * `witness` is the shrunk scenario the class's record carries (Gherkin, the
 * suite's own steps): the entry is stale only when its witness runs clean on
 * the host, not when a random exploration happened not to meet the class.
 */
export const ExploreBaselineEntrySchema = z
  .object({
    explore: z
      .object({
        clause: z
          .string()
          .regex(/^([A-Z]+-\d{2}|host)$/, 'clause ids look like SET-06 (or host, for a host that fails to answer)'),
        check: z
          .string()
          .regex(
            /^[a-z]+(-[a-z]+)*$/,
            'a check name is lower-case words joined by -, as in the record id explore:CLAUSE/check',
          ),
      })
      .strict(),
    kind: BaselinableKindSchema.optional(),
    reason: z.string().trim().min(1, 'every known failure needs a reason'),
    class: BaselineClassSchema.optional(),
    link: z.string().min(1).optional(),
    expires: ExpiryDateSchema.optional(),
    witness: z.string().trim().min(1, 'a witness is the scenario that shows the class').optional(),
    /**
     * A text every session of the class must hold for the entry to excuse it
     * (`{{` for a host that breaks on template marks in a section): the
     * exploration counts the sessions of the class whose scenario holds it,
     * and a class with a session that does not (or whose shrunk scenario does
     * not) is another failure of the same check, which the entry leaves failed.
     */
    shows: z.string().min(1, 'shows is a text every session of the class holds').optional(),
  })
  .strict();
export type ExploreBaselineEntry = z.infer<typeof ExploreBaselineEntrySchema>;

/** One known failure: a scenario's, or a class of the exploration's. */
export const KnownFailureSchema = z.union([BaselineEntrySchema, ExploreBaselineEntrySchema]);
export type KnownFailure = z.infer<typeof KnownFailureSchema>;

export function isExploreEntry(entry: KnownFailure): entry is ExploreBaselineEntry {
  return 'explore' in entry;
}

export const BaselineFileSchema = z
  .object({
    adapter: z.string().optional(),
    /** The edition of the runs whose failures it lists; a run against another edition refuses it. Absent: any (files written before editions). */
    edition: EditionSchema.optional(),
    known_failures: z.array(KnownFailureSchema),
  })
  .strict();
export type BaselineFile = z.infer<typeof BaselineFileSchema>;
