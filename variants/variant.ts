/**
 * A variant: the reference making another choice the seed leaves open,
 * written as exact text patches on its TypeScript sources (like a mutant, see
 * mutants/mutant.ts), naming the Left-open choices it takes. Every variant
 * must pass every required scenario.
 */
import type { Patch } from '../mutants/mutant.js';
import type { LeftOpenChoice } from './left-open.js';

export interface Variant {
  name: string;
  /** The choices of clauses.md's "Left open by the seed" this variant takes. */
  takes: LeftOpenChoice[];
  patches: Patch[];
}

export function variant(name: string, takes: LeftOpenChoice[], ...patches: Patch[]): Variant {
  return { name, takes, patches };
}
