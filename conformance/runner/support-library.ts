/**
 * The kit's cucumber support library, built in this process from one list of
 * registering modules (`support/registrations.ts`) instead of cucumber's file
 * globs: the same code runs unbundled (unit tests, the mutant matrix) and
 * bundled into the suite's child process, where there are no files to glob.
 * Built once per process and reused by every run in it.
 */
import { supportCodeLibraryBuilder } from '@cucumber/cucumber';
import { IdGenerator } from '@cucumber/messages';
import { literalStart } from './literal-start.js';

/** What cucumber's builder makes: its public API sees it only as an opaque `ISupportCodeLibrary`. */
type SupportCodeLibrary = ReturnType<typeof supportCodeLibraryBuilder.finalize>;

let library: Promise<SupportCodeLibrary> | undefined;

/** getDefinitionLineAndUri, the method cucumber calls it from, its proxy, then the step file's module body. */
const DEFINITION_FRAMES = 6;

export function kitSupportLibrary(): Promise<SupportCodeLibrary> {
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
      return withLiteralStartsFirst(supportCodeLibraryBuilder.finalize());
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  })();
  return library;
}

/**
 * Cucumber finds a step's definitions by asking every definition whether it
 * matches the step's text. Each definition whose pattern promises a literal
 * start now compares that first, so most of the half million questions of a
 * suite run end before its pattern runs. The answer is the same.
 */
function withLiteralStartsFirst(library: SupportCodeLibrary): SupportCodeLibrary {
  for (const definition of library.stepDefinitions) {
    // Cucumber and regular expressions both have their pattern as `regexp`; the interface does not promise it.
    const pattern = (definition.expression as { regexp?: unknown }).regexp;
    const start = pattern instanceof RegExp ? literalStart(pattern) : '';
    if (start === '') continue;
    const matches = definition.matchesStepName.bind(definition);
    definition.matchesStepName = (text: string) => text.startsWith(start) && matches(text);
  }
  return library;
}
