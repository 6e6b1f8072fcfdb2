/**
 * Version 3 of the results file, and version 2 still read: a stored version 2
 * file (what the previous release wrote) is validated as version 2 was
 * written and upgraded in memory; version 3's additions are all optional, and
 * a version 2 file carrying one of them is refused. A fault record's kind must
 * be its failure's.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run as compare } from '../../../conformance/cli/verbs/compare.js';
import { run as merge } from '../../../conformance/cli/verbs/merge.js';
import { readResultsFile } from '../../../conformance/docs/read-results.js';
import { RESULTS_VERSION, ResultsDocumentSchema, type ResultsDocument } from '../../../src/index.js';
import { REFERENCE_RESULTS } from '../../conformance/docs/site-fixture.js';
import { temporaryFolder } from '../../temporary-folder.js';

async function written(document: unknown, name = 'results.json'): Promise<string> {
  const path = join(await temporaryFolder('pmc-results-v3-'), name);
  await writeFile(path, JSON.stringify(document));
  return path;
}

function quietly<T>(work: () => Promise<T>): Promise<{ value: T; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
  return work().then((value) => ({ value, out: out.join('\n'), err: err.join('\n') }));
}

afterEach(() => vi.restoreAllMocks());

/** The reference fixture as the current version (it is stored as version 1). */
async function current(): Promise<ResultsDocument> {
  return (await readResultsFile(REFERENCE_RESULTS)).document;
}

/** The same run as the previous release wrote it. */
async function version2(): Promise<Record<string, unknown>> {
  return { ...(await current()), version: 2 };
}

describe('results file version 3', () => {
  it('is the version the kit writes', () => {
    expect(RESULTS_VERSION).toBe(3);
  });

  it('reads version 2 as version 3, every record kept', async () => {
    const { document } = await readResultsFile(await written(await version2()));
    expect(document.version).toBe(3);
    expect(document.scenarios).toEqual((await current()).scenarios);
  });

  it('refuses a version 2 file carrying a version 3 field, naming the version', async () => {
    const old = await version2();
    await expect(readResultsFile(await written({ ...old, host: { release: '1.0.0' } }))).rejects.toThrow(
      /is not a valid results file of version 2 \(1 problem\):\n {2}\(top level\): Unrecognized key/,
    );
    const scenarios = (old.scenarios as Array<Record<string, unknown>>).map((record, index) =>
      index === 0 ? { ...record, fault: { kind: 'crash', during: 'exploration' } } : record,
    );
    await expect(readResultsFile(await written({ ...old, scenarios }))).rejects.toThrow(
      /of version 2 .*\n {2}scenarios\.0: Unrecognized key/,
    );
  });

  it('accepts every optional field other engineers fill in', async () => {
    const document = {
      ...(await current()),
      host: { release: '0.1.0-rc.8' },
      rerun: { from: 'reports/results/old.json' },
      unproven: [{ clause: 'SET-06', reason: 'no passing scenario checks it' }],
      exploration: {
        seed: 1,
        budget: 2,
        maxSteps: 3,
        sessions: 2,
        share: 2,
        incomplete: false,
        timeLimitMs: 1000,
        coverage: {
          pairs: [{ feature: 'plan', action: 'prompt', count: 2 }],
          valueClasses: [{ valueClass: 'empty', count: 1 }],
        },
      },
    };
    expect(ResultsDocumentSchema.parse(document)).toEqual(document);
    expect(
      ResultsDocumentSchema.safeParse({
        ...document,
        exploration: {
          ...document.exploration,
          coverage: { pairs: [{ feature: 'plan', count: -1 }], valueClasses: [] },
        },
      }).success,
    ).toBe(false);
  });

  it("a fault record: failed, its failure of the fault's kind; a passed fault or a kind that disagrees is refused", async () => {
    const base = await current();
    const fault = {
      id: 'fault:exploration',
      name: 'fault during the exploration',
      uri: '~fault',
      clauses: [],
      level: 'required' as const,
      status: 'failed' as const,
      failure: { clauses: [], kind: 'crash' as const, message: 'the host process exited with code 3' },
      fault: { kind: 'crash' as const, during: 'exploration' as const },
      durationMs: 0,
    };
    const { document } = await readResultsFile(await written({ ...base, scenarios: [...base.scenarios, fault] }));
    expect(document.scenarios.at(-1)).toEqual(fault);
    await expect(
      readResultsFile(
        await written({ ...base, scenarios: [...base.scenarios, { ...fault, status: 'passed', failure: undefined }] }),
      ),
    ).rejects.toThrow(/a fault always fails/);
    await expect(
      readResultsFile(
        await written({
          ...base,
          scenarios: [...base.scenarios, { ...fault, fault: { kind: 'timeout', during: 'exploration' } }],
        }),
      ),
    ).rejects.toThrow(/a fault of kind timeout with a failure of kind crash/);
  });

  it('compare and merge take a version 2 file', async () => {
    const old = await written(await version2(), 'old.json');
    const now = await written(await current(), 'new.json');
    const { value: code, out } = await quietly(() => compare([old, now]));
    expect(out).toMatch(/ 0 regressed, /);
    expect(code).toBe(0);
    const reference = await version2();
    const scenarios = reference.scenarios as unknown[];
    const shard = (index: number) => ({
      ...reference,
      shard: { index, count: 2, tags: '', selected: scenarios.length },
      scenarios: scenarios.filter((_, position) => position % 2 === index - 1),
    });
    const out2 = join(await temporaryFolder('pmc-merge-v2-'), 'merged.json');
    const merged = await quietly(async () =>
      merge(['--out', out2, await written(shard(1), 'one.json'), await written(shard(2), 'two.json')]),
    );
    expect(merged.err).toBe('');
    expect(merged.value).toBe(0);
    expect((JSON.parse(await readFile(out2, 'utf8')) as { version: number }).version).toBe(3);
  });
});
