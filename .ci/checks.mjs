#!/usr/bin/env node
/**
 * `npm test`'s steps after the build (`node .ci/checks.mjs`), side by side on .ci/schedule.mjs:
 * the unit tests (vitest project `unit`, a worker per core and one more) and beside them, one at a
 * time, the short checks: actionlint, biome, the clause catalog's coverage lint, the drift checks
 * (JSON schemas, docs/cli.md's option rows, the clause document) and the reference at the strict
 * level in its three editions. Those short checks take about twenty seconds one after another; the
 * unit tests leave enough of the cores idle (their files wait on processes they started) that run
 * beside them they add little. Each step prints one line when it passes and its whole output when it
 * fails; exit 1 if any step failed. `--step NAME` (repeatable) runs only the steps named, as
 * .ci/fresh-clone.sh --unit does; an unknown name is refused with exit 2 and the names there are.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { npmScript as npm, reportFailures, runSteps } from './schedule.mjs';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const cli = (...args) => ['node', 'dist/bundled/cli.js', ...args];

/** @type {import('./schedule.mjs').Step[]} */
const steps = [
  {
    name: 'unit',
    cores: availableParallelism(),
    command: [
      'npx',
      'vitest',
      'run',
      // Both unit projects: `unit` (a process per file) and `unit-shared` (files that share their modules).
      '--project',
      'unit*',
      '--reporter=dot',
      '--reporter=./.ci/skipped-tests-reporter.mjs',
    ],
  },
  { name: 'reference', cores: 1, command: npm('reference:results') },
  { name: 'reference-seed', cores: 1, command: cli('--level', 'strict', '--edition', 'seed') },
  { name: 'reference-0.0.1-rc.1', cores: 1, command: cli('--level', 'strict', '--edition', '0.0.1-rc.1') },
  { name: 'actionlint', cores: 1, command: npm('lint:workflow') },
  { name: 'lint', cores: 1, command: npm('lint') },
  { name: 'coverage', cores: 1, command: cli('--coverage') },
  { name: 'schemas', cores: 1, command: ['node', 'dist/conformance/schemas/generate-json-schemas.js', '--check'] },
  { name: 'cli-docs', cores: 1, command: ['node', 'dist/conformance/cli/write-option-docs.js', '--check'] },
  { name: 'clauses', cores: 1, command: ['node', 'dist/conformance/docs/write-clause-document.js', '--check'] },
];

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
