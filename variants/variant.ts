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
