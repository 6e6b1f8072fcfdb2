/**
 * `npm run bench`: what a newcomer waits for, measured side by side in one
 * run (rounds interleaved, medians), so machine load affects every figure
 * alike. Figures go into notes and docs/benchmark.md, never into timed tests.
 *
 * - bare: cucumber-js itself running one trivial scenario (one empty step).
 * - one: the kit's CLI running one scenario against the reference (`--tags`),
 *   child process and all, `--explore off`. Start-up ratio = one / bare (target 1.15, issue 36).
 * - whole: the kit's CLI running the whole suite against the reference, its
 *   scenarios only (`--explore off`). Marginal cost per scenario =
 *   (whole - one) / (N - 1) (target: at most 0.8% of the bare run, issue 36).
 * - default: the default run, the scenarios then the exploration at its
 *   default budget. Exploration phase = default - whole; default / whole is
 *   what exploration costs a run (target at most 1.5x, issue 36).
 *
 * The four headline figures are printed side by side at the end and written
 * to a JSON file (--out, default reports/bench.json).
 *
 * Both figures are given from the medians of each kind of run and as the
 * median of each round's own figures, which a changing load disturbs less.
 *
 * Over stdio (the first BENCH_STDIO_RUNS rounds; 0 leaves them out), beside a
 * whole suite in process (`--parallel 1`) run in the same round, all judged
 * against the seed edition (the one the Python host implements):
 * - python: the Python example host's whole suite, reused processes, the
 *   default parallelism for exec: hosts (the machine's cores);
 * - stdio reference: the reference served over stdio, the same way;
 * - once: the Python host with a process per scenario and one worker.
 * Each is given as the median of the per-round ratios to the in-process run
 * (target for the Python host: at most 5x on a 2-core machine).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CLI_BUNDLE } from '../bundled-entries.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { defineCommandLine, readCommandLine, wholeNumber } from '../options/option-table.js';
import { HELP_OPTION } from '../options/shared-options.js';

const BENCH_COMMAND_LINE = defineCommandLine({
  program: 'bench',
  usage: ['npm run bench -- [options]'],
  description:
    'Times the kit against bare cucumber-js, whole processes in alternating rounds, and prints the figures side by side;\nwrites them to a JSON file. Nothing asserts a time.',
  options: {
    runs: {
      type: 'string',
      value: 'N',
      default: Number(process.env.BENCH_RUNS ?? 5),
      parse: wholeNumber(1, 100),
      help: 'measured rounds, after one warm-up round (env BENCH_RUNS)',
    },
    'stdio-runs': {
      type: 'string',
      value: 'N',
      default: Number(process.env.BENCH_STDIO_RUNS ?? 5),
      parse: wholeNumber(0, 100),
      help: 'rounds that also run the stdio hosts; 0 leaves them out (env BENCH_STDIO_RUNS)',
    },
    scenario: {
      type: 'string',
      value: 'TAGS',
      default: process.env.BENCH_SCENARIO ?? '@id:cfg-seed-example',
      help: 'the one scenario of the start-up run (env BENCH_SCENARIO)',
    },
    out: { type: 'string', value: 'FILE', default: 'reports/bench.json', help: 'where the figures are written (JSON)' },
    help: HELP_OPTION,
  },
});
const commandLine = readCommandLine(BENCH_COMMAND_LINE, process.argv.slice(2));
if (!commandLine.ok) process.exit(commandLine.exit);
const OPTIONS = commandLine.value.options;

const RUNS = OPTIONS.runs;
const ONE_SCENARIO = OPTIONS.scenario;
const CLI = CLI_BUNDLE;
const STDIO_RUNS = Math.min(RUNS, OPTIONS['stdio-runs']);
const PYTHON_TARGET = 5;
const SEED = ['--edition', 'seed'];
/** The scenarios alone: what the start-up, per-scenario and stdio figures measure. */
const SCENARIOS_ONLY = ['--explore', 'off'];
const EXPLORATION_TARGET = 1.5;
const START_UP_TARGET = 1.15;
/** The marginal cost per scenario, as a share of the bare run (percent). */
const PER_SCENARIO_TARGET_PERCENT = 0.8;

interface Timed {
  ms: number;
  /** CPU time of the process and every descendant it waited for; NaN where unknown. */
  cpuMs: number;
  stdout: string;
}

/**
 * CPU time (user + system) of this process's waited-for children so far, from
 * /proc (Linux; clock ticks assumed 100 Hz). Less sensitive to a loaded
 * machine than wall time, so both are shown.
 */
function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN;
  }
}

function timed(args: string[], cwd: string): Timed {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`bench: ${args.join(' ')} exited ${run.status}:\n${run.stdout}${run.stderr}`);
  return { ms, cpuMs: childrenCpuMs() - cpuBefore, stdout: run.stdout };
}

/**
 * Where one run's time goes: the trace points both processes print with
 * PLAN_MODE_CONFORMANCE_TRACE=1 (runner/trace-point.ts), as milliseconds
 * since the CLI was spawned, in the order they came, each with the CPU time
 * its process had used by then.
 */
function phases(args: string[], cwd: string): string {
  const spawned = performance.timeOrigin + performance.now();
  const run = spawnSync(process.execPath, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', PLAN_MODE_CONFORMANCE_TRACE: '1' },
  });
  const ended = performance.timeOrigin + performance.now();
  const points = [...run.stderr.matchAll(/^trace (\S+) ([\d.]+) (\d+)$/gm)].map(([, label, at, cpu]) => ({
    label: label!,
    ms: Number(at) - spawned,
    cpuMs: Number(cpu),
  }));
  points.sort((a, b) => a.ms - b.ms);
  return [
    ...points.map((point) => `${point.label} ${point.ms.toFixed(0)} (cpu ${point.cpuMs})`),
    `exited ${(ended - spawned).toFixed(0)}`,
  ].join(', ');
}

function round(value: number, digits = 0): number {
  return Number(value.toFixed(digits));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function scenarioCount(stdout: string): number {
  const match = stdout.match(/conformance: (\d+) passed, (\d+) failed, (\d+) skipped/);
  if (!match) throw new Error(`bench: no closing line in:\n${stdout.slice(-500)}`);
  return Number(match[1]) + Number(match[2]) + Number(match[3]);
}

/** A one-scenario cucumber project: one feature, one empty step. */
async function bareProject(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'plan-mode-conformance-bench-'));
  await writeFile(join(dir, 'trivial.feature'), 'Feature: trivial\n  Scenario: nothing\n    Given nothing happens\n');
  const cucumber = createRequire(import.meta.url).resolve('@cucumber/cucumber');
  await writeFile(
    join(dir, 'steps.mjs'),
    `import { Given } from ${JSON.stringify(cucumber)};\nGiven('nothing happens', () => {});\n`,
  );
  return dir;
}

/**
 * The Python interpreter itself, not a launcher in front of it (a pyenv shim
 * costs more than the host's start): what is measured is the host.
 */
function pythonInterpreter(): string | undefined {
  try {
    return (
      execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

interface StdioKind {
  label: string;
  args: string[];
  /** Per round: its wall time / that round's in-process whole suite. */
  ratios: number[];
  times: number[];
}

function stdioKinds(): StdioKind[] {
  const python = pythonInterpreter();
  const host = join(PACKAGE_ROOT, 'examples', 'python-host', 'host.py');
  const reference = join(PACKAGE_ROOT, 'dist', 'reference', 'stdio-host.js');
  const exec = (words: string[]) => `exec:${words.map((word) => JSON.stringify(word)).join(' ')}`;
  const kinds: StdioKind[] = [];
  if (python)
    kinds.push({
      label: `python host, reused processes, default --parallel (${availableParallelism()})`,
      args: ['--adapter', exec([python, host])],
      ratios: [],
      times: [],
    });
  else console.log('bench: no python3 found; the Python host is left out');
  kinds.push({
    label: `stdio reference, reused processes, default --parallel (${availableParallelism()})`,
    args: ['--adapter', exec([process.execPath, reference])],
    ratios: [],
    times: [],
  });
  return kinds;
}

async function main(): Promise<void> {
  const require = createRequire(import.meta.url);
  const cucumberBin = join(dirname(require.resolve('@cucumber/cucumber/package.json')), 'bin', 'cucumber.js');
  const bare = await bareProject();
  try {
    const times = { bare: [] as number[], one: [] as number[], whole: [] as number[], explored: [] as number[] };
    const cpu = { bare: [] as number[], one: [] as number[], whole: [] as number[], explored: [] as number[] };
    let scenarios = 0;
    const stdio = STDIO_RUNS > 0 ? stdioKinds() : [];
    const python = stdio.find((kind) => kind.label.startsWith('python'));
    let perScenarioProcess: { ms: number; ratio: number } | undefined;
    let seedScenarios = 0;
    // One warm-up round (file-system caches), then measured rounds, interleaved.
    for (let round = 0; round <= RUNS; round += 1) {
      const b = timed([cucumberBin, '--import', 'steps.mjs', 'trivial.feature'], bare);
      const one = timed([CLI, '--tags', ONE_SCENARIO, ...SCENARIOS_ONLY], PACKAGE_ROOT);
      const whole = timed([CLI, '--parallel', '1', ...SCENARIOS_ONLY], PACKAGE_ROOT);
      // The default run as a user runs it: on two cores or more its exploration runs beside the scenarios.
      const explored = timed([CLI], PACKAGE_ROOT);
      if (scenarioCount(one.stdout) !== 1) throw new Error(`bench: ${ONE_SCENARIO} must select exactly one scenario`);
      if (!/^exploration: /m.test(explored.stdout)) throw new Error('bench: the default run did not explore');
      scenarios = scenarioCount(whole.stdout);
      if (round === 0) continue;
      if (round <= STDIO_RUNS && stdio.length > 0) {
        const inProcess = timed([CLI, '--parallel', '1', ...SEED, ...SCENARIOS_ONLY], PACKAGE_ROOT);
        seedScenarios = scenarioCount(inProcess.stdout);
        for (const kind of stdio) {
          const run = timed([CLI, ...kind.args, ...SEED, ...SCENARIOS_ONLY], PACKAGE_ROOT);
          if (scenarioCount(run.stdout) !== seedScenarios)
            throw new Error(`bench: ${kind.label} ran another number of scenarios`);
          kind.times.push(run.ms);
          kind.ratios.push(run.ms / inProcess.ms);
        }
        if (round === 1 && python) {
          const run = timed(
            [
              CLI,
              ...python.args.slice(0, -1),
              `${python.args.at(-1)} --no-reuse`,
              '--parallel',
              '1',
              ...SEED,
              ...SCENARIOS_ONLY,
            ],
            PACKAGE_ROOT,
          );
          perScenarioProcess = { ms: run.ms, ratio: run.ms / inProcess.ms };
        }
      }
      times.bare.push(b.ms);
      times.one.push(one.ms);
      times.whole.push(whole.ms);
      times.explored.push(explored.ms);
      cpu.bare.push(b.cpuMs);
      cpu.one.push(one.cpuMs);
      cpu.whole.push(whole.cpuMs);
      cpu.explored.push(explored.cpuMs);
    }
    const [bareMs, oneMs, wholeMs] = [median(times.bare), median(times.one), median(times.whole)];
    const show = (values: number[]) => `[${values.map((value) => value.toFixed(0)).join(', ')}]`;
    console.log(
      `bare cucumber-js, one trivial scenario: ${bareMs.toFixed(0)} ms median of ${RUNS} ${show(times.bare)}`,
    );
    console.log(`kit CLI, one scenario (${ONE_SCENARIO}):   ${oneMs.toFixed(0)} ms ${show(times.one)}`);
    console.log(
      `kit CLI, whole suite (${scenarios} scenarios, --explore off): ${wholeMs.toFixed(0)} ms ${show(times.whole)}`,
    );
    const exploredMs = median(times.explored);
    const exploreRounds = times.whole.map((wholeRound, index) => times.explored[index]! / wholeRound);
    console.log(
      `kit CLI, default run (${availableParallelism() >= 2 ? 'the exploration beside the scenarios' : 'scenarios, then exploration: one core'}): ${exploredMs.toFixed(0)} ms ${show(times.explored)}`,
    );
    console.log(
      `phases: scenarios ${wholeMs.toFixed(0)} ms, exploration ${(exploredMs - wholeMs).toFixed(0)} ms; default / scenario-only: ${(exploredMs / wholeMs).toFixed(2)}x ` +
        `(per round, median ${median(exploreRounds).toFixed(2)}x ${show(exploreRounds.map((ratio) => ratio * 100))}%; target at most ${EXPLORATION_TARGET}x)`,
    );
    console.log(`start-up ratio (one / bare): ${(oneMs / bareMs).toFixed(2)}x (target ${START_UP_TARGET}x)`);
    console.log(
      `marginal cost per scenario ((whole - one) / ${scenarios - 1}): ${((wholeMs - oneMs) / (scenarios - 1)).toFixed(2)} ms (target ${PER_SCENARIO_TARGET_PERCENT}% of the bare run: ${((bareMs * PER_SCENARIO_TARGET_PERCENT) / 100).toFixed(2)} ms)`,
    );
    // The same figures per round, then their median: each round's runs follow one another, so a
    // load that comes and goes during the bench moves a round's three runs together.
    const rounds = times.bare.map((bareRound, index) => ({
      ratio: times.one[index]! / bareRound,
      marginal: (times.whole[index]! - times.one[index]!) / (scenarios - 1),
    }));
    console.log(
      `per round, median: start-up ratio ${median(rounds.map((round) => round.ratio)).toFixed(2)}x ${show(rounds.map((round) => round.ratio * 100))}%, ` +
        `marginal ${median(rounds.map((round) => round.marginal)).toFixed(2)} ms`,
    );
    if (stdio.length > 0) {
      console.log(
        `over stdio (seed edition, ${seedScenarios} scenarios), each beside its round's whole suite in process (--parallel 1), median of ${STDIO_RUNS} per-round ratios:`,
      );
      for (const kind of stdio) {
        const target = kind === python ? ` (target at most ${PYTHON_TARGET}x)` : '';
        console.log(
          `  ${kind.label}: ${median(kind.times).toFixed(0)} ms ${show(kind.times)}, ${median(kind.ratios).toFixed(2)}x${target} ${show(kind.ratios.map((ratio) => ratio * 100))}%`,
        );
      }
      if (perScenarioProcess) {
        console.log(
          `  python host, a process per scenario, --parallel 1 (one round): ${perScenarioProcess.ms.toFixed(0)} ms, ${perScenarioProcess.ratio.toFixed(2)}x`,
        );
      }
    }
    // The four figures side by side, and into the JSON file (CI prints it; nothing asserts a time).
    // CPU time (user + system, both processes) beside wall time: on a shared machine it moves less.
    const [bareCpu, oneCpu, wholeCpu, exploredCpu] = [cpu.bare, cpu.one, cpu.whole, cpu.explored].map(median) as [
      number,
      number,
      number,
      number,
    ];
    const figures = {
      taken: new Date().toISOString(),
      how: `whole processes; ${RUNS} measured rounds after a warm-up, each round's runs one after another; medians`,
      machine: { cores: availableParallelism(), loadAverage: loadavg().map((load) => Number(load.toFixed(2))) },
      startUp: {
        kitOneScenarioMs: round(oneMs),
        bareCucumberMs: round(bareMs),
        ratio: round(oneMs / bareMs, 3),
        perRoundMedianRatio: round(median(rounds.map((r) => r.ratio)), 3),
        target: START_UP_TARGET,
      },
      perScenario: {
        scenarios,
        marginalMs: round((wholeMs - oneMs) / (scenarios - 1), 2),
        percentOfBare: round((100 * (wholeMs - oneMs)) / (scenarios - 1) / bareMs, 2),
        target: `${PER_SCENARIO_TARGET_PERCENT}% of the bare run`,
      },
      exploration: {
        defaultRunMs: round(exploredMs),
        scenarioOnlyMs: round(wholeMs),
        ratio: round(exploredMs / wholeMs, 3),
        perRoundMedianRatio: round(median(exploreRounds), 3),
        target: EXPLORATION_TARGET,
      },
      cpu: Number.isNaN(bareCpu)
        ? null
        : {
            bareCucumberMs: round(bareCpu),
            kitOneScenarioMs: round(oneCpu),
            wholeSuiteMs: round(wholeCpu),
            defaultRunMs: round(exploredCpu),
            startUpRatio: round(oneCpu / bareCpu, 3),
            marginalMs: round((wholeCpu - oneCpu) / (scenarios - 1), 2),
            explorationRatio: round(exploredCpu / wholeCpu, 3),
          },
      stdio: stdio.map((kind) => ({
        label: kind.label,
        medianMs: round(median(kind.times)),
        ratioToInProcess: round(median(kind.ratios), 3),
      })),
    };
    console.log('side by side:');
    console.log(
      `  start-up, one scenario / bare cucumber-js:  ${figures.startUp.ratio}x (per round ${figures.startUp.perRoundMedianRatio}x; target ${START_UP_TARGET}x)`,
    );
    console.log(
      `  marginal cost per scenario:                 ${figures.perScenario.marginalMs} ms, ${figures.perScenario.percentOfBare}% of the bare run (target ${PER_SCENARIO_TARGET_PERCENT}%)`,
    );
    console.log(
      `  exploration, default run / --explore off:   ${figures.exploration.ratio}x (per round ${figures.exploration.perRoundMedianRatio}x; target ${EXPLORATION_TARGET}x)`,
    );
    for (const kind of figures.stdio) console.log(`  ${kind.label} / in process: ${kind.ratioToInProcess}x`);
    if (figures.cpu)
      console.log(
        `  in CPU time (both processes):              start-up ${figures.cpu.startUpRatio}x, ${figures.cpu.marginalMs} ms a scenario, exploration ${figures.cpu.explorationRatio}x`,
      );
    const out = resolve(PACKAGE_ROOT, OPTIONS.out);
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`bench: wrote ${out}`);
    console.log(`phases of one run (ms since the CLI was spawned):`);
    console.log(`  one scenario: ${phases([CLI, '--tags', ONE_SCENARIO, ...SCENARIOS_ONLY], PACKAGE_ROOT)}`);
    console.log(`  whole suite:  ${phases([CLI, ...SCENARIOS_ONLY], PACKAGE_ROOT)}`);
    console.log(`  default run:  ${phases([CLI], PACKAGE_ROOT)}`);
    if (!Number.isNaN(bareCpu)) {
      console.log(
        `CPU time (user + system, all processes), medians: bare ${bareCpu.toFixed(0)} ms, one ${oneCpu.toFixed(0)} ms, whole ${wholeCpu.toFixed(0)} ms`,
      );
      console.log(
        `  CPU start-up ratio ${(oneCpu / bareCpu).toFixed(2)}x, CPU per further scenario ${((wholeCpu - oneCpu) / (scenarios - 1)).toFixed(2)} ms`,
      );
      console.log(
        `  CPU of the default run ${exploredCpu.toFixed(0)} ms: exploration ${(exploredCpu - wholeCpu).toFixed(0)} ms, ${(exploredCpu / wholeCpu).toFixed(2)}x the scenario-only run`,
      );
    }
  } finally {
    await rm(bare, { recursive: true, force: true });
  }
}

await main();
