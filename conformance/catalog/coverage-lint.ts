/**
 * The coverage lint: every clause has a scenario, every scenario names a known
 * clause and has exactly one stable id, stable ids are unique, and no scenario
 * names clauses of both levels (its verdict would either fail a run for a
 * SHOULD or let a MUST pass as a recommendation: split it).
 */
import type { ScenarioInfo } from '../features/feature-files.js';
import { levelsNamed, levelsOf, type Clause } from './clause-catalog.js';

export interface CoverageReport {
  /** clause id → stable ids of the scenarios that prove it. */
  table: Map<string, string[]>;
  problems: string[];
}

export function lintCoverage(clauses: Clause[], scenarios: ScenarioInfo[]): CoverageReport {
  const known = new Set(clauses.map((clause) => clause.id));
  const table = new Map<string, string[]>(clauses.map((clause) => [clause.id, []]));
  const problems: string[] = [];
  const ids = new Map<string, string>();
  const levels = levelsOf(clauses);
  for (const scenario of scenarios) {
    const where = `${scenario.uri}: "${scenario.name}"`;
    if (scenario.idTags !== 1 || scenario.stableId === undefined) {
      problems.push(`${where} must have exactly one @id: tag (has ${scenario.idTags})`);
    } else if (ids.has(scenario.stableId)) {
      problems.push(`${where} repeats the stable id ${scenario.stableId} of ${ids.get(scenario.stableId)}`);
    } else {
      ids.set(scenario.stableId, where);
    }
    if (scenario.clauses.length === 0) problems.push(`${where} names no clause`);
    for (const clause of scenario.clauses) {
      if (!known.has(clause)) problems.push(`${where} names the unknown clause @${clause}`);
      else table.get(clause)!.push(scenario.stableId ?? scenario.name);
    }
    if (levelsNamed(scenario.clauses, levels).length > 1) {
      const named = scenario.clauses.map((clause) => `@${clause} (${levels.get(clause) ?? 'unknown'})`).join(', ');
      problems.push(`${where} names clauses of both levels: ${named}; split it into a required and a recommended scenario`);
    }
  }
  for (const [clause, proving] of table) {
    if (proving.length === 0) problems.push(`clause ${clause} has no scenario`);
  }
  return { table, problems };
}

export function formatCoverageTable(clauses: Clause[], report: CoverageReport): string {
  const lines = ['clause     scenarios  ids'];
  for (const clause of clauses) {
    const ids = report.table.get(clause.id) ?? [];
    const shown = ids.length > 4 ? `${ids.slice(0, 4).join(', ')}, … (+${ids.length - 4})` : ids.join(', ');
    lines.push(`${clause.id.padEnd(10)} ${String(ids.length).padStart(9)}  ${shown}`);
  }
  return lines.join('\n');
}
