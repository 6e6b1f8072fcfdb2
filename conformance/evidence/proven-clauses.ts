/**
 * The proven-clause rule: a clause is proven in an edition when a mutant that
 * declares it was caught, in that edition, by a scenario tagged with it. A
 * clause whose scenarios no broken host fails has teeth nobody has seen; this
 * says which clauses have shown theirs, and for the others why not.
 */
import { belongsTo, type Clause } from '../catalog/clause-catalog.js';
import type { Edition } from '../../src/index.js';
import type { CatchingScenario, MutantEvidence, MutationEvidence } from './mutation-evidence.js';

export interface ClauseProof {
  edition: Edition;
  clause: Clause;
  /** The mutants declaring the clause that a scenario tagged with it caught in this edition, with those scenarios. */
  provenBy: Array<{ mutant: string; scenarios: string[] }>;
  /** Set when nothing proves the clause: why not, naming the mutants concerned. */
  unprovenBecause?: string;
}

/** The clauses of each edition the evidence covers, as the catalog says (`only`). */
export function clausesByEdition(
  clauses: readonly Clause[],
  editions: readonly Edition[],
): Map<Edition, readonly Clause[]> {
  return new Map(editions.map((edition) => [edition, clauses.filter((clause) => belongsTo(clause, edition))]));
}

/** Every clause of each edition, proven or not, in the order given. */
export function clauseProofs(
  evidence: MutationEvidence,
  clausesByEdition: ReadonlyMap<Edition, readonly Clause[]>,
): ClauseProof[] {
  const proofs: ClauseProof[] = [];
  for (const [edition, clauses] of clausesByEdition) {
    for (const clause of clauses) proofs.push(proofOf(evidence, edition, clause));
  }
  return proofs;
}

/** The required clauses that are not proven: what `npm run mutants` fails on. */
export function unprovenRequired(proofs: readonly ClauseProof[]): ClauseProof[] {
  return proofs.filter((proof) => proof.clause.level === 'required' && proof.unprovenBecause !== undefined);
}

function proofOf(evidence: MutationEvidence, edition: Edition, clause: Clause): ClauseProof {
  const id = clause.id;
  const declaring = evidence.mutants.filter((mutant) => mutant.clauses.includes(id));
  const runs = declaring.flatMap((mutant) =>
    mutant.runs.filter((run) => run.edition === edition).map((run) => ({ mutant: mutant.name, run })),
  );
  const provenBy = runs.flatMap(({ mutant, run }) => {
    const scenarios = run.caughtBy.filter((scenario) => scenario.clauses.includes(id)).map((scenario) => scenario.id);
    return scenarios.length > 0 ? [{ mutant, scenarios }] : [];
  });
  if (provenBy.length > 0) return { edition, clause, provenBy };
  return {
    edition,
    clause,
    provenBy,
    unprovenBecause: whyUnproven(
      id,
      edition,
      declaring.map((mutant) => mutant.name),
      runs,
    ),
  };
}

function whyUnproven(
  id: string,
  edition: Edition,
  declaring: string[],
  runs: Array<{ mutant: string; run: { caughtBy: CatchingScenario[]; error?: string } }>,
): string {
  if (declaring.length === 0) return 'no mutant declares it';
  if (runs.length === 0) return `its mutants (${declaring.join(', ')}) are not run against the ${edition} edition`;
  const caught = runs.filter(({ run }) => run.caughtBy.length > 0);
  if (caught.length === 0) {
    const failed = runs.filter(({ run }) => run.error !== undefined).map(({ mutant }) => mutant);
    return `no scenario caught its mutants (${runs.map(({ mutant }) => mutant).join(', ')})${failed.length > 0 ? `; ${failed.join(', ')} could not be run` : ''}`;
  }
  const others = caught.map(
    ({ mutant, run }) =>
      `${mutant} by scenarios of ${[...new Set(run.caughtBy.flatMap((scenario) => scenario.clauses))].filter((clause) => clause !== id).join(', ')}`,
  );
  return `its mutants are caught only by scenarios of other clauses (${others.join('; ')}): no scenario tagged @${id} fails against them`;
}

/**
 * The clauses a mutant declares that no scenario tagged with them caught, in
 * any edition it was run against: a declaration the evidence does not bear
 * out (the mutant is caught for another of its clauses, or not at all).
 */
export function clausesNotShown(mutant: MutantEvidence): string[] {
  const shown = new Set(mutant.runs.flatMap((run) => run.caughtBy.flatMap((scenario) => scenario.clauses)));
  return mutant.clauses.filter((clause) => !shown.has(clause));
}
