/**
 * Runs a list of CI steps at most `cores` cores' worth at a time, so steps that use one core
 * (a dsh run, a stdio host, a test file that waits on one kit process) overlap each other and fill
 * the cores a two-core step (the mutant matrix) leaves idle at its end. A step starts when the steps
 * it needs have passed and enough cores are free, in the order the list gives (put the longest
 * first); when the next step wants more cores than are free, a later one that fits starts instead.
 * A step whose needs failed is not run and counts as failed. SIGINT or SIGTERM is passed on to the
 * running steps, and nothing else starts. Used by .ci/matrices.mjs and .ci/checks.mjs (npm test).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const QUIETLY = fileURLToPath(new URL('./quietly.mjs', import.meta.url));

/**
 * @typedef {{ name: string, cores: number, needs?: string[], network?: boolean, command: string[] }} Step
 * @typedef {{ name: string, status: 'passed' | 'failed' | 'not run', startedAt: number, wallS: number, cpuS: number | undefined }} Outcome
 */

/**
 * The extra CA bundle Node loads at every start when this names one (CI's machine sets it to the system's whole
 * bundle, /etc/ssl/certs/ca-certificates.crt, 220 KB): about 55 ms of CPU per Node process (`node -e 0`: 0.10-0.13 s
 * with it, 0.04-0.06 s without), and CI's steps start thousands of Node processes (suites, workers, vitest's). Only
 * what reaches the npm registry (npx fetching a Node, npm installing) needs it: a step marked `network: true`.
 */
export const EXTRA_CA_VARIABLE = 'NODE_EXTRA_CA_CERTS';
/**
 * Where a step run without the bundle finds its path, for the one command inside it that reaches the registry (the
 * unit step's test/package/packed-links.test.ts, `npm install`): Node does not read this name.
 */
export const SET_ASIDE_CA_VARIABLE = 'CI_REGISTRY_CA_CERTS';

/**
 * The environment a step runs in: `env` itself for a step marked `network` or when the variable is not set (then
 * nothing changes), otherwise a copy without the extra CA bundle, its path set aside as SET_ASIDE_CA_VARIABLE.
 * @param {Step} step
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function stepEnv(step, env = process.env) {
  if (step.network || env[EXTRA_CA_VARIABLE] === undefined) return env;
  const { [EXTRA_CA_VARIABLE]: bundle, ...rest } = env;
  return { ...rest, [SET_ASIDE_CA_VARIABLE]: bundle };
}

/**
 * Runs the steps; each through `.ci/quietly.mjs` (one line when it passes, everything when it fails),
 * its output printed whole when it ends so two steps' lines never interleave.
 * @param {Step[]} steps
 * @param {{ cores: number, log?: (text: string) => void }} options
 * @returns {Promise<Outcome[]>} in the order of `steps`
 */
export async function runSteps(steps, { cores, log = (text) => process.stdout.write(text) }) {
  const names = new Set(steps.map((step) => step.name));
  for (const step of steps)
    for (const need of step.needs ?? [])
      if (!names.has(need)) throw new Error(`step ${step.name} needs ${need}, which is not a step`);
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  /** @type {Map<string, Outcome>} */
  const outcomes = new Map();
  const waiting = [...steps];
  const running = new Set();
  let free = cores;
  const children = new Set();
  /** Set by SIGINT or SIGTERM: the running steps are told, and no other step starts. */
  let interrupted;

  await new Promise((resolve) => {
    const schedule = () => {
      if (interrupted)
        for (const step of waiting.splice(0)) {
          outcomes.set(step.name, { name: step.name, status: 'not run', startedAt: elapsed(), wallS: 0, cpuS: 0 });
          log(`NOT RUN ${step.name}: interrupted by ${interrupted}\n`);
        }
      for (const step of [...waiting]) {
        const needs = step.needs ?? [];
        const failed = needs.filter((need) => outcomes.has(need) && outcomes.get(need).status !== 'passed');
        if (failed.length > 0) {
          waiting.splice(waiting.indexOf(step), 1);
          outcomes.set(step.name, { name: step.name, status: 'not run', startedAt: elapsed(), wallS: 0, cpuS: 0 });
          log(`NOT RUN ${step.name}: it needs ${failed.join(', ')}, which did not pass\n`);
          return schedule();
        }
        if (!needs.every((need) => outcomes.has(need))) continue;
        const want = Math.min(step.cores, cores);
        if (want > free) continue;
        waiting.splice(waiting.indexOf(step), 1);
        free -= want;
        running.add(step.name);
        const startedAt = elapsed();
        const child = spawn(process.execPath, [QUIETLY, step.name, ...step.command], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: stepEnv(step),
        });
        children.add(child);
        const chunks = [];
        child.stdout.on('data', (chunk) => chunks.push(chunk));
        child.stderr.on('data', (chunk) => chunks.push(chunk));
        child.on('close', (code) => {
          children.delete(child);
          const output = Buffer.concat(chunks).toString();
          log(output.endsWith('\n') || output === '' ? output : `${output}\n`);
          const cpu = /^(?:ok {3}|FAIL )\S.*? \([\d.]+ s, CPU ([\d.]+) s\)/m.exec(output);
          outcomes.set(step.name, {
            name: step.name,
            status: code === 0 ? 'passed' : 'failed',
            startedAt,
            wallS: elapsed() - startedAt,
            cpuS: cpu ? Number(cpu[1]) : undefined,
          });
          running.delete(step.name);
          free += want;
          schedule();
        });
      }
      if (running.size > 0) return;
      // Nothing runs and nothing can start: what waits needs itself, through a circle.
      for (const step of waiting.splice(0)) {
        outcomes.set(step.name, { name: step.name, status: 'not run', startedAt: elapsed(), wallS: 0, cpuS: 0 });
        log(`NOT RUN ${step.name}: its needs go round in a circle\n`);
      }
      resolve();
    };
    for (const signal of ['SIGINT', 'SIGTERM'])
      process.once(signal, () => {
        interrupted = signal;
        for (const child of children) child.kill(signal);
        schedule();
      });
    schedule();
  });
  return steps.map((step) => outcomes.get(step.name));
}

/**
 * The table CI prints at the end: each step's start, wall and CPU seconds, and the cores kept busy.
 * @param {Outcome[]} outcomes
 * @param {number} wallS the whole schedule's wall time
 */
export function timesTable(outcomes, wallS) {
  const width = Math.max(...outcomes.map((outcome) => outcome.name.length));
  const lines = [`${'step'.padEnd(width)}  status   start s  wall s   CPU s`];
  for (const outcome of [...outcomes].sort((a, b) => a.startedAt - b.startedAt))
    lines.push(
      `${outcome.name.padEnd(width)}  ${outcome.status.padEnd(7)}  ${outcome.startedAt.toFixed(0).padStart(7)}  ${outcome.wallS.toFixed(0).padStart(6)}  ${outcome.cpuS === undefined ? '      -' : outcome.cpuS.toFixed(0).padStart(6)}`,
    );
  const cpu = outcomes.reduce((sum, outcome) => sum + (outcome.cpuS ?? 0), 0);
  lines.push(
    `all steps: ${wallS.toFixed(0)} s wall, ${cpu.toFixed(0)} s CPU (${(cpu / Math.max(wallS, 1)).toFixed(2)} cores busy on average)`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * A step's command for an npm script, arguments passed on after `--`.
 * @param {string} script
 * @param {string[]} args
 */
export function npmScript(script, ...args) {
  return ['npm', 'run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])];
}

/**
 * Ends a schedule: names the steps that did not pass, after `label`, and sets the exit code (1 if any).
 * @param {Outcome[]} outcomes
 * @param {string} label
 */
export function reportFailures(outcomes, label) {
  const failed = outcomes.filter((outcome) => outcome.status !== 'passed');
  if (failed.length > 0)
    console.log(`${label}: ${failed.length} step(s) did not pass: ${failed.map((o) => o.name).join(', ')}`);
  process.exitCode = failed.length > 0 ? 1 : 0;
}
