#!/usr/bin/env node
/**
 * `npm test`'s steps after the build (`node .ci/checks.mjs`; the list: .ci/check-steps.mjs), side by
 * side on .ci/schedule.mjs: the unit tests (vitest project `unit`, a worker per core and one more) and beside them, one at a
 * time, the short checks: actionlint, biome, the clause catalog's coverage lint, the drift checks
 * (JSON schemas, docs/cli.md's option rows, the clause document) and the reference at the strict
 * level in its three editions. Those short checks take about twenty seconds one after another; the
 * unit tests leave enough of the cores idle (their files wait on processes they started) that run
 * beside them they add little. Each step prints one line when it passes and its whole output when it
 * fails; exit 1 if any step failed. `--step NAME` (repeatable) runs only the steps named, as
 * .ci/fresh-clone.sh --unit does; an unknown name is refused with exit 2 and the names there are.
 * `--with-matrices` (.ci/run) runs these steps and test:matrices's in one schedule instead (below).
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkSteps as steps } from './check-steps.mjs';
import { reportFailures, runSteps } from './schedule.mjs';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

// `npm test -- --with-matrices [matrices' options]` (what .ci/run runs): the README's test command with CI's slow
// half in the same schedule (.ci/matrices.mjs --with-checks), so the cores the unit step leaves idle go to the
// matrices' long steps.
if (process.argv.includes('--with-matrices')) {
  const rest = process.argv.slice(2).filter((argument) => argument !== '--with-matrices');
  const run = spawnSync(process.execPath, ['.ci/matrices.mjs', '--with-checks', ...rest], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

/** The steps `--step` names, in this list's order; all of them without it. */
function chosenSteps() {
  let values;
  try {
    values = parseArgs({ options: { step: { type: 'string', multiple: true } } }).values;
  } catch (error) {
    console.error(`checks.mjs: ${error.message}`);
    process.exit(2);
  }
  const names = values.step ?? steps.map((step) => step.name);
  const unknown = names.filter((name) => !steps.some((step) => step.name === name));
  if (unknown.length > 0) {
    console.error(`checks.mjs: no step ${unknown.join(', ')}; the steps: ${steps.map((step) => step.name).join(', ')}`);
    process.exit(2);
  }
  return steps.filter((step) => names.includes(step.name));
}

// One core more than the machine has: the unit step's cores, and one short check at a time beside it.
const outcomes = await runSteps(chosenSteps(), { cores: availableParallelism() + 1 });
reportFailures(outcomes, 'npm test');
