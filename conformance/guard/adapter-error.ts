/**
 * Every way an adapter can let the kit down ends up as an `AdapterError` whose
 * message names the adapter method and, for malformed values, the field.
 */
import { boundedText } from './bounded-text.js';
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
