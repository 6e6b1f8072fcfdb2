/**
 * `npm run transport:check`: runs the suite against the reference in process
 * and over stdio, fails (exit 1) when any scenario's status differs, and
 * reports what the protocol costs per scenario. `--tags EXPR` narrows the run;
 * `--call-limit MS` replaces the generous default limit per adapter call.
 */
import { hostStartMs } from './cost.js';
import { compareTransports, STDIO_REFERENCE } from './equivalence.js';

const START_RUNS = 10;

async function main(argv: string[]): Promise<number> {
  const tagsAt = argv.indexOf('--tags');
  const tags = tagsAt >= 0 ? argv[tagsAt + 1] : undefined;
  const limitAt = argv.indexOf('--call-limit');
  const callLimitMs = limitAt >= 0 ? Number(argv[limitAt + 1]) : undefined;
  const { inProcess, overStdio, differences } = await compareTransports({
    ...(tags ? { tags } : {}),
    ...(callLimitMs ? { callLimitMs } : {}),
  });
  const count = inProcess.results.length;
  const status = (run: typeof inProcess) =>
    ['passed', 'failed', 'skipped'].map((s) => `${run.results.filter((r) => r.status === s).length} ${s}`).join(', ');
  console.log(`in process: ${status(inProcess)} in ${(inProcess.wallMs / 1000).toFixed(1)} s`);
  console.log(`over stdio: ${status(overStdio)} in ${(overStdio.wallMs / 1000).toFixed(1)} s`);
  if (count > 0) {
    const per = (ms: number) => (ms / count).toFixed(1);
    console.log(
      `wall per scenario: ${per(inProcess.wallMs)} ms in process, ${per(overStdio.wallMs)} ms over stdio ` +
        `(protocol cost ${per(overStdio.wallMs - inProcess.wallMs)} ms)`,
    );
    console.log(
      `CPU per scenario: ${per(inProcess.cpu.kitMs + inProcess.cpu.hostsMs)} ms in process, ` +
        `${per(overStdio.cpu.kitMs + overStdio.cpu.hostsMs)} ms over stdio (kit ${per(overStdio.cpu.kitMs)} + host processes ${per(overStdio.cpu.hostsMs)})`,
    );
    console.log(`one stdio host start (spawn, initialize, exit): ${(await hostStartMs(STDIO_REFERENCE, START_RUNS)).toFixed(0)} ms wall, mean of ${START_RUNS}`);
  }
  for (const difference of differences) console.error(`transport: ${difference}`);
  if (count === 0) {
    console.error('transport: no scenario ran; nothing was compared');
    return 1;
  }
  if (differences.length > 0) {
    console.error(`transport: ${differences.length} scenario(s) differ between in process and over stdio`);
    return 1;
  }
  console.log(`transport: ${count} scenarios, identical per-scenario results in process and over stdio`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
