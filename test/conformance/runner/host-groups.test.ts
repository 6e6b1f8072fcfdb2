/**
 * Nothing a host starts outlives the run, even when the supervisor SIGKILLs the
 * suite process (its silence limit: the adapter held the event loop), so that
 * process's own exit hook never runs: the supervisor kills the host process
 * groups the suite process told it of. A host's group is what the kit holds; a
 * descendant that leaves the group (setsid) is the host's own (protocol/README.md).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli } from '../cli-harness.js';

/**
 * Whether `pid` still runs: neither gone, a zombie, exiting, nor holding a
 * SIGKILL not yet acted on (a process signalled to die is doomed, however
 * slowly the machine schedules it), so the test needs no waiting.
 */
function stillRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  let stat: string;
  let status: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return false;
  }
  // After the command name (which may hold spaces or parentheses): state, ppid, pgrp, session, tty, tpgid, flags.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [state, , , , , , flags] = fields;
  const PF_EXITING = 0x4;
  if (state === 'Z' || state === 'X' || (Number(flags) & PF_EXITING) !== 0) return false;
  const SIGKILL_BIT = 1n << 8n;
  for (const field of ['SigPnd', 'ShdPnd']) {
    const mask = new RegExp(`^${field}:\\s*([0-9a-f]+)$`, 'm').exec(status)?.[1];
    if (mask !== undefined && (BigInt(`0x${mask}`) & SIGKILL_BIT) !== 0n) return false;
  }
  return true;
}

describe('host process groups outlive no run', () => {
  it('kills the host group of a suite process the supervisor SIGKILLed (silence limit)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'host-groups-'));
    try {
      const pidFile = join(dir, 'workers');
      const run = runCli(
        [
          '--adapter',
          `${FIXTURES}adapters/exec-host-then-holds-event-loop.js`,
          '--tags',
          '@id:selection-idle-commit',
          '--explore',
          'off',
          '--parallel',
          '1',
          '--call-limit',
          '1000',
          '--start-limit',
          '1000',
        ],
        { WORKER_PID_FILE: pidFile },
      );
      expect(run.stdout).toMatch(/the suite process stopped answering for \d+ ms \(the host held its event loop\)/);
      expect(run.status).toBe(1);
      // The host answered start after it had started its worker, so at least one pid is listed.
      const workers = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
      expect(workers.length).toBeGreaterThanOrEqual(1);
      expect(workers.filter(stillRuns)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
