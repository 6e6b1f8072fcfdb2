/**
 * The variant matrix's command line: the options every matrix takes
 * (`--workers N`, names; mutants/matrix-arguments.ts) and the budget and seed
 * of the exploration each variant must pass (`--explore N`, `--seed S`). By
 * default it is a default run's (200 sessions, seed 23), as CI runs it; a
 * fairness check explores more (issue 30 asks 2000 sessions) or from other
 * seeds, and may leave out the scenarios (`--explore-only`: they do not
 * depend on the budget, and the default matrix runs them). The matrix hands
 * the same arguments to its workers, which read them with this same table.
 */
import { MAX_EXPLORE_SESSIONS } from '../conformance/explore/budget.js';
import { defineCommandLine, readCommandLine, wholeNumber } from '../conformance/options/option-table.js';
import { seed32 } from '../conformance/options/shared-options.js';
import { matrixOptions } from '../mutants/matrix-arguments.js';
import { DEFAULT_RUN_EXPLORATION } from '../mutants/default-exploration.js';

/** What each variant's exploration runs: sessions and fast-check seed. */
export interface VariantExploration {
  budget: number;
  seed: number;
}

export interface VariantMatrixArguments {
  workers: number;
  names: string[];
  exploration: VariantExploration;
  /** `--explore-only`: the exploration alone, no scenario run. */
  exploreOnly: boolean;
}

const { workers, help } = matrixOptions();

export const VARIANTS_COMMAND_LINE = defineCommandLine({
  program: 'variants',
  usage: ['node dist/variants/matrix.js [--workers N] [--explore N] [--seed S] [--explore-only] [VARIANT ...]'],
  description: `Runs the suite and an exploration against every variant (a patch-built reference making a choice
the spec leaves open), in every edition it concerns; each must pass both. The exploration is a default
run's (${DEFAULT_RUN_EXPLORATION.budget} sessions, seed ${DEFAULT_RUN_EXPLORATION.seed}) unless --explore or --seed says otherwise.`,
  positionals: {
    name: 'VARIANT ...',
    what: 'variant',
    min: 0,
    max: Infinity,
    help: 'run only the variants named (all when none is)',
  },
  options: {
    workers,
    explore: {
      type: 'string',
      value: 'N',
      parse: wholeNumber(1, MAX_EXPLORE_SESSIONS),
      default: DEFAULT_RUN_EXPLORATION.budget,
      defaultText: `${DEFAULT_RUN_EXPLORATION.budget}, a default run's budget`,
      help: 'sessions each variant explores in each edition (a nightly run explores 2000)',
    },
    seed: {
      type: 'string',
      value: 'S',
      parse: seed32,
      default: DEFAULT_RUN_EXPLORATION.seed,
      defaultText: `${DEFAULT_RUN_EXPLORATION.seed}, a default run's seed`,
      help: "the explorations' fast-check seed: the same seed and budget explore the same sessions",
    },
    'explore-only': {
      type: 'boolean',
      help: 'run the exploration alone, not the scenarios (which no budget or seed changes,\nand the default matrix runs): for a larger budget or another seed',
    },
    help,
  },
});

/** The matrix's arguments, or the exit code after printing its --help (0) or why they cannot be used (2). */
export function variantMatrixArgumentsOrExit(argv: readonly string[]): VariantMatrixArguments | number {
  const read = readCommandLine(VARIANTS_COMMAND_LINE, argv, ({ options, positionals }) => ({
    workers: options.workers,
    names: positionals,
    exploration: { budget: options.explore, seed: options.seed },
    exploreOnly: options['explore-only'],
  }));
  return read.ok ? read.value : read.exit;
}

/** The arguments a worker is started with: what each variant is judged by, in this table's own words. */
export function workerArguments(args: Pick<VariantMatrixArguments, 'exploration' | 'exploreOnly'>): string[] {
  return [
    '--explore',
    String(args.exploration.budget),
    `--seed=${args.exploration.seed}`,
    ...(args.exploreOnly ? ['--explore-only'] : []),
  ];
}
