/**
 * Where each step definition and hook is written, for cucumber's console
 * formats (`✔ When the user ... # dist/conformance/steps/x.steps.js:42`).
 * Cucumber reads a definition's location off a stack trace taken as it is
 * registered; in the suite's single-file bundle every frame is the bundle, so
 * it found none (`unknown:0`) or the same bundle line for every step. The
 * build (build/compile-kit-data.mjs) registers the unbundled step modules,
 * whose stack traces name their own files, and keeps each definition's file
 * and line in dist/catalog/step-locations.json; the bundled child gives its
 * definitions those. test/conformance/runner/step-locations.test.ts checks the
 * console shows them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';

export const STEP_LOCATIONS_FILE = join(PACKAGE_ROOT, 'dist', 'catalog', 'step-locations.json');

interface Location {
  /** Relative to the package root, with forward slashes. */
  uri: string;
  line: number;
}

interface LocationTable {
  steps: Record<string, Location>;
  before: Location[];
  after: Location[];
}

/** The parts of cucumber's support library this module reads and sets (public fields of its definitions). */
interface Located {
  uri: string;
  line: number;
}
interface LibraryLocations {
  stepDefinitions: ReadonlyArray<Located & { pattern: string | RegExp }>;
  beforeTestCaseHookDefinitions: readonly Located[];
  afterTestCaseHookDefinitions: readonly Located[];
}

function keyOf(pattern: string | RegExp): string {
  return typeof pattern === 'string' ? `s:${pattern}` : `r:${pattern.source}/${pattern.flags}`;
}

/** A location cucumber took relative to `cwd`, as a path from the package root. */
function fromPackageRoot(definition: Located, cwd: string): Location {
  const path = relative(PACKAGE_ROOT, isAbsolute(definition.uri) ? definition.uri : resolve(cwd, definition.uri));
  return { uri: path.split(sep).join('/'), line: definition.line };
}

/** At build time, from the unbundled modules: every definition's own file and line. */
export async function writeStepLocations(library: LibraryLocations, cwd: string = process.cwd()): Promise<void> {
  const table: LocationTable = {
    steps: Object.fromEntries(
      library.stepDefinitions.map((definition) => [keyOf(definition.pattern), fromPackageRoot(definition, cwd)]),
    ),
    before: library.beforeTestCaseHookDefinitions.map((hook) => fromPackageRoot(hook, cwd)),
    after: library.afterTestCaseHookDefinitions.map((hook) => fromPackageRoot(hook, cwd)),
  };
  const unplaced = [...Object.values(table.steps), ...table.before, ...table.after].filter(
    (location) => location.line === 0 || !location.uri.endsWith('.js'),
  );
  if (unplaced.length > 0)
    throw new Error(
      `step-locations: ${unplaced.length} definition(s) without a file of their own (e.g. ${unplaced[0]!.uri}:${unplaced[0]!.line})`,
    );
  await mkdir(dirname(STEP_LOCATIONS_FILE), { recursive: true });
  await writeFile(STEP_LOCATIONS_FILE, `${JSON.stringify(table)}\n`);
}

/**
 * Gives definitions whose location cucumber could not read (a bundle) the
 * ones the build kept, as paths relative to `cwd` like cucumber's own.
 * Definitions with a location of their own (unbundled runs) keep it.
 */
export function placeDefinitions(library: LibraryLocations, cwd: string = process.cwd()): void {
  if (!existsSync(STEP_LOCATIONS_FILE)) return;
  const table = JSON.parse(readFileSync(STEP_LOCATIONS_FILE, 'utf8')) as LocationTable;
  // The 260 definitions lie in a few dozen files, and in the bundle cucumber found one file for all of them:
  // each path is worked out once, not per definition (path.resolve and path.relative per definition cost
  // every start several ms of CPU, issue 36).
  const bundled = onceEach((uri) => /(^|[\\/])dist[\\/]bundled[\\/]/.test(resolve(cwd, uri)));
  const fromCwd = onceEach((uri) => relative(cwd, join(PACKAGE_ROOT, uri)).split(sep).join('/'));
  const place = (definition: Located, location: Location | undefined) => {
    if (location === undefined || !unplaced(definition, bundled)) return;
    const target = definition as { uri: string; line: number };
    target.uri = fromCwd(location.uri);
    target.line = location.line;
  };
  for (const definition of library.stepDefinitions) place(definition, table.steps[keyOf(definition.pattern)]);
  library.beforeTestCaseHookDefinitions.forEach((hook, index) => place(hook, table.before[index]));
  library.afterTestCaseHookDefinitions.forEach((hook, index) => place(hook, table.after[index]));
}

/** Cucumber found no location, or only the bundle's. */
function unplaced(definition: Located, bundled: (uri: string) => boolean): boolean {
  return definition.uri === 'unknown' || definition.line === 0 || bundled(definition.uri);
}

/** `make`, worked out once for each path. */
function onceEach<T>(make: (path: string) => T): (path: string) => T {
  const made = new Map<string, T>();
  return (path) => {
    if (!made.has(path)) made.set(path, make(path));
    return made.get(path) as T;
  };
}
