/**
 * The scenarios a run selects, in the order cucumber runs them (feature files
 * sorted by path, scenarios and outline rows in the order they are written),
 * and the cucumber paths that run exactly a slice of them (slices.ts).
 */
import { parse as parseTagExpression } from '@cucumber/tag-expressions';
import { join } from 'node:path';
import { nodeLines, parseFeatures, rowNames, stableIdOf } from './feature-files.js';

export { sliceOf, type Slice } from './slices.js';

export interface SelectedScenario {
  stableId: string | undefined;
  /** The feature file, absolute. */
  file: string;
  /** The line of the scenario, or of the outline row: cucumber runs exactly this pickle for `file:line`. */
  line: number;
}

export async function selectScenarios(featuresDir: string, tags: string): Promise<SelectedScenario[]> {
  const expression = parseTagExpression(tags);
  const selected: SelectedScenario[] = [];
  for (const feature of await parseFeatures(featuresDir)) {
    const rows = rowNames(feature.document);
    const lines = nodeLines(feature.document);
    for (const pickle of feature.pickles) {
      if (!expression.evaluate(pickle.tags.map((tag) => tag.name))) continue;
      const line = lines.get(pickle.astNodeIds.at(-1) ?? '');
      if (line === undefined) continue;
      selected.push({ stableId: stableIdOf(pickle, rows), file: join(featuresDir, feature.uri), line });
    }
  }
  return selected;
}

/** Cucumber paths running exactly `scenarios`: `file:line:line...`, one per file, in the files' order. */
export function cucumberPathsOf(scenarios: readonly SelectedScenario[]): string[] {
  const byFile = new Map<string, number[]>();
  for (const scenario of scenarios) byFile.set(scenario.file, [...(byFile.get(scenario.file) ?? []), scenario.line]);
  return [...byFile].map(([file, lines]) => `${file}:${lines.join(':')}`);
}
