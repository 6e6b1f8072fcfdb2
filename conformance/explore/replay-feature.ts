/**
 * An exploration class's shrunk scenario replayed as a scenario of the suite.
 * A class's record keeps the scenario it shrank to (`exploration.scenario`:
 * Gherkin written with the suite's own steps, scenario.ts); replayed, it runs
 * through cucumber like any written scenario, in a feature file of its own,
 * tagged with the class's clauses and with the class's id as its `@id:`, so
 * its result carries the class's id, clauses and level. `--rerun` replays the
 * failed classes of a results file this way; a baseline witness (an
 * exploration entry's shrunk scenario) is replayed the same way. One module,
 * so both judge a class by the same scenario.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AstBuilder, compile, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';

/** Where replayed scenarios sit among a run's results, as `~exploration` holds the exploration's (results/exploration-uri.ts, free of Gherkin). */
export { REPLAY_URI } from '../results/exploration-uri.js';

/** The feature file's name in its folder (the only file there). */
export const REPLAY_FEATURE_FILE = 'replayed-exploration.feature';

export interface ReplayedScenario {
  /** The class's id (`explore:<CLAUSE>/<check>`): the replayed scenario's stable id. */
  id: string;
  clauses: readonly string[];
  /** The shrunk scenario, `Scenario:` line first (an exploration record's `scenario`). */
  scenario: string;
}

/** Why `scenario` cannot be replayed (it is not exactly one Gherkin scenario), or undefined when it can. */
export function unreplayable(scenario: ReplayedScenario): string | undefined {
  if (/\s/.test(scenario.id) || scenario.id === '') return `its id '${scenario.id}' cannot be a tag`;
  if (scenario.clauses.some((clause) => !/^[A-Z]+-\d{2}$/.test(clause)))
    return `its clauses ${scenario.clauses.join(', ')} are not clause ids`;
  if (!/^\s*Scenario:/.test(scenario.scenario)) return 'its scenario does not start with a Scenario: line';
  try {
    const newId = IdGenerator.incrementing();
    const document = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher()).parse(
      replayFeatureText([scenario]),
    );
    const pickles = compile(document, REPLAY_FEATURE_FILE, newId);
    if (pickles.length !== 1) return `its text holds ${pickles.length} scenarios, not one`;
  } catch (error) {
    return `its scenario is not Gherkin: ${(error as Error).message.split('\n')[0]}`;
  }
  return undefined;
}

/** A feature file holding each scenario, tagged with its clauses and its id. */
export function replayFeatureText(scenarios: readonly ReplayedScenario[]): string {
  return [
    'Feature: Exploration classes replayed as scenarios',
    '  Each scenario is the session an exploration shrank a class of disagreement to,',
    '  with the check where the host disagreed last.',
    ...scenarios.flatMap((one) => [
      '',
      `  ${[...one.clauses.map((clause) => `@${clause}`), `@id:${one.id}`].join(' ')}`,
      ...one.scenario
        .trimEnd()
        .split('\n')
        .map((line) => (line === '' ? '' : `  ${line}`)),
    ]),
    '',
  ].join('\n');
}

/** The feature file, written alone in a new temporary folder: its path (a features folder of its own). */
export async function writeReplayFeature(scenarios: readonly ReplayedScenario[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'plan-mode-conformance-replay-'));
  const file = join(dir, REPLAY_FEATURE_FILE);
  await writeFile(file, replayFeatureText(scenarios));
  return file;
}
