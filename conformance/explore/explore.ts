/**
 * The exploration: fast-check generates sessions for the host's capabilities,
 * runs each against the host and the oracle, and on a disagreement shrinks the
 * session to a minimal one; that one is run again to write it down as a
 * scenario. fast-check's seed and path replay any run exactly.
 */
import fc from 'fast-check';
import type { Adapter, Edition } from '../../src/index.js';
import { sessionArbitrary } from './arbitraries.js';
import type { Session } from './commands.js';
import type { FoundScenario } from './scenario.js';
import { SessionRunner, type Disagreement } from './session-runner.js';

export interface ExploreOptions {
  adapter: Adapter;
  runs: number;
  seed: number;
  /** fast-check's replay path of a counterexample: re-runs exactly that session (and its shrinks). */
  path?: string;
  maxSteps: number;
  callLimitMs: number;
  strict: boolean;
  /** The edition the host is judged against; the oracle reads the clauses as it does. */
  edition: Edition;
  /** Clause level by id; a disagreement counts only if one of its clauses is required (or strict). */
  levels: Map<string, 'required' | 'recommended'>;
  /** Clause ids of known divergences: a run that stops at one of them is counted, not reported. */
  expect: string[];
  /** Replay arguments besides seed and path, as printed. */
  replay: string;
}

export interface ExploreResult {
  runs: number;
  /** Runs that stopped at a known divergence, by clause. */
  expected: Map<string, number>;
  found?: FoundScenario;
  shrinks?: number;
}

/** Which of a disagreement's clauses a run reports at this level (none: a recommended clause at the default level). */
export function reportable(disagreement: Disagreement, options: Pick<ExploreOptions, 'strict' | 'levels'>): boolean {
  if (options.strict || disagreement.clauses.length === 0) return true;
  return disagreement.clauses.some((clause) => options.levels.get(clause) !== 'recommended');
}

/** The `--expect` entry that names this disagreement: `ID` always, `ID@retry` only when it was seen at a retry. */
function expectedClause(disagreement: Disagreement, expect: string[]): string | undefined {
  return expect.find((entry) => {
    const [clause, at] = entry.split('@');
    return disagreement.clauses.includes(clause!) && (at === undefined || at === disagreement.at);
  });
}

export async function runSession(options: Pick<ExploreOptions, 'adapter' | 'callLimitMs' | 'strict' | 'edition'>, session: Session) {
  return new SessionRunner({ adapter: options.adapter, callLimitMs: options.callLimitMs, strict: options.strict, edition: options.edition }).run(session);
}

export async function explore(options: ExploreOptions): Promise<ExploreResult> {
  const expected = new Map<string, number>();
  const arbitrary = sessionArbitrary({ capabilities: options.adapter.capabilities, maxSteps: options.maxSteps, edition: options.edition });
  /** Whether a run's outcome counts as a counterexample; `count` tallies known divergences (not while shrinking). */
  const fails = (disagreement: Disagreement | undefined, count: boolean): boolean => {
    if (!disagreement || !reportable(disagreement, options)) return false;
    const known = expectedClause(disagreement, options.expect);
    if (known !== undefined) {
      if (count) expected.set(known, (expected.get(known) ?? 0) + 1);
      return false;
    }
    return true;
  };
  let shrinking = false;
  const property = fc.asyncProperty(arbitrary, async (session) => {
    const result = await runSession(options, session);
    const failed = fails(result.disagreement, !shrinking);
    if (failed) shrinking = true;
    return !failed;
  });
  const outcome = await fc.check(property, {
    numRuns: options.runs,
    seed: options.seed,
    ...(options.path !== undefined ? { path: options.path } : {}),
  });
  if (!outcome.failed || !outcome.counterexample) return { runs: outcome.numRuns, expected };

  const [session] = outcome.counterexample;
  const result = await runSession(options, session);
  const disagreement = result.disagreement ?? {
    clauses: [],
    check: 'deterministic-replay',
    message: 'the shrunk session disagreed while exploring but agreed when run again (the host is not deterministic)',
  };
  return {
    runs: outcome.numRuns,
    expected,
    shrinks: outcome.numShrinks,
    found: {
      adapter: options.adapter.name,
      seed: outcome.seed,
      path: outcome.counterexamplePath ?? '',
      replay: options.replay,
      disagreement,
      lines: result.transcript.lines(),
      needs: neededCapabilities([...result.transcript.lines(), disagreement.step?.text ?? '']),
    },
  };
}

const NEEDS: Array<[RegExp, string]> = [
  [/types the command/, 'commands'],
  [/retryable failure/, 'retry'],
  [/is forked as/, 'fork'],
  [/spawns the child/, 'spawn'],
  [/is compacted/, 'compaction'],
  [/the host restarts/, 'restart'],
  [/the review|the question provider/, 'questions'],
  [/projection/, 'projections'],
  [/tools in code mode/, 'codeMode'],
  [/tools in both mode/, 'bothMode'],
];

/** Capabilities the printed steps use, so the scenario is skipped (not failed) on a host without them. */
function neededCapabilities(lines: string[]): string[] {
  return NEEDS.filter(([pattern]) => lines.some((line) => pattern.test(line))).map(([, capability]) => capability);
}
