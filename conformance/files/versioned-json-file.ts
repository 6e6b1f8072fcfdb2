/**
 * Reading a JSON file the kit itself writes and documents (the results file,
 * the mutation evidence): read, parse as JSON, check its `schema` id and
 * `version`, then validate it against its zod schema, with one clear message
 * per way it can go wrong, each naming the file. The commands that read such
 * files turn the error into exit 2.
 */
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';

/** What a reader says about one kind of file, and how it checks it. */
export interface VersionedFileKind<T> {
  /** How a file of this kind is named when it cannot be read or parsed ("results file"). */
  noun: string;
  /** What a file of another `schema` is not ("a plan-mode-conformance results file"). */
  identity: string;
  /** What a file failing the schema is not valid as ("results file"). */
  validAs: string;
  /** The word before "version" ("results"). */
  versionNoun: string;
  schemaId: string;
  version: number;
  schema: z.ZodType<T>;
  /** Earlier versions still read (a file stored by an earlier release): each checked by its own schema, then upgraded in memory. */
  older?: ReadonlyArray<OlderVersion<T>>;
  /**
   * What a document of the current version must mean beyond its shape (zod
   * refinements), checked after an older version's upgrade too.
   */
  meaning?: z.ZodType<T>;
  /** How to make the file, told when it is missing. */
  missingHint?: string;
  /** How a zod issue's path is printed. */
  issuePath(path: readonly PropertyKey[]): string;
  /** The error thrown for every problem, so a command can tell it from a bug. */
  error: new (
    message: string,
  ) => Error;
}

/** An earlier version a reader still accepts: its schema, and how a document of it becomes the current version. */
export interface OlderVersion<T> {
  version: number;
  schema: z.ZodType<unknown>;
  upgrade(document: unknown): T;
}

/** An earlier version, typed by its schema (the upgrade receives what the schema parsed). */
export function olderVersion<O, T>(
  version: number,
  schema: z.ZodType<O>,
  upgrade: (document: O) => T,
): OlderVersion<T> {
  return { version, schema, upgrade: (document) => upgrade(document as O) };
}

export async function readVersionedJsonFile<T>(path: string, kind: VersionedFileKind<T>): Promise<T> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing = kind.missingHint === undefined ? 'no such file' : `no such file (${kind.missingHint})`;
    const why =
      code === 'ENOENT'
        ? missing
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message;
    throw new kind.error(`cannot read ${kind.noun} ${path}: ${why}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new kind.error(`${kind.noun} ${path} is not JSON: ${(error as Error).message}`);
  }
  return parseVersionedJson(json, path, kind);
}

/** Checks an already parsed document: its `schema` id and `version` first, so a file of another kind says so plainly. */
export function parseVersionedJson<T>(json: unknown, path: string, kind: VersionedFileKind<T>): T {
  const header = (typeof json === 'object' && json !== null ? json : {}) as { schema?: unknown; version?: unknown };
  if (header.schema !== kind.schemaId) {
    throw new kind.error(
      `${path} is not ${kind.identity} (its "schema" is ${JSON.stringify(header.schema)}, expected "${kind.schemaId}")`,
    );
  }
  const older = kind.older?.find((candidate) => candidate.version === header.version);
  if (header.version !== kind.version && older === undefined) {
    const versions = [...(kind.older ?? []).map((candidate) => candidate.version), kind.version].sort((a, b) => a - b);
    const reads =
      versions.length === 1
        ? `version ${versions[0]}`
        : `versions ${versions.slice(0, -1).join(', ')} and ${versions.at(-1)}`;
    throw new kind.error(
      `${path}: ${kind.versionNoun} version ${JSON.stringify(header.version)} is not one this kit reads (it reads ${reads})`,
    );
  }
  const parsed = (older?.schema ?? kind.schema).safeParse(json);
  if (!parsed.success) {
    const as = older ? `${kind.validAs} of version ${older.version}` : kind.validAs;
    throw problems(path, `is not a valid ${as}`, parsed.error.issues, kind);
  }
  const document = older ? older.upgrade(parsed.data) : (parsed.data as T);
  const meant = kind.meaning?.safeParse(document);
  if (meant && !meant.success) throw problems(path, 'contradicts itself', meant.error.issues, kind);
  return document;
}

/** Every problem at once, one per line, each at its path. */
function problems<T>(
  path: string,
  what: string,
  issues: readonly z.core.$ZodIssue[],
  kind: VersionedFileKind<T>,
): Error {
  const lines = issues.map((issue) => `  ${kind.issuePath(issue.path) || '(top level)'}: ${issue.message}`);
  return new kind.error(
    `${path} ${what} (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${lines.join('\n')}`,
  );
}
