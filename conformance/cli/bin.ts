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

/** Resolves once everything written to `stream` so far has been handed to the system (or the stream failed). */
function written(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    try {
      stream.write('', () => resolve());
    } catch {
      resolve();
    }
  });
}

/**
 * Ends a run's process once its verdict is out: every byte written to stdout
 * and stderr handed to the system (a slow pipe still gets them all, the
 * closing line last), then `process.exit`. Ending by itself, Node would first
 * drain V8's pending tasks: the garbage collection that loading the verdict
 * set off (a scavenge and a mark-compact, about 50 ms of CPU, issue 36),
 * which no one waits for. Nothing else is pending once `main` has resolved:
 * the suite's processes have ended and been judged, the reports are
 * committed; the exit hooks (the run folder's removal, the code cache's
 * writing, host groups) run as for any exit.
 */
async function exitOnceWritten(code: number): Promise<void> {
  await Promise.all([written(process.stdout), written(process.stderr)]);
  process.exit(code);
}

const argv = process.argv.slice(2);
const suite = mayRunSuite(argv);
const early = suite ? forkEarly() : undefined;
const { main, usageFailure } = await import('./main.js');
// exitCode first: a verb, --help or --version ends by itself once stdout and stderr have drained.
main(argv, early)
  .catch((error: unknown) => usageFailure(error))
  .then((code) => {
    process.exitCode = code;
    if (suite) void exitOnceWritten(code);
  });
