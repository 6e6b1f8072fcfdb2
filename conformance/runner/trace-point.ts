/**
 * Where a run spends its time, for `npm run bench` and anyone profiling:
 * with PLAN_MODE_CONFORMANCE_TRACE=1 each process (the CLI and the suite's
 * child) writes `trace <label> <epoch ms> <cpu ms>` lines to stderr at the
 * points of a run's life that the bench reports as phases: when (wall clock)
 * and how much CPU time the process had used by then, which a loaded machine
 * changes far less than the wall clock. Off, it costs one check.
 */
const tracing = process.env.PLAN_MODE_CONFORMANCE_TRACE === '1';

export function tracePoint(label: string): void {
  if (!tracing) return;
  const { user, system } = process.cpuUsage();
  const at = (performance.timeOrigin + performance.now()).toFixed(1);
  process.stderr.write(`trace ${label} ${at} ${((user + system) / 1000).toFixed(0)}\n`);
}
