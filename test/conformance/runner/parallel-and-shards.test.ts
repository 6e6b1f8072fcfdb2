/**
 * A run split into parallel workers or into shards merged afterwards lists
 * the same per-scenario results, in the same order, as a serial run, in
 * process and over stdio; `compare` between them finds nothing; `merge`
 * refuses shards that are not the parts of one run; a worker's crash fails
 * only the scenario it had in flight.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultsDocument } from '../../../src/index.js';
import { inSerialOrder, parseSlice, sliceOf } from '../../../conformance/features/slices.js';
import { mergeShards, shardSize, type ShardFile } from '../../../conformance/merge/merge-shards.js';
import { OrderedLanes } from '../../../conformance/runner/suite-workers.js';
import { workersFor } from '../../../conformance/cli/arguments.js';
import { FIXTURES, runCli } from '../cli-harness.js';
import { runIsolated, whenOutput } from '../process-harness.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { limitForProcesses } from '../../limits.js';

/** The reference's stdio host as the kit's checks start it: bundled (build/bundle.mjs), cheap to start. */
const STDIO_REFERENCE = 'exec:node dist/bundled/stdio-host-entry.cjs';
/** Enough scenarios over stdio to split four ways, few enough to start a host for each. */
const STDIO_TAGS = '@SET-02 or @STATE-04';

function read(path: string): ResultsDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as ResultsDocument;
}

/** What a results file says about each scenario, without what varies from run to run (times). */
function perScenario(document: ResultsDocument): unknown {
  return {
    scenarios: document.scenarios.map(({ durationMs: _, ...record }) => record),
    reviewTexts: document.reviewTexts,
  };
}

describe('slices', () => {
  it('parses I/N and refuses anything else', () => {
    expect(parseSlice('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '1/0', '1', 'a/b', '1/2/3', '-1/2']) expect(parseSlice(bad)).toBeUndefined();
  });

  it('deals the selection round robin: every scenario in one slice, slices differing by at most one', () => {
    const all = Array.from({ length: 11 }, (_, position) => position);
    const slices = [1, 2, 3, 4].map((index) => sliceOf(all, { index, count: 4 }));
    expect(slices.flat().sort((a, b) => a - b)).toEqual(all);
    expect(slices.map((slice) => slice.length)).toEqual([3, 3, 3, 2]);
    expect(slices.map((slice, index) => shardSize({ index: index + 1, count: 4, tags: '', selected: 11 }))).toEqual([
      3, 3, 3, 2,
    ]);
    expect(shardSize({ index: 3, count: 4, tags: '', selected: 2 })).toBe(0);
  });

  it("defaults to the machine's cores for an exec: host, 1 in process or with a per-process cucumber format", () => {
    expect(workersFor({ adapter: 'exec:python3 host.py', formats: [] }, 4)).toBe(4);
    expect(workersFor({ adapter: 'reference', formats: [] }, 4)).toBe(1);
    expect(workersFor({ adapter: 'exec:python3 host.py', formats: [{ name: 'message', file: 'm.ndjson' }] }, 4)).toBe(
      1,
    );
    expect(workersFor({ adapter: 'reference', parallel: 3, formats: [] }, 4)).toBe(3);
  });

  it('puts results back in serial order: by feature file, then line', () => {
    const results = [
      { uri: 'b.feature', line: 3 },
      { uri: 'a.feature', line: 20 },
      { uri: 'a.feature', line: 4 },
    ];
    expect(inSerialOrder(results)).toEqual([results[2], results[1], results[0]]);
  });

  it('shows several writers one after another, the first live', () => {
    const out: string[] = [];
    const lanes = new OrderedLanes(3, (text) => out.push(text));
    lanes.write(1, 'b1 ');
    lanes.write(0, 'a1 ');
    lanes.write(2, 'c1 ');
    lanes.close(1);
    expect(out.join('')).toBe('a1 ');
    lanes.write(0, 'a2 ');
    lanes.close(0);
    lanes.write(2, 'c2 ');
    lanes.close(2);
    expect(out.join('')).toBe('a1 a2 b1 c1 c2 ');
  });
});

describe('parallel workers and shards against the reference', () => {
  it(
    "in process: --parallel 2 (its pretty output to a slow pipe) and four merged shards give the serial run's results; compare exits 0",
    async () => {
      const dir = await temporaryFolder('pmc-shards-');
      const serial = runCli(['--format', `results:${join(dir, 'serial.json')}`]);
      expect(serial.status).toBe(0);
      // The parallel run also prints every scenario (pretty) to a pipe read only after 1.5 s: a slow pipe gets every
      // byte, the closing line last, and no temporary folder is left (one whole run for both claims).
      const parallel = await runIsolated(
        ['--parallel', '2', '--format', 'pretty', '--format', `results:${join(dir, 'parallel.json')}`],
        { readStdoutAfterMs: 1_500 },
      );
      expect(parallel.status, parallel.stderr).toBe(0);
      expect(parallel.stdout.length).toBeGreaterThan(100_000);
      expect(parallel.stdout.startsWith('Feature: ')).toBe(true);
      expect(parallel.stdout.trim().split('\n').at(-1)).toBe(serial.summary);
      expect(serial.summary).toMatch(/^conformance: \d+ passed, 0 failed, 0 skipped$/);
      expect(parallel.leftInTmp).toEqual([]);
      const shards = [1, 2, 3, 4].map((index) => join(dir, `shard-${index}.json`));
      for (const [position, file] of shards.entries()) {
        expect(runCli(['--shard', `${position + 1}/4`, '--format', `results:${file}`]).status).toBe(0);
      }
      const merge = runCli(['merge', '--out', join(dir, 'merged.json'), ...shards]);
      expect(merge.status, merge.stderr).toBe(0);

      const expected = perScenario(read(join(dir, 'serial.json')));
      expect(perScenario(read(join(dir, 'parallel.json')))).toEqual(expected);
      expect(perScenario(read(join(dir, 'merged.json')))).toEqual(expected);
      expect(read(join(dir, 'merged.json')).shard).toBeUndefined();
      expect(read(shards[1]!).shard).toMatchObject({ index: 2, count: 4, tags: '' });
      expect(runCli(['compare', join(dir, 'serial.json'), join(dir, 'merged.json')]).status).toBe(0);
      expect(runCli(['compare', join(dir, 'merged.json'), join(dir, 'parallel.json')]).status).toBe(0);
      // The docs site reads a merged file like any other.
      expect(runCli(['docs', '--out', join(dir, 'site'), join(dir, 'merged.json')]).status).toBe(0);
    },
    limitForProcesses(10),
  ); // serial, parallel, four shards, merge, two compares, docs

  it(
    'over stdio: --parallel 2 and four merged shards give the in-process serial results',
    async () => {
      const dir = await temporaryFolder('pmc-shards-stdio-');
      const tags = ['--tags', STDIO_TAGS];
      expect(runCli([...tags, '--format', `results:${join(dir, 'serial.json')}`]).status).toBe(0);
      const parallel = runCli([
        '--adapter',
        STDIO_REFERENCE,
        ...tags,
        '--parallel',
        '2',
        '--format',
        `results:${join(dir, 'parallel.json')}`,
      ]);
      expect(parallel.status, parallel.stderr).toBe(0);
      const shards = [1, 2, 3, 4].map((index) => join(dir, `shard-${index}.json`));
      for (const [position, file] of shards.entries()) {
        expect(
          runCli([
            '--adapter',
            STDIO_REFERENCE,
            ...tags,
            '--parallel',
            '1',
            '--shard',
            `${position + 1}/4`,
            '--format',
            `results:${file}`,
          ]).status,
        ).toBe(0);
      }
      expect(runCli(['merge', '--out', join(dir, 'merged.json'), ...shards]).status).toBe(0);
      const inProcess = perScenario(read(join(dir, 'serial.json')));
      expect(perScenario(read(join(dir, 'parallel.json')))).toEqual(inProcess);
      expect(perScenario(read(join(dir, 'merged.json')))).toEqual(inProcess);
      expect(runCli(['compare', join(dir, 'serial.json'), join(dir, 'merged.json')]).status).toBe(0);
    },
    limitForProcesses(8),
  ); // serial, parallel, four shards, merge, compare

  it(
    'a worker whose adapter ends its process fails only its scenario in flight; the other worker goes on',
    async () => {
      // Worker 1 runs set-and-log, then fork (which prompts: its process ends there); worker 2 runs prompt-only.
      const run = await runIsolated([
        '--adapter',
        `${FIXTURES}adapters/prompt-exits.js`,
        '--features',
        `${FIXTURES}features`,
        '--tags',
        'not @id:fixture-undefined',
        '--parallel',
        '2',
        '--format',
        'summary',
      ]);
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(
        /failed: fixture-prompt-only [^]*?the suite process exited with code 0 during scenario fixture-prompt-only/,
      );
      expect(run.stdout).toMatch(
        /failed: fixture-fork [^]*?the suite process exited with code 0 during scenario fixture-fork/,
      );
      expect(run.stdout).not.toMatch(/failed: fixture-set-and-log/);
      expect(run.stdout.trim().split('\n').at(-1)).toBe('conformance: 1 passed, 2 failed, 0 skipped');
      expect(run.leftInTmp).toEqual([]);
    },
    limitForProcesses(1),
  );

  it(
    'with --parallel 2, SIGINT mid-scenario ends every worker, writes no report and leaves no temporary folder',
    async () => {
      const dir = await temporaryFolder('pmc-parallel-sigint-');
      const junit = join(dir, 'junit.xml');
      const run = await runIsolated(
        [
          '--adapter',
          `${FIXTURES}adapters/prompt-hangs-after-start.js`,
          '--features',
          `${FIXTURES}features`,
          '--tags',
          'not @id:fixture-undefined',
          '--parallel',
          '2',
          '--call-limit',
          '60000',
          '--format',
          `junit:${junit}`,
        ],
        {
          onStart: (child, stderr) =>
            void whenOutput(child, stderr, 'fixture: prompt in flight').then(() => child.kill('SIGINT')),
        },
      );
      expect(run.status).toBe(130);
      expect(run.stderr).toMatch(/interrupted \(SIGINT\)/);
      expect(existsSync(junit)).toBe(false);
      expect(run.leftInTmp).toEqual([]);
    },
    limitForProcesses(1),
  );

  it(
    'with --parallel 2, a host that never starts ends the whole run with exit 2 (fail fast)',
    async () => {
      const run = await runIsolated([
        '--adapter',
        `${FIXTURES}adapters/start-never-answers.js`,
        '--start-limit',
        '200',
        '--parallel',
        '2',
        '--format',
        'summary',
      ]);
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split('\n').at(-1)).toMatch(
        /^plan-mode-conformance: the host cannot start \(3 scenarios in a row, none started\)/,
      );
      expect(run.leftInTmp).toEqual([]);
    },
    limitForProcesses(1),
  );

  it('writes the results file of a shard that holds none of a small selection, which merge takes', async () => {
    const dir = await temporaryFolder('pmc-empty-shard-');
    const tags = ['--tags', '@id:fixture-set-and-log or @id:fixture-prompt-only', '--features', `${FIXTURES}features`];
    const shards = [1, 2, 3].map((index) => join(dir, `shard-${index}.json`));
    for (const [position, file] of shards.entries()) {
      const run = runCli([...tags, '--shard', `${position + 1}/3`, '--format', `results:${file}`]);
      expect(run.status, run.stdout).toBe(0);
      if (position === 2)
        expect(run.stdout).toContain('conformance: shard 3/3 holds none of the 2 selected scenario(s)');
    }
    expect(read(shards[2]!).scenarios).toEqual([]);
    expect(runCli(['merge', '--out', join(dir, 'merged.json'), ...shards]).status).toBe(0);
    expect(read(join(dir, 'merged.json')).scenarios.map((record) => record.id)).toEqual([
      'fixture-set-and-log',
      'fixture-prompt-only',
    ]);
  });

  it("refuses cucumber's per-process formats with --parallel above 1", () => {
    const run = runCli(['--parallel', '2', '--format', 'json']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--format json cannot be combined with --parallel 2/);
    expect(runCli(['--parallel', '0']).status).toBe(2);
    expect(runCli(['--shard', '5/4']).stderr).toMatch(/--shard must be I\/N/);
  });
});

describe('merge refuses shards that are not the parts of one run', () => {
  const capabilities = read(`${FIXTURES}results/reference.json`).adapter.capabilities;
  const record = (id: string, line: number) => ({
    id,
    name: id,
    uri: 'a.feature',
    line,
    clauses: ['SET-01'],
    level: 'required' as const,
    status: 'passed' as const,
    durationMs: 1,
  });
  const shard = (index: number, ids: Array<[string, number]>, change: Partial<ResultsDocument> = {}): ShardFile => ({
    path: `shard-${index}.json`,
    document: {
      schema: 'plan-mode-conformance/results',
      version: 3,
      kit: { name: 'plan-mode-conformance', version: '0.1.0' },
      spec: { edition: 'seed', readme: 'seed', clauses: '1' },
      adapter: { name: 'reference', capabilities },
      level: 'default',
      baseline: null,
      startedAt: `2026-01-0${index}T00:00:00.000Z`,
      durationMs: index * 10,
      shard: { index, count: 2, tags: '', selected: 3 },
      scenarios: ids.map(([id, line]) => record(id, line)),
      reviewTexts: [],
      ...change,
    } as ResultsDocument,
  });
  const problems = (files: ShardFile[]): string => {
    const outcome = mergeShards(files);
    return outcome.ok ? '(merged)' : outcome.problems.join('\n');
  };

  it('merges complementary shards in serial order, the earliest start and the longest duration', () => {
    const outcome = mergeShards([
      shard(2, [['b', 2]]),
      shard(1, [
        ['a', 1],
        ['c', 3],
      ]),
    ]);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.document.scenarios.map((one) => one.id)).toEqual(['a', 'b', 'c']);
    expect(outcome.document.startedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(outcome.document.durationMs).toBe(20);
    expect(outcome.document.shard).toBeUndefined();
  });

  it('names overlaps, missing shards, missing scenarios and files that are no shard', () => {
    expect(
      problems([
        shard(1, [
          ['a', 1],
          ['c', 3],
        ]),
        shard(2, [['a', 1]]),
      ]),
    ).toMatch(/overlap: 1 scenario\(s\) are in two of them: a \(shard-1.json and shard-2.json\)/);
    expect(
      problems([
        shard(1, [
          ['a', 1],
          ['c', 3],
        ]),
      ]),
    ).toMatch(/shard 2\/2 is missing/);
    expect(
      problems([
        shard(1, [
          ['a', 1],
          ['c', 3],
        ]),
        shard(1, [
          ['a', 1],
          ['c', 3],
        ]),
      ]),
    ).toMatch(/shard 1\/2 is given 2 times/);
    expect(problems([shard(1, [['a', 1]]), shard(2, [['b', 2]])])).toMatch(
      /shard 1\/2 holds 1 of its 2 scenario\(s\) \(of 3 selected\): 1 missing/,
    );
    expect(
      problems([
        shard(
          1,
          [
            ['a', 1],
            ['c', 3],
          ],
          { shard: undefined },
        ),
        shard(2, [['b', 2]]),
      ]),
    ).toMatch(/shard-1.json is not a shard's results file/);
  });

  it('names what differs between shards of different runs', () => {
    const other = (change: Partial<ResultsDocument>) =>
      problems([
        shard(1, [
          ['a', 1],
          ['c', 3],
        ]),
        shard(2, [['b', 2]], change),
      ]);
    expect(other({ kit: { name: 'plan-mode-conformance', version: '0.2.0' } })).toMatch(/kit version differs/);
    expect(other({ adapter: { name: 'dsh', capabilities } })).toMatch(/adapter differs/);
    expect(other({ level: 'strict' })).toMatch(/level differs/);
    expect(other({ spec: { edition: 'seed', readme: 'seed', clauses: '2' } })).toMatch(/spec differs/);
    expect(other({ spec: { readme: 'seed', clauses: '1', edition: 'rc.8' } })).toMatch(
      /edition differs: "seed" \(shard-1.json\) vs "rc.8" \(shard-2.json\)/,
    );
    expect(other({ shard: { index: 2, count: 2, tags: '@SET-01', selected: 3 } })).toMatch(/tags differs/);
    expect(other({ shard: { index: 2, count: 3, tags: '', selected: 3 } })).toMatch(/shard count differs/);
  });

  it('exits 2 from the command line, writing nothing', async () => {
    const dir = await temporaryFolder('pmc-merge-');
    const run = runCli(['merge', '--out', join(dir, 'merged.json'), `${FIXTURES}results/reference.json`]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/is not a shard's results file/);
    expect(runCli(['merge', `${FIXTURES}results/reference.json`]).stderr).toMatch(/--out FILE is required/);
  });
});
