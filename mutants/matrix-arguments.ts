/**
 * The arguments both matrices take (mutants and variants): `--workers N` and
 * the names of the entries to run (all when none is named), as a table
 * (conformance/options/option-table.ts).
 */
import { availableParallelism } from 'node:os';
import {
  defineCommandLine,
  readCommandLine,
  UsageError,
  type CommandLineSpec,
} from '../conformance/options/option-table.js';
import { HELP_OPTION } from '../conformance/options/shared-options.js';

export interface MatrixArguments {
  workers: number;
  names: string[];
}

/**
 * What every matrix takes; the tables differ only in names (mutants, MUTANT; variants, VARIANT), and the
 * variant matrix adds its exploration's budget and seed (variants/variant-matrix-arguments.ts).
 */
export function matrixOptions() {
  return {
    workers: {
      type: 'string',
      value: 'N',
      default: availableParallelism(),
      defaultText: "the machine's cores",
      parse: (text: string, option: string) => {
        if (!/^[1-9]\d*$/.test(text))
          throw new UsageError(`${option} needs a whole number of at least 1, got ${JSON.stringify(text)}`);
        return Number(text);
      },
      help: 'worker processes, each judging one entry at a time',
    },
    help: HELP_OPTION,
  } as const;
}

/** The command line of a matrix (`matrix` names it in messages: mutants, variants; `entry` its positionals: MUTANT). */
export function matrixCommandLine(
  matrix: string,
  entry: string,
  description: string,
): CommandLineSpec<ReturnType<typeof matrixOptions>> {
  return defineCommandLine({
    program: matrix,
    usage: [`node dist/${matrix}/matrix.js [--workers N] [${entry} ...]`],
    description,
    positionals: {
      name: `${entry} ...`,
      what: entry.toLowerCase(),
      min: 0,
      max: Infinity,
      help: `run only the ${matrix} named (all when none is)`,
    },
    options: matrixOptions(),
  });
}

/**
 * The matrix's arguments, or the exit code after printing its --help (0) or
 * why they cannot be used (2).
 */
export function matrixArgumentsOrExit(
  argv: readonly string[],
  commandLine: ReturnType<typeof matrixCommandLine>,
): MatrixArguments | number {
  const read = readCommandLine(commandLine, argv, ({ options, positionals }) => ({
    workers: options.workers,
    names: positionals,
  }));
  return read.ok ? read.value : read.exit;
}
