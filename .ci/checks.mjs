#!/usr/bin/env node
/**
 * `npm test`'s steps after the build (`node .ci/checks.mjs`), side by side on .ci/schedule.mjs:
 * the unit tests (vitest project `unit`, a worker per core and one more) and beside them, one at a
 * time, the short checks: actionlint, biome, the clause catalog's coverage lint, the drift checks
 * (JSON schemas, docs/cli.md's option rows, the clause document) and the reference at the strict
 * level in its three editions. Those short checks take about twenty seconds one after another; the
 * unit tests leave enough of the cores idle (their files wait on processes they started) that run
 * beside them they add little. Each step prints one line when it passes and its whole output when it
 * fails; exit 1 if any step failed.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
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
      '--project',
      'unit',
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

// One core more than the machine has: the unit step's cores, and one short check at a time beside it.
const outcomes = await runSteps(steps, { cores: availableParallelism() + 1 });
reportFailures(outcomes, 'npm test');
