/**
 * The GitHub Actions example (examples/ci/plan-mode-conformance.yml), checked
 * two ways. Its kit commands run here as they would in CI, against the
 * reference: each job's `run:` steps that call the kit, every matrix
 * combination, in job order, in one working folder standing in for the
 * artifacts passed between jobs, with `npx plan-mode-conformance` resolving to
 * this checkout's CLI. And its job graph is played through for each way a
 * shard can end (exit 0, 1 or 2), running the workflow's own shell steps with
 * a stand-in kit: the gate, which always runs, must fail unless every shard
 * passed. actionlint checks the file in `npm test` (`lint:workflow`).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, ROOT, runCli } from './cli-harness.js';
import { temporaryFolder } from '../temporary-folder.js';
import { limitForProcesses, PROCESS_LIMIT_MS } from '../limits.js';

const WORKFLOW = join(ROOT, 'examples', 'ci', 'plan-mode-conformance.yml');

interface Step {
  name?: string;
  id?: string;
  run?: string;
  uses?: string;
  if?: string;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  strategy?: { matrix?: Record<string, unknown[]> };
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

const workflow = parse(readFileSync(WORKFLOW, 'utf8')) as Workflow;
const needsOf = (job: Job): string[] => [job.needs ?? []].flat();

/** Every combination of a job's matrix (one empty one without a matrix). */
function matrixOf(job: Job): Array<Record<string, string>> {
  let combinations: Array<Record<string, string>> = [{}];
  for (const [key, values] of Object.entries(job.strategy?.matrix ?? {})) {
    combinations = combinations.flatMap((combination) => values.map((value) => ({ ...combination, [key]: String(value) })));
  }
  return combinations;
}

/** `${{ a.b.c }}` replaced by its value in `context`; any other expression is one this test cannot run. */
function expand(text: string, context: Record<string, unknown>): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
    const value = expression.split('.').reduce<unknown>((object, key) => (object as Record<string, unknown> | undefined)?.[key], context);
    if (typeof value !== 'string') throw new Error(`the workflow uses \${{ ${expression} }}, which this test does not expand`);
    return value;
  });
}

/** Jobs in an order that respects `needs`. */
function jobOrder(jobs: Record<string, Job>): string[] {
  const done: string[] = [];
  const visit = (name: string): void => {
    if (done.includes(name)) return;
    for (const need of needsOf(jobs[name]!)) visit(need);
    done.push(name);
  };
  for (const name of Object.keys(jobs)) visit(name);
  return done;
}

/** A bin folder whose `npx plan-mode-conformance ...` runs `body` (a shell script; "$@" are the kit's arguments). */
function fakeNpx(dir: string, body: string): string {
  const bin = join(dir, '.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'npx'), `#!/bin/sh\n[ "$1" = plan-mode-conformance ] || { echo "npx $1: not the kit" >&2; exit 127; }\nshift\n${body}\n`);
  chmodSync(join(bin, 'npx'), 0o755);
  return bin;
}

function runStep(script: string, cwd: string, env: Record<string, string>): { status: number | null; stderr: string } {
  // GitHub runs `run:` steps with `bash -e {0}` (and pipefail when `shell: bash` is named).
  const result = spawnSync('bash', ['-e', '-c', script], { cwd, encoding: 'utf8', timeout: PROCESS_LIMIT_MS, env: { ...process.env, ...env } });
  return { status: result.status, stderr: result.stderr };
}

describe('the CI workflow example', () => {
  it('runs its kit commands locally: each shard, merge, the compare gate and the docs site', async () => {
    const dir = await temporaryFolder('pmc-ci-');
    // `npx plan-mode-conformance` is this checkout's CLI, as an installed kit's bin would be.
    const bin = fakeNpx(dir, `exec "${process.execPath}" "${CLI}" "$@"`);
    const work = join(dir, 'repo');
    mkdirSync(join(work, 'last-release'), { recursive: true });
    // The last release's results: a serial run of the reference, so the gate also proves merged shards equal to it.
    const lastRelease = runCli(['--format', `results:${join(work, 'last-release', 'conformance-results.json')}`]);
    expect(lastRelease.status).toBe(0);

    const ran: string[] = [];
    for (const jobName of jobOrder(workflow.jobs)) {
      const job = workflow.jobs[jobName]!;
      for (const matrix of matrixOf(job)) {
        for (const step of job.steps) {
          if (step.run === undefined || !step.run.includes('plan-mode-conformance')) continue;
          const script = expand(step.run, { matrix });
          const outputs = join(dir, 'github-output');
          const result = runStep(script, work, {
            // The workflow's env, but the reference as the adapter.
            ...workflow.env, ...job.env, ADAPTER: 'reference', GITHUB_OUTPUT: outputs, PATH: `${bin}:${process.env.PATH}`,
          });
          expect(result.status, `${jobName} ${JSON.stringify(matrix)}: ${step.name ?? script}\n${result.stderr}`).toBe(0);
          ran.push(`${jobName}: ${step.name ?? script.split(' ').slice(0, 3).join(' ')}`);
        }
      }
    }
    const shards = matrixOf(workflow.jobs.conformance!).length;
    expect(ran).toEqual([
      ...Array<string>(shards).fill('conformance: conformance, shard ${{ matrix.shard }} on Node ${{ matrix.node }}'),
      'merge: merge the shards',
      'merge: release gate',
      'merge: docs site',
    ]);
    const merged = JSON.parse(readFileSync(join(work, 'reports', 'results.json'), 'utf8')) as { scenarios: unknown[] };
    const serial = JSON.parse(readFileSync(join(work, 'last-release', 'conformance-results.json'), 'utf8')) as { scenarios: unknown[] };
    expect(merged.scenarios.length).toBe(serial.scenarios.length);
    expect(existsSync(join(work, 'reports', 'site', 'index.html'))).toBe(true);
    expect(existsSync(join(work, 'reports', 'junit-1.xml'))).toBe(true);
  }, limitForProcesses(12)); // the last release's run, each shard of the matrix, merge, compare, docs

  describe('its job graph', () => {
    const [gateName, gate] = Object.entries(workflow.jobs).find(([, job]) => job.if === 'always()') ?? [];
    const suiteJobs = Object.entries(workflow.jobs).filter(([, job]) => job.steps.some((step) => step.run?.includes('plan-mode-conformance'))).map(([name]) => name);

    it('has a gate that always runs and needs every job that runs the kit', () => {
      expect(gateName, 'a job with `if: always()`').toBeDefined();
      expect(needsOf(gate!).sort()).toEqual(expect.arrayContaining(suiteJobs));
      // No job the gate waits for is itself skipped when a shard fails, but for the gate's own reading of it.
      expect(workflow.jobs.merge!.if).toMatch(/!cancelled\(\)|always\(\)/);
    });

    /** Plays one shard's steps with a kit that exits `code`: the job's result as GitHub would give it. */
    async function shardResult(code: number): Promise<'success' | 'failure'> {
      const dir = await temporaryFolder('pmc-ci-graph-');
      const bin = fakeNpx(dir, `mkdir -p reports && echo '{}' > reports/shard-1.json; exit ${code}`);
      // `npm ci` has nothing to install here.
      writeFileSync(join(bin, 'npm'), '#!/bin/sh\nexit 0\n');
      chmodSync(join(bin, 'npm'), 0o755);
      const job = workflow.jobs.conformance!;
      const outputs = join(dir, 'github-output');
      const stepOutputs: Record<string, Record<string, string>> = {};
      let failed = false;
      for (const step of job.steps) {
        if (step.run === undefined) continue;
        // A failed step skips the steps after it unless their `if` says otherwise (none of the run steps here do).
        if (failed) break;
        writeFileSync(outputs, '');
        const script = expand(step.run, { matrix: matrixOf(job)[0], steps: Object.fromEntries(Object.entries(stepOutputs).map(([id, values]) => [id, { outputs: values }])) });
        const result = runStep(script, dir, { ...workflow.env, ...job.env, GITHUB_OUTPUT: outputs, PATH: `${bin}:${process.env.PATH}` });
        if (step.id) stepOutputs[step.id] = Object.fromEntries(readFileSync(outputs, 'utf8').split('\n').filter(Boolean).map((line) => line.split('=') as [string, string]));
        if (result.status !== 0) failed = true;
      }
      return failed ? 'failure' : 'success';
    }

    /** The gate's steps, given what its needs ended with: whether it passed. */
    async function gatePasses(results: Record<string, string>): Promise<boolean> {
      const dir = await temporaryFolder('pmc-ci-gate-');
      const needs = Object.fromEntries(Object.entries(results).map(([name, result]) => [name, { result }]));
      for (const step of gate!.steps) {
        if (step.run === undefined) continue;
        const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, expand(value, { needs })]));
        if (runStep(expand(step.run, { needs }), dir, env).status !== 0) return false;
      }
      return true;
    }

    it.each([
      [0, 'success', 'passes'],
      [1, 'failure', 'fails'],
      [2, 'failure', 'fails'],
    ] as const)('a shard whose kit exits %i ends in %s, and the gate %s', async (code, expected, verdict) => {
      const passes = verdict === 'passes';
      const result = await shardResult(code);
      expect(result).toBe(expected);
      // The merge of a failed shard may succeed (exit 1 leaves a results file) or fail (exit 2 leaves none); the gate fails either way.
      for (const merge of result === 'success' ? ['success'] : ['success', 'failure', 'skipped']) {
        expect(await gatePasses({ ...Object.fromEntries(needsOf(gate!).map((name) => [name, 'success'])), conformance: result, merge }), `merge ${merge}`).toBe(passes);
      }
    });

    it('fails the gate when the merge failed, was skipped or was cancelled', async () => {
      for (const merge of ['failure', 'skipped', 'cancelled']) {
        expect(await gatePasses({ conformance: 'success', merge })).toBe(false);
      }
    });
  });
});
