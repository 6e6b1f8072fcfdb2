/**
 * The stable ids of the kit's own scenarios: what a record of a run on the
 * kit's features, or a catching scenario in the mutation evidence, must be
 * one of. Parsed once per process.
 */
import { KIT_FEATURES_DIR, parseFeatures, scenariosOf } from './feature-files.js';

let ids: Promise<ReadonlySet<string>> | undefined;

export function kitScenarioIds(): Promise<ReadonlySet<string>> {
  ids ??= parseFeatures(KIT_FEATURES_DIR).then(
    (features) =>
      new Set(
        scenariosOf(features).flatMap((scenario) => (scenario.stableId === undefined ? [] : [scenario.stableId])),
      ),
  );
  return ids;
}
