/**
 * The arguments both matrices take (mutants and variants): `--workers N` and
 * the names of the entries to run (all when none is named).
 */
import { availableParallelism } from 'node:os';

/** Arguments a matrix cannot use: its caller prints the message and exits 2. */
export class MatrixUsageError extends Error {
  override name = 'MatrixUsageError';
}

export interface MatrixArguments {
  workers: number;
  names: string[];
}

/**
 * The matrix's arguments, or undefined after printing why they cannot be
 * used (`matrix` prefixes the message: mutants, variants); the caller exits 2.
 */
export function matrixArgumentsOrUsage(argv: readonly string[], matrix: string, entry: string): MatrixArguments | undefined {
  try {
    return parseMatrixArguments(argv, entry);
  } catch (error) {
    if (!(error instanceof MatrixUsageError)) throw error;
    console.error(`${matrix}: ${error.message}`);
    return undefined;
  }
}

/** `entry` names what the positional arguments are in the usage line (MUTANT, VARIANT). */
export function parseMatrixArguments(argv: readonly string[], entry: string): MatrixArguments {
  let workers = availableParallelism();
  const names: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === '--workers') {
      const value = argv[(index += 1)];
      if (value === undefined || !/^[1-9]\d*$/.test(value)) throw new MatrixUsageError(`--workers needs a whole number of at least 1, got ${JSON.stringify(value ?? '')}`);
      workers = Number(value);
    } else if (arg.startsWith('--')) throw new MatrixUsageError(`unknown option ${arg} (usage: matrix.js [--workers N] [${entry} ...])`);
    else names.push(arg);
  }
  return { workers, names };
}
