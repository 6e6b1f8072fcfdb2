/**
 * The results file's JSON Schema, generated from its zod schema (src/results/)
 * so the two cannot drift: `node dist/conformance/schemas/results-json-schema.js`
 * writes protocol/results.schema.json, and a unit test fails when the
 * committed file differs from what this generates. (To be merged into the
 * protocol's schema generator once it exists.)
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { RESULTS_SCHEMA_ID, RESULTS_VERSION, ResultsDocumentSchema } from '../../src/index.js';
import { PACKAGE_ROOT } from '../package-root.js';

export const RESULTS_JSON_SCHEMA_PATH = join(PACKAGE_ROOT, 'protocol', 'results.schema.json');

export function resultsJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ResultsDocumentSchema, { target: 'draft-2020-12' }),
    $id: `urn:${RESULTS_SCHEMA_ID.replace("/", ":")}:v${RESULTS_VERSION}`,
    title: 'plan-mode-conformance results file',
    description: `One conformance run (--format results:FILE), read by \`docs\` and \`compare\`. "schema" is "${RESULTS_SCHEMA_ID}", "version" ${RESULTS_VERSION}.`,
  };
}

export function resultsJsonSchemaText(): string {
  return `${JSON.stringify(resultsJsonSchema(), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(RESULTS_JSON_SCHEMA_PATH, resultsJsonSchemaText());
  console.log(`wrote ${RESULTS_JSON_SCHEMA_PATH}`);
}
