/**
 * Reading a results file (`--format results:FILE`) for `docs`, `compare` and
 * `merge`: read, parse as JSON and validate against the shared schema, with
 * one clear message per way it can go wrong (the commands turn it into exit
 * 2). A version 1 or 2 file (an earlier release's) is upgraded in memory.
 */
import {
  RESULTS_SCHEMA_ID,
  RESULTS_VERSION,
  RESULTS_VERSION_1,
  RESULTS_VERSION_2,
  ResultsDocumentSchema,
  ResultsDocumentV1Schema,
  ResultsDocumentV2Schema,
  MeaningfulResultsDocumentSchema,
  upgradeResultsV1,
  upgradeResultsV2,
  type ResultsDocument,
} from '../../src/index.js';
import {
  olderVersion,
  parseVersionedJson,
  readVersionedJsonFile,
  type VersionedFileKind,
} from '../files/versioned-json-file.js';
import { EXPLORATION_ID } from '../results/exploration-uri.js';
import { kitScenarioIds } from '../features/kit-scenario-ids.js';

export class ResultsFileError extends Error {
  override name = 'ResultsFileError';
}

export interface ResultsFile {
  path: string;
  document: ResultsDocument;
}

/** Results files as the kit reads them; a path is printed dotted (`scenarios.0.status`). */
const RESULTS_FILE: VersionedFileKind<ResultsDocument> = {
  noun: 'results file',
  identity: 'a plan-mode-conformance results file',
  validAs: 'results file',
  versionNoun: 'results',
  schemaId: RESULTS_SCHEMA_ID,
  version: RESULTS_VERSION,
  schema: ResultsDocumentSchema,
  older: [
    olderVersion(RESULTS_VERSION_1, ResultsDocumentV1Schema, upgradeResultsV1),
    olderVersion(RESULTS_VERSION_2, ResultsDocumentV2Schema, upgradeResultsV2),
  ],
  meaning: MeaningfulResultsDocumentSchema,
  issuePath: (path) => path.map(String).join('.'),
  error: ResultsFileError,
};

/**
 * The results file's meaning, plus: a run on the kit's own features (its
 * `features` is `kit`) has no record whose id none of them has, exploration
 * and fault records aside. A run with `--features`, or a version 1 file (which did not
 * record which features it ran), is not checked.
 */
function resultsFileOfKit(scenarioIds: ReadonlySet<string>): VersionedFileKind<ResultsDocument> {
  return {
    ...RESULTS_FILE,
    meaning: MeaningfulResultsDocumentSchema.superRefine((document, context) => {
      if (document.features !== 'kit') return;
      document.scenarios.forEach((record, index) => {
        if (
          record.id === EXPLORATION_ID ||
          record.id.startsWith(`${EXPLORATION_ID}:`) ||
          (record.fault && record.id.startsWith('fault:')) ||
          scenarioIds.has(record.id)
        )
          return;
        context.addIssue({
          code: 'custom',
          path: ['scenarios', index, 'id'],
          message: `no scenario of the kit's features has the id ${record.id} (the run judged the kit's features, not a --features folder)`,
        });
      });
    }),
  };
}

export async function readResultsFile(path: string): Promise<ResultsFile> {
  return { path, document: await readVersionedJsonFile(path, resultsFileOfKit(await kitScenarioIds())) };
}

export async function parseResultsDocument(json: unknown, path: string): Promise<ResultsDocument> {
  return parseVersionedJson(json, path, resultsFileOfKit(await kitScenarioIds()));
}
