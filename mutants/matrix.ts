/**
 * `npm run mutants [--workers N] [NAME ...]`: runs the suite against the
 * unmodified reference (which must pass everything, in every edition it
 * implements) and against every mutant (each must fail at least one scenario
 * tagged with a clause it declares), in every edition it concerns, printing
 * a line as each mutant is judged, then prints the matrix. The mutants are shared out among worker processes
 * (matrix-worker.ts; as many as the machine has cores unless --workers says),
 * each judging one at a time. A whole run also writes the mutation evidence
 * (`reports/mutants/evidence.json`) and checks that every required clause of
 * every edition is proven: a mutant declaring it is caught by a scenario
 * tagged with it. Exit 0 only when every mutant is caught for the right
 * reason (by a scenario tagged with each clause it declares) and no required
 * clause is left unproven.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../conformance/package-root.js';
import { BUILT_IN_ADAPTERS } from '../conformance/adapters/adapter-path.js';
import { catalogFingerprint, loadCatalogFile } from '../conformance/catalog/clause-catalog.js';
import {
  EVIDENCE_SCHEMA_ID,
  EVIDENCE_VERSION,
  type ClauseProofRecord,
  type MutantEvidence,
  type MutationEvidence,
} from '../conformance/evidence/mutation-evidence.js';
import {
  clauseProofs,
  clausesByEdition,
  clausesNotShown,
  unprovenRequired,
  type ClauseProof,
} from '../conformance/evidence/proven-clauses.js';
import { kitIdentity } from '../conformance/results/run-context.js';
import { runSuite } from '../conformance/runner/run-suite.js';
import { isFailing } from '../conformance/results/scenario-result.js';
import { DEFAULT_EDITION, type Edition } from '../src/index.js';
import { MUTANTS } from './catalog.js';
import { referenceEditions, unjudged } from './run-mutant.js';
import { selectByName } from './select-by-name.js';
import { matrixArgumentsOrExit, matrixCommandLine } from './matrix-arguments.js';
import { shareOut } from './worker-pool.js';
import type { Mutant } from './mutant.js';

/** The matrix's options (--workers, names), its --help and its messages. */
const MUTANTS_COMMAND_LINE = matrixCommandLine(
  'mutants',
  'MUTANT',
  `Runs the suite against the unmodified reference and every mutant (each a patch-built broken reference),
in every edition it concerns; each mutant must be caught by a scenario tagged with a clause it declares.
A whole run writes reports/mutants/evidence.json and fails on a required clause no caught mutant proves.`,
);

const EVIDENCE_PATH = join(PACKAGE_ROOT, 'reports', 'mutants', 'evidence.json');
const WORKER = fileURLToPath(new URL('./matrix-worker.js', import.meta.url));

/** Every selected mutant judged by the workers, in catalog order. */
async function judgeInWorkers(
  selected: readonly Mutant[],
  workers: number,
  editions: readonly Edition[],
): Promise<MutantEvidence[]> {
  const byName = new Map(selected.map((mutant) => [mutant.name, mutant]));
  const started = performance.now();
  let judged = 0;
  const found = await shareOut<MutantEvidence>({
    worker: WORKER,
    names: selected.map((mutant) => mutant.name),
    workers,
    unjudged: (name, why) => unjudged(byName.get(name)!, editions, why),
    // A line as each mutant ends, so a CI log shows the matrix moving; the matrix below keeps catalog order.
    onResult: (name, mutant) => {
      judged += 1;
      const elapsed = ((performance.now() - started) / 1000).toFixed(0);
      console.log(`mutants: ${judged} of ${selected.length} judged (${elapsed} s): ${name}: ${verdictOf(mutant)}`);
    },
  });
  return selected.map((mutant) => found.get(mutant.name)!);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function verdictOf(mutant: MutantEvidence): 'ERROR' | 'caught' | 'SURVIVED' {
  return mutant.runs.some((run) => run.error) ? 'ERROR' : isCaught(mutant) ? 'caught' : 'SURVIVED';
}

/** Caught in every edition it was run against. */
function isCaught(mutant: MutantEvidence): boolean {
  return mutant.runs.every((run) => run.error === undefined && run.caughtBy.length > 0);
}

function printMatrix(mutants: readonly MutantEvidence[], editions: readonly Edition[]): void {
  const width = Math.max(...mutants.map((mutant) => mutant.name.length));
  console.log(`\n${'mutant'.padEnd(width)}  verdict    clauses -> caught by`);
  for (const mutant of mutants) {
    const verdict = verdictOf(mutant);
    for (const run of mutant.runs) {
      const ids = run.caughtBy.map((scenario) => scenario.id);
      const shown = ids.length > 3 ? `${ids.slice(0, 3).join(', ')} (+${ids.length - 3})` : ids.join(', ');
      const edition = editions.length > 1 || run.edition !== DEFAULT_EDITION ? `[${run.edition}] ` : '';
      const first = run === mutant.runs[0];
      const explored = mutant.exploration?.[run.edition];
      const exploration =
        explored === undefined
          ? ''
          : `; exploration: ${explored.error ?? (explored.caught ? explored.signature : 'nothing')}`;
      console.log(
        `${(first ? mutant.name : '').padEnd(width)}  ${(first ? verdict : '').padEnd(9)}  ${edition}${mutant.clauses.join(' ')} -> ${run.error ?? (shown || 'nothing')}${exploration}`,
      );
    }
  }
}

/** Caught by the exploration a default run makes, in every edition it was run against. */
function caughtByExploration(mutant: MutantEvidence): boolean {
  return mutant.runs.every((run) => mutant.exploration?.[run.edition]?.caught === true);
}

/** Caught in every edition by the scenarios or the exploration: what a default run's verdict catches. */
function caughtByEither(mutant: MutantEvidence): boolean {
  return mutant.runs.every(
    (run) => (run.error === undefined && run.caughtBy.length > 0) || mutant.exploration?.[run.edition]?.caught === true,
  );
}

/** The share of the matrix exploration alone catches, and the union with the scenarios (targets: 75% and 100%). */
function explorationShare(mutants: readonly MutantEvidence[]): string {
  const percent = (count: number) => `${mutants.length === 0 ? 0 : Math.round((count / mutants.length) * 1000) / 10}%`;
  const alone = mutants.filter(caughtByExploration).length;
  const union = mutants.filter(caughtByEither).length;
  const scenarios = mutants.filter(isCaught).length;
  return `exploration at the default budget alone: ${alone} of ${mutants.length} (${percent(alone)}; target 75%); scenarios: ${scenarios} (${percent(scenarios)}); together: ${union} (${percent(union)}; target 100%)`;
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

/** The unmodified reference, in each edition: the number of scenarios it fails (it must fail none). */
async function referenceFailures(editions: readonly Edition[]): Promise<number> {
  let failures = 0;
  for (const edition of editions) {
    const baseline = await runSuite({ adapterPath: BUILT_IN_ADAPTERS.reference!, edition, formats: [] });
    const broken = baseline.results.filter((result) => isFailing(result.status));
    failures += broken.length;
    console.log(
      `reference (${edition}): ${baseline.results.length - broken.length} of ${baseline.results.length} scenarios pass`,
    );
    for (const result of broken)
      console.log(`  reference fails ${result.stableId}: ${(result.message ?? '').split('\n')[0]}`);
  }
  return failures;
}

async function main(): Promise<number> {
  const args = matrixArgumentsOrExit(process.argv.slice(2), MUTANTS_COMMAND_LINE);
  if (typeof args === 'number') return args;
  const selected = selectByName(MUTANTS, args.names, 'mutant');
  const started = performance.now();
  const editions = await referenceEditions();
  const catalog = await loadCatalogFile();

  // The workers judge the mutants while this process runs the reference.
  const judged = judgeInWorkers(selected, args.workers, editions);
  const brokenReference = await referenceFailures(editions);
  const mutants = await judged;

  printMatrix(mutants, editions);
  const survivors = mutants.filter((mutant) => !isCaught(mutant));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `\nmutants: ${mutants.length - survivors.length} caught, ${survivors.length} not caught, of ${mutants.length} (${seconds} s, ${plural(Math.max(1, Math.min(args.workers, selected.length)), 'worker')})`,
  );
  // A caught mutant's every declared clause must be borne out, or the evidence would claim more than it shows.
  const overclaiming = mutants.filter((mutant) => isCaught(mutant) && clausesNotShown(mutant).length > 0);
  for (const mutant of overclaiming) {
    console.log(
      `  ${mutant.name} declares ${clausesNotShown(mutant).join(', ')}, but no scenario tagged with ${clausesNotShown(mutant).length > 1 ? 'them' : 'it'} caught it`,
    );
  }
  console.log(explorationShare(mutants));
  const mutantsOk = survivors.length === 0 && overclaiming.length === 0 && brokenReference === 0;

  // The evidence and the proof of every clause need every mutant: a run of a few names writes and checks neither.
  if (args.names.length > 0) {
    console.log('evidence: not written (only some mutants were run)');
    return mutantsOk ? 0 : 1;
  }
  const evidence: MutationEvidence = {
    schema: EVIDENCE_SCHEMA_ID,
    version: EVIDENCE_VERSION,
    kit: kitIdentity(),
    catalog: catalog.version,
    catalogFingerprint: catalogFingerprint(catalog),
    writtenAt: new Date().toISOString(),
    editions,
    mutants,
  };
  const proofs = clauseProofs(evidence, clausesByEdition(catalog.clauses, editions));
  await writeEvidence({ ...evidence, proofs: proofs.map(proofRecord) });
  const unproven = unprovenRequired(proofs);
  const required = proofs.filter((proof) => proof.clause.level === 'required');
  console.log(
    `evidence: ${relative(process.cwd(), EVIDENCE_PATH) || EVIDENCE_PATH}; required clauses proven: ${required.length - unproven.length} of ${required.length} (${editions.join(', ')})`,
  );
  for (const proof of unproven)
    console.log(`  not proven [${proof.edition}] ${proof.clause.id}: ${proof.unprovenBecause}`);
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
