/**
 * Temporary folders for a test file, removed when its tests are over: `npm
 * test` leaves nothing behind. The folders a file made are removed after its
 * last test by test/setup/per-file-hooks.ts (a hook registered here would run
 * for the first file of a worker only where files share this module).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** Removes every folder made since the last call (test/setup/per-file-hooks.ts calls it after each file). */
export function removeTemporaryFolders(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export async function temporaryFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** `temporaryFolder` for a caller that cannot wait (a harness building its options at once). */
export function temporaryFolderSync(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
