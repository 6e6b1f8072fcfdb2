/**
 * The coverage table `explore --coverage` prints: for each state feature (a
 * row) and action (a column) the sessions that reached the pair, `-` where
 * the pair cannot happen (the reasons listed below it) and `0` where it can
 * but no session reached it; then the value classes reached. docs/exploration.md
 * says how to read it.
 */
import type { Edition, ToolMode } from '../../src/index.js';
import type { ExplorationCoverage } from '../../src/results/results-document.js';
import { impossibility, PAIR_ACTIONS, STATE_FEATURES } from '../oracle/state-features.js';
import { TEXT_CLASSES } from './values/texts.js';

export interface CoverageGaps {
  /** Feasible pairs some session reached. */
  reached: number;
  /** Pairs reached that the rules say cannot happen: a rule (or the generator) is wrong. */
  contradicted: string[];
  /** Pairs that can happen and no session reached, as `feature × action`. */
  unreached: string[];
  /** Reasons of the pairs that cannot happen, with how many pairs each rules out. */
  impossible: Map<string, number>;
}

/** Which feasible pairs no session reached, in an exploration of `edition` whose sessions ran in `toolModes`. */
export function coverageGaps(
  coverage: ExplorationCoverage,
  edition: Edition,
  toolModes: readonly ToolMode[],
): CoverageGaps {
  const reached = new Set(
    coverage.pairs.filter((pair) => pair.count > 0).map((pair) => `${pair.feature} × ${pair.action}`),
  );
  const unreached: string[] = [];
  const contradicted: string[] = [];
  const impossible = new Map<string, number>();
  let feasible = 0;
  for (const feature of STATE_FEATURES) {
    for (const action of PAIR_ACTIONS) {
      const pair = `${feature.name} × ${action}`;
      const reason = impossibility(feature.name, action, edition, toolModes);
      if (reason !== undefined) {
        impossible.set(reason, (impossible.get(reason) ?? 0) + 1);
        if (reached.has(pair)) contradicted.push(pair);
      } else if (reached.has(pair)) feasible += 1;
      else unreached.push(pair);
    }
  }
  return { reached: feasible, contradicted, unreached, impossible };
}

export function coverageTable(coverage: ExplorationCoverage, edition: Edition, toolModes: readonly ToolMode[]): string {
  const counts = new Map(coverage.pairs.map((pair) => [`${pair.feature} × ${pair.action}`, pair.count]));
  const width = Math.max(...STATE_FEATURES.map((feature) => feature.name.length));
  const columns = PAIR_ACTIONS.map((action, index) => ({ action, label: String.fromCharCode(65 + index) }));
  const lines = [
    `coverage: sessions that reached each pair of state feature (row) and action (column), edition ${edition}, tool modes ${toolModes.join(', ')}`,
    '  - cannot happen (reasons below); 0 can happen and no session reached it',
    ...columns.map((column) => `  ${column.label} ${column.action}`),
    '',
    `${''.padEnd(width)} ${columns.map((column) => column.label.padStart(4)).join('')}`,
  ];
  for (const feature of STATE_FEATURES) {
    const cells = columns.map(({ action }) => {
      if (impossibility(feature.name, action, edition, toolModes) !== undefined) return '-'.padStart(4);
      return String(counts.get(`${feature.name} × ${action}`) ?? 0).padStart(4);
    });
    lines.push(`${feature.name.padEnd(width)} ${cells.join('')}`);
  }
  const gaps = coverageGaps(coverage, edition, toolModes);
  lines.push('', 'features:', ...STATE_FEATURES.map((feature) => `  ${feature.name}: ${feature.reads}`));
  lines.push(
    '',
    'pairs that cannot happen:',
    ...[...gaps.impossible].map(([reason, count]) => `  ${count} pair(s): ${reason}`),
  );
  lines.push('', `pairs reached: ${gaps.reached} of ${gaps.reached + gaps.unreached.length} that can happen`);
  if (gaps.contradicted.length > 0)
    lines.push(`reached though listed as impossible (a rule is wrong): ${gaps.contradicted.join(', ')}`);
  if (gaps.unreached.length > 0)
    lines.push(`not reached (${gaps.unreached.length}):`, ...gaps.unreached.map((pair) => `  ${pair}`));
  lines.push(
    '',
    coverage.valueClasses.length === 0 ? 'value classes reached: none recorded' : 'value classes reached (sessions):',
  );
  lines.push(...coverage.valueClasses.map((entry) => `  ${entry.valueClass}: ${entry.count}`));
  const reachedClasses = new Set(
    coverage.valueClasses.filter((entry) => entry.count > 0).map((entry) => entry.valueClass),
  );
  const missing = TEXT_CLASSES.filter((valueClass) => !reachedClasses.has(valueClass));
  lines.push(
    missing.length === 0
      ? `every value class reached (${TEXT_CLASSES.length})`
      : `value classes not reached (${missing.length}): ${missing.join(', ')}`,
  );
  return lines.join('\n');
}
