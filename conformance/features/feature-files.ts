/**
 * Reading feature files without running them: parse each into its Gherkin
 * document and pickles (one pickle per scenario or outline row), and name each
 * pickle by its stable id. Used by the coverage lint, the baseline checks and
 * the result collector, so all three agree on ids.
 */
import { readFile, readdir } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { AstBuilder, GherkinClassicTokenMatcher, Parser, compile } from '@cucumber/gherkin';
import { EDITION_TAG_PREFIX } from './edition-tags.js';
import { IdGenerator, type GherkinDocument, type Pickle } from '@cucumber/messages';
import { KIT_FEATURES_DIR } from './kit-features-dir.js';

export { KIT_FEATURES_DIR };

export class FeatureFileError extends Error {
  override name = 'FeatureFileError';
}

export interface ParsedFeature {
  uri: string;
  document: GherkinDocument;
  pickles: readonly Pickle[];
}

export async function listFeatureFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((error: NodeJS.ErrnoException) => {
    // A mistyped --features is the user's input: say what is wrong with it, not a stack.
    if (error.code === 'ENOTDIR')
      throw new FeatureFileError(`${dir} is a file; give the folder that holds the .feature files`);
    if (error.code === 'ENOENT')
      throw new FeatureFileError(`${dir} does not exist; give the folder that holds the .feature files`);
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.feature'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** A path as a user would type it: relative to the working folder when inside it. */
export function shownPath(path: string, cwd = process.cwd()): string {
  const inside = relative(cwd, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

/** One Gherkin problem as `file:line:column: message`. */
function locatedProblems(path: string, error: unknown): string[] {
  const errors = (error as { errors?: unknown[] }).errors;
  const all = Array.isArray(errors) && errors.length > 0 ? errors : [error];
  return all.map((one) => {
    const location = (one as { location?: { line?: number; column?: number } }).location;
    // The parser prefixes each message with "(line:column): "; the location is shown in front instead.
    const message = (one instanceof Error ? one.message : String(one)).replace(/^\(\d+:\d+\): /, '');
    const where = location?.line !== undefined ? `:${location.line}:${location.column ?? 1}` : '';
    return `${shownPath(path)}${where}: ${message}`;
  });
}

export async function parseFeatureFile(path: string, root: string): Promise<ParsedFeature> {
  const uri = relative(root, path);
  const text = await readFile(path, 'utf8');
  const newId = IdGenerator.uuid();
  const parser = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher());
  try {
    const document: GherkinDocument = { ...parser.parse(text), uri };
    return { uri, document, pickles: compile(document, uri, newId) };
  } catch (error) {
    throw new FeatureFileError(locatedProblems(path, error).join('\n'));
  }
}

/** Parses every feature file under `dir`; reports the Gherkin errors of all files at once. */
export async function parseFeatures(dir: string = KIT_FEATURES_DIR): Promise<ParsedFeature[]> {
  const files = await listFeatureFiles(dir);
  if (files.length === 0) throw new FeatureFileError(`no .feature files under ${dir}`);
  const settled = await Promise.allSettled(files.map((file) => parseFeatureFile(file, dir)));
  const problems = settled.flatMap((one) => (one.status === 'rejected' ? [(one.reason as Error).message] : []));
  if (problems.length > 0) {
    const lines = problems.join('\n').split('\n');
    throw new FeatureFileError(
      `feature files are not valid Gherkin (${lines.length} error(s)):\n${lines.map((line) => `  ${line}`).join('\n')}`,
    );
  }
  return settled.map((one) => (one as PromiseFulfilledResult<ParsedFeature>).value);
}

export const ID_TAG_PREFIX = '@id:';
export const NEEDS_TAG_PREFIX = '@needs:';
export const CLAUSE_TAG = /^@([A-Z]+-\d{2})$/;

/** Line of every scenario and example row, by AST node id. */
export function nodeLines(document: GherkinDocument): Map<string, number> {
  const lines = new Map<string, number>();
  for (const child of document.feature?.children ?? []) {
    const scenarios = child.scenario
      ? [child.scenario]
      : (child.rule?.children ?? []).flatMap((ruleChild) => (ruleChild.scenario ? [ruleChild.scenario] : []));
    for (const scenario of scenarios) {
      lines.set(scenario.id, scenario.location.line);
      for (const examples of scenario.examples) {
        for (const row of examples.tableBody) lines.set(row.id, row.location.line);
      }
    }
  }
  return lines;
}

/**
 * Steps by AST node id: their line in the feature file (scenario and
 * background steps, in rules too). A pickle step's first AST node id is its
 * step, so a failing step is located in the feature file where it is written.
 */
export function stepLines(document: GherkinDocument): Map<string, number> {
  const lines = new Map<string, number>();
  const add = (steps: ReadonlyArray<{ id: string; location: { line: number } }>) => {
    for (const step of steps) lines.set(step.id, step.location.line);
  };
  for (const child of document.feature?.children ?? []) {
    if (child.background) add(child.background.steps);
    if (child.scenario) add(child.scenario.steps);
    for (const ruleChild of child.rule?.children ?? []) {
      if (ruleChild.background) add(ruleChild.background.steps);
      if (ruleChild.scenario) add(ruleChild.scenario.steps);
    }
  }
  return lines;
}

/** Example rows by AST node id: the value of their first cell. */
export function rowNames(document: GherkinDocument): Map<string, string> {
  const names = new Map<string, string>();
  for (const child of document.feature?.children ?? []) {
    const scenarios = child.scenario
      ? [child.scenario]
      : (child.rule?.children ?? []).flatMap((ruleChild) => (ruleChild.scenario ? [ruleChild.scenario] : []));
    for (const scenario of scenarios) {
      for (const examples of scenario.examples) {
        for (const row of examples.tableBody) names.set(row.id, row.cells[0]?.value ?? '');
      }
    }
  }
  return names;
}

export function slug(text: string): string {
  const cleaned = text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return cleaned === '' ? 'blank' : cleaned;
}

/**
 * A pickle's stable id: its `@id:` tag, plus `/<first cell of its row>` for an
 * outline row. Titles play no part, so renaming a scenario keeps its id.
 */
export function stableIdOf(pickle: Pickle, rows: Map<string, string>): string | undefined {
  const ids = pickle.tags.map((tag) => tag.name).filter((name) => name.startsWith(ID_TAG_PREFIX));
  if (ids.length !== 1) return undefined;
  const base = ids[0]!.slice(ID_TAG_PREFIX.length);
  const rowId = pickle.astNodeIds[1];
  return rowId === undefined ? base : `${base}/${slug(rows.get(rowId) ?? '')}`;
}

export function clausesOf(pickle: Pickle): string[] {
  return pickle.tags.map((tag) => tag.name.match(CLAUSE_TAG)?.[1]).filter((id): id is string => id !== undefined);
}

export function needsOf(pickle: Pickle): string[] {
  return pickle.tags
    .map((tag) => tag.name)
    .filter((name) => name.startsWith(NEEDS_TAG_PREFIX))
    .map((name) => name.slice(NEEDS_TAG_PREFIX.length));
}

export interface ScenarioInfo {
  stableId: string | undefined;
  name: string;
  uri: string;
  /** The line of the scenario, or of its outline row. */
  line?: number;
  clauses: string[];
  needs: string[];
  /** Number of @id: tags (the lint wants exactly one). */
  idTags: number;
  /** The names its `@edition:` tags give, known or not (none: it holds in every edition). */
  editionTags: string[];
}

export function scenariosOf(features: ParsedFeature[]): ScenarioInfo[] {
  return features.flatMap((feature) => {
    const rows = rowNames(feature.document);
    const lines = nodeLines(feature.document);
    return feature.pickles.map((pickle) => {
      const line = lines.get(pickle.astNodeIds.at(-1) ?? '');
      return {
        stableId: stableIdOf(pickle, rows),
        name: pickle.name,
        uri: feature.uri,
        ...(line !== undefined ? { line } : {}),
        clauses: clausesOf(pickle),
        needs: needsOf(pickle),
        idTags: pickle.tags.filter((tag) => tag.name.startsWith(ID_TAG_PREFIX)).length,
        editionTags: pickle.tags
          .filter((tag) => tag.name.startsWith(EDITION_TAG_PREFIX))
          .map((tag) => tag.name.slice(EDITION_TAG_PREFIX.length)),
      };
    });
  });
}

/**
 * Every stable id that two scenarios (or outline rows) share, naming both
 * places: results, baselines and shards are keyed by id, so a duplicate would
 * fold a failing scenario into a passing one.
 */
export function duplicateIdProblems(scenarios: readonly ScenarioInfo[]): string[] {
  const first = new Map<string, string>();
  const problems: string[] = [];
  for (const scenario of scenarios) {
    if (scenario.stableId === undefined) continue;
    const where = `${scenario.uri}${scenario.line !== undefined ? `:${scenario.line}` : ''} ("${scenario.name}")`;
    const earlier = first.get(scenario.stableId);
    if (earlier === undefined) first.set(scenario.stableId, where);
    else problems.push(`${where} repeats the stable id ${scenario.stableId} of ${earlier}`);
  }
  return problems;
}

/** Refuses features in which two scenarios share a stable id (FeatureFileError, every duplicate listed). */
export function checkUniqueIds(scenarios: readonly ScenarioInfo[]): void {
  const problems = duplicateIdProblems(scenarios);
  if (problems.length > 0) {
    throw new FeatureFileError(
      `feature files give one stable id to several scenarios (${problems.length}); each scenario needs its own @id: (an outline row: its own first cell):\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
  }
}
