/**
 * Stands in for error-stack-parser where cucumber reads where a step
 * definition, hook or parameter type is registered (its
 * support_code_library_builder/get_definition_line_and_uri.js; see
 * build/bundle.mjs). Cucumber takes a stack trace for each of the kit's 200
 * and more definitions at every start, has V8 write it out as text and parses
 * that text back, frame by frame, with regular expressions: the largest part
 * of building the support library in the suite's child (issue 36). V8 hands
 * the same frames over as call sites, unwritten: the same file names and
 * lines, in the same order, with the same depth (Error.stackTraceLimit). In
 * the bundle cucumber finds only the bundle's own frames either way; the
 * kit's definitions get the locations the build kept (step-locations.ts).
 * test/conformance/runner/definition-frames.test.ts compares the two.
 */

/** What cucumber reads of a parsed frame. */
export interface DefinitionFrame {
  fileName: string | undefined;
  getFileName(): string | undefined;
  getLineNumber(): number | undefined;
}

function frameOf(site: NodeJS.CallSite): DefinitionFrame {
  const fileName = site.getFileName() ?? undefined;
  const line = site.getLineNumber() ?? undefined;
  return { fileName, getFileName: () => fileName, getLineNumber: () => line };
}

/**
 * The frames of a stack trace taken in the caller, the caller's own first
 * (as `ErrorStackParser.parse(new Error())` gives them there).
 */
export function callerFrames(): DefinitionFrame[] {
  const holder: { stack?: unknown } = {};
  const prepare = Error.prepareStackTrace;
  Error.prepareStackTrace = (_error, sites) => sites;
  try {
    Error.captureStackTrace(holder, callerFrames);
    const sites = Array.isArray(holder.stack) ? (holder.stack as NodeJS.CallSite[]) : [];
    // A frame with no place in a file (`new Promise (<anonymous>)`) is one the parser finds no line for and drops.
    return sites.filter((site) => site.getFileName() && site.getLineNumber() !== null).map(frameOf);
  } finally {
    Error.prepareStackTrace = prepare;
  }
}
