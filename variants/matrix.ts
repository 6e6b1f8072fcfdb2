/**
 * `npm run variants`: builds every variant of the reference (catalog.ts), each
 * another choice the seed (or an edition) leaves open, and runs every required
 * scenario of each edition it concerns against it; each must pass them all. Prints one line per variant and ends
 * with `variants: N passed, N failed`. Exit 0 only when every variant passes
 * and every "Left open" bullet of clauses.md is taken by some variant.
 *
 * Variants are built in a folder unique to this run under .variants/ (inside
 * the package, so the copies resolve its dependencies), removed at the end,
 * on SIGINT/SIGTERM and at exit (the mutant matrix's workspace helper).
 */
import { join } from 'node:path';
import { loadCatalog } from '../conformance/catalog/clause-catalog.js';
import { PACKAGE_ROOT } from '../conformance/package-root.js';
import { runSuite } from '../conformance/runner/run-suite.js';
import { isFailing } from '../conformance/runner/scenario-result.js';
import { buildPatchedReference, mutantWorkspace } from '../mutants/build-mutant.js';
import { VARIANTS } from './catalog.js';
import { selectByName } from '../mutants/select-by-name.js';
import { LEFT_OPEN, type LeftOpenChoice } from './left-open.js';
import type { Variant } from './variant.js';
import type { Edition } from '../src/contract/edition-names.js';

const CALL_LIMIT_MS = 2_000;

interface Row {
  variant: Variant;
  edition: Edition;
  failed: string[];
  ran: number;
  error?: string;
}

/** A tag expression selecting the required scenarios: none naming a recommended clause. */
async function requiredOnly(): Promise<string> {
  const recommended = (await loadCatalog()).filter((clause) => clause.level === 'recommended').map((clause) => `@${clause.id}`);
  return recommended.length === 0 ? '' : `not (${recommended.join(' or ')})`;
}

/** Builds the variant once and runs the required scenarios against it in each edition it concerns. */
async function runVariant(variant: Variant, folder: string, tags: string): Promise<Row[]> {
  let adapterPath: string;
  try {
    adapterPath = await buildPatchedReference(PACKAGE_ROOT, { name: `variant ${variant.name}`, patches: variant.patches }, join(folder, variant.name));
  } catch (error) {
    return variant.editions.map((edition) => ({ variant, edition, failed: [], ran: 0, error: error instanceof Error ? error.message : String(error) }));
  }
  const rows: Row[] = [];
  for (const edition of variant.editions) {
    try {
      const { results } = await runSuite({ adapterPath, edition, tags, formats: [], callLimitMs: CALL_LIMIT_MS });
      const failed = results
        .filter((result) => isFailing(result.status))
        .map((result) => `${result.stableId ?? result.name}: ${(result.message ?? '').split('\n')[0]}`);
      rows.push({ variant, edition, failed, ran: results.length });
    } catch (error) {
      rows.push({ variant, edition, failed: [], ran: 0, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return rows;
}

async function main(): Promise<number> {
  const selected = selectByName(VARIANTS, process.argv.slice(2), 'variant');
  const untaken = (Object.keys(LEFT_OPEN) as LeftOpenChoice[]).filter((choice) => !VARIANTS.some((v) => v.takes.includes(choice)));
  const tags = await requiredOnly();
  const started = performance.now();
  const workspace = await mutantWorkspace(PACKAGE_ROOT, '.variants');
  const removeOnSignal = (signal: NodeJS.Signals): void => {
    void workspace.remove().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', removeOnSignal);
  process.once('SIGTERM', removeOnSignal);
  const rows: Row[] = [];
  try {
    const width = Math.max(...selected.map((v) => v.name.length)) + ' [rc.8]'.length;
    for (const variant of selected) {
      for (const row of await runVariant(variant, workspace.dir, tags)) {
        rows.push(row);
        const verdict = row.error ? 'ERROR' : row.failed.length === 0 ? 'passed' : 'FAILED';
        const detail = row.error ?? (row.failed.length === 0 ? `${row.ran} required scenarios` : row.failed.slice(0, 3).join('; ') + (row.failed.length > 3 ? ` (+${row.failed.length - 3})` : ''));
        console.log(`${`${variant.name} [${row.edition}]`.padEnd(width)}  ${verdict.padEnd(6)}  ${variant.takes.join(', ')} -> ${detail}`);
      }
    }
  } finally {
    process.removeListener('SIGINT', removeOnSignal);
    process.removeListener('SIGTERM', removeOnSignal);
    await workspace.remove();
  }
  for (const choice of untaken) console.log(`left open but taken by no variant: ${choice} (${LEFT_OPEN[choice]})`);
  const failed = rows.filter((row) => row.error || row.failed.length > 0).length;
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  console.log(`variants: ${rows.length - failed} passed, ${failed} failed`);
  return failed === 0 && untaken.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`variants: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
