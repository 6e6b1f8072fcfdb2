/**
 * A variant: the reference making another choice the seed leaves open,
 * written as exact text patches on its TypeScript sources (like a mutant, see
 * mutants/mutant.ts), naming the Left-open choices it takes. Every variant
 * must pass every required scenario of each edition it is run against.
 */
import type { Patch } from '../mutants/mutant.js';
import { EDITIONS, type Edition } from '../src/contract/edition-names.js';
import type { LeftOpenChoice } from './left-open.js';

export interface Variant {
  name: string;
  /** The choices of docs/clauses.md's "Left open by the seed" (or of an edition's own MAY) this variant takes. */
  takes: LeftOpenChoice[];
  /** The editions the matrix runs it against: every edition unless the choice is one only some leave open. */
  editions: Edition[];
  patches: Patch[];
}

export function variant(name: string, takes: LeftOpenChoice[], ...patches: Patch[]): Variant {
  return { name, takes, editions: [...EDITIONS], patches };
}

/**
 * One variant making every choice of `parts` at once: their patches applied in order (a part whose text
 * another part changed no longer applies, and the build says which), the choices they take, the editions
 * they all claim. A correct host makes many choices together, and choices can meet (a notice written
 * later by one, logged in another order by the other); one build and one run also cost a matrix entry
 * instead of one per part, and each part can still be run alone by name (VARIANT_PARTS in catalog.ts).
 */
export function together(name: string, parts: readonly Variant[]): Variant {
  return {
    name,
    takes: [...new Set(parts.flatMap((part) => part.takes))],
    editions: EDITIONS.filter((edition) => parts.every((part) => part.editions.includes(edition))),
    patches: parts.flatMap((part) => part.patches),
  };
}
