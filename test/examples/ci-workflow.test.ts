/**
 * The GitHub Actions example (examples/ci/plan-mode-conformance.yml), checked
 * two ways. Its kit commands run here as they would in CI, against the
 * reference: the job that lists the shards, the kit's action (action.yml) in
 * every matrix combination, and each job's `run:` steps that call the kit, in
 * job order, in one working folder standing in for the artifacts passed
 * between jobs, with `npx plan-mode-conformance` resolving to this checkout's
 * CLI (workflow-player.ts plays the steps). And its job graph is played
 * through for each way a shard can end (exit 0, 1 or 2), running the
 * workflow's own steps with a stand-in kit: the gate, which always runs, must
 * fail unless every shard passed. actionlint checks the file in `npm test`
 * (`lint:workflow`).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, ROOT, runCli } from '../conformance/cli-harness.js';
import { temporaryFolder } from '../temporary-folder.js';
import { limitForProcesses } from '../limits.js';
import { evaluate, expand, playAction, runStep, stepRuns, type Context, type Step } from '../workflow-player.js';

const WORKFLOW = join(ROOT, 'examples', 'ci', 'plan-mode-conformance.yml');
/** How the example calls the kit's action: from the installed package. */
const THE_ACTION = './node_modules/plan-mode-conformance';

interface Job {
  needs?: string | string[];
  if?: string;
  outputs?: Record<string, string>;
  strategy?: { matrix?: Record<string, unknown[] | string> };
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

const workflow = parse(readFileSync(WORKFLOW, 'utf8')) as Workflow;
const needsOf = (job: Job): string[] => [job.needs ?? []].flat();

/** Every combination of a job's matrix (one empty one without a matrix); a value may come from an expression (`fromJSON` of a job's output). */
function matrixOf(job: Job, context: Context = {}): Array<Record<string, string>> {
  let combinations: Array<Record<string, string>> = [{}];
  for (const [key, given] of Object.entries(job.strategy?.matrix ?? {})) {
    const values = typeof given === 'string' ? (JSON.parse(expand(given, context)) as unknown[]) : given;
    combinations = combinations.flatMap((combination) =>
      values.map((value) => ({ ...combination, [key]: String(value) })),
    );
  }
  return combinations;
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
  writeFileSync(
    join(bin, 'npx'),
    `#!/bin/sh\n[ "$1" = plan-mode-conformance ] || { echo "npx $1: not the kit" >&2; exit 127; }\nshift\n${body}\n`,
  );
  chmodSync(join(bin, 'npx'), 0o755);
  return bin;
}

/**
 * A stand-in for the kit's action checkout: its dist/bundled/cli.js writes an
 * empty results file where `--format results:FILE` says and exits `code`.
 */
function standInKit(dir: string, code: number): string {
  const kit = join(dir, 'stand-in-kit');
  mkdirSync(join(kit, 'dist', 'bundled'), { recursive: true });
  writeFileSync(
    join(kit, 'dist', 'bundled', 'cli.js'),
    `const fs = require('node:fs'); const path = require('node:path');
const file = process.argv.find((arg) => arg.startsWith('results:'))?.slice('results:'.length);
if (file && ${code} !== 2) { fs.mkdirSync(path.dirname(file), { recursive: true }); fs.writeFileSync(file, '{}'); }
process.exit(${code});\n`,
  );
  return kit;
}

describe('the CI workflow example', () => {
  it(
    'runs its kit commands locally: the shard list, each shard through the action, merge, the compare gate and the docs site',
    async () => {
      const dir = await temporaryFolder('pmc-ci-');
      // `npx plan-mode-conformance` is this checkout's CLI, as an installed kit's bin would be; the action is this checkout's.
      const bin = fakeNpx(dir, `exec "${process.execPath}" "${CLI}" "$@"`);
      const PATH = `${bin}:${process.env.PATH}`;
      const work = join(dir, 'repo');
      mkdirSync(join(work, 'last-release'), { recursive: true });
      // The last release's results: a serial run of the reference, so the gate also proves merged shards equal to it.
      const lastRelease = runCli(['--format', `results:${join(work, 'last-release', 'conformance-results.json')}`]);
      expect(lastRelease.status).toBe(0);

      const ran: string[] = [];
      const uploads: string[] = [];
      const jobOutputs: Record<string, { outputs: Record<string, string> }> = {};
      for (const jobName of jobOrder(workflow.jobs)) {
        const job = workflow.jobs[jobName]!;
        // The workflow's env, but the reference as the adapter.
        const env = { ...workflow.env, ...job.env, ADAPTER: 'reference' };
        const needs = Object.fromEntries(needsOf(job).map((name) => [name, jobOutputs[name] ?? { outputs: {} }]));
        for (const matrix of matrixOf(job, { needs })) {
          const steps: Record<string, { outputs: Record<string, string> }> = {};
          for (const step of job.steps) {
            const context: Context = { matrix, env, needs, steps };
            const where = `${jobName} ${JSON.stringify(matrix)}: ${step.name ?? step.run ?? step.uses}`;
            if (step.uses === THE_ACTION) {
              const inputs = Object.fromEntries(
                Object.entries(step.with ?? {}).map(([name, value]) => [name, expand(String(value), context)]),
              );
              const run = playAction(inputs, { workspace: work, scratch: dir, env: { PATH } });
              expect(run.outcome, `${where}\n${run.stderr}`).toBe('success');
              uploads.push(...run.uploads.map((upload) => `${upload.name}: ${upload.path.slice(work.length + 1)}`));
              ran.push(`${jobName}: ${step.name}`);
              continue;
            }
            // A job whose outputs others read is played whole; elsewhere only the steps that call the kit.
            if (step.run === undefined || (job.outputs === undefined && !step.run.includes('plan-mode-conformance')))
              continue;
            const result = runStep(expand(step.run, context), work, { ...env, PATH }, dir);
            expect(result.status, `${where}\n${result.stderr}`).toBe(0);
            if (step.id) steps[step.id] = { outputs: result.outputs };
            ran.push(`${jobName}: ${step.name ?? step.run.split(' ').slice(0, 3).join(' ')}`);
          }
          if (job.outputs)
            jobOutputs[jobName] = {
              outputs: Object.fromEntries(
                Object.entries(job.outputs).map(([name, value]) => [name, expand(value, { steps })]),
              ),
            };
        }
      }
      const shards = Number(workflow.env?.SHARDS);
      expect(jobOutputs.shards?.outputs.list).toBe(
        JSON.stringify(Array.from({ length: shards }, (_, index) => index + 1)),
      );
      const combinations = matrixOf(workflow.jobs.conformance!, { needs: jobOutputs });
      expect(combinations.length).toBe(2 * shards);
      expect(ran).toEqual([
        'shards: shard numbers',
        ...Array<string>(combinations.length).fill(
          'conformance: conformance, shard ${{ matrix.shard }} on Node ${{ matrix.node }}',
        ),
        'merge: merge the shards',
        'merge: release gate',
        'merge: docs site',
      ]);
      expect(uploads).toEqual(
        combinations.map(({ node, shard }) => `conformance-node${node}-shard-${shard}: reports/shard-${shard}.json`),
      );
      const merged = JSON.parse(readFileSync(join(work, 'reports', 'results.json'), 'utf8')) as {
        scenarios: unknown[];
      };
      const serial = JSON.parse(readFileSync(join(work, 'last-release', 'conformance-results.json'), 'utf8')) as {
        scenarios: unknown[];
      };
      expect(merged.scenarios.length).toBe(serial.scenarios.length);
      expect(existsSync(join(work, 'reports', 'site', 'index.html'))).toBe(true);
    },
    limitForProcesses(8),
  ); // the last release's run, each shard of the matrix, merge, compare, docs

  it('gates the pull request or the tag that would become a release, never a release already published', () => {
    const on = (parse(readFileSync(WORKFLOW, 'utf8')) as { on: Record<string, unknown> }).on;
    expect(Object.keys(on).sort()).toEqual(['pull_request', 'push']);
    expect(on.push).toMatchObject({ tags: ['v*'] });
    const record = workflow.jobs.merge!.steps.find((step) => step.run?.includes('gh release upload'))!;
    expect(
      evaluate(record.if!, { github: { ref: 'refs/tags/v1.2.0' }, needs: { conformance: { result: 'success' } } }),
    ).toBe(true);
    expect(
      evaluate(record.if!, { github: { ref: 'refs/heads/main' }, needs: { conformance: { result: 'success' } } }),
    ).toBe(false);
    expect(
      evaluate(record.if!, { github: { ref: 'refs/tags/v1.2.0' }, needs: { conformance: { result: 'failure' } } }),
    ).toBe(false);
  });

  describe('its job graph', () => {
    const [gateName, gate] = Object.entries(workflow.jobs).find(([, job]) => job.if === 'always()') ?? [];
    const suiteJobs = Object.entries(workflow.jobs)
      .filter(([, job]) =>
        job.steps.some((step) => step.uses === THE_ACTION || step.run?.includes('plan-mode-conformance')),
      )
      .map(([name]) => name);

    it('has a gate that always runs and needs every job that runs the kit', () => {
      expect(gateName, 'a job with `if: always()`').toBeDefined();
      expect(suiteJobs).toEqual(['conformance', 'merge']);
      expect(needsOf(gate!).sort()).toEqual(expect.arrayContaining(suiteJobs));
      // No job the gate waits for is itself skipped when a shard fails, but for the gate's own reading of it.
      expect(workflow.jobs.merge!.if).toMatch(/!cancelled\(\)|always\(\)/);
    });

    /** Plays one shard's steps with a kit that exits `code`: the job's result as GitHub would give it. */
    async function shardResult(code: number): Promise<'success' | 'failure'> {
      const dir = await temporaryFolder('pmc-ci-graph-');
      const bin = fakeNpx(dir, 'exit 127');
      // `npm ci` has nothing to install here.
      writeFileSync(join(bin, 'npm'), '#!/bin/sh\nexit 0\n');
      chmodSync(join(bin, 'npm'), 0o755);
      const job = workflow.jobs.conformance!;
      const context: Context = { matrix: { node: '24', shard: '1' }, env: { ...workflow.env, ...job.env } };
      const env = { ...workflow.env, ...job.env, PATH: `${bin}:${process.env.PATH}` };
      let failed = false;
      for (const step of job.steps) {
        if (!stepRuns(step.if, context, failed)) continue;
        if (step.uses === THE_ACTION) {
          const inputs = Object.fromEntries(
            Object.entries(step.with ?? {}).map(([name, value]) => [name, expand(String(value), context)]),
          );
          const run = playAction(inputs, { workspace: dir, scratch: dir, actionPath: standInKit(dir, code), env });
          if (run.outcome === 'failure') failed = true;
        } else if (step.run !== undefined) {
          if (runStep(expand(step.run, context), dir, env, dir).status !== 0) failed = true;
        }
      }
      return failed ? 'failure' : 'success';
    }

    /** The gate's steps, given what its needs ended with: whether it passed. */
    async function gatePasses(results: Record<string, string>): Promise<boolean> {
      const dir = await temporaryFolder('pmc-ci-gate-');
      const needs = Object.fromEntries(Object.entries(results).map(([name, result]) => [name, { result }]));
      for (const step of gate!.steps) {
        if (step.run === undefined) continue;
        const env = Object.fromEntries(
          Object.entries(step.env ?? {}).map(([key, value]) => [key, expand(value, { needs })]),
        );
        if (runStep(expand(step.run, { needs }), dir, env, dir).status !== 0) return false;
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
        expect(
          await gatePasses({
            ...Object.fromEntries(needsOf(gate!).map((name) => [name, 'success'])),
            conformance: result,
            merge,
          }),
          `merge ${merge}`,
        ).toBe(passes);
      }
    });

    it('fails the gate when the merge failed, was skipped or was cancelled', async () => {
      for (const merge of ['failure', 'skipped', 'cancelled']) {
        expect(await gatePasses({ conformance: 'success', merge })).toBe(false);
      }
    });
  });
});
