/**
 * One mutant judged: built once, run against the suite in each edition it
 * concerns, its catching scenarios kept as evidence. The matrix's workers
 * (matrix-worker.ts) call this; the matrix (matrix.ts) gathers the evidence.
 */
import { PACKAGE_ROOT } from '../conformance/package-root.js';
import { loadCatalogFile, type Clause } from '../conformance/catalog/clause-catalog.js';
import type { MutantEvidence, MutantRun } from '../conformance/evidence/mutation-evidence.js';
import { clausesByEdition } from '../conformance/evidence/proven-clauses.js';
import { runSuite } from '../conformance/runner/run-suite.js';
import { loadAdapter } from '../conformance/adapters/load-adapter.js';
import { levelsOf } from '../conformance/catalog/clause-catalog.js';
import type { ExplorationCatch } from '../conformance/evidence/mutation-evidence.js';
import { isFailing } from '../conformance/results/scenario-result.js';
import { DEFAULT_EDITION, EDITIONS, type Edition } from '../src/index.js';
import { buildMutant } from './build-mutant.js';
import { exploreAsDefaultRun } from './default-exploration.js';
import type { Mutant } from './mutant.js';

const CALL_LIMIT_MS = 2_000;

/** What judging any mutant needs: the editions to run, the catalog's clauses, where to build. */
export interface MutantContext {
  /** The editions the reference implements: a mutant that names none is run against each. */
  editions: Edition[];
  clausesOf: ReadonlyMap<Edition, readonly Clause[]>;
  known: ReadonlySet<string>;
  levels: ReadonlyMap<string, 'required' | 'recommended'>;
  workspace: string;
}

export async function loadMutantContext(workspace: string): Promise<MutantContext> {
  const catalog = await loadCatalogFile();
  return {
    editions: await referenceEditions(),
    clausesOf: clausesByEdition(catalog.clauses, EDITIONS),
    known: new Set(catalog.clauses.map((clause) => clause.id)),
    levels: levelsOf(catalog.clauses),
    workspace,
  };
}

/** The editions the reference implements: every mutant that does not name its own is run against each. */
export async function referenceEditions(): Promise<Edition[]> {
  const { default: reference } = (await import('../reference/adapter.js')) as { default: { editions?: Edition[] } };
  return reference.editions && reference.editions.length > 0 ? [...reference.editions] : [DEFAULT_EDITION];
}

/** Evidence of a mutant that could not be judged at all, in each edition it concerns. */
export function unjudged(mutant: Mutant, editions: readonly Edition[], why: string): MutantEvidence {
  const runs = (mutant.editions ?? editions).map((edition) => ({ edition, caughtBy: [], error: why }));
  const exploration: Partial<Record<Edition, ExplorationCatch>> = Object.fromEntries(
    runs.map((run) => [run.edition, { caught: false, error: why }]),
  );
  return {
    name: mutant.name,
    description: mutant.description,
    clauses: mutant.breaks,
    caughtBy: [],
    exploration,
    runs,
  };
}

function clauseTags(mutant: Mutant): string {
  return mutant.breaks.map((clause) => `@${clause}`).join(' or ');
}

/** One edition's run of one mutant: the failing scenarios tagged with a clause it declares (the right reason). */
async function runMutant(mutant: Mutant, edition: Edition, adapterPath: string): Promise<MutantRun> {
  const { results } = await runSuite({
    adapterPath,
    edition,
    tags: clauseTags(mutant),
    formats: [],
    callLimitMs: CALL_LIMIT_MS,
  });
  const caughtBy = results
    .filter((result) => isFailing(result.status) && result.clauses.some((clause) => mutant.breaks.includes(clause)))
    .map((result) => ({
      id: result.stableId ?? result.name,
      clauses: result.clauses,
      ...(result.failureKind ? { kind: result.failureKind } : {}),
      ...(result.failedStep ? { step: result.failedStep } : {}),
    }));
  return { edition, caughtBy };
}

/**
 * Why the mutant cannot be judged in this edition, if it cannot: it declares
 * a clause the catalog lacks (a typo would otherwise read as a survivor), or
 * only clauses this edition lacks (it belongs `onlyIn` the others).
 */
function declarationProblem(mutant: Mutant, edition: Edition, context: MutantContext): string | undefined {
  const unknown = mutant.breaks.filter((clause) => !context.known.has(clause));
  if (unknown.length > 0) return `declares ${unknown.join(', ')}, which the clause catalog lacks`;
  const own = new Set(context.clausesOf.get(edition)?.map((clause) => clause.id));
  if (!mutant.breaks.some((clause) => own.has(clause)))
    return `declares only clauses the ${edition} edition lacks (${mutant.breaks.join(', ')}): mark it onlyIn the editions that have them`;
  return undefined;
}

/**
 * Whether the exploration a default run makes (its budget, seed and steps)
 * finds the mutant in this edition, and the first class it finds. It stops at
 * that class and shrinks nothing: the evidence needs the class, not a scenario.
 */
async function exploreMutant(edition: Edition, adapterPath: string, context: MutantContext): Promise<ExplorationCatch> {
  const adapter = await loadAdapter(adapterPath);
  const explored = await exploreAsDefaultRun(adapter, edition, context.levels, { classLimit: 1 });
  const first = explored.classes[0];
  return first ? { caught: true, signature: first.id } : { caught: false };
}

export async function evidenceOf(mutant: Mutant, context: MutantContext): Promise<MutantEvidence> {
  const runs: MutantRun[] = [];
  const exploration: Partial<Record<Edition, ExplorationCatch>> = {};
  let adapterPath: string | undefined;
  let buildError: string | undefined;
  try {
    adapterPath = await buildMutant(PACKAGE_ROOT, mutant, context.workspace);
  } catch (error) {
    buildError = error instanceof Error ? error.message : String(error);
  }
  for (const edition of mutant.editions ?? context.editions) {
    const problem = declarationProblem(mutant, edition, context);
    if (problem !== undefined) {
      runs.push({ edition, caughtBy: [], error: problem });
      continue;
    }
    if (adapterPath === undefined) {
      runs.push({ edition, caughtBy: [], error: buildError! });
      continue;
    }
    try {
      runs.push(await runMutant(mutant, edition, adapterPath));
    } catch (error) {
      runs.push({ edition, caughtBy: [], error: error instanceof Error ? error.message : String(error) });
    }
    try {
      exploration[edition] = await exploreMutant(edition, adapterPath, context);
    } catch (error) {
      exploration[edition] = { caught: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  const caughtBy = [...new Set(runs.flatMap((run) => run.caughtBy.map((scenario) => scenario.id)))];
  return { name: mutant.name, description: mutant.description, clauses: mutant.breaks, caughtBy, exploration, runs };
}
