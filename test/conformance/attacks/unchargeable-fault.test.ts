/**
 * Attack: a fault no scenario can be charged with (here an unhandled
 * rejection a host started for the exploration leaves behind). The exit code
 * was right but every report said green: the closing line, the results file,
 * JUnit, GitHub output; a shard merged green and compare passed it. Now the
 * fault is a failed record of its own, with its kind, in every report, kept
 * by merge and compare.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../cli-harness.js';
import { runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';
import type { ResultsDocument } from '../../../src/index.js';
import { mergeShards, type ShardFile } from '../../../conformance/merge/merge-shards.js';

const ADAPTER = `${FIXTURES}adapters/explore-host-leaves-rejection.js`;
const ONE_SCENARIO = '@id:selection-idle-commit';

describe('a fault during the exploration fails every report', () => {
  it('closing line, results file, JUnit, Markdown, HTML and GitHub output all count it; merge and compare keep it', async () => {
    const dir = await temporaryFolder('pmc-fault-');
    const formats = ['junit:junit.xml', 'results:results.json', 'html:report.html', 'markdown:report.md'].flatMap(
      (format) => ['--format', format.replace(':', `:${dir}/`)],
    );
    const run = await runMain([
      '--adapter',
      ADAPTER,
      '--tags',
      ONE_SCENARIO,
      '--explore',
      '3',
      ...formats,
      '--format',
      'github',
    ]);
    expect(run.status).toBe(1);
    const closing = run.stderr.trim().split('\n').at(-1) ?? '';
    expect(closing).toMatch(/^conformance: \d+ passed, 1 failed, 0 skipped$/);
    expect(run.stderr).toMatch(/failed: fault:exploration \(~fault\)/);
    expect(run.stderr).toMatch(
      /exploration: 3 session\(s\), seed \d+: every one agreed with the oracle; a fault during the exploration fails the run/,
    );
    // GitHub: an error annotation of the run, pointing at no feature file.
    expect(run.stdout).toMatch(
      /^::error title=explore-host-leaves-rejection%3A fault%3Aexploration \(\)::.*the exploration host lost its session writer/m,
    );
    const results = JSON.parse(await readFile(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
    const fault = results.scenarios.find((record) => record.id === 'fault:exploration');
    expect(fault).toMatchObject({
      status: 'failed',
      uri: '~fault',
      fault: { kind: 'adapter-error', during: 'exploration' },
      failure: { kind: 'adapter-error' },
    });
    expect(fault?.failure?.message).toMatch(/unhandled rejection: Error: the exploration host lost its session writer/);
    const junit = await readFile(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites [^>]*failures="1"/);
    expect(junit).toMatch(/<testcase name="fault:exploration" classname="~fault"[^>]* file="~fault">\s*<failure /);
    expect(await readFile(join(dir, 'report.md'), 'utf8')).toMatch(/fault:exploration/);
    expect(await readFile(join(dir, 'report.html'), 'utf8')).toMatch(
      /<tr class="failed"><th scope="row"><code>fault:exploration<\/code>/,
    );

    // compare: a gate over the run fails on the fault, --allow-new-failures or not.
    const clean = join(dir, 'clean.json');
    expect((await runMain(['--tags', ONE_SCENARIO, '--explore', '3', '--format', `results:${clean}`])).status).toBe(0);
    const compared = await runMain(['compare', '--allow-new-failures', clean, join(dir, 'results.json')]);
    expect(compared.stdout).toMatch(/fault in NEW \(fails the gate\): fault:exploration: failed \(adapter-error/);
    expect(compared.status).toBe(1);
  });

  it("merge keeps a shard's fault, one record for every shard's", async () => {
    const dir = await temporaryFolder('pmc-fault-merge-');
    const shard = (index: number, adapter: string) =>
      runMain([
        '--adapter',
        adapter,
        '--tags',
        ONE_SCENARIO,
        '--explore',
        '4',
        '--shard',
        `${index}/2`,
        '--format',
        `results:${dir}/shard-${index}.json`,
      ]);
    expect((await shard(1, ADAPTER)).status).toBe(1);
    expect((await shard(2, ADAPTER)).status).toBe(1);
    const merged = await runMain([
      'merge',
      '--out',
      `${dir}/merged.json`,
      `${dir}/shard-1.json`,
      `${dir}/shard-2.json`,
    ]);
    expect(merged.stderr).toBe('');
    const document = JSON.parse(await readFile(`${dir}/merged.json`, 'utf8')) as ResultsDocument;
    const faults = document.scenarios.filter((record) => record.fault);
    expect(faults).toHaveLength(1);
    expect(faults[0]!.failure?.message.match(/lost its session writer/g)).toHaveLength(2);
  });
});

describe('merge of a shard whose exploration crashed', () => {
  it('says the shard ended early, not that the shards "come from different runs"', async () => {
    const capabilities = (JSON.parse(await readFile(`${FIXTURES}results/reference.json`, 'utf8')) as ResultsDocument)
      .adapter.capabilities;
    const exploration = { seed: 23, budget: 4, maxSteps: 12, sessions: 2, share: 2 };
    const shard = (index: number, change: Partial<ResultsDocument>): ShardFile => ({
      path: `shard-${index}.json`,
      document: {
        schema: 'plan-mode-conformance/results',
        version: 3,
        kit: { name: 'plan-mode-conformance', version: '0.1.0' },
        spec: { edition: 'seed', readme: 'seed', clauses: '1' },
        adapter: { name: 'reference', capabilities },
        level: 'default',
        baseline: null,
        startedAt: '2026-01-01T00:00:00.000Z',
        durationMs: 1,
        shard: { index, count: 2, tags: '', selected: 2 },
        scenarios: [
          {
            id: `s${index}`,
            name: 's',
            uri: 'a.feature',
            line: index,
            clauses: ['SET-01'],
            level: 'required',
            status: 'passed',
            durationMs: 1,
          },
        ],
        reviewTexts: [],
        exploration,
        ...change,
      } as ResultsDocument,
    });
    const crashed = shard(1, {
      exploration: undefined,
      scenarios: [
        {
          id: 's1',
          name: 's',
          uri: 'a.feature',
          line: 1,
          clauses: ['SET-01'],
          level: 'required',
          status: 'passed',
          durationMs: 1,
        },
        {
          id: 'explore',
          name: 'exploration',
          uri: '~exploration',
          clauses: [],
          level: 'required',
          status: 'failed',
          failure: {
            clauses: [],
            kind: 'crash',
            message: 'the suite process exited with code 3 during scenario explore',
          },
          durationMs: 1,
        },
      ],
    });
    const outcome = mergeShards([
      crashed,
      shard(2, {
        scenarios: [
          {
            id: 's2',
            name: 's',
            uri: 'a.feature',
            line: 2,
            clauses: ['SET-01'],
            level: 'required',
            status: 'passed',
            durationMs: 1,
          },
          {
            id: 'explore',
            name: 'exploration',
            uri: '~exploration',
            clauses: [],
            level: 'required',
            status: 'passed',
            durationMs: 1,
            exploration: { seed: 23, budget: 4, sessions: 2 },
          },
        ],
      }),
    ]);
    expect(outcome.ok ? '' : outcome.problems.join('\n')).not.toMatch(/different runs/);
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.document.scenarios.find((record) => record.id === 'explore')?.status).toBe('failed');
  });
});
