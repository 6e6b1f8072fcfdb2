/**
 * Reading a results file (`--format results:FILE`) for `docs`, `compare` and
 * `merge`: read, parse as JSON and validate against the shared schema, with
 * one clear message per way it can go wrong (the commands turn it into exit
 * 2). A version 1 file (an earlier release's) is upgraded in memory.
 */
import {
  RESULTS_SCHEMA_ID,
  RESULTS_VERSION,
  RESULTS_VERSION_1,
  ResultsDocumentSchema,
  ResultsDocumentV1Schema,
  MeaningfulResultsDocumentSchema,
  upgradeResultsV1,
  type ResultsDocument,
} from '../../src/index.js';
import { olderVersion, parseVersionedJson, readVersionedJsonFile, type VersionedFileKind } from '../files/versioned-json-file.js';

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
  older: [olderVersion(RESULTS_VERSION_1, ResultsDocumentV1Schema, upgradeResultsV1)],
  meaning: MeaningfulResultsDocumentSchema,
  issuePath: (path) => path.map(String).join('.'),
  error: ResultsFileError,
};

export async function readResultsFile(path: string): Promise<ResultsFile> {
  return { path, document: await readVersionedJsonFile(path, RESULTS_FILE) };
}

export function parseResultsDocument(json: unknown, path: string): ResultsDocument {
  return parseVersionedJson(json, path, RESULTS_FILE);
}
