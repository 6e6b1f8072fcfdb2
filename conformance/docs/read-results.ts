/**
 * Reading a results file (`--format results:FILE`) for `docs` and `compare`:
 * read, parse as JSON and validate against the shared schema, with one clear
 * message per way it can go wrong (the commands turn it into exit 2).
 */
import { RESULTS_SCHEMA_ID, RESULTS_VERSION, ResultsDocumentSchema, type ResultsDocument } from '../../src/index.js';
import { parseVersionedJson, readVersionedJsonFile, type VersionedFileKind } from '../files/versioned-json-file.js';

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
  issuePath: (path) => path.map(String).join('.'),
  error: ResultsFileError,
};

export async function readResultsFile(path: string): Promise<ResultsFile> {
  return { path, document: await readVersionedJsonFile(path, RESULTS_FILE) };
}

export function parseResultsDocument(json: unknown, path: string): ResultsDocument {
  return parseVersionedJson(json, path, RESULTS_FILE);
}
