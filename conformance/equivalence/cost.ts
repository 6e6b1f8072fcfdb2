/**
 * What the protocol costs, measured rather than timed in tests: CPU time of
 * the kit and of the host processes it ran (wall time on a loaded machine says
 * more about the machine than the protocol), and the start of one host process.
 */
import { readFileSync } from 'node:fs';
import { loadExecAdapter } from '../transport/exec-adapter.js';
import { execArgv } from '../transport/exec-spec.js';

export interface CpuSample {
  /** This process, in ms of CPU. */
  kitMs: number;
  /** Children this process started and reaped (the hosts), in ms of CPU; NaN where /proc is missing. */
  hostsMs: number;
}

export function cpuNow(): CpuSample {
  const usage = process.cpuUsage();
  return { kitMs: (usage.user + usage.system) / 1000, hostsMs: reapedChildrenCpuMs() };
}

export function cpuSince(start: CpuSample): CpuSample {
  const now = cpuNow();
  return { kitMs: now.kitMs - start.kitMs, hostsMs: now.hostsMs - start.hostsMs };
}

/** cutime + cstime of /proc/self/stat (fields 16 and 17), in ms. */
function reapedChildrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state); cutime is field 16, cstime field 17.
    const ticks = Number(fields[13]) + Number(fields[14]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return Number.NaN;
  }
}

/** Mean wall time of starting the host command, `initialize`, and closing it, over `runs`. */
export async function hostStartMs(spec: string, runs: number): Promise<number> {
  const argv = execArgv(spec);
  const started = performance.now();
  for (let run = 0; run < runs; run += 1)
    await (await loadExecAdapter({ argv, cwd: process.cwd() })).closeIdleProcesses();
  return (performance.now() - started) / runs;
}
