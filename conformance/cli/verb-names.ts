/**
 * The names of the CLI's verbs (`plan-mode-conformance explore ...`), apart
 * from their tables and code: the CLI's entry (bin.ts) reads them, before
 * it loads anything else, to tell a verb from a run. main.ts maps each to its
 * module; a name missing there fails to compile.
 */
export const VERB_NAMES = ['explore', 'docs', 'compare', 'merge', 'quotes', 'init'] as const;

export type VerbName = (typeof VERB_NAMES)[number];
