/**
 * Report files, cucumber's and the kit's alike, are written under a temporary
 * name beside their final one and renamed when the run is over, so an
 * interrupted or crashed run never leaves a file that looks like a whole
 * report (an empty JUnit file reads as "no tests failed" to some CI tools).
 * A run that gives no report (exit 2, interrupted) removes the file an earlier
 * run left under each name, which would otherwise pass for this run's; so does
 * a run whose report was not written.
 *
 * Every destination is checked before the run (output-path.ts): a path that
 * cannot hold a regular file, or two formats writing one file (or both to
 * stdout), is exit 2 with every problem listed.
 */
import { rename, rm } from 'node:fs/promises';
import { checkOutputPath, OutputPathError } from '../files/output-path.js';
import { isKitFormat, type Format } from '../options/report-formats.js';

export interface StagedReports {
  /** The cucumber format strings, pointing at the temporary names. */
  formats: string[];
  /** Where the kit writes a format of its own: its temporary name, or undefined for stdout. */
  partialOf(format: Format): string | undefined;
  /** Drops what cucumber's formats wrote (a crashed run: they stop mid-document); their final names are then removed on commit. */
  dropCucumber(): Promise<void>;
  /**
   * Gives every report that was written its final name, and removes the final
   * name of every report that was not. Returns what could not be done.
   */
  commit(): Promise<string[]>;
  /** Removes the temporary files and every final one. */
  discard(): Promise<void>;
}

interface Staged {
  format: Format;
  partial: string;
  final: string;
}

const shown = (format: Format): string =>
  `--format ${format.name}${format.file !== undefined ? `:${format.file}` : ''}`;

/**
 * Checks and stages `formats` (every format of the run; the kit's own are
 * written by the CLI, the others by cucumber). `alsoWritten`: other files the
 * run writes (the baseline), checked the same way and against the reports.
 */
export async function stageReports(
  formats: Format[],
  alsoWritten: Array<{ what: string; path: string }> = [],
): Promise<StagedReports> {
  const problems: string[] = [];
  const onStdout = formats.filter((format) => format.file === undefined);
  if (onStdout.length > 1)
    problems.push(
      `${onStdout.map(shown).join(' and ')} would ${onStdout.length === 2 ? 'both' : 'all'} write to stdout, mixed into one stream; give all but one a file`,
    );
  const staged: Staged[] = [];
  const owners = new Map<string, string>();
  const claim = (final: string, what: string): void => {
    const owner = owners.get(final);
    if (owner !== undefined) problems.push(`${owner} and ${what} would both write ${final}; give each its own file`);
    else owners.set(final, what);
  };
  for (const format of formats) {
    if (format.file === undefined) continue;
    try {
      const final = await checkOutputPath(format.file);
      claim(final, shown(format));
      staged.push({ format, final, partial: `${final}.partial-${process.pid}` });
    } catch (error) {
      if (!(error instanceof OutputPathError)) throw error;
      problems.push(`${shown(format)}: ${error.message}`);
    }
  }
  for (const { what, path } of alsoWritten) {
    try {
      claim(await checkOutputPath(path), `${what} ${path}`);
    } catch (error) {
      if (!(error instanceof OutputPathError)) throw error;
      problems.push(`${what}: ${error.message}`);
    }
  }
  if (problems.length > 0) {
    throw new OutputPathError(
      `cannot write the run's reports (${problems.length}):\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
  }
  const cucumber = staged.filter((one) => !isKitFormat(one.format.name));
  return {
    formats: formats
      .filter((format) => !isKitFormat(format.name))
      .map((format) => {
        const one = staged.find((candidate) => candidate.format === format);
        return one ? `${format.name}:${one.partial}` : format.name;
      }),
    partialOf: (format) => staged.find((one) => one.format === format)?.partial,
    async dropCucumber() {
      for (const { partial } of cucumber) await rm(partial, { force: true });
    },
    async commit() {
      const failures: string[] = [];
      for (const { format, partial, final } of staged) {
        try {
          await rename(partial, final);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          // Nothing written (a formatter with nothing to say, a report the run did not get to): no earlier run's file stands in for it.
          await rm(partial, { force: true });
          await rm(final, { force: true });
          if (code !== 'ENOENT')
            failures.push(`${shown(format)}: cannot be written: ${code ?? (error as Error).message}`);
        }
      }
      return failures;
    },
    async discard() {
      for (const { partial, final } of staged) {
        await rm(partial, { force: true });
        await rm(final, { force: true });
      }
    },
  };
}
