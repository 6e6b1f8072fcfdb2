/**
 * Parsing what an adapter returned, apart from adapter-error.ts: the error and its paths are read by the CLI
 * before it hands the suite its request (the catalog, the baseline), and this module brings zod at run time
 * through the compiled schemas, which the CLI must not load that early (start-up-imports.test.ts).
 */
import type { z } from 'zod';
import { withoutUndefinedFields } from './absent-fields.js';
import { AdapterError, describeIssues } from './adapter-error.js';
import { compiledSchema } from './compiled-schema.js';

/**
 * Parses a value an adapter returned, or throws an `AdapterError` naming method and field. An optional
 * field set to `undefined` comes back left out (absent-fields.ts).
 */
export function parseReturned<T>(
  method: string,
  schema: z.ZodType<T>,
  value: unknown,
  what = 'returned a malformed value',
): T {
  const result = compiledSchema(schema).safeParse(value);
  if (result.success) return withoutUndefinedFields(result.data);
  throw new AdapterError(method, `${what}: ${describeIssues(result.error)}`);
}
