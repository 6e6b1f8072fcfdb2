/**
 * Whether mutation evidence was written for this kit: by its version, for its
 * clause catalog, naming only its scenarios. Evidence from another kit or
 * catalog, or a catching scenario the kit does not have, would show a clause
 * as proven that this kit's scenarios never proved; `docs --mutants` refuses it,
 * every problem at once.
 */
import { catalogFingerprint, loadCatalogFile, type Catalog } from '../catalog/clause-catalog.js';
import { kitScenarioIds } from '../features/kit-scenario-ids.js';
import { kitIdentity } from '../results/run-context.js';
import { EvidenceFileError, readEvidenceFile, type MutationEvidence } from './mutation-evidence.js';

export interface KitOfEvidence {
  kit: { name: string; version: string };
  catalog: Catalog;
  /** The stable ids of the kit's scenarios. */
  scenarioIds: ReadonlySet<string>;
}

export function evidenceMisfits(evidence: MutationEvidence, kit: KitOfEvidence): string[] {
  const problems: string[] = [];
  const written = `${evidence.kit.name} ${evidence.kit.version}`;
  const running = `${kit.kit.name} ${kit.kit.version}`;
  if (written !== running) problems.push(`kit: written by ${written}, not by this kit (${running})`);
  if (evidence.catalog !== kit.catalog.version)
    problems.push(`catalog: written for clause catalog ${evidence.catalog}, not this kit's (${kit.catalog.version})`);
  const fingerprint = catalogFingerprint(kit.catalog);
  if (evidence.catalogFingerprint !== undefined && evidence.catalogFingerprint !== fingerprint) {
    problems.push(
      `catalogFingerprint: written for another clause catalog (${evidence.catalogFingerprint}) than this kit's (${fingerprint})`,
    );
  }
  const unknown = (id: string): boolean => !kit.scenarioIds.has(id);
  evidence.mutants.forEach((mutant, index) => {
    mutant.caughtBy.forEach((id, at) => {
      if (unknown(id))
        problems.push(`mutants.${index}.caughtBy.${at} (${mutant.name}): no scenario of the kit has the id ${id}`);
    });
    mutant.runs.forEach((run, runIndex) =>
      run.caughtBy.forEach((scenario, at) => {
        if (unknown(scenario.id))
          problems.push(
            `mutants.${index}.runs.${runIndex}.caughtBy.${at} (${mutant.name}, ${run.edition}): no scenario of the kit has the id ${scenario.id}`,
          );
      }),
    );
  });
  return problems;
}

/** Reads the evidence file and refuses it (EvidenceFileError, every problem listed) unless it was written for this kit. */
export async function readEvidenceForKit(path: string): Promise<MutationEvidence> {
  const [evidence, catalog, scenarioIds] = await Promise.all([
    readEvidenceFile(path),
    loadCatalogFile(),
    kitScenarioIds(),
  ]);
  const problems = evidenceMisfits(evidence, { kit: kitIdentity(), catalog, scenarioIds });
  if (problems.length > 0) {
    throw new EvidenceFileError(
      `${path} is not this kit's mutation evidence (${problems.length} problem${problems.length === 1 ? '' : 's'}; npm run mutants writes it anew):\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
  }
  return evidence;
}
