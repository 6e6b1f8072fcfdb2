/**
 * Transport equivalence: the reference adapter in process and the reference
 * host behind the protocol (`exec:node dist/bundled/stdio-host-entry.cjs`, the bundle of
 * `dist/reference/stdio-host.js`) must give
 * the same status for every scenario, whether one process serves every
 * scenario (`reuse`, as the stdio reference declares) or each scenario has its
 * own (`--no-reuse`). Any difference is the transport's fault: the host behind
 * it is the same code.
 */
import { BUILT_IN_ADAPTERS } from '../adapters/adapter-path.js';
import { STDIO_HOST_BUNDLE } from '../bundled-entries.js';
import { runSuite, type SuiteRun } from '../runner/run-suite.js';
import { cpuNow, cpuSince, type CpuSample } from './cost.js';
import type { ScenarioResult } from '../results/scenario-result.js';
import type { Edition } from '../../src/index.js';

/**
 * The stdio reference, by absolute path so the check runs from any directory; bundled (build/bundle.mjs),
 * since a check starts it hundreds of times.
 */
export const STDIO_REFERENCE = `exec:${JSON.stringify(process.execPath)} ${JSON.stringify(STDIO_HOST_BUNDLE)}`;
/** The same host declaring nothing: the kit starts a process per scenario. */
export const STDIO_REFERENCE_PER_SCENARIO = `${STDIO_REFERENCE} --no-reuse`;

export type MeasuredRun = SuiteRun & { cpu: CpuSample };

export interface TransportComparison {
  inProcess: MeasuredRun;
  /** One process for many scenarios; absent when not asked for. */
  overStdio: MeasuredRun | undefined;
  /** A process per scenario; absent when not asked for. */
  perScenario: MeasuredRun | undefined;
  /** One line per scenario whose status differs from in process, or that only one run has. */
  differences: string[];
}

export interface ComparisonOptions {
  tags?: string;
  /** The edition both runs judge the host against (the seed when absent). */
  edition?: Edition;
  featuresDir?: string;
  /** Time limit per adapter call in every run. */
  callLimitMs?: number;
  /** Also run over stdio with a process per scenario (the default). */
  perScenario?: boolean;
  /**
   * Run over stdio with one process for many scenarios (the default). Left out when another run
   * over stdio with reused processes stands in for it (transport:check's default run).
   */
  reused?: boolean;
}

/**
 * Equivalence is about results, not speed: over stdio `start` and `restart`
 * include starting a process, which on a loaded machine can take seconds, so
 * both runs get a generous limit rather than the CLI's 5 s.
 */
export const EQUIVALENCE_CALL_LIMIT_MS = 30_000;

export async function compareTransports(options: ComparisonOptions = {}): Promise<TransportComparison> {
  const { perScenario: withPerScenario = true, reused = true, ...suiteOptions } = options;
  const measured = async (adapterPath: string): Promise<MeasuredRun> => {
    const start = cpuNow();
    const run = await runSuite({ adapterPath, formats: [], callLimitMs: EQUIVALENCE_CALL_LIMIT_MS, ...suiteOptions });
    return { ...run, cpu: cpuSince(start) };
  };
  const inProcess = await measured(BUILT_IN_ADAPTERS.reference!);
  const overStdio = reused ? await measured(STDIO_REFERENCE) : undefined;
  const perScenario = withPerScenario ? await measured(STDIO_REFERENCE_PER_SCENARIO) : undefined;
  return {
    inProcess,
    overStdio,
    perScenario,
    differences: [
      ...(overStdio ? differences(inProcess.results, overStdio.results, 'over stdio') : []),
      ...(perScenario
        ? differences(inProcess.results, perScenario.results, 'over stdio, a process per scenario,')
        : []),
    ],
  };
}

function key(result: ComparedResult): string {
  return result.stableId ?? `${result.uri}: ${result.name}`;
}

/** What `differences` reads of a result: a results file's scenario records can stand in for a run's. */
export type ComparedResult = Pick<ScenarioResult, 'stableId' | 'uri' | 'name' | 'message'> & { status: string };

export function differences(a: ComparedResult[], b: ComparedResult[], bName = 'over stdio'): string[] {
  const byKey = (results: ComparedResult[]) => {
    const map = new Map<string, ComparedResult[]>();
    for (const result of results) map.set(key(result), [...(map.get(key(result)) ?? []), result]);
    return map;
  };
  const left = byKey(a);
  const right = byKey(b);
  const out: string[] = [];
  for (const id of new Set([...left.keys(), ...right.keys()])) {
    const l = left.get(id) ?? [];
    const r = right.get(id) ?? [];
    const ls = l.map((x) => x.status).join(',') || 'absent';
    const rs = r.map((x) => x.status).join(',') || 'absent';
    if (ls !== rs) {
      const why = r.find((x) => x.status !== 'passed')?.message ?? l.find((x) => x.status !== 'passed')?.message;
      out.push(`${id}: in process ${ls}, ${bName} ${rs}${why ? ` (${why.split('\n')[0]})` : ''}`);
    }
  }
  return out;
}
