/**
 * `npm run mutants`: runs the suite against the unmodified reference (which
 * must pass everything) and against every mutant (each must fail at least one
 * scenario tagged with a clause it declares), in every edition it concerns,
 * then prints the matrix. A whole run also writes the mutation evidence
 * (`reports/mutants/evidence.json`) and checks that every required clause of
 * every edition is proven: a mutant declaring it is caught by a scenario
 * tagged with it. Exit 0 only when every mutant is caught for the right
 * reason (by a scenario tagged with each clause it declares) and no required
 * clause is left unproven.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { PACKAGE_ROOT } from '../conformance/package-root.js';
import { BUILT_IN_ADAPTERS } from '../conformance/adapters/adapter-path.js';
import { loadCatalogFile, type Clause } from '../conformance/catalog/clause-catalog.js';
import { EVIDENCE_SCHEMA_ID, EVIDENCE_VERSION, type ClauseProofRecord, type MutantEvidence, type MutantRun, type MutationEvidence } from '../conformance/evidence/mutation-evidence.js';
import { clauseProofs, clausesByEdition, clausesNotShown, unprovenRequired, type ClauseProof } from '../conformance/evidence/proven-clauses.js';
import { kitIdentity } from '../conformance/report/run-context.js';
import { runSuite } from '../conformance/runner/run-suite.js';
import { isFailing } from '../conformance/runner/scenario-result.js';
import { DEFAULT_EDITION, EDITIONS, type Edition } from '../src/index.js';
import { buildMutant, mutantWorkspace } from './build-mutant.js';
import { MUTANTS } from './catalog.js';
import { selectByName } from './select-by-name.js';
import type { Mutant } from './mutant.js';

const EVIDENCE_PATH = join(PACKAGE_ROOT, 'reports', 'mutants', 'evidence.json');

const CALL_LIMIT_MS = 2_000;

function clauseTags(mutant: Mutant): string {
  return mutant.breaks.map((clause) => `@${clause}`).join(' or ');
}

/** The editions the reference implements: every mutant that does not name its own is run against each. */
async function referenceEditions(): Promise<Edition[]> {
  const { default: reference } = (await import('../reference/adapter.js')) as { default: { editions?: Edition[] } };
  return reference.editions && reference.editions.length > 0 ? [...reference.editions] : [DEFAULT_EDITION];
}

/** One edition's run of one mutant: the failing scenarios tagged with a clause it declares (the right reason). */
async function runMutant(mutant: Mutant, edition: Edition, adapterPath: string): Promise<MutantRun> {
  const { results } = await runSuite({ adapterPath, edition, tags: clauseTags(mutant), formats: [], callLimitMs: CALL_LIMIT_MS });
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
function declarationProblem(mutant: Mutant, edition: Edition, clausesOf: ReadonlyMap<Edition, readonly Clause[]>, known: ReadonlySet<string>): string | undefined {
  const unknown = mutant.breaks.filter((clause) => !known.has(clause));
  if (unknown.length > 0) return `declares ${unknown.join(', ')}, which the clause catalog lacks`;
  const own = new Set(clausesOf.get(edition)?.map((clause) => clause.id));
  if (!mutant.breaks.some((clause) => own.has(clause))) return `declares only clauses the ${edition} edition lacks (${mutant.breaks.join(', ')}): mark it onlyIn the editions that have them`;
  return undefined;
}

async function evidenceOf(mutant: Mutant, editions: readonly Edition[], workspace: string, clausesOf: ReadonlyMap<Edition, readonly Clause[]>, known: ReadonlySet<string>): Promise<MutantEvidence> {
  const runs: MutantRun[] = [];
  let adapterPath: string | undefined;
  let buildError: string | undefined;
  try {
    adapterPath = await buildMutant(PACKAGE_ROOT, mutant, workspace);
  } catch (error) {
    buildError = error instanceof Error ? error.message : String(error);
  }
  for (const edition of mutant.editions ?? editions) {
    const problem = declarationProblem(mutant, edition, clausesOf, known);
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
  }
  const caughtBy = [...new Set(runs.flatMap((run) => run.caughtBy.map((scenario) => scenario.id)))];
  return { name: mutant.name, description: mutant.description, clauses: mutant.breaks, caughtBy, runs };
}

/** Caught in every edition it was run against. */
function isCaught(mutant: MutantEvidence): boolean {
  return mutant.runs.every((run) => run.error === undefined && run.caughtBy.length > 0);
}

function printMatrix(mutants: readonly MutantEvidence[], editions: readonly Edition[]): void {
  const width = Math.max(...mutants.map((mutant) => mutant.name.length));
  console.log(`\n${'mutant'.padEnd(width)}  verdict    clauses -> caught by`);
  for (const mutant of mutants) {
    const verdict = mutant.runs.some((run) => run.error) ? 'ERROR' : isCaught(mutant) ? 'caught' : 'SURVIVED';
    for (const run of mutant.runs) {
      const ids = run.caughtBy.map((scenario) => scenario.id);
      const shown = ids.length > 3 ? `${ids.slice(0, 3).join(', ')} (+${ids.length - 3})` : ids.join(', ');
      const edition = editions.length > 1 || run.edition !== DEFAULT_EDITION ? `[${run.edition}] ` : '';
      const first = run === mutant.runs[0];
      console.log(`${(first ? mutant.name : '').padEnd(width)}  ${(first ? verdict : '').padEnd(9)}  ${edition}${mutant.clauses.join(' ')} -> ${run.error ?? (shown || 'nothing')}`);
    }
  }
}

function proofRecord(proof: ClauseProof): ClauseProofRecord {
  return {
    edition: proof.edition,
    clause: proof.clause.id,
    level: proof.clause.level,
    proven: proof.unprovenBecause === undefined,
    provenBy: proof.provenBy.map((entry) => entry.mutant),
    ...(proof.unprovenBecause !== undefined ? { unprovenBecause: proof.unprovenBecause } : {}),
  };
}

async function writeEvidence(evidence: MutationEvidence): Promise<void> {
  await mkdir(dirname(EVIDENCE_PATH), { recursive: true });
  // Written whole or not at all: a reader never sees half a file.
  const partial = `${EVIDENCE_PATH}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify(evidence, null, 2)}\n`);
  await rename(partial, EVIDENCE_PATH);
}

async function main(): Promise<number> {
  const names = process.argv.slice(2);
  const selected = selectByName(MUTANTS, names, 'mutant');
  const started = performance.now();
  const editions = await referenceEditions();
  const catalog = await loadCatalogFile();

  let referenceFailures = 0;
  for (const edition of editions) {
    const baseline = await runSuite({ adapterPath: BUILT_IN_ADAPTERS.reference!, edition, formats: [] });
    const broken = baseline.results.filter((result) => isFailing(result.status));
    referenceFailures += broken.length;
    console.log(`reference (${edition}): ${baseline.results.length - broken.length} of ${baseline.results.length} scenarios pass`);
    for (const result of broken) console.log(`  reference fails ${result.stableId}: ${(result.message ?? '').split('\n')[0]}`);
  }

  const mutants: MutantEvidence[] = [];
  const workspace = await mutantWorkspace(PACKAGE_ROOT);
  const removeOnSignal = (signal: NodeJS.Signals): void => {
    void workspace.remove().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', removeOnSignal);
  process.once('SIGTERM', removeOnSignal);
  try {
    const clausesOf = clausesByEdition(catalog.clauses, EDITIONS);
    const known = new Set(catalog.clauses.map((clause) => clause.id));
    for (const mutant of selected) mutants.push(await evidenceOf(mutant, editions, workspace.dir, clausesOf, known));
  } finally {
    await workspace.remove();
  }

  printMatrix(mutants, editions);
  const survivors = mutants.filter((mutant) => !isCaught(mutant));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nmutants: ${mutants.length - survivors.length} caught, ${survivors.length} not caught, of ${mutants.length} (${seconds} s)`);
  // A caught mutant's every declared clause must be borne out, or the evidence would claim more than it shows.
  const overclaiming = mutants.filter((mutant) => isCaught(mutant) && clausesNotShown(mutant).length > 0);
  for (const mutant of overclaiming) {
    console.log(`  ${mutant.name} declares ${clausesNotShown(mutant).join(', ')}, but no scenario tagged with ${clausesNotShown(mutant).length > 1 ? 'them' : 'it'} caught it`);
  }
  const mutantsOk = survivors.length === 0 && overclaiming.length === 0 && referenceFailures === 0;

  // The evidence and the proof of every clause need every mutant: a run of a few names writes and checks neither.
  if (names.length > 0) {
    console.log('evidence: not written (only some mutants were run)');
    return mutantsOk ? 0 : 1;
  }
  const evidence: MutationEvidence = {
    schema: EVIDENCE_SCHEMA_ID,
    version: EVIDENCE_VERSION,
    kit: kitIdentity(),
    catalog: catalog.version,
    writtenAt: new Date().toISOString(),
    editions,
    mutants,
  };
  const proofs = clauseProofs(evidence, clausesByEdition(catalog.clauses, editions));
  await writeEvidence({ ...evidence, proofs: proofs.map(proofRecord) });
  const unproven = unprovenRequired(proofs);
  const required = proofs.filter((proof) => proof.clause.level === 'required');
  console.log(`evidence: ${relative(process.cwd(), EVIDENCE_PATH) || EVIDENCE_PATH}; required clauses proven: ${required.length - unproven.length} of ${required.length} (${editions.join(', ')})`);
  for (const proof of unproven) console.log(`  not proven [${proof.edition}] ${proof.clause.id}: ${proof.unprovenBecause}`);
  return mutantsOk && unproven.length === 0 ? 0 : 1;
}

// exitCode, not exit(): the matrix's lines reach a slow pipe whole.
main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`mutants: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
