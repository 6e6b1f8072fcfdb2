/**
 * Where the kit keeps its temporary files (a run's folder, every scenario's
 * store): TMPDIR when it is set, else memory-backed /dev/shm on Linux when it
 * has room, else the system's temporary folder. Every scenario creates a
 * store and its files, and creating a file or folder costs about 2 ms on a
 * journaled disk against 0.05 ms in memory (measured on the CI machine):
 * that was most of a scenario's cost.
 */
import { accessSync, constants, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

const MEMORY_FOLDER = '/dev/shm';
/** Below this much free room (a container's small /dev/shm), the disk is used. */
const ROOM_NEEDED_BYTES = 256 * 1024 * 1024;

let chosen: string | undefined;

export function temporaryRoot(): string {
  if (process.env.TMPDIR) return tmpdir();
  chosen ??= memoryFolderWithRoom() ?? tmpdir();
  return chosen;
}

function memoryFolderWithRoom(): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    accessSync(MEMORY_FOLDER, constants.W_OK);
    const stats = statfsSync(MEMORY_FOLDER);
    return stats.bavail * stats.bsize >= ROOM_NEEDED_BYTES ? MEMORY_FOLDER : undefined;
  } catch {
    return undefined;
  }
}
