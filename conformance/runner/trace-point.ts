/**
 * Where a run spends its time, for `npm run bench` and anyone profiling:
 * with PLAN_MODE_CONFORMANCE_TRACE=1 each process (the CLI and the suite's
 * child) writes `trace <label> <epoch ms>` lines to stderr at the points of
 * a run's life that the bench reports as phases. Off, it costs one check.
 */
const tracing = process.env.PLAN_MODE_CONFORMANCE_TRACE === '1';

export function tracePoint(label: string): void {
  if (tracing) process.stderr.write(`trace ${label} ${(performance.timeOrigin + performance.now()).toFixed(1)}\n`);
}
