/**
 * Removes a folder and everything in it, synchronously. A run's folder holds a
 * store per scenario (about a thousand files and folders for the suite), and
 * node's `rmSync(..., { recursive: true })` checks each entry once more before
 * removing it: this plain walk takes a third of the time. The exploration
 * removes each session's store with it too (explore/session-runner.ts). Anything unusual (a
 * file that will not go, a folder changing underneath) is left to `rmSync`,
 * which retries and reports nothing with `force`, as before.
 */
import { readdirSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

export function removeTree(folder: string): void {
  try {
    removeWalking(folder);
  } catch {
    rmSync(folder, { recursive: true, force: true });
  }
}

function removeWalking(folder: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    // A link is removed, never followed: isDirectory() is false for it.
    if (entry.isDirectory()) removeWalking(path);
    else unlinkSync(path);
  }
  rmdirSync(folder);
}
