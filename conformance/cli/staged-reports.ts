/**
 * Report files are written under a temporary name beside their final one and
 * renamed only when the run completed, so an interrupted or crashed run never
 * leaves a file that looks like a whole report (an empty JUnit file reads as
 * "no tests failed" to some CI tools). An aborted run also removes the file a
 * previous run left under that name, which would otherwise pass for this run's.
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

export interface StagedReports {
  /** The cucumber format strings, pointing at the temporary names. */
  formats: string[];
  /** Gives every report its final name. */
  commit(): Promise<void>;
  /** Removes the temporary files and any stale final ones. */
  discard(): Promise<void>;
}

export async function stageReports(formats: Array<{ name: string; file?: string }>): Promise<StagedReports> {
  const renames: Array<{ partial: string; final: string }> = [];
  const staged: string[] = [];
  for (const format of formats) {
    if (!format.file) {
      staged.push(format.name);
      continue;
    }
    const final = resolve(format.file);
    const partial = `${final}.partial-${process.pid}`;
    await mkdir(dirname(final), { recursive: true });
    renames.push({ partial, final });
    staged.push(`${format.name}:${partial}`);
  }
  const discardAll = async (): Promise<void> => {
    for (const { partial, final } of renames) {
      await rm(partial, { force: true });
      await rm(final, { force: true });
    }
  };
  return {
    formats: staged,
    async commit() {
      for (const { partial, final } of renames) {
        await rename(partial, final).catch((error: NodeJS.ErrnoException) => {
          // A formatter that had nothing to write wrote no file.
          if (error.code !== 'ENOENT') throw error;
        });
      }
    },
    discard: discardAll,
  };
}
