/** The results file's JSON Schema is generated from the zod schema; the committed copy must match, and the fixtures must validate. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readResultsFile } from '../../conformance/docs/read-results.js';
import { RESULTS_JSON_SCHEMA_PATH, resultsJsonSchemaText } from '../../conformance/schemas/results-json-schema.js';
import { DSH_RESULTS, REFERENCE_RESULTS } from './site-fixture.js';

describe('results file schema', () => {
  it('protocol/results.schema.json is what the zod schema generates (regenerate: node dist/conformance/schemas/results-json-schema.js)', async () => {
    expect(await readFile(RESULTS_JSON_SCHEMA_PATH, 'utf8')).toBe(resultsJsonSchemaText());
  });

  it('the reference and dsh fixtures are valid results files', async () => {
    for (const path of [REFERENCE_RESULTS, DSH_RESULTS]) expect((await readResultsFile(path)).document.scenarios.length).toBeGreaterThan(100);
  });
});
