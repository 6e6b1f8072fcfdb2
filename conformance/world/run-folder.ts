/**
 * The run folder: under the CLI, the suite's child process gets one temporary
 * folder per run (its TMPDIR, named in this variable), which the CLI removes
 * whole when the run ends, on every path. Stores inside it need no removal of
 * their own.
 */
import { sep } from 'node:path';

export const RUN_FOLDER_ENV = 'PLAN_MODE_CONFORMANCE_RUN_FOLDER';

export function insideRunFolder(path: string): boolean {
  const runFolder = process.env[RUN_FOLDER_ENV];
  return runFolder !== undefined && runFolder !== '' && path.startsWith(`${runFolder}${sep}`);
}
