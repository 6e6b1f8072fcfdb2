/**
 * The kit's cucumber support library, built in this process from one list of
 * registering modules (`support/registrations.ts`) instead of cucumber's file
 * globs: the same code runs unbundled (unit tests, the mutant matrix) and
 * bundled into the suite's child process, where there are no files to glob.
 * Built once per process and reused by every run in it.
 */
import { supportCodeLibraryBuilder } from '@cucumber/cucumber';
import { IdGenerator } from '@cucumber/messages';
import { DeferredCucumberExpression } from './deferred-expression.js';
import { literalStart } from './literal-start.js';
import { orderParameterTypesWithoutIcu } from './parameter-type-order.js';
import { placeDefinitions } from './step-locations.js';

/** What cucumber's builder makes: its public API sees it only as an opaque `ISupportCodeLibrary`. */
type SupportCodeLibrary = ReturnType<typeof supportCodeLibraryBuilder.finalize>;

let library: Promise<SupportCodeLibrary> | undefined;

/** getDefinitionLineAndUri, the method cucumber calls it from, its proxy, then the step file's module body. */
const DEFINITION_FRAMES = 6;

export function kitSupportLibrary(): Promise<SupportCodeLibrary> {
  library ??= (async () => {
    orderParameterTypesWithoutIcu();
    // No coordinates: cucumber then globs and imports nothing of its own.
    supportCodeLibraryBuilder.reset(process.cwd(), IdGenerator.uuid(), {
      requireModules: [],
      requirePaths: [],
      importPaths: [],
      loaders: [],
    });
    // Cucumber reads each definition's location off a stack trace taken as it is
    // registered: the first frame outside cucumber, a few frames deep. Longer traces cost
    // about 30 ms of every start in parsing alone.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = DEFINITION_FRAMES;
    try {
      await import('../support/registrations.js');
      const finalized = supportCodeLibraryBuilder.finalize();
      placeDefinitions(finalized);
      return withQuickMatchAnswers(finalized);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  })();
  return library;
}

/**
 * Cucumber finds a step's definitions by asking every definition whether it
 * matches the step's text (half a million questions in a suite run), and
 * answers each by matching its expression in full: groups, indices, argument
 * objects. A yes or no is all the question needs: each definition now
 * compares its pattern's literal start, then tests the pattern itself. The
 * answer is the same; a unit test compares the two on every step of the features.
 *
 * The full match is then made twice for every step of every scenario (once as
 * cucumber lines up a scenario's steps, again as it runs each), and the
 * features repeat most step texts many times. Each definition remembers its
 * matches by text: a match is a list of arguments that only read their group
 * when asked for a value, so one list serves every step with that text.
 *
 * In the suite's bundle the definitions' cucumber expressions are parsed on
 * first need (deferred-expression.ts): their literal start and words are read
 * off their text, and one is parsed only when a step's text has them.
 */
export function withQuickMatchAnswers(library: SupportCodeLibrary): SupportCodeLibrary {
  for (const definition of library.stepDefinitions) {
    const expression = definition.expression;
    if (expression instanceof DeferredCucumberExpression) {
      // Parsed only when a step's text could match it (deferred-expression.ts); its regexp has no flags, no state.
      rememberMatches(expression);
      definition.matchesStepName = (text: string) => expression.mayMatch(text) && expression.regexp.test(text);
      continue;
    }
    // Cucumber and regular expressions both have their pattern as `regexp`; the interface does not promise it.
    const pattern = (expression as { regexp?: unknown }).regexp;
    // A global or sticky pattern keeps state between tests: left to cucumber.
    if (!(pattern instanceof RegExp) || pattern.global || pattern.sticky) continue;
    rememberMatches(definition.expression);
    const start = literalStart(pattern);
    definition.matchesStepName = (text: string) => text.startsWith(start) && pattern.test(text);
  }
  return library;
}

type StepExpression = SupportCodeLibrary['stepDefinitions'][number]['expression'];

function rememberMatches(expression: StepExpression): void {
  const matchAfresh = expression.match.bind(expression);
  const matches = new Map<string, ReturnType<StepExpression['match']>>();
  expression.match = (text: string) => {
    let match = matches.get(text);
    if (match === undefined) {
      match = matchAfresh(text);
      matches.set(text, match);
    }
    return match;
  };
}
