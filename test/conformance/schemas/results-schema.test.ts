/** The results file's JSON Schema is published with the protocol's (generated from the zod schema); the fixtures are valid results files. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readResultsFile } from '../../../conformance/docs/read-results.js';
import { render } from '../../../conformance/schemas/generate-json-schemas.js';
import { PUBLISHED_SCHEMAS } from '../../../conformance/schemas/published-schemas.js';
import { PACKAGE_ROOT } from '../../../conformance/package-root.js';
import { DSH_RESULTS, REFERENCE_RESULTS } from '../docs/site-fixture.js';

describe('results file schema', () => {
  it('protocol/schemas/results.schema.json is what the zod schema generates (regenerate: npm run schemas)', async () => {
    const entry = PUBLISHED_SCHEMAS.find((candidate) => candidate.file === 'protocol/schemas/results.schema.json');
    expect(entry).toBeDefined();
    expect(await readFile(join(PACKAGE_ROOT, entry!.file), 'utf8')).toBe(render(entry!));
  });

  it('the reference and dsh fixtures are valid results files', async () => {
    for (const path of [REFERENCE_RESULTS, DSH_RESULTS])
      expect((await readResultsFile(path)).document.scenarios.length).toBeGreaterThan(100);
  });
});
