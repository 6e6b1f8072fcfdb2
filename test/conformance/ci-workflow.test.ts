/**
 * The GitHub Actions example (examples/ci/plan-mode-conformance.yml) runs
 * here as it would in CI, against the reference: each job's `run:` steps
 * that call the kit, the shard matrix expanded, in job order, in one
 * working folder standing in for the artifacts passed between jobs, with
 * `npx plan-mode-conformance` resolving to this checkout's CLI. The last
 * release is a serial run of the reference, so the gate also proves four
 * merged shards equal to a serial run.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, ROOT, runCli } from './cli-harness.js';
import { temporaryFolder } from '../temporary-folder.js';

const WORKFLOW = join(ROOT, 'examples', 'ci', 'plan-mode-conformance.yml');

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
}
interface Job {
  needs?: string | string[];
  strategy?: { matrix?: Record<string, unknown[]> };
  steps: Step[];
}
interface Workflow {
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

/** Every combination of a job's matrix (one empty one without a matrix). */
function matrixOf(job: Job): Array<Record<string, string>> {
  let combinations: Array<Record<string, string>> = [{}];
  for (const [key, values] of Object.entries(job.strategy?.matrix ?? {})) {
    combinations = combinations.flatMap((combination) => values.map((value) => ({ ...combination, [key]: String(value) })));
  }
  return combinations;
}

/** `${{ matrix.x }}` replaced by its value; any other expression is one this test cannot run. */
function expand(text: string, matrix: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
    const key = /^matrix\.(\w+)$/.exec(expression)?.[1];
    if (key === undefined || matrix[key] === undefined) throw new Error(`the workflow uses \${{ ${expression} }}, which this test does not expand`);
    return matrix[key]!;
  });
}

/** Jobs in an order that respects `needs`. */
function jobOrder(jobs: Record<string, Job>): string[] {
  const done: string[] = [];
  const visit = (name: string): void => {
    if (done.includes(name)) return;
    for (const need of [jobs[name]!.needs ?? []].flat()) visit(need);
    done.push(name);
  };
  for (const name of Object.keys(jobs)) visit(name);
  return done;
}

describe('the CI workflow example', () => {
  it('runs its kit commands locally: four shards, merge, the compare gate and the docs site', async () => {
    const workflow = parse(readFileSync(WORKFLOW, 'utf8')) as Workflow;
    const dir = await temporaryFolder('pmc-ci-');
    // `npx plan-mode-conformance` is this checkout's CLI, as an installed kit's bin would be.
    const bin = join(dir, '.bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npx'), `#!/bin/sh\n[ "$1" = plan-mode-conformance ] || { echo "npx $1: not the kit" >&2; exit 127; }\nshift\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    chmodSync(join(bin, 'npx'), 0o755);
    const work = join(dir, 'repo');
    mkdirSync(join(work, 'conformance'), { recursive: true });
    const lastRelease = runCli(['--format', `results:${join(work, 'conformance', 'last-release.json')}`]);
    expect(lastRelease.status).toBe(0);

    const ran: string[] = [];
    for (const jobName of jobOrder(workflow.jobs)) {
      const job = workflow.jobs[jobName]!;
      for (const matrix of matrixOf(job)) {
        for (const step of job.steps) {
          if (step.run === undefined || !step.run.includes('plan-mode-conformance')) continue;
          const script = expand(step.run, matrix);
          const result = spawnSync('bash', ['-e', '-c', script], {
            cwd: work,
            encoding: 'utf8',
            timeout: 120_000,
            // The workflow's env, but the reference as the adapter.
            env: { ...process.env, ...workflow.env, ADAPTER: 'reference', PATH: `${bin}:${process.env.PATH}` },
          });
          expect(result.status, `${jobName} ${JSON.stringify(matrix)}: ${step.name ?? script}\n${result.stderr}`).toBe(0);
          ran.push(`${jobName}${matrix.shard ? ` ${matrix.shard}` : ''}: ${step.name ?? script.split(' ').slice(0, 3).join(' ')}`);
        }
      }
    }
    expect(ran).toEqual([
      'shard 1: conformance, shard ${{ matrix.shard }} of 4',
      'shard 2: conformance, shard ${{ matrix.shard }} of 4',
      'shard 3: conformance, shard ${{ matrix.shard }} of 4',
      'shard 4: conformance, shard ${{ matrix.shard }} of 4',
      'merge: merge the shards',
      'merge: release gate',
      'merge: docs site',
    ]);
    const merged = JSON.parse(readFileSync(join(work, 'reports', 'results.json'), 'utf8')) as { scenarios: unknown[] };
    const serial = JSON.parse(readFileSync(join(work, 'conformance', 'last-release.json'), 'utf8')) as { scenarios: unknown[] };
    expect(merged.scenarios.length).toBe(serial.scenarios.length);
    expect(existsSync(join(work, 'reports', 'site', 'index.html'))).toBe(true);
    expect(existsSync(join(work, 'reports', 'junit-3.xml'))).toBe(true);
  }, 240_000);
});
