/**
 * The layering, written down: which folder may import which. Checked over the
 * import graph by layers.test.ts (in `npm test`); ARCHITECTURE.md draws it.
 *
 * Across the repository: src/ (the public contract) is the bottom and imports
 * only itself; reference/, adapters/ and conformance/ sit above it and never
 * import each other (the kit never imports the reference's internals, the
 * reference never imports the kit); mutants/ and variants/ (the matrices)
 * sit on top and may import anything below them, variants/ mutants/ too.
 *
 * Within conformance/, folders in tiers, bottom first. A folder imports its
 * own files and folders of lower tiers only, never a folder of its own tier or
 * of a higher one. `(root)` stands for the files directly in conformance/.
 */

/** Top-level folders, bottom first; each may import itself and what its entry lists. */
export const REPOSITORY_LAYERS: Record<string, readonly string[]> = {
  src: [],
  reference: ['src'],
  adapters: ['src'],
  conformance: ['src'],
  mutants: ['src', 'reference', 'adapters', 'conformance'],
  variants: ['src', 'reference', 'adapters', 'conformance', 'mutants'],
};

/** conformance/'s folders in tiers, bottom first. */
export const CONFORMANCE_TIERS: readonly (readonly string[])[] = [
  // Where the package is, and the bundles' entry names.
  ['(root)'],
  // Leaves: the kit's own JSON files, option tables, adapter-call guards, the oracle's pure model.
  ['files', 'options', 'guard', 'oracle'],
  ['features'],
  ['catalog'],
  // What a run produces: records, failure kinds, baseline judging, summary lines, exit codes.
  ['results'],
  // What reads the results (reports, evidence), and the parts a scenario is made of.
  ['report', 'evidence', 'schemas', 'script', 'transport'],
  ['compare', 'merge', 'docs', 'adapters', 'assertions'],
  ['world'],
  ['steps'],
  // cucumber's support library: hooks, parameter types, the steps' registration.
  ['support'],
  ['explore'],
  ['runner'],
  ['cli'],
  // Tools over the whole kit.
  ['bench', 'equivalence'],
];

/**
 * Known exceptions, each an import the rules forbid that is still there (from
 * file, to file, and why). Empty: keep it so.
 */
export const KNOWN_EXCEPTIONS: readonly { from: string; to: string; why: string }[] = [];
