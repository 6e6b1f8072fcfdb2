/**
 * What the kit ships as single-file bundles (built by build/bundle.mjs after
 * tsc): the CLI, the suite's child process it forks, the built-in reference
 * adapter and the public API they share. One file starts several times
 * faster than the same code as a few hundred ES modules, each resolved and
 * read on its own. Found from the package root, so the compiled modules, the
 * bundles and the TypeScript sources (unit tests) all name the same files.
 */
import { join } from 'node:path';
import { PACKAGE_ROOT } from './package-root.js';

export const BUNDLED_DIR = join(PACKAGE_ROOT, 'dist', 'bundled');
/** `plan-mode-conformance` itself (package.json `bin`). */
export const CLI_BUNDLE = join(BUNDLED_DIR, 'cli.js');
/** What the CLI forks: the suite's child process (runner/suite-child.ts) behind its code cache (runner/suite-child-entry.ts). */
export const SUITE_CHILD_BUNDLE = join(BUNDLED_DIR, 'suite-child-entry.cjs');
/**
 * What the CLI forks for a run's exploration beside its scenarios (runner/exploration-beside.ts): the suite's child
 * without cucumber's run and the steps, behind a code cache of its own (build/bundle.mjs).
 */
export const EXPLORATION_CHILD_BUNDLE = join(BUNDLED_DIR, 'exploration-child-entry.cjs');
/** The public API (src/index.ts), as `import 'plan-mode-conformance'` loads it (the ES module in front of public-api.cjs). */
export const PUBLIC_API_BUNDLE = join(BUNDLED_DIR, 'public-api.js');
/**
 * The reference host served over the host protocol (reference/stdio-host.ts), bundled, behind its
 * code cache: what the kit's own checks run as `exec:` (about half the CPU of each start of
 * dist/reference/stdio-host.js, the same code as ES modules).
 */
export const STDIO_HOST_BUNDLE = join(BUNDLED_DIR, 'stdio-host-entry.cjs');
