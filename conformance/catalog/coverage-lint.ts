/**
 * The coverage lint, for each edition on its own: every clause of the edition
 * has a scenario belonging to that edition (`@edition:` tags), and no
 * scenario of an edition names a clause that edition lacks. Across editions:
 * every scenario names a known clause and has exactly one stable id, stable
 * ids are unique, `@edition:` tags name known editions, and no scenario names
 * clauses of both levels (its verdict would either fail a run for a SHOULD or
 * let a MUST pass as a recommendation: split it).
 */
import { EDITIONS, isEdition, type Edition } from '../../src/index.js';
import { EDITION_TAG_PREFIX, editionsOfTags, editionTag } from '../features/edition-tags.js';
import type { ScenarioInfo } from '../features/feature-files.js';
import { belongsTo, levelsNamed, levelsOf, type Clause } from './clause-catalog.js';

export interface CoverageReport {
  /** edition → clause id → stable ids of that edition's scenarios that prove it (clauses the edition lacks are absent). */
  editions: Map<Edition, Map<string, string[]>>;
  problems: string[];
}

/** The editions a scenario belongs to, from its `@edition:` tags (unknown names are the lint's problem, not an edition). */
export function editionsOfScenario(scenario: ScenarioInfo): Edition[] {
  return editionsOfTags(scenario.editionTags.map((name) => `${EDITION_TAG_PREFIX}${name}`));
}

export function lintCoverage(clauses: Clause[], scenarios: ScenarioInfo[]): CoverageReport {
  const byId = new Map(clauses.map((clause) => [clause.id, clause]));
  const editions = new Map(
    EDITIONS.map((edition) => [
      edition,
      new Map(clauses.filter((clause) => belongsTo(clause, edition)).map((clause) => [clause.id, [] as string[]])),
    ]),
  );
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
    for (const name of scenario.editionTags) {
      if (!isEdition(name))
        problems.push(
          `${where} names the unknown edition ${EDITION_TAG_PREFIX}${name} (editions: ${EDITIONS.map(editionTag).join(', ')})`,
        );
    }
    if (scenario.clauses.length === 0) problems.push(`${where} names no clause`);
    const scenarioEditions = editionsOfScenario(scenario);
    for (const clauseId of scenario.clauses) {
      const clause = byId.get(clauseId);
      if (!clause) {
        problems.push(`${where} names the unknown clause @${clauseId}`);
        continue;
      }
      for (const edition of scenarioEditions) {
        const proving = editions.get(edition)!.get(clauseId);
        if (proving) proving.push(scenario.stableId ?? scenario.name);
        else
          problems.push(
            `${where} belongs to the ${edition} edition, which lacks @${clauseId} (tag it with the editions that have it: ${clause.only!.map(editionTag).join(' ')})`,
          );
      }
    }
    if (levelsNamed(scenario.clauses, levels).length > 1) {
      const named = scenario.clauses.map((clause) => `@${clause} (${levels.get(clause) ?? 'unknown'})`).join(', ');
      problems.push(
        `${where} names clauses of both levels: ${named}; split it into a required and a recommended scenario`,
      );
    }
  }
  for (const [edition, table] of editions) {
    for (const [clause, proving] of table) {
      if (proving.length === 0) problems.push(`clause ${clause} has no scenario in the ${edition} edition`);
    }
  }
  return { editions, problems };
}

/** One row per clause: how many scenarios prove it in each edition (`-`: not in that edition), and their ids. */
export function formatCoverageTable(clauses: Clause[], report: CoverageReport): string {
  const width = Math.max(...EDITIONS.map((edition) => edition.length), 4) + 2;
  const lines = [`clause     ${EDITIONS.map((edition) => edition.padStart(width)).join('')}  ids`];
  for (const clause of clauses) {
    const counts = EDITIONS.map((edition) => {
      const ids = report.editions.get(edition)?.get(clause.id);
      return (ids === undefined ? '-' : String(ids.length)).padStart(width);
    });
    const ids = [...new Set(EDITIONS.flatMap((edition) => report.editions.get(edition)?.get(clause.id) ?? []))];
    const shown = ids.length > 4 ? `${ids.slice(0, 4).join(', ')}, … (+${ids.length - 4})` : ids.join(', ');
    lines.push(`${clause.id.padEnd(10)} ${counts.join('')}  ${shown}`);
  }
  return lines.join('\n');
}

/** The closing line: clauses and scenarios per edition, and the problems. */
export function formatCoverageSummary(report: CoverageReport, scenarios: readonly ScenarioInfo[]): string {
  const perEdition = EDITIONS.map((edition) => {
    const count = scenarios.filter((scenario) => editionsOfScenario(scenario).includes(edition)).length;
    return `${edition}: ${report.editions.get(edition)!.size} clauses, ${count} scenarios`;
  });
  return `coverage: ${perEdition.join('; ')}; ${report.problems.length} problem(s)`;
}
