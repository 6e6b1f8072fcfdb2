/**
 * A mutant: a small, named, deliberate break of the reference, written as
 * exact text patches on its TypeScript sources, with the clauses it breaks.
 */
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
  patches: Patch[];
}

export function mutant(name: string, breaks: string[], ...patches: Patch[]): Mutant {
  return { name, breaks, patches };
}

export function patch(file: string, find: string, replace: string): Patch {
  return { file, find, replace };
}
