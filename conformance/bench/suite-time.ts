/**
 * `npm run bench`: measures the whole suite's wall time against the reference
 * and the kit's per-scenario overhead. Figures go into notes and the README,
 * never into timed tests.
 *
 * - suite: the full feature set against the reference, run `RUNS` times in one
 *   process (support code loaded once, as the mutant matrix does); median wall time.
 * - per scenario: median wall time divided by the scenario count.
 * - overhead: a minimal scenario (fresh store, host start, one `set`, dispose)
 *   run many times; its mean duration is what the kit adds around any check.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_IN_ADAPTERS } from '../adapters/load-adapter.js';
import { runSuite } from '../runner/run-suite.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OVERHEAD_SCENARIOS = 200;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function overheadFeatures(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pmc-bench-'));
  const rows = Array.from({ length: OVERHEAD_SCENARIOS }, (_, index) => `      | case-${index} |`).join('\n');
  await writeFile(
    join(dir, 'overhead.feature'),
    `Feature: overhead\n  @id:bench-minimal @SET-01\n  Scenario Outline: minimal\n    When the user turns plan mode on\n    Then set returned committed\n    Examples:\n      | case |\n${rows}\n`,
  );
  return dir;
}

async function main(): Promise<void> {
  const adapterPath = BUILT_IN_ADAPTERS.reference!;
  const walls: number[] = [];
  let scenarios = 0;
  let failing = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const result = await runSuite({ adapterPath, formats: [] });
    walls.push(result.wallMs);
    scenarios = result.results.length;
    failing = result.results.filter((r) => r.status !== 'passed').length;
  }
  const dir = await overheadFeatures();
  const overhead = await runSuite({ adapterPath, formats: [], featuresDir: dir });
  await rm(dir, { recursive: true, force: true });
  const perMinimal = overhead.results.reduce((sum, r) => sum + r.durationMs, 0) / overhead.results.length;
  const suiteMs = median(walls);
  const rssMb = process.memoryUsage().rss / 2 ** 20;
  console.log(`suite against reference: ${scenarios} scenarios (${failing} not passed), median wall ${suiteMs.toFixed(0)} ms over ${RUNS} runs [${walls.map((w) => w.toFixed(0)).join(', ')}]`);
  console.log(`mean per scenario: ${(suiteMs / scenarios).toFixed(1)} ms`);
  console.log(`kit overhead per scenario (store, host start, one set, dispose): ${perMinimal.toFixed(2)} ms mean over ${overhead.results.length}`);
  console.log(`resident memory after the runs: ${rssMb.toFixed(0)} MiB`);
}

await main();
