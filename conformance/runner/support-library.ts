/**
 * The kit's cucumber support library, built in this process from one list of
 * registering modules (`support/registrations.ts`) instead of cucumber's file
 * globs: the same code runs unbundled (unit tests, the mutant matrix) and
 * bundled into the suite's child process, where there are no files to glob.
 * Built once per process and reused by every run in it.
 */
import { supportCodeLibraryBuilder } from '@cucumber/cucumber';
import type { ISupportCodeLibrary } from '@cucumber/cucumber/api';
import { IdGenerator } from '@cucumber/messages';

let library: Promise<ISupportCodeLibrary> | undefined;

/** getDefinitionLineAndUri, the method cucumber calls it from, its proxy, then the step file's module body. */
const DEFINITION_FRAMES = 6;

export function kitSupportLibrary(): Promise<ISupportCodeLibrary> {
  library ??= (async () => {
    // No coordinates: cucumber then globs and imports nothing of its own.
    supportCodeLibraryBuilder.reset(process.cwd(), IdGenerator.uuid(), { requireModules: [], requirePaths: [], importPaths: [], loaders: [] });
    // Cucumber reads each definition's location off a stack trace taken as it is
    // registered: the first frame outside cucumber, a few frames deep. Longer traces cost
    // about 30 ms of every start in parsing alone.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = DEFINITION_FRAMES;
    try {
      await import('../support/registrations.js');
      return supportCodeLibraryBuilder.finalize();
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  })();
  return library;
}
