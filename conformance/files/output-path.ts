/**
 * Checking a file the kit is asked to write (a report, a baseline) before the
 * run, so a path it cannot write is exit 2 at once rather than a lost report
 * after the whole run. A report is staged beside its final name and renamed
 * over it, which would replace whatever is there: so only a regular file (or
 * nothing) may be there. A symlink is followed, and its target replaced; a
 * directory, FIFO, device or socket is refused, never replaced.
 */
import { constants } from 'node:fs';
import { access, lstat, mkdir, open, readlink, realpath, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

export class OutputPathError extends Error {
  override name = 'OutputPathError';
}

/** What is at a path, in words, when it is not a regular file. */
function kindOf(stats: import('node:fs').Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

const why = (error: unknown): string => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOSPC') return 'no space left on the device';
  if (code === 'ENOTDIR') return 'a part of it is a file, not a directory';
  if (code === 'ENOENT') return 'no such file or directory';
  return code ?? (error as Error).message;
};

/**
 * Makes the folders above `dir` one at a time: Node 20's recursive `mkdir`
 * never returns for some paths (`/proc/nope/x`), and one level at a time says
 * which one failed.
 */
async function makeFolders(dir: string): Promise<void> {
  const missing: string[] = [];
  let at = dir;
  for (;;) {
    const stats = await lstat(at).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw new OutputPathError(`${at}: ${why(error)}`);
    });
    if (stats) {
      const target = stats.isSymbolicLink() ? await stat(at).catch(() => undefined) : stats;
      if (!target?.isDirectory())
        throw new OutputPathError(
          `${at} is ${target ? (kindOf(target) ?? 'a file') : 'a symlink to nothing'}, not a directory`,
        );
      break;
    }
    missing.unshift(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const folder of missing) {
    await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw new OutputPathError(`cannot make the folder ${folder}: ${why(error)}`);
    });
  }
}

/**
 * Whether a symlink leads through `/proc` (`/dev/stdout` is `/proc/self/fd/1`):
 * such a link names an open stream of the process, and its target (a pipe, a
 * terminal, or the file the shell redirected to) is not a report's to replace.
 */
async function throughProcess(path: string): Promise<boolean> {
  let at = path;
  for (let hop = 0; hop < 40; hop += 1) {
    const target = await readlink(at).catch(() => undefined);
    if (target === undefined) return false;
    at = resolve(dirname(at), target);
    if (at.startsWith('/proc/')) return true;
  }
  return false;
}

/**
 * The real path a file will be written to (a symlink's target), after
 * checking that a regular file can be made there: its folders are made and a
 * probe file is created and removed beside it. Throws an OutputPathError
 * saying why not.
 */
export async function checkOutputPath(path: string): Promise<string> {
  const asked = resolve(path);
  const stats = await lstat(asked).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    if (error.code === 'ENOTDIR') return undefined; // found below, naming the file in the way
    throw new OutputPathError(`${path}: ${why(error)}`);
  });
  let final = asked;
  if (stats?.isSymbolicLink() && (await throughProcess(asked))) {
    throw new OutputPathError(
      `${path} is one of this process's own streams (like /dev/stdout); to write a report to stdout, give the format without a file`,
    );
  }
  if (stats?.isSymbolicLink()) {
    const target = await stat(asked).catch(() => undefined);
    if (!target) throw new OutputPathError(`${path} is a symlink to nothing; the kit writes reports to a regular file`);
    const kind = kindOf(target);
    if (kind)
      throw new OutputPathError(
        `${path} is a symlink to ${kind}; the kit writes reports to a regular file (to write one to stdout, give the format without a file)`,
      );
    final = await realpath(asked);
  } else if (stats) {
    const kind = kindOf(stats);
    if (kind)
      throw new OutputPathError(
        `${path} is ${kind}; the kit writes reports to a regular file (to write one to stdout, give the format without a file)`,
      );
  }
  await makeFolders(dirname(final));
  // The folder's real path, so two names for one file are seen as one.
  final = join(await realpath(dirname(final)), basename(final));
  const probe = `${final}.probe-${process.pid}`;
  try {
    await access(dirname(final), constants.W_OK);
    const handle = await open(probe, 'wx');
    await handle.close();
  } catch (error) {
    throw new OutputPathError(`${path} cannot be written: ${why(error)}`);
  } finally {
    await rm(probe, { force: true });
  }
  return final;
}
