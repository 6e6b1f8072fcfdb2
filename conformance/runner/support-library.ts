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

export function kitSupportLibrary(): Promise<ISupportCodeLibrary> {
  library ??= (async () => {
    // No coordinates: cucumber then globs and imports nothing of its own.
    supportCodeLibraryBuilder.reset(process.cwd(), IdGenerator.uuid(), { requireModules: [], requirePaths: [], importPaths: [], loaders: [] });
    await import('../support/registrations.js');
    return supportCodeLibraryBuilder.finalize();
  })();
  return library;
}
