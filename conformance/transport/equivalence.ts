/**
 * Transport equivalence: the reference adapter in process and the reference
 * host behind the protocol (`exec:node dist/reference/stdio-host.js`) must give
 * the same status for every scenario. Any difference is the transport's fault:
 * the host behind it is the same code.
 */
import { join } from 'node:path';
import { BUILT_IN_ADAPTERS } from '../adapters/adapter-path.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { runSuite, type SuiteRun } from '../runner/run-suite.js';
import { cpuNow, cpuSince, type CpuSample } from './cost.js';
import type { ScenarioResult } from '../runner/scenario-result.js';

/** The stdio reference, by absolute path so the check runs from any directory. */
export const STDIO_REFERENCE = `exec:${JSON.stringify(process.execPath)} ${JSON.stringify(join(PACKAGE_ROOT, 'dist/reference/stdio-host.js'))}`;

export interface TransportComparison {
  inProcess: SuiteRun & { cpu: CpuSample };
  overStdio: SuiteRun & { cpu: CpuSample };
  /** One line per scenario whose status differs, or that only one run has. */
  differences: string[];
}

export interface ComparisonOptions {
  tags?: string;
  featuresDir?: string;
  /** Time limit per adapter call in both runs. */
  callLimitMs?: number;
}

/**
 * Equivalence is about results, not speed: over stdio `start` and `restart`
 * include starting a process, which on a loaded machine can take seconds, so
 * both runs get a generous limit rather than the CLI's 5 s.
 */
export const EQUIVALENCE_CALL_LIMIT_MS = 30_000;

export async function compareTransports(options: ComparisonOptions = {}): Promise<TransportComparison> {
  const measured = async (adapterPath: string) => {
    const start = cpuNow();
    const run = await runSuite({ adapterPath, formats: [], callLimitMs: EQUIVALENCE_CALL_LIMIT_MS, ...options });
    return { ...run, cpu: cpuSince(start) };
  };
  const inProcess = await measured(BUILT_IN_ADAPTERS.reference!);
  const overStdio = await measured(STDIO_REFERENCE);
  return { inProcess, overStdio, differences: differences(inProcess.results, overStdio.results) };
}

function key(result: ScenarioResult): string {
  return result.stableId ?? `${result.uri}: ${result.name}`;
}

export function differences(a: ScenarioResult[], b: ScenarioResult[]): string[] {
  const byKey = (results: ScenarioResult[]) => {
    const map = new Map<string, ScenarioResult[]>();
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
      out.push(`${id}: in process ${ls}, over stdio ${rs}${why ? ` (${why.split('\n')[0]})` : ''}`);
    }
  }
  return out;
}
