/**
 * `npm run transport:check`: runs the suite against the reference in process
 * and over stdio, both with one process for many scenarios (`reuse`) and with
 * a process per scenario, fails (exit 1) when any scenario's status differs,
 * and reports what the protocol costs per scenario. `--tags EXPR` narrows the
 * runs; `--call-limit MS` replaces the generous default limit per adapter
 * call; `--reuse-only` leaves out the run with a process per scenario.
 * Every edition the reference implements is compared (each edition sends the
 * host other values: images, owned children, `command/done` in its logs), or
 * only the one `--edition NAME` names; `--per-scenario-only` leaves out the
 * run with reused processes (the matrices project's equivalence test: CI's
 * transport:check steps compare those over the whole suite). Then, unless `--tags` or
 * `--scenarios-only`, the CLI's default run (scenarios and exploration) over
 * stdio, in each edition, must pass; its scenarios' results are the ones
 * compared with the in-process run's (no second run of the scenarios over
 * stdio with reused processes: the default run is one). `--parallel N` is
 * passed on to that default run (CI's `transport` step: 1, as for the Python
 * example's runs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Edition } from '../../src/index.js';
import { CLI_BUNDLE } from '../bundled-entries.js';
import { BUILT_IN_ADAPTERS } from '../adapters/adapter-path.js';
import { defineCommandLine, readCommandLine, type ParsedOptions } from '../options/option-table.js';
import { editionOption, HELP_OPTION, milliseconds, wholeNumber } from '../options/shared-options.js';
import { loadAdapter } from '../adapters/load-adapter.js';
import { MAX_WORKERS } from '../cli/arguments.js';
import { hostStartMs } from './cost.js';
import { readResultsFile } from '../docs/read-results.js';
import { EXPLORATION_ID } from '../results/exploration-uri.js';
import {
  compareTransports,
  differences as compareResults,
  STDIO_REFERENCE,
  type ComparedResult,
  type MeasuredRun,
} from './equivalence.js';

const START_RUNS = 10;

const TRANSPORT_CHECK_COMMAND_LINE = defineCommandLine({
  program: 'transport:check',
  usage: ['node dist/conformance/equivalence/equivalence-check.js [options]'],
  description:
    "Runs the suite against the reference in process and over stdio and fails (exit 1) when any scenario's status differs.",
  options: {
    edition: editionOption('compare only this edition (default: every edition the reference implements)'),
    tags: { type: 'string', value: 'EXPR', help: 'only scenarios matching the cucumber tag expression' },
    'call-limit': {
      type: 'string',
      value: 'MS',
      parse: milliseconds(),
      defaultText: "the runner's generous limit",
      help: 'time limit for one adapter call',
    },
    'reuse-only': { type: 'boolean', help: 'leave out the run with a process per scenario' },
    'per-scenario-only': {
      type: 'boolean',
      help: 'leave out the run with reused processes (transport:check without --tags compares those: the whole suite)',
    },
    'scenarios-only': {
      type: 'boolean',
      help: "leave out the default run over stdio (the CLI's scenarios and exploration)",
    },
    parallel: {
      type: 'string',
      value: 'N',
      parse: wholeNumber(1, MAX_WORKERS),
      defaultText: "the CLI's default: the machine's cores for an exec: host",
      // CI's steps share the cores with each other: a second worker's start, compiling and garbage cost CPU
      // and buy no wall time there (docs/benchmark.md, round 46's stdio-cost and round 48's ci-time).
      help: "the default run over stdio's --parallel (1 where the cores are busy with other work)",
    },
    help: HELP_OPTION,
  },
});
type CheckOptions = ParsedOptions<typeof TRANSPORT_CHECK_COMMAND_LINE.options>;

async function main(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(TRANSPORT_CHECK_COMMAND_LINE, argv);
  if (!commandLine.ok) return commandLine.exit;
  const { options } = commandLine.value;
  if (options['reuse-only'] && options['per-scenario-only']) {
    console.error('transport:check: --reuse-only and --per-scenario-only leave nothing over stdio; give one');
    return 2;
  }
  const editions: Edition[] = options.edition
    ? [options.edition]
    : ((await loadAdapter(BUILT_IN_ADAPTERS.reference!)).editions ?? ['seed']);
  let exitCode = 0;
  for (const [index, edition] of editions.entries()) {
    console.log(`edition ${edition}:`);
    // The cost of one host start is the same in every edition: measured once.
    exitCode = Math.max(exitCode, await compareEdition(options, edition, index === 0));
  }
  return exitCode;
}

async function compareEdition(options: CheckOptions, edition: Edition, measureStart: boolean): Promise<number> {
  const { tags, 'call-limit': callLimitMs } = options;
  // The default run over stdio runs every scenario over stdio with reused processes, as the run of
  // the scenarios alone over stdio would: its results stand in for that run's (the same comparison).
  const withDefaultRun = !options['scenarios-only'] && !tags;
  const { inProcess, overStdio, perScenario, differences } = await compareTransports({
    edition,
    ...(tags ? { tags } : {}),
    ...(callLimitMs ? { callLimitMs } : {}),
    perScenario: !options['reuse-only'],
    reused: !withDefaultRun && !options['per-scenario-only'],
  });
  const count = inProcess.results.length;
  const status = (results: readonly ComparedResult[]) =>
    ['passed', 'failed', 'skipped'].map((s) => `${results.filter((r) => r.status === s).length} ${s}`).join(', ');
  console.log(`in process: ${status(inProcess.results)} in ${(inProcess.wallMs / 1000).toFixed(1)} s`);
  if (overStdio)
    console.log(
      `over stdio: ${status(overStdio.results)} in ${(overStdio.wallMs / 1000).toFixed(1)} s (one process for many scenarios)`,
    );
  if (perScenario)
    console.log(
      `over stdio, a process per scenario: ${status(perScenario.results)} in ${(perScenario.wallMs / 1000).toFixed(1)} s`,
    );
  if (count > 0) {
    const per = (ms: number) => (ms / count).toFixed(1);
    const cost = (name: string, run: MeasuredRun) =>
      `${name}: wall ${per(run.wallMs)} ms, CPU ${per(run.cpu.kitMs + run.cpu.hostsMs)} ms (kit ${per(run.cpu.kitMs)} + host processes ${per(run.cpu.hostsMs)})`;
    console.log('per scenario:');
    console.log(`  ${cost('in process', inProcess)}`);
    if (overStdio) console.log(`  ${cost('over stdio', overStdio)}`);
    if (perScenario) console.log(`  ${cost('over stdio, a process per scenario', perScenario)}`);
    // What the run with a process per scenario pays per scenario; with reuse a run starts one per worker.
    if (measureStart && perScenario) {
      console.log(
        `one stdio host start (spawn, initialize, exit): ${(await hostStartMs(STDIO_REFERENCE, START_RUNS)).toFixed(0)} ms wall, mean of ${START_RUNS}`,
      );
    }
  }
  const defaultRun = withDefaultRun && count > 0 ? await defaultRunOverStdio(edition, options.parallel) : undefined;
  if (defaultRun?.scenarios) {
    console.log(`over stdio (the default run, one process for many scenarios): ${status(defaultRun.scenarios)}`);
    differences.push(...compareResults(inProcess.results, defaultRun.scenarios, 'over stdio'));
  }
  for (const difference of differences) console.error(`transport (${edition}): ${difference}`);
  if (count === 0) {
    console.error(`transport (${edition}): no scenario ran; nothing was compared`);
    return 1;
  }
  if (differences.length > 0) {
    console.error(`transport (${edition}): ${differences.length} difference(s) between in process and over stdio`);
    return 1;
  }
  if (defaultRun && !defaultRun.passed) return 1;
  const over = [
    ...(overStdio || defaultRun ? ['reused processes'] : []),
    ...(perScenario ? ['a process per scenario'] : []),
  ].join(' and ');
  const ways = `in process and over stdio (${over})`;
  console.log(`transport (${edition}): ${count} scenarios, identical per-scenario results ${ways}`);
  if (defaultRun) console.log(defaultRun.line);
  return 0;
}

interface DefaultRun {
  passed: boolean;
  /** Its scenarios' results (the exploration's record left out), when it wrote them. */
  scenarios?: ComparedResult[];
  /** What to print when everything else agrees. */
  line: string;
}

/**
 * The README's own command over stdio: the CLI's default run (every scenario,
 * then the exploration) against the reference's stdio host. It must pass as
 * the in-process reference does: an exploration over stdio meets what the
 * scenarios never do (a restart forgetting observers). Its results file gives
 * each scenario's status over stdio, compared with the in-process run's.
 */
async function defaultRunOverStdio(edition: Edition, parallel: number | undefined): Promise<DefaultRun> {
  const folder = await mkdtemp(join(tmpdir(), 'plan-mode-conformance-transport-'));
  try {
    const resultsFile = join(folder, 'results.json');
    const started = performance.now();
    const run = spawnSync(
      process.execPath,
      [
        CLI_BUNDLE,
        '--adapter',
        STDIO_REFERENCE,
        '--edition',
        edition,
        ...(parallel === undefined ? [] : ['--parallel', String(parallel)]),
        '--format',
        `results:${resultsFile}`,
      ],
      { encoding: 'utf8' },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const lines = run.stdout.trim().split('\n');
    const closing = lines.at(-1) ?? '';
    const exploration = lines.find((line) => line.startsWith('exploration: ')) ?? '(no exploration line)';
    const scenarios = existsSync(resultsFile)
      ? (await readResultsFile(resultsFile)).document.scenarios
          .filter((record) => record.id !== EXPLORATION_ID)
          .map((record) => ({
            stableId: record.id,
            uri: record.uri,
            name: record.name,
            status: record.status,
            ...(record.failure?.message !== undefined ? { message: record.failure.message } : {}),
          }))
      : undefined;
    if (run.status !== 0 || !exploration.startsWith('exploration: ') || scenarios === undefined) {
      console.error(
        `transport (${edition}): the default run over stdio exited ${run.status} in ${seconds} s${scenarios === undefined ? ' and wrote no results file' : ''}:`,
      );
      console.error(`${run.stdout}${run.stderr}`.trimEnd());
      return { passed: false, ...(scenarios ? { scenarios } : {}), line: '' };
    }
    return {
      passed: true,
      scenarios,
      line: `transport (${edition}): the default run over stdio passes in ${seconds} s: ${exploration}; ${closing}`,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

process.exitCode = await main(process.argv.slice(2));
