/**
 * How long a test waits before it calls something hung: hang guards sized to
 * the work a test does, never speed checks (no test may fail because the
 * machine is slow; speed is the benchmark's, `npm run bench`). A whole-suite
 * run of the kit takes seconds on a quiet machine and minutes on a busy one
 * (a machine shared by many jobs ran `npm test` seven times slower), so a
 * process gets a limit far past either, and a test a limit per process it
 * starts, one after another.
 */

/** One process the test starts and waits for (a kit run, a host, a shell step). */
export const PROCESS_LIMIT_MS = 15 * 60_000;

/** A test that starts `processes` processes one after another. */
export function limitForProcesses(processes: number): number {
  return processes * PROCESS_LIMIT_MS;
}
