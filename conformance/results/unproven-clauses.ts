/**
 * What a run did not prove: the required clauses of the judged edition that no
 * passing scenario proved, each with why (its scenarios were skipped for a
 * capability the host does not declare, were baselined or flaky, or none of
 * the edition's scenarios ran). A run whose list is not empty is partial:
 * the closing line says so, every report carries the same list, and
 * `--require-all` fails it. A run narrowed by --tags, --features or --shard
 * answers only for the clauses its scenarios name.
 */
import type { Edition, ScenarioRecord } from '../../src/index.js';
import type { EditionClause } from '../catalog/clause-catalog.js';
import type { ScenarioResult } from './scenario-result.js';

/**
 * A scenario as far as proving its clauses goes: a run's result (with its
 * verdict) or a results file's record. A clause with a scenario that failed
 * the run is not listed: the run is red already and its failure lines name it;
 * the list is for what a green (or baselined) run leaves unproven.
 */
export interface ProofOfScenario {
  clauses: readonly string[];
  outcome: 'passed' | 'skipped' | 'failed' | 'baselined' | 'flaky';
  skipReason?: string | undefined;
}

export function proofOfResult(result: ScenarioResult, verdictOutcome: string | undefined): ProofOfScenario | undefined {
  if (result.exploration !== undefined) return undefined;
  const outcome =
    result.flaky !== undefined
      ? 'flaky'
      : verdictOutcome === 'baselined'
        ? 'baselined'
        : result.status === 'passed' || result.status === 'skipped'
          ? result.status
          : 'failed';
  return { clauses: result.clauses, outcome, skipReason: result.skipReason };
}

export function proofOfRecord(record: ScenarioRecord): ProofOfScenario | undefined {
  if (record.exploration !== undefined) return undefined;
  const outcome =
    record.status === 'passed' ||
    record.status === 'skipped' ||
    record.status === 'flaky' ||
    record.status === 'baselined'
      ? record.status
      : 'failed';
  return { clauses: record.clauses, outcome, skipReason: record.skipReason };
}

export interface UnprovenClause {
  clause: string;
  reason: string;
}

const MISSING_CAPABILITY = /^missing capability (\S+?):/;

/** `scope`: `all` for a whole run (every required clause), `named` for a narrowed one (the clauses its scenarios name). */
export function unprovenClauses(
  catalog: readonly EditionClause[],
  proofs: ReadonlyArray<ProofOfScenario | undefined>,
  edition: Edition,
  scope: 'all' | 'named',
): UnprovenClause[] {
  const scenarios = proofs.filter((proof): proof is ProofOfScenario => proof !== undefined);
  const named = new Set(scenarios.flatMap((proof) => proof.clauses));
  const unproven: UnprovenClause[] = [];
  for (const clause of catalog) {
    if (clause.level !== 'required' || (scope === 'named' && !named.has(clause.id))) continue;
    const mine = scenarios.filter((proof) => proof.clauses.includes(clause.id));
    if (mine.some((proof) => proof.outcome === 'passed' || proof.outcome === 'failed')) continue;
    unproven.push({ clause: clause.id, reason: reasonOf(mine, edition) });
  }
  return unproven;
}

function reasonOf(mine: readonly ProofOfScenario[], edition: Edition): string {
  if (mine.length === 0) return `no scenario of the ${edition} edition ran`;
  const reasons: string[] = [];
  const capabilities = new Set<string>();
  let otherSkips = 0;
  for (const proof of mine.filter((one) => one.outcome === 'skipped')) {
    const capability = MISSING_CAPABILITY.exec(proof.skipReason ?? '')?.[1];
    if (capability !== undefined) capabilities.add(capability);
    else otherSkips += 1;
  }
  if (capabilities.size > 0) reasons.push(`capability ${[...capabilities].join(', ')} not declared`);
  if (otherSkips > 0) reasons.push(`${otherSkips} scenario(s) skipped`);
  const baselined = mine.filter((one) => one.outcome === 'baselined').length;
  const flaky = mine.filter((one) => one.outcome === 'flaky').length;
  if (baselined > 0) reasons.push(`${baselined} scenario(s) baselined (a known failure)`);
  if (flaky > 0) reasons.push(`${flaky} scenario(s) flaky`);
  return reasons.join('; ');
}

/** The console's lines for the list, or none when every required clause in scope was proven. */
export function unprovenLines(unproven: readonly UnprovenClause[]): string[] {
  if (unproven.length === 0) return [];
  const byReason = new Map<string, string[]>();
  for (const { clause, reason } of unproven) byReason.set(reason, [...(byReason.get(reason) ?? []), clause]);
  return [
    `unproven: ${unproven.length} required clause(s) no passing scenario proved (--require-all fails such a run):`,
    ...[...byReason].map(([reason, clauses]) => `    ${clauses.join(', ')}: ${reason}`),
  ];
}

/** What the closing line adds when the run is partial. */
export function partialSuffix(unproven: readonly unknown[]): string {
  return unproven.length === 0 ? '' : ` (partial: ${unproven.length} required clause(s) unproven)`;
}
