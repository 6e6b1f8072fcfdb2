/**
 * The contract's schemas as the kit checks what a host hands it: each compiled by zod (`z.compile`) once the kit
 * has parsed enough values with it for the compiling to pay (issue 36).
 *
 * The kit parses every request a host sends its model, every log and observer read and every value a call
 * returns, thousands of times in a run. Zod's runtime parse walks the schema's tree per value, a call and a result
 * object per node: in the exploration's capped tiers that fixed cost per value was most of the model port's parse
 * (about 4% of the exploration's CPU; docs/benchmark.md, round 48). A compiled schema is the same schema, cloned,
 * whose parse first runs one function zod generated from it (each field read once, checked, and copied into a
 * fresh value as the runtime builds it) and, for any value that function does not accept, runs zod's own parse:
 * a failing value fails with the same issues, so the error still names the method and the field. A schema zod
 * cannot compile comes back as it is and parses as it always did.
 *
 * Compiling costs about 0.2-9 ms of CPU a schema (the model's request the most), about what a hundred of its
 * parses cost in zod's runtime, so a schema is compiled at its hundredth parse: a run of a few scenarios never
 * pays for it.
 */
import { z } from 'zod';

/** The parses a schema gets from zod's runtime before it is compiled. */
export const PARSES_BEFORE_COMPILING = 100;

interface Uses {
  parses: number;
  compiled?: z.ZodType;
}

/** Each schema's parses so far and, once compiled, its clone; by the schema's identity (the contract's are made once). */
const usesOf = new WeakMap<z.ZodType, Uses>();

/** The schema to parse a value with: `schema` itself for its first parses, then its compiled clone. */
export function compiledSchema<T>(schema: z.ZodType<T>): z.ZodType<T> {
  let uses = usesOf.get(schema);
  if (uses === undefined) {
    uses = { parses: 0 };
    usesOf.set(schema, uses);
  }
  if (uses.compiled === undefined) {
    uses.parses += 1;
    if (uses.parses < PARSES_BEFORE_COMPILING) return schema;
    uses.compiled = z.compile(schema);
  }
  return uses.compiled as z.ZodType<T>;
}
