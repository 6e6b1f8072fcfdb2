/**
 * `--rerun FILE`: what a rerun runs, read from a results file. Every record
 * that failed or was flaky: a scenario by its stable id (found in the
 * features the rerun judges), an exploration class by its shrunk scenario,
 * replayed as a scenario (replay-feature.ts). What cannot be rerun is listed
 * with the reason, never dropped: a fault charged to no scenario, an
 * exploration that ended without a shrunk scenario, an id the features no
 * longer have. A baselined failure is not rerun (it did not fail the run).
 */
import { readResultsFile, ResultsFileError } from '../docs/read-results.js';
import { isExplorationResult } from '../results/exploration-uri.js';
import { unreplayable, type ReplayedScenario } from '../explore/replay-feature.js';
import { resolve } from 'node:path';
import { KIT_FEATURES_DIR } from '../features/feature-files.js';
import { selectScenarios } from '../features/scenario-selection.js';
import type { Edition, ScenarioRecord } from '../../src/index.js';
import { resultsEdition } from '../../src/contract/editions.js';
import { UsageError } from './arguments.js';

export interface RerunPlan {
  /** The results file, as given. */
  from: string;
  /** Failed or flaky scenarios, by stable id, that the features hold. */
  ids: string[];
  /** Failed or flaky exploration classes, replayed by their shrunk scenario. */
  replayed: ReplayedScenario[];
  /** Failed or flaky records this rerun cannot run, each with why. */
  notRerun: Array<{ id: string; why: string }>;
  /** The edition the file's run judged, and whether it was forced: the rerun judges the same. */
  edition: Edition;
  forced: boolean;
}

const rerunnable = (record: ScenarioRecord): boolean => record.status === 'failed' || record.status === 'flaky';

/** `featuresDir`: `--features` as given (the kit's own when absent). */
export async function planRerun(path: string, givenFeatures: string | undefined): Promise<RerunPlan> {
  const featuresDir = givenFeatures !== undefined ? resolve(givenFeatures) : KIT_FEATURES_DIR;
  let document;
  try {
    ({ document } = await readResultsFile(path));
  } catch (error) {
    if (error instanceof ResultsFileError) throw new UsageError(`--rerun ${error.message}`);
    throw error;
  }
  const known = new Set(
    (await selectScenarios(featuresDir, '')).map((scenario) => scenario.stableId).filter((id) => id !== undefined),
  );
  const plan: RerunPlan = {
    from: path,
    ids: [],
    replayed: [],
    notRerun: [],
    edition: resultsEdition(document),
    forced: document.spec.forced === true,
  };
  for (const record of document.scenarios.filter(rerunnable)) {
    if (record.fault) {
      plan.notRerun.push({
        id: record.id,
        why: `a fault charged to no scenario (${record.fault.kind} ${record.fault.during.replace(/-/g, ' ')})`,
      });
    } else if (isExplorationResult(record)) {
      const scenario = record.exploration?.scenario;
      if (scenario === undefined) {
        plan.notRerun.push({ id: record.id, why: 'the exploration failed without a shrunk scenario to replay' });
        continue;
      }
      const replayed: ReplayedScenario = { id: record.id, clauses: record.clauses, scenario };
      const why = unreplayable(replayed);
      if (why) plan.notRerun.push({ id: record.id, why: `its shrunk scenario cannot be replayed: ${why}` });
      else plan.replayed.push(replayed);
    } else if (known.has(record.id)) {
      plan.ids.push(record.id);
    } else {
      plan.notRerun.push({
        id: record.id,
        why: `no scenario of ${givenFeatures === undefined ? "the kit's features" : givenFeatures} has this id`,
      });
    }
  }
  return plan;
}
