/**
 * `npm test`'s steps after the build, as .ci/schedule.mjs runs them: the unit tests (vitest projects
 * `unit` and `unit-shared`, a worker per core and one more) and the short checks: actionlint, biome,
 * the clause catalog's coverage lint, the drift checks (JSON schemas, docs/cli.md's option rows, the
 * clause document) and the reference at the strict level in its three editions. One list for both of
 * their schedules: `npm test` alone (.ci/checks.mjs), and `npm run test:all` (.ci/matrices.mjs
 * --with-checks), where they run beside the matrices' steps as CI runs them.
 */
import { availableParallelism } from 'node:os';
import { npmScript as npm } from './schedule.mjs';

const cli = (...args) => ['node', 'dist/bundled/cli.js', ...args];

/** The step that writes the reference's results file (reports/results/reference.json), which the docs site reads. */
export const REFERENCE_RESULTS_STEP = 'reference';

/** @type {import('./schedule.mjs').Step[]} */
export const checkSteps = [
  {
    name: 'unit',
    cores: availableParallelism(),
    // Not `network`: its one command that may ask the npm registry (test/package/packed-links.test.ts's `npm install`)
    // takes the extra CA bundle back from where .ci/schedule.mjs's stepEnv sets it aside.
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
  { name: REFERENCE_RESULTS_STEP, cores: 1, command: npm('reference:results') },
  { name: 'reference-seed', cores: 1, command: cli('--level', 'strict', '--edition', 'seed') },
  { name: 'reference-0.0.1-rc.1', cores: 1, command: cli('--level', 'strict', '--edition', '0.0.1-rc.1') },
  { name: 'actionlint', cores: 1, command: npm('lint:workflow') },
  { name: 'lint', cores: 1, command: npm('lint') },
  { name: 'coverage', cores: 1, command: cli('--coverage') },
  { name: 'schemas', cores: 1, command: ['node', 'dist/conformance/schemas/generate-json-schemas.js', '--check'] },
  { name: 'cli-docs', cores: 1, command: ['node', 'dist/conformance/cli/write-option-docs.js', '--check'] },
  { name: 'clauses', cores: 1, command: ['node', 'dist/conformance/docs/write-clause-document.js', '--check'] },
];
