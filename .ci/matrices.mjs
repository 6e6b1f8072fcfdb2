#!/usr/bin/env node
/**
 * `npm run test:matrices` (`node .ci/matrices.mjs [--cores N] [--node VERSION ...] [--step NAME ...]
 * [--list] [--with-checks]`): the slow
 * half CI adds to `npm test`, as steps that run side by side, `--cores` cores' worth at a time
 * (one more than the machine's cores unless told, see CORES below; .ci/schedule.mjs): the vitest project `matrices`, one step
 * per test file; the mutant and variant matrices (two cores each: their workers); dsh's three
 * runs and its Node 22 unit tests; the docs site; the stdio hosts (the Python example's unit
 * tests and its runs in two editions, and transport:check in each edition the reference
 * implements). With `--node 22 --node 24` (what .ci/run passes), also .ci/on-node.sh on those
 * Nodes. Each step prints one line (its wall and CPU seconds) when it passes and its whole output
 * when it fails; a table of every step's start, wall and CPU ends the run. Exit 1 if any step failed.
 * `--list` names the steps; `--step NAME` runs only those named (to measure or rerun one).
 * `--with-checks` (`npm run test:all`; .ci/run's `npm test -- --with-matrices`) adds `npm test`'s steps (.ci/check-steps.mjs) to the
 * same schedule: one after the other, the matrices waited for the unit step's last files, which keep the two
 * cores about 1.6 busy, and `npm test`'s short checks ran while the matrices' long steps could have.
 *
 * The steps are listed longest first, so the long ones that use one core overlap each other and
 * the short ones fill the end. Two steps never share a fixed path they write (each has its own
 * TMPDIR; the matrices build in folders of their own), with one exception the `needs` below
 * handle: .ci/compile-cache-check.mjs clears a Node's code cache and watches it, so on-node.sh
 * for Node 22 waits for the other steps that run the kit on Node 22 (dsh).
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { checkSteps, REFERENCE_RESULTS_STEP } from './check-steps.mjs';
import { withPythonFirst } from './python-first.mjs';
import { npmScript as npm, reportFailures, runSteps, timesTable } from './schedule.mjs';

// The steps name paths from the repository's root, wherever this was started from.
process.chdir(fileURLToPath(new URL('..', import.meta.url)));

/**
 * The cores' worth of steps run at once by default: one more than the machine has. Most steps
 * counted as one core use less (a vitest file waiting on the kit processes it starts, dsh's runs
 * waiting on timers: 0.5 to 0.9 of a core each on the quiet 2-core machine, the lead's table in
 * docs/benchmark.md "CI"), so with only the cores' worth the two cores were busy 1.6 of the time
 * on average; as for vitest's workers (vitest.config.ts), one more keeps them busy.
 */
const CORES = availableParallelism() + 1;

const values = (() => {
  try {
    return parseArgs({
      options: {
        cores: { type: 'string', default: String(CORES) },
        node: { type: 'string', multiple: true, default: [] },
        step: { type: 'string', multiple: true, default: [] },
        list: { type: 'boolean', default: false },
        'with-checks': { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    console.error(`matrices: ${error.message}`);
    process.exit(2);
  }
})();
const cores = Number(values.cores);
if (!Number.isInteger(cores) || cores < 1) {
  console.error(`matrices: --cores needs a whole number of at least 1, got ${JSON.stringify(values.cores)}`);
  process.exit(2);
}
const nodes = values.node;
const withChecks = values['with-checks'];
for (const version of nodes)
  if (!/^\d+$/.test(version)) {
    console.error(`matrices: --node needs a major version (22), got ${JSON.stringify(version)}`);
    process.exit(2);
  }

// No results cache: several vitest processes run at once, and vitest writes its cache file unguarded.
const vitest = (...args) => [
  'npx',
  'vitest',
  'run',
  '--no-cache',
  '--reporter=dot',
  '--reporter=./.ci/skipped-tests-reporter.mjs',
  ...args,
];

/** The matrices project's files, as vitest.config.ts lists them (vitest says, so the list lives once). */
const matrixFiles = JSON.parse(
  execFileSync('npx', ['vitest', 'list', '--project', 'matrices', '--filesOnly', '--json'], { encoding: 'utf8' }),
).map((entry) => relative(process.cwd(), entry.file));
/** The files' cost, longest first (measured: docs/ci.md); a file not named here goes after them. */
const FILE_ORDER = [
  'test/conformance/explore/reach.test.ts',
  'test/conformance/runner/parallel-and-shards.test.ts',
  'test/conformance/explore/exploration-in-run.test.ts',
  'test/examples/ci-workflow.test.ts',
  // rc.8's slice alone (the test says why): about a third of its three editions' CPU.
  'test/conformance/equivalence/equivalence.test.ts',
];
const rank = (file) => (FILE_ORDER.includes(file) ? FILE_ORDER.indexOf(file) : FILE_ORDER.length);
const fileSteps = matrixFiles
  .sort((a, b) => rank(a) - rank(b))
  .map((file) => ({
    name: `matrices: ${file.replace(/^test\//, '').replace(/\.test\.ts$/, '')}`,
    cores: 1,
    command: vitest('--project', 'matrices', file),
  }));

const { default: reference } = await import('../dist/reference/adapter.js');
const editions = reference.editions ?? ['seed'];
const dsh = ['dsh', 'dsh-0.0.1-rc.1', 'dsh-seed'];
/**
 * The edition whose `transport` step is the default run over stdio, exploration included: the one whose
 * wire carries the most (rc.8: `/plan` images, owned children, `command/done`).
 */
const EXPLORED_OVER_STDIO = editions.includes('rc.8') ? 'rc.8' : editions.at(-1);
/** The Node dsh's runs use (package.json's `conformance:dsh*` scripts: `npx -p node@22`). */
const DSH_NODE = '22';
const nodeSteps = [...new Set([DSH_NODE, ...nodes])].map((version) => ({
  // npx fetches a Node once; the steps that run on it then find it in npx's cache, never two at once.
  name: `node@${version}`,
  cores: 1,
  // The steps that reach the npm registry keep its CA bundle (.ci/schedule.mjs, stepEnv): npx fetching a Node.
  network: true,
  command: ['npx', '-y', '-p', `node@${version}`, 'node', '--version'],
}));

/**
 * Every scenario over stdio (reused processes) against the same in process, in one edition. In rc.8 as the
 * default run over stdio, so the exploration goes over stdio too; the other editions leave it out
 * (`--scenarios-only`): what the wire carries in an edition its scenarios compare, and the exploration's
 * traffic is the exec adapter's and the stdio host's, the same code in every edition, explored over stdio
 * here and by the Python example in two editions (docs/ci.md, "The kit's own CI").
 * @param {string} edition
 * @returns {import('./schedule.mjs').Step}
 */
function transportStep(edition) {
  return {
    name: `transport (${edition})`,
    cores: 1,
    command: [
      'node',
      'dist/conformance/equivalence/equivalence-check.js',
      '--reuse-only',
      // One worker, as for the Python example below: 0.87x the CPU of the default run over stdio (docs/benchmark.md,
      // round 48, ci-time); `--parallel` over stdio is proven by parallel-and-shards.
      ...(edition === EXPLORED_OVER_STDIO ? ['--parallel', '1'] : ['--scenarios-only']),
      '--edition',
      edition,
    ],
  };
}

/** @type {import('./schedule.mjs').Step[]} */
const matrixSteps = [
  { name: 'mutants', cores: 2, command: ['node', 'dist/mutants/matrix.js'] },
  { name: 'variants', cores: 2, command: ['node', 'dist/variants/matrix.js'] },
  ...nodeSteps,
  ...fileSteps.slice(0, 1),
  ...editions.filter((edition) => edition === EXPLORED_OVER_STDIO).map(transportStep),
  // One worker: an `exec:` host's default is a worker per core, but these steps share the cores with the rest of CI,
  // where a second worker's start, compiling and garbage cost about a third more CPU for little wall time
  // (docs/benchmark.md, round 46, stdio-cost). `--parallel` over stdio is proven by parallel-and-shards.
  // With the interpreter first on PATH where `python3` is a launcher (pyenv's shim): .ci/python-first.mjs.
  { name: 'python (rc.8)', cores: 1, command: withPythonFirst(npm('example:python', '--parallel', '1')) },
  { name: 'python (seed)', cores: 1, command: withPythonFirst(npm('example:python-seed', '--parallel', '1')) },
  ...fileSteps.slice(1),
  // dsh's steps run on Node 22 through `npx -y -p node@22` (package.json), which asks the registry: the CA bundle stays.
  {
    name: 'dsh',
    cores: 1,
    network: true,
    needs: [`node@${DSH_NODE}`],
    command: npm('conformance:dsh', '--format', 'results:reports/results/dsh.json'),
  },
  {
    name: 'dsh-0.0.1-rc.1',
    cores: 1,
    network: true,
    needs: [`node@${DSH_NODE}`],
    command: npm('conformance:dsh-0.0.1-rc.1', '--format', 'results:reports/results/dsh-0.0.1-rc.1.json'),
  },
  { name: 'dsh-seed', cores: 1, network: true, needs: [`node@${DSH_NODE}`], command: npm('conformance:dsh-seed') },
  { name: 'dsh-node22', cores: 1, network: true, needs: [`node@${DSH_NODE}`], command: npm('unit:dsh-node22') },
  ...nodes.map((version) => ({
    name: `Node ${version}`,
    // Its unit step runs vitest with a worker per core.
    cores: 2,
    // npx fetches the Node (or asks the registry which is newest): as for what it runs, the CA bundle stays.
    network: true,
    needs: [`node@${version}`, ...(version === DSH_NODE ? [...dsh, 'dsh-node22'] : [])],
    // On dsh's Node, dsh's three default runs (which it waits for) explore with the whole kit on that Node.
    command: [
      ...(version === DSH_NODE ? ['env', 'EXPLORED_ON_THIS_NODE=elsewhere'] : []),
      'npx',
      '-y',
      '-p',
      `node@${version}`,
      '-c',
      '.ci/on-node.sh',
    ],
  })),
  // Without the exploration, about half the CPU of the one above: after the longer steps.
  ...editions.filter((edition) => edition !== EXPLORED_OVER_STDIO).map(transportStep),
  { name: 'python-unit', cores: 1, command: withPythonFirst(npm('example:python-unit')) },
  {
    name: 'docs',
    cores: 1,
    // With npm test's steps, the reference's results file is theirs to write (and not the docs step's too, at once).
    needs: ['mutants', 'dsh', 'dsh-0.0.1-rc.1', ...(withChecks ? [REFERENCE_RESULTS_STEP] : [])],
    command: [
      'sh',
      '-c',
      'test -f reports/results/reference.json || npm run --silent reference:results; npm run --silent docs:ci',
    ],
  },
];

/**
 * With `--with-checks`, npm test's unit step goes among the longest (after the mutant matrix, before the variant
 * matrix: both two cores' worth, as it is) and its short checks after the steps that start first, where they fill
 * the cores beside the long ones; the docs site waits for the reference's results file (above).
 */
function withCheckSteps() {
  const [unitStep, ...shortChecks] = checkSteps;
  const after = (name) => matrixSteps.findIndex((step) => step.name === name) + 1;
  const [unitAt, checksAt] = [after('mutants'), after('python (seed)')];
  return [
    ...matrixSteps.slice(0, unitAt),
    unitStep,
    ...matrixSteps.slice(unitAt, checksAt),
    ...shortChecks,
    ...matrixSteps.slice(checksAt),
  ];
}
const steps = withChecks ? withCheckSteps() : matrixSteps;

if (values.list) {
  for (const step of steps) console.log(step.name);
  process.exit(0);
}
const unknown = values.step.filter((name) => !steps.some((step) => step.name === name));
if (unknown.length > 0) {
  console.error(
    `matrices: no step named ${unknown.map((name) => JSON.stringify(name)).join(', ')} (--list names them)`,
  );
  process.exit(2);
}
// --step NAME: only the steps named, without the steps they need (run those first, or name them too).
const chosen =
  values.step.length === 0
    ? steps
    : steps
        .filter((step) => values.step.includes(step.name))
        .map((step) => ({ ...step, needs: (step.needs ?? []).filter((need) => values.step.includes(need)) }));
const started = performance.now();
const outcomes = await runSteps(chosen, { cores });
process.stdout.write(`\n${timesTable(outcomes, (performance.now() - started) / 1000)}`);
reportFailures(outcomes, withChecks ? 'test:all' : 'matrices');
