/**
 * A file the user names for the kit to write once (explore's `--out`): an
 * existing file there is refused unless the user said to replace it, and the
 * kit writes through no symbolic link it was not named, so a link planted at
 * that path (or swapped in while the exploration ran) cannot send the text
 * over another file. The text goes to a temporary file beside the final one,
 * created exclusively, then renamed over the final name: a rename replaces
 * the name itself, never what a link there points at, and a reader never sees
 * half a file.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { OutputPathError } from './output-path.js';

/** Whether the file at `path` may be written: a reason it may not, or undefined. */
async function refusal(path: string, replace: boolean): Promise<string | undefined> {
  const stats = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new OutputPathError(`${path}: ${error.code ?? error.message}`);
  });
  if (stats === undefined) return undefined;
  if (stats.isSymbolicLink()) return `${path} is a symbolic link; the kit writes through none: name the file itself`;
  if (!stats.isFile()) return `${path} exists and is not a regular file`;
  if (!replace) return `${path} exists; add --force to replace it`;
  return undefined;
}

/** Refuses, before any work, a path the text could not be written to (OutputPathError). */
export async function checkNewFile(path: string, replace: boolean): Promise<void> {
  const why = await refusal(resolve(path), replace);
  if (why) throw new OutputPathError(why);
}

/** Writes `text` at `path` as the module says; the path checked again, as it may have changed since. */
export async function writeNewFile(path: string, text: string, replace: boolean): Promise<string> {
  const final = resolve(path);
  await mkdir(dirname(final), { recursive: true });
  const why = await refusal(final, replace);
  if (why) throw new OutputPathError(why);
  const partial = join(dirname(final), `.${basename(final)}.${process.pid}.${randomBytes(4).toString('hex')}.partial`);
  try {
    await writeFile(partial, text, { flag: 'wx' });
    await rename(partial, final);
  } catch (error) {
    await rm(partial, { force: true });
    throw new OutputPathError(
      `cannot write ${final}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return final;
}
