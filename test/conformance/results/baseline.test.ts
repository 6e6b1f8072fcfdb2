/** Baselines: entries match the failure (scenario, step, kind), expire, go stale, and are read with located errors. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BaselineEntry } from '../../../src/index.js';
import {
  BaselineError,
  judge,
  readBaseline,
  writeBaseline,
  type Baseline,
  type ScenarioFacts,
} from '../../../conformance/results/baseline.js';
import type { ScenarioResult } from '../../../conformance/results/scenario-result.js';

function result(
  stableId: string,
  status: ScenarioResult['status'],
  extra: Partial<ScenarioResult> = {},
): ScenarioResult {
  const failing = status === 'failed';
  return {
    stableId,
    name: stableId,
    uri: 'x.feature',
    clauses: ['SET-01'],
    level: 'required',
    status,
    durationMs: 1,
    ...(failing
      ? { failureKind: 'assertion' as const, failedStep: 'get reports plan mode on', message: 'expected on' }
      : {}),
    ...extra,
  };
}

function entry(id: string, extra: Partial<BaselineEntry> = {}): BaselineEntry {
  return {
    id,
    step: 'get reports plan mode on',
    kind: 'assertion',
    reason: `${id} is known`,
    clause: 'SET-01',
    ...extra,
  };
}

function baseline(...entries: BaselineEntry[]): Baseline {
  return { path: 'b.yaml', entries: entries.map((one, index) => ({ entry: one, where: `b.yaml:${index + 3}:5` })) };
}

/** Every folder the tests make, removed at the end: a test run leaves nothing behind. */
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'baseline-'));
  folders.push(folder);
  return folder;
}

async function file(text: string): Promise<string> {
  const path = join(await tempFolder(), 'b.yaml');
  await writeFile(path, text);
  return path;
}

describe('baseline verdicts', () => {
  it('excuses a failure in the same step and of the same kind', () => {
    const verdict = judge([result('a', 'failed'), result('c', 'passed')], baseline(entry('a')));
    expect(verdict.unexpected).toEqual([]);
    expect(verdict.mismatched).toEqual([]);
    expect(verdict.baselined.map(({ entry: located }) => located.entry.reason)).toEqual(['a is known']);
  });

  it('fails a baselined scenario that fails in another step, showing expected and actual', () => {
    const verdict = judge(
      [result('a', 'failed', { failedStep: 'the log holds the plan/mode events "on"' })],
      baseline(entry('a')),
    );
    expect(verdict.baselined).toEqual([]);
    expect(verdict.mismatched).toHaveLength(1);
    expect(verdict.mismatched[0]!.why).toBe(
      'fails in another step than its baseline entry: expected assertion at "get reports plan mode on", actual assertion at "the log holds the plan/mode events "on""',
    );
  });

  it('fails a baselined scenario that now times out', () => {
    const verdict = judge([result('a', 'failed', { failureKind: 'timeout' })], baseline(entry('a')));
    expect(verdict.mismatched[0]!.why).toMatch(
      /fails in another kind than its baseline entry: expected assertion at .*, actual timeout at/,
    );
  });

  it('fails a scenario whose entry has expired, with an injected today', () => {
    const expiring = baseline(entry('a', { expires: '2026-06-30' }));
    expect(judge([result('a', 'failed')], expiring, { today: '2026-06-30' }).baselined).toHaveLength(1);
    const later = judge([result('a', 'failed')], expiring, { today: '2026-07-01' });
    expect(later.baselined).toEqual([]);
    expect(later.mismatched[0]!.why).toMatch(/expired on 2026-06-30 \(today is 2026-07-01\)/);
  });

  it('flags an unlisted failure and a listed scenario that now passes', () => {
    const verdict = judge(
      [result('a', 'failed'), result('b', 'passed'), result('c', 'failed')],
      baseline(entry('a'), entry('b')),
    );
    expect(verdict.unexpected.map((r) => r.stableId)).toEqual(['c']);
    expect(verdict.stale.map(({ result: stale }) => stale.stableId)).toEqual(['b']);
    expect(verdict.outcomes.get(verdict.stale[0]!.result)).toBe('failed');
  });

  it('never baselines an undefined step', () => {
    const verdict = judge(
      [result('a', 'undefined', { failureKind: 'undefined', failedStep: 'x' })],
      baseline(entry('a')),
    );
    expect(verdict.baselined).toEqual([]);
    expect(verdict.mismatched).toHaveLength(1);
  });

  it('reports recommended failures apart in a default run, but counts an unchecked (undefined) step at any level', () => {
    const recommended = result('r', 'failed', { level: 'recommended' });
    const undefinedStep = result('u', 'undefined', { level: 'recommended', failureKind: 'undefined' });
    const verdict = judge([recommended, undefinedStep], undefined);
    expect(verdict.apart).toEqual([recommended]);
    expect(verdict.unexpected).toEqual([undefinedStep]);
    expect(judge([recommended], undefined, { level: 'strict' }).unexpected).toEqual([recommended]);
  });

  it('treats a listed scenario that was skipped as neither stale nor failing', () => {
    const verdict = judge([result('a', 'skipped')], baseline(entry('a')));
    expect([verdict.unexpected, verdict.baselined, verdict.stale, verdict.mismatched]).toEqual([[], [], [], []]);
  });
});

describe('reading baseline files', () => {
  const scenarios = new Map<string, ScenarioFacts>([
    ['a', { clauses: ['SET-01'], level: 'required' }],
    ['b', { clauses: ['SET-02'], level: 'required' }],
    ['r', { clauses: ['CFG-04'], level: 'recommended' }],
  ]);
  const read = (path: string, level: 'default' | 'strict' = 'default') => readBaseline(path, { scenarios, level });
  const valid =
    'known_failures:\n  - id: a\n    step: get reports plan mode on\n    kind: assertion\n    clause: SET-01\n    reason: upstream differs\n';

  it('reads a valid file and remembers where each entry is', async () => {
    const path = await file(valid);
    const read1 = await read(path);
    expect(read1.entries).toEqual([{ entry: entry('a', { reason: 'upstream differs' }), where: `${path}:2:5` }]);
  });

  it('lists every problem of every entry with file:line:column, entry and field', async () => {
    const path = await file(
      'known_failures:\n  - id: a\n    kind: slow\n    reason: r\n    clause: SET-01\n  - id: b\n    step: s\n    kind: timeout\n    clause: set-2\n    reason: r\n',
    );
    const error = await read(path).catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(BaselineError);
    const message = (error as Error).message;
    expect(message).toContain(`baseline file ${path} has problems (3):`);
    expect(message).toContain(`${path}:2:5: known_failures[0] (id a): step:`);
    expect(message).toMatch(new RegExp(`${path}:3:11: known_failures\\[0\\] \\(id a\\): kind: .*assertion`));
    expect(message).toContain(`${path}:9:13: known_failures[1] (id b): clause: clause ids look like SET-06`);
  });

  it.each([
    [valid.replace('id: a', 'id: zzz'), /no scenario has this id/],
    [valid.replace('clause: SET-01', 'clause: SET-02'), /clause SET-02 is not one the scenario proves \(SET-01\)/],
    [`${valid}${valid.replace('known_failures:\n', '')}`, /the id is listed twice \(first at .*:2:5\)/],
    ['known_failures: [\n', /:2:1: not valid YAML/],
    ['known_failures: []\nextra: 1\n', /extra/],
    [valid.replace('reason: upstream differs', 'reason: "  "'), /needs a reason/],
    [`${valid}    expires: soon\n`, /expires is a date YYYY-MM-DD/],
  ])('rejects %j', async (text, message) => {
    await expect(read(await file(text))).rejects.toThrow(message);
  });

  it('refuses an entry for a recommended scenario in a default run, and takes it at --level strict', async () => {
    const path = await file(
      'known_failures:\n  - id: r\n    step: s\n    kind: assertion\n    clause: CFG-04\n    reason: r\n',
    );
    await expect(read(path)).rejects.toThrow(
      /known_failures\[0\] \(id r\): the scenario is recommended, and a default run never fails on it/,
    );
    await expect(read(path, 'strict')).resolves.toMatchObject({ entries: [{ entry: { id: 'r' } }] });
  });
});

describe('writing a baseline', () => {
  it('writes id, step, kind and clause of each failure and keeps what a person wrote before', async () => {
    const path = join(await tempFolder(), 'b.yaml');
    const previous = [
      {
        id: 'a',
        reason: 'known since rc.7',
        class: 'host-divergence' as const,
        link: 'https://example.org/1',
        expires: '2027-01-31',
        clause: 'SET-01',
      },
    ];
    const results = [
      result('a', 'failed', { clauses: ['SET-01', 'NARR-01'] }),
      result('b', 'failed', {
        failureKind: 'timeout',
        failedStep: 'the user prompts "Hello"',
        clauses: ['SET-02', 'SET-06'],
      }),
      result('c', 'undefined', { failureKind: 'undefined' }),
      result('r', 'failed', { level: 'recommended', clauses: ['CFG-04'] }),
    ];
    expect(await writeBaseline(path, 'host', results, previous)).toBe(2);
    const text = await readFile(path, 'utf8');
    expect(text).toContain('adapter: host');
    expect(text).toMatch(
      /- id: a\n {4}step: get reports plan mode on\n {4}kind: assertion\n {4}clause: SET-01\n {4}reason: known since rc.7\n {4}class: host-divergence\n {4}link: https:\/\/example.org\/1\n {4}expires: 2027-01-31/,
    );
    expect(text).toMatch(
      /- id: b\n {4}step: the user prompts "Hello"\n {4}kind: timeout\n {4}clause: SET-02\n {4}reason: "TODO: state the observed difference \(expected on\)"/,
    );
    expect(text).not.toContain('id: c');
    expect(text).not.toContain('id: r');
  });
});
