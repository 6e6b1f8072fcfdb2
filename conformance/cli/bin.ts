#!/usr/bin/env node
/**
 * The executable (package.json `bin`, bundled as dist/bundled/cli.js): runs
 * the CLI's `main` (main.ts) with the process's arguments. Kept apart from
 * main.ts so that importing main runs nothing: tests call it in process.
 */
import { main, usageFailure } from './main.js';

// exitCode, not exit(): the process ends once stdout and stderr have drained,
// so a slow pipe still gets every byte, the closing line last.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.exitCode = usageFailure(error);
  },
);
