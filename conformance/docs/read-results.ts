/**
 * Reading a results file (`--format results:FILE`) for `docs` and `compare`:
 * read, parse as JSON and validate against the shared schema, with one clear
 * message per way it can go wrong (the commands turn it into exit 2).
 */
import { readFile } from 'node:fs/promises';
import { RESULTS_SCHEMA_ID, RESULTS_VERSION, ResultsDocumentSchema, type ResultsDocument } from '../../src/index.js';

export class ResultsFileError extends Error {
  override name = 'ResultsFileError';
}

export interface ResultsFile {
  path: string;
  document: ResultsDocument;
}

export async function readResultsFile(path: string): Promise<ResultsFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new ResultsFileError(`cannot read results file ${path}: ${why}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ResultsFileError(`results file ${path} is not JSON: ${(error as Error).message}`);
  }
  return { path, document: parseResultsDocument(json, path) };
}

export function parseResultsDocument(json: unknown, path: string): ResultsDocument {
  const header = (typeof json === 'object' && json !== null ? json : {}) as { schema?: unknown; version?: unknown };
  if (header.schema !== RESULTS_SCHEMA_ID) {
    throw new ResultsFileError(`${path} is not a plan-mode-conformance results file (its "schema" is ${JSON.stringify(header.schema)}, expected "${RESULTS_SCHEMA_ID}")`);
  }
  if (header.version !== RESULTS_VERSION) {
    throw new ResultsFileError(`${path}: results version ${JSON.stringify(header.version)} is not one this kit reads (it reads version ${RESULTS_VERSION})`);
  }
  const parsed = ResultsDocumentSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(top level)'}: ${issue.message}`);
    const more = parsed.error.issues.length > 3 ? ` (and ${parsed.error.issues.length - 3} more)` : '';
    throw new ResultsFileError(`${path} is not a valid results file: ${issues.join('; ')}${more}`);
  }
  return parsed.data;
}
