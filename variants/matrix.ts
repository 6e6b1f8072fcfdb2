/**
 * `npm run variants [--workers N] [--explore N] [--seed S] [--explore-only] [NAME ...]`: builds
 * every variant of the reference (catalog.ts), each another choice the seed
 * (or an edition) leaves open, and runs every required scenario of each
 * edition it concerns against it, then an exploration: a default run's
 * (its budget and seed) unless `--explore`/`--seed` ask for another
 * (variant-matrix-arguments.ts). Each must pass them all, and the exploration
 * must find no class of disagreement. The variants are shared out among worker
 * processes (matrix-worker.ts; one per core unless --workers says). Prints
 * a line as each variant is judged (in the order they end, for a log to show
 * progress), then one line per variant and edition, in catalog order, and ends with
 * `variants: N passed, N failed`. Exit 0 only when every variant passes and
 * every "Left open" bullet of docs/clauses.md is taken by some variant.
 *
 * Each worker builds its variants in a folder of its own under .variants/
 * (inside the package, so the copies resolve its dependencies), removed when
 * it goes, on SIGINT/SIGTERM and when the matrix goes.
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_RUN_EXPLORATION } from '../mutants/default-exploration.js';
import { selectByName } from '../mutants/select-by-name.js';
import { shareOut } from '../mutants/worker-pool.js';
import { VARIANT_PARTS, VARIANTS } from './catalog.js';
import { LEFT_OPEN, type LeftOpenChoice } from './left-open.js';
import type { VariantRun } from './run-variant.js';
import { variantMatrixArgumentsOrExit, workerArguments } from './variant-matrix-arguments.js';

const WORKER = fileURLToPath(new URL('./matrix-worker.js', import.meta.url));

async function main(): Promise<number> {
  const args = variantMatrixArgumentsOrExit(process.argv.slice(2));
  if (typeof args === 'number') return args;
  // None named: every variant; a part of a combined one (VARIANT_PARTS) runs only when named.
  const selected =
    args.names.length === 0 ? VARIANTS : selectByName([...VARIANTS, ...VARIANT_PARTS], args.names, 'variant');
  const untaken = (Object.keys(LEFT_OPEN) as LeftOpenChoice[]).filter(
    (choice) => !VARIANTS.some((v) => v.takes.includes(choice)),
  );
  const started = performance.now();
  const byName = new Map(selected.map((variant) => [variant.name, variant]));
  let judged = 0;
  const found = await shareOut<VariantRun[]>({
    worker: WORKER,
    args: workerArguments(args),
    names: selected.map((variant) => variant.name),
    workers: args.workers,
    unjudged: (name, why) => byName.get(name)!.editions.map((edition) => ({ edition, failed: [], ran: 0, error: why })),
    // A line as each variant ends, so a CI log shows the matrix moving; the table below keeps catalog order.
    onResult: (name, runs) => {
      judged += 1;
      const elapsed = ((performance.now() - started) / 1000).toFixed(0);
      const editions = runs.map((run) => `${run.edition} ${verdictOf(run)}`).join(', ');
      console.log(`variants: ${judged} of ${selected.length} judged (${elapsed} s): ${name}: ${editions}`);
    },
  });

  const { budget, seed } = args.exploration;
  const explored =
    budget === DEFAULT_RUN_EXPLORATION.budget && seed === DEFAULT_RUN_EXPLORATION.seed
      ? 'the exploration'
      : `the exploration (${budget} sessions, seed ${seed})`;
  const judgedBy = (ran: number) =>
    args.exploreOnly
      ? `${explored} alone (--explore-only: no scenario run)`
      : `${ran} required scenarios and ${explored}`;
  let rows = 0;
  let failed = 0;
  // The widest label of any row (0.0.1-rc.1 is longer than rc.8), so the verdicts line up.
  const width = Math.max(...selected.flatMap((v) => v.editions.map((edition) => `${v.name} [${edition}]`.length)));
  for (const variant of selected) {
    for (const run of found.get(variant.name)!) {
      rows += 1;
      if (run.error || run.failed.length > 0) failed += 1;
      const verdict = verdictOf(run);
      const detail =
        run.error ??
        (run.failed.length === 0
          ? judgedBy(run.ran)
          : run.failed.slice(0, 3).join('; ') + (run.failed.length > 3 ? ` (+${run.failed.length - 3})` : ''));
      console.log(
        `${`${variant.name} [${run.edition}]`.padEnd(width)}  ${verdict.padEnd(6)}  ${variant.takes.join(', ')} -> ${detail}`,
      );
    }
  }
  for (const choice of untaken) console.log(`left open but taken by no variant: ${choice} (${LEFT_OPEN[choice]})`);
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  console.log(`variants: ${rows - failed} passed, ${failed} failed`);
  return failed === 0 && untaken.length === 0 ? 0 : 1;
}

function verdictOf(run: VariantRun): 'ERROR' | 'passed' | 'FAILED' {
  return run.error ? 'ERROR' : run.failed.length === 0 ? 'passed' : 'FAILED';
}

// exitCode, not exit(): the lines reach a slow pipe whole.
main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`variants: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
