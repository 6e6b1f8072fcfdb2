/**
 * One variant judged: built once, every required scenario run against it in
 * each edition it concerns, then the exploration a default run makes (its
 * budget and seed, unless the matrix asks another): a choice the spec leaves
 * open must pass both. The variant matrix's workers (matrix-worker.ts)
 * call this; the matrix (matrix.ts) prints and counts the outcomes.
 */
import { join } from 'node:path';
import { levelsOf, loadCatalog } from '../conformance/catalog/clause-catalog.js';
import { loadAdapter } from '../conformance/adapters/load-adapter.js';
import { PACKAGE_ROOT } from '../conformance/package-root.js';
import { runSuite } from '../conformance/runner/run-suite.js';
import { isFailing } from '../conformance/results/scenario-result.js';
import { buildPatchedReference } from '../mutants/build-mutant.js';
import { DEFAULT_RUN_EXPLORATION, exploreAsDefaultRun } from '../mutants/default-exploration.js';
import type { Edition } from '../src/contract/edition-names.js';
import type { Variant } from './variant.js';
import type { VariantExploration } from './variant-matrix-arguments.js';

const CALL_LIMIT_MS = 2_000;

/** One edition's outcome for one variant (plain data: it crosses from a worker). */
export interface VariantRun {
  edition: Edition;
  /** `<scenario id>: <first line of its message>` for each failing scenario. */
  failed: string[];
  ran: number;
  error?: string;
}

/** A tag expression selecting the required scenarios: none naming a recommended clause. */
export async function requiredOnly(): Promise<string> {
  const recommended = (await loadCatalog())
    .filter((clause) => clause.level === 'recommended')
    .map((clause) => `@${clause.id}`);
  return recommended.length === 0 ? '' : `not (${recommended.join(' or ')})`;
}

/**
 * Builds the variant once (in `folder`) and runs the required scenarios against it in each edition it
 * concerns (those `tags` selects; none when it is undefined, `--explore-only`), then the exploration (a
 * default run's budget and seed unless `exploration` says otherwise).
 */
export async function runVariant(
  variant: Variant,
  folder: string,
  tags: string | undefined,
  exploration: VariantExploration = DEFAULT_RUN_EXPLORATION,
): Promise<VariantRun[]> {
  let adapterPath: string;
  try {
    adapterPath = await buildPatchedReference(
      PACKAGE_ROOT,
      { name: `variant ${variant.name}`, patches: variant.patches },
      join(folder, variant.name),
    );
  } catch (error) {
    return variant.editions.map((edition) => ({
      edition,
      failed: [],
      ran: 0,
      error: error instanceof Error ? error.message : String(error),
    }));
  }
  const runs: VariantRun[] = [];
  for (const edition of variant.editions) {
    try {
      const { results } =
        tags === undefined
          ? { results: [] }
          : await runSuite({ adapterPath, edition, tags, formats: [], callLimitMs: CALL_LIMIT_MS });
      const failed = results
        .filter((result) => isFailing(result.status))
        .map((result) => `${result.stableId ?? result.name}: ${(result.message ?? '').split('\n')[0]}`);
      failed.push(...(await explorationClasses(adapterPath, edition, exploration)));
      runs.push({ edition, failed, ran: results.length });
    } catch (error) {
      runs.push({ edition, failed: [], ran: 0, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return runs;
}

/** The classes of disagreement the exploration finds on the variant (none, for a fair oracle). */
async function explorationClasses(
  adapterPath: string,
  edition: Edition,
  exploration: VariantExploration,
): Promise<string[]> {
  const explored = await exploreAsDefaultRun(
    await loadAdapter(adapterPath),
    edition,
    levelsOf(await loadCatalog()),
    exploration,
  );
  return explored.classes.map(
    (found) =>
      `${found.id}: ${found.found.disagreement.message.split('\n')[0]} (session ${found.session}: explore --seed ${explored.seed} --path ${found.found.path}${found.found.replay})`,
  );
}
