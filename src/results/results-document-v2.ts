/**
 * Version 2 of the results file, read so that a stored file of the previous
 * release (a `compare` gate's OLD file, a shard, a docs input) keeps working:
 * validated as version 2 was written (a field version 3 added is refused in
 * it), then upgraded in memory to the current version. Nothing writes version 2.
 *
 * What version 3 changed: only additions, all optional (fault records, an
 * exploration class's failure kind, an exploration baseline entry's witness,
 * the exploration's completeness, time limit and coverage, the host's
 * release, a rerun's origin, unproven clauses). A version 2 document is a
 * version 3 document once its `version` says so; its exploration classes keep
 * the kind their failure says.
 */
import { z } from 'zod';
import {
  ExplorationOfRunSchema,
  ExplorationRecordSchema,
  ResultsDocumentSchema,
  RESULTS_VERSION,
  ScenarioRecordSchema,
  type ResultsDocument,
} from './results-document.js';

export const RESULTS_VERSION_2 = 2;

const BaselineOfRecordV2Schema = ScenarioRecordSchema.shape.baseline
  .unwrap()
  .omit({ kind: true, witness: true, shows: true });

/** Version 2's scenario record: no `fault`, an exploration record without its kind, a baseline entry without a witness. */
export const ScenarioRecordV2Schema = ScenarioRecordSchema.omit({ fault: true }).extend({
  exploration: ExplorationRecordSchema.omit({ kind: true, shows: true }).optional(),
  baseline: BaselineOfRecordV2Schema.optional(),
});

/** Version 2 as it was written: the fields of version 2 only. */
export const ResultsDocumentV2Schema = ResultsDocumentSchema.omit({ host: true, rerun: true, unproven: true }).extend({
  version: z.literal(RESULTS_VERSION_2),
  exploration: ExplorationOfRunSchema.omit({ incomplete: true, timeLimitMs: true, coverage: true }).optional(),
  scenarios: z.array(ScenarioRecordV2Schema),
});
export type ResultsDocumentV2 = z.infer<typeof ResultsDocumentV2Schema>;

/** A version 2 document as the current version: every field kept as it was. */
export function upgradeResultsV2(document: ResultsDocumentV2): ResultsDocument {
  return ResultsDocumentSchema.parse({ ...document, version: RESULTS_VERSION });
}
