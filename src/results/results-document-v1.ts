/**
 * Version 1 of the results file, read so that a stored file from an earlier
 * release (a `compare` gate's OLD file, a shard, a docs input) keeps working:
 * validated as version 1 was written, then upgraded in memory to the current
 * version (through version 2, results-document-v2.ts). Nothing writes version 1.
 *
 * What version 2 changed: a failure is its signature (version 1 stored the
 * full failure text, stack trace and paths included, and no clauses), and
 * `spec` names the edition's README (version 1 always named the seed's in
 * `seed`, even for rc.8 runs) and always holds the edition.
 */
import { z } from 'zod';
import { DEFAULT_EDITION, editionReadme, EditionSchema } from '../contract/editions.js';
import { FailureKindSchema } from './baseline.js';
import { signatureMessage } from './failure-signature.js';
import { RepeatOutcomeSchema, RESULTS_SCHEMA_ID, type ResultsDocument } from './results-document.js';
import {
  ResultsDocumentV2Schema,
  RESULTS_VERSION_2,
  ScenarioRecordV2Schema,
  upgradeResultsV2,
} from './results-document-v2.js';

export const RESULTS_VERSION_1 = 1;

/** Version 1 knew no `protocol-error` (a host's protocol fault was an `adapter-error` then). */
const FailureKindV1Schema = FailureKindSchema.exclude(['protocol-error']);

const FailureV1Schema = z
  .object({
    kind: FailureKindV1Schema,
    step: z.string().optional(),
    message: z.string(),
  })
  .strict();

/** Version 1's scenario record: the fields it had, with the old failure shape. */
const ScenarioRecordV1Schema = z
  .object({
    ...ScenarioRecordV2Schema.pick({
      id: true,
      name: true,
      uri: true,
      line: true,
      clauses: true,
      level: true,
      status: true,
      skipReason: true,
      baseline: true,
      note: true,
      repeats: true,
      durationMs: true,
    }).shape,
    failure: FailureV1Schema.optional(),
  })
  .strict();

/** Version 1's spec: the seed README's name, the catalog's version, the edition when known. */
const SpecV1Schema = z
  .object({
    seed: z.string(),
    clauses: z.string(),
    edition: EditionSchema.optional(),
    forced: z.boolean().optional(),
  })
  .strict();

/** Version 1 as it was written: the fields of version 1 only (a field added in version 2 is refused in a version 1 file). */
export const ResultsDocumentV1Schema = z
  .object({
    ...ResultsDocumentV2Schema.pick({
      kit: true,
      adapter: true,
      level: true,
      baseline: true,
      startedAt: true,
      durationMs: true,
      shard: true,
      repeat: true,
      reviewTexts: true,
    }).shape,
    schema: z.literal(RESULTS_SCHEMA_ID),
    version: z.literal(RESULTS_VERSION_1),
    spec: SpecV1Schema,
    scenarios: z.array(ScenarioRecordV1Schema),
  })
  .strict();
export type ResultsDocumentV1 = z.infer<typeof ResultsDocumentV1Schema>;

/**
 * A version 1 document as the current version (as version 2, then upgraded): each failure's message reduced
 * to its signature and given the scenario's clauses, each repeat's message
 * without paths, the spec naming the README of the edition the run judged.
 */
export function upgradeResultsV1(document: ResultsDocumentV1): ResultsDocument {
  const { seed: _seed, ...spec } = document.spec;
  void _seed;
  const edition = spec.edition ?? DEFAULT_EDITION;
  const upgraded = {
    ...document,
    version: RESULTS_VERSION_2,
    spec: { ...spec, edition, readme: editionReadme(edition) },
    scenarios: document.scenarios.map((record) => {
      const { failure, repeats, ...rest } = record;
      return {
        ...rest,
        ...(failure
          ? {
              failure: {
                clauses: record.clauses,
                kind: failure.kind,
                ...(failure.step !== undefined ? { step: failure.step } : {}),
                message: signatureMessage(failure.message),
              },
            }
          : {}),
        ...(repeats
          ? {
              repeats: repeats.map((one) =>
                one.message === undefined
                  ? one
                  : RepeatOutcomeSchema.parse({ ...one, message: signatureMessage(one.message) }),
              ),
            }
          : {}),
      };
    }),
  };
  return upgradeResultsV2(ResultsDocumentV2Schema.parse(upgraded));
}
