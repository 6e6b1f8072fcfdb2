/**
 * Every way an adapter can let the kit down ends up as an `AdapterError` whose
 * message names the adapter method and, for malformed values, the field.
 */
import { withoutUndefinedFields } from './absent-fields.js';
import { boundedText } from './bounded-text.js';
import { compiledSchema } from './compiled-schema.js';
import type { z } from 'zod';

export class AdapterError extends Error {
  override name = 'AdapterError';
  constructor(
    readonly method: string,
    message: string,
  ) {
    // A host's message may be of any size: the error (and every report it reaches) keeps a bounded part.
    super(boundedText(`adapter method ${method}: ${message}`));
  }
}

/** `messages[2].role` style path for a zod issue. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** Describes the first problems of a failed parse, field by field. */
export function describeIssues(error: z.ZodError, prefix = ''): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issuePath(issue.path);
      const field = prefix && path ? `${prefix}.${path}` : prefix || path || '(value)';
      return `field ${field}: ${issue.message}`;
    })
    .join('; ');
}

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
