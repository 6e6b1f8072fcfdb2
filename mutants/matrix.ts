/**
 * `npm run mutants`: runs the suite against the unmodified reference (which
 * must pass everything) and against every mutant (each must fail at least one
 * scenario tagged with a clause it declares), then prints the matrix.
 * Exit 0 only when every mutant is caught for the right reason.
 */

import { PACKAGE_ROOT } from '../conformance/package-root.js';
import { BUILT_IN_ADAPTERS } from '../conformance/adapters/adapter-path.js';
import { runSuite } from '../conformance/runner/run-suite.js';
import { isFailing } from '../conformance/runner/scenario-result.js';
import { buildMutant, mutantWorkspace } from './build-mutant.js';
import { MUTANTS } from './catalog.js';
import { selectByName } from './select-by-name.js';
import type { Mutant } from './mutant.js';

interface Row {
  mutant: Mutant;
  caughtBy: string[];
  otherFailures: number;
  error?: string;
}

const CALL_LIMIT_MS = 2_000;

function clauseTags(mutant: Mutant): string {
  return mutant.breaks.map((clause) => `@${clause}`).join(' or ');
}

async function runMutant(mutant: Mutant, workspace: string): Promise<Row> {
  try {
    const adapterPath = await buildMutant(PACKAGE_ROOT, mutant, workspace);
    const { results } = await runSuite({ adapterPath, tags: clauseTags(mutant), formats: [], callLimitMs: CALL_LIMIT_MS });
    const failing = results.filter((result) => isFailing(result.status));
    const caughtBy = failing
      .filter((result) => result.clauses.some((clause) => mutant.breaks.includes(clause)))
      .map((result) => result.stableId ?? result.name);
    return { mutant, caughtBy, otherFailures: failing.length - caughtBy.length };
  } catch (error) {
    return { mutant, caughtBy: [], otherFailures: 0, error: error instanceof Error ? error.message : String(error) };
  }
}

async function main(): Promise<number> {
  const selected = selectByName(MUTANTS, process.argv.slice(2), 'mutant');
  const started = performance.now();
  const baseline = await runSuite({ adapterPath: BUILT_IN_ADAPTERS.reference!, formats: [] });
  const broken = baseline.results.filter((result) => isFailing(result.status));
  console.log(`reference: ${baseline.results.length - broken.length} of ${baseline.results.length} scenarios pass`);
  for (const result of broken) console.log(`  reference fails ${result.stableId}: ${(result.message ?? '').split('\n')[0]}`);

  const rows: Row[] = [];
  const workspace = await mutantWorkspace(PACKAGE_ROOT);
  const removeOnSignal = (signal: NodeJS.Signals): void => {
    void workspace.remove().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', removeOnSignal);
  process.once('SIGTERM', removeOnSignal);
  try {
    for (const mutant of selected) rows.push(await runMutant(mutant, workspace.dir));
  } finally {
    await workspace.remove();
  }

  const width = Math.max(...rows.map((row) => row.mutant.name.length));
  console.log(`\n${'mutant'.padEnd(width)}  verdict    clauses -> caught by`);
  for (const row of rows) {
    const verdict = row.error ? 'ERROR' : row.caughtBy.length > 0 ? 'caught' : 'SURVIVED';
    const shown = row.caughtBy.length > 3 ? `${row.caughtBy.slice(0, 3).join(', ')} (+${row.caughtBy.length - 3})` : row.caughtBy.join(', ');
    console.log(`${row.mutant.name.padEnd(width)}  ${verdict.padEnd(9)}  ${row.mutant.breaks.join(' ')} -> ${row.error ?? (shown || 'nothing')}`);
  }
  const survivors = rows.filter((row) => row.error || row.caughtBy.length === 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nmutants: ${rows.length - survivors.length} caught, ${survivors.length} not caught, of ${rows.length} (${seconds} s)`);
  return survivors.length === 0 && broken.length === 0 ? 0 : 1;
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

