#!/usr/bin/env node
/**
 * The executable (package.json `bin`, bundled as dist/bundled/cli.js): runs
 * the CLI's `main` (main.ts) with the process's arguments. Kept apart from
 * main.ts so that importing main runs nothing: tests call it in process.
 *
 * A run's
 * time goes mostly to the suite's child process loading cucumber, the steps
 * and the adapter, so the child is forked here, first thing, before the rest
 * of the CLI (main.ts) loads: the two load at once, on two cores, and the
 * child gets its request over IPC once main.ts has read the arguments
 * (issue 36). Whatever cannot run a suite (a verb, --help, --version,
 * --coverage) forks nothing; a usage error ends the child main.ts was given.
 *
 * Imports only what forking needs: a test (start-up-imports.test.ts) keeps it so.
 */
import { EarlyChild } from '../runner/suite-child-start.js';
import { VERB_NAMES } from './verb-names.js';

/** The arguments that never start a suite, as main.ts reads them; anything else may. */
const NO_SUITE = ['--help', '-h', '--version', '--coverage'];

function mayRunSuite(argv: readonly string[]): boolean {
  if ((VERB_NAMES as readonly string[]).includes(argv[0] ?? '')) return false;
  return !argv.some((arg) => NO_SUITE.includes(arg));
}

/** The child, forked now; undefined when it cannot be (main.ts forks it later and reports why). */
function forkEarly(): EarlyChild | undefined {
  try {
    return new EarlyChild();
  } catch {
    return undefined;
  }
}

const argv = process.argv.slice(2);
const early = mayRunSuite(argv) ? forkEarly() : undefined;
const { main, usageFailure } = await import('./main.js');
// exitCode, not exit(): the process ends once stdout and stderr have drained,
// so a slow pipe still gets every byte, the closing line last.
main(argv, early).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.exitCode = usageFailure(error);
  },
);
