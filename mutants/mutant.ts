/**
 * A mutant: a small, named, deliberate break of the reference, written as
 * exact text patches on its TypeScript sources, with the clauses it breaks
 * and, in plain English, what the broken host does wrong.
 */
import type { Edition } from '../src/index.js';

export interface Patch {
  /** Source file relative to reference/, e.g. `plan-mode/service.ts`. */
  file: string;
  /** Text that must occur exactly once in the file. */
  find: string;
  replace: string;
}

export interface Mutant {
  name: string;
  /** Clause ids this break violates; the suite must fail a scenario tagged with one of them. */
  breaks: string[];
  /** What the broken host does wrong, for a reader (the evidence file and the docs site show it). */
  description: string;
  /**
   * The editions the mutant is run against. Absent: every edition the
   * reference implements (a break of a behaviour both editions share).
   */
  editions?: Edition[];
  patches: Patch[];
}

export function mutant(name: string, breaks: string[], description: string, ...patches: Patch[]): Mutant {
  return { name, breaks, description, patches };
}

/** The mutant (or variant), run only against these editions (a break of, or a choice in, a behaviour only they have). */
export function onlyIn<T extends { editions?: Edition[] }>(editions: Edition[], entry: T): T {
  return { ...entry, editions };
}

export function patch(file: string, find: string, replace: string): Patch {
  return { file, find, replace };
}
