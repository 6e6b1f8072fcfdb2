/**
 * The exploration in a process of its own beside the scenarios' (issue 36):
 * when it is chosen, what is held until the scenarios end, how the two runs
 * read as the one serial run, and, end to end on a host the exploration
 * catches, the same results file and the same stdout as `--parallel 1` (one
 * process: the scenarios, then the exploration).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultsDocument } from '../../../src/index.js';
import {
  BESIDE_MIN_SESSIONS,
  besideRequests,
  combined,
  explorationBeside,
  HELD_HOST_OUTPUT_LIMIT,
  HeldUntilOpen,
} from '../../../conformance/runner/exploration-beside.js';
import type { IsolatedRun } from '../../../conformance/runner/suite-process.js';
import type { ChildRequest } from '../../../conformance/runner/suite-messages.js';
import { faultRecords } from '../../../conformance/results/fault-records.js';
import type { ExplorationSummary, ScenarioResult } from '../../../conformance/results/scenario-result.js';
import { FIXTURES, runCli } from '../cli-harness.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { limitForProcesses } from '../../limits.js';

describe('when the exploration runs beside the scenarios', () => {
  const run = { budget: 200, workers: 1, parallelAsked: false, cores: 2 };
  it('on two cores or more, for a run that explores in one worker nobody asked for', () => {
    expect(explorationBeside(run)).toBe(true);
    expect(explorationBeside({ ...run, cores: 8 })).toBe(true);
    expect(explorationBeside({ ...run, budget: BESIDE_MIN_SESSIONS })).toBe(true);
  });
  it('never on one core, with --parallel (1 included), with several workers, or without an exploration', () => {
    expect(explorationBeside({ ...run, cores: 1 })).toBe(false);
    expect(explorationBeside({ ...run, parallelAsked: true })).toBe(false);
    expect(explorationBeside({ ...run, workers: 2 })).toBe(false);
    expect(explorationBeside({ ...run, budget: 0 })).toBe(false);
  });
  it('never for a share too small to repay a second process: a small budget, or a shard of one', () => {
    expect(explorationBeside({ ...run, budget: BESIDE_MIN_SESSIONS - 1 })).toBe(false);
    expect(explorationBeside({ ...run, budget: 20 })).toBe(false);
    expect(explorationBeside({ ...run, budget: 2 * BESIDE_MIN_SESSIONS, shard: { index: 1, count: 2 } })).toBe(true);
    expect(explorationBeside({ ...run, budget: 2 * BESIDE_MIN_SESSIONS - 1, shard: { index: 2, count: 2 } })).toBe(
      false,
    );
  });
});

describe("the two processes' requests", () => {
  it("claim the run's share, one from its first session and one by splitting what is left; only the scenarios' process is told it shares the cores", () => {
    const request: ChildRequest = {
      adapterPath: 'adapter.js',
      formats: ['progress'],
      explore: { budget: 200, seed: 23 },
    };
    const requests = besideRequests(request);
    expect(requests?.scenarios).toEqual({
      ...request,
      explore: { ...request.explore, claims: 'split' },
      coresShared: true,
    });
    expect(requests?.exploration).toEqual({
      ...request,
      formats: [],
      exploreOnly: true,
      explore: { ...request.explore, claims: 'first' },
    });
    expect(requests?.share).toEqual(Array.from({ length: 200 }, (_, index) => index));
    // A shard's run draws on the shard's share; a run without an exploration is not split.
    const shard = besideRequests({ ...request, shard: { index: 2, count: 4 } });
    expect(shard?.share).toHaveLength(50);
    expect(new Set(shard?.share).size).toBe(50);
    expect(besideRequests({ adapterPath: 'adapter.js' })).toBeUndefined();
  });
});

describe('what the exploration shows while the scenarios run', () => {
  it('is held in order until open, then passed on at once', () => {
    const shown: string[] = [];
    const held = new HeldUntilOpen((text) => shown.push(`host:${text}`));
    held.later(() => shown.push('mark'));
    held.hostOutput('line\n');
    held.later(() => shown.push('progress'));
    expect(shown).toEqual([]);
    held.open();
    expect(shown).toEqual(['mark', 'host:line\n', 'progress']);
    held.later(() => shown.push('after'));
    held.hostOutput('more\n');
    expect(shown.slice(3)).toEqual(['after', 'host:more\n']);
  });

  it('is never shown once discarded (the scenarios did not complete)', () => {
    const shown: string[] = [];
    const held = new HeldUntilOpen((text) => shown.push(text));
    held.later(() => shown.push('mark'));
    held.hostOutput('line\n');
    held.discard();
    held.open();
    held.later(() => shown.push('late'));
    held.hostOutput('late\n');
    expect(shown).toEqual([]);
  });

  it("keeps a bounded amount of the host's prints, and says how much it left out", () => {
    const shown: string[] = [];
    const held = new HeldUntilOpen((text) => shown.push(text));
    held.hostOutput('x'.repeat(HELD_HOST_OUTPUT_LIMIT - 10));
    held.hostOutput('y'.repeat(30));
    held.hostOutput('z'.repeat(5));
    held.open();
    expect(shown.slice(0, 2).join('').length).toBe(HELD_HOST_OUTPUT_LIMIT);
    expect(shown[2]).toContain('25 more character(s)');
    expect(shown).toHaveLength(3);
  });
});

function scenario(id: string, status: ScenarioResult['status'] = 'passed'): ScenarioResult {
  return { stableId: id, name: id, uri: 'features/a.feature', clauses: [], level: 'required', status, durationMs: 1 };
}

function explorationRecord(id: string, status: ScenarioResult['status'] = 'passed'): ScenarioResult {
  return { stableId: id, name: id, uri: '~exploration', clauses: [], level: 'required', status, durationMs: 1 };
}

function isolated(over: Partial<IsolatedRun>): IsolatedRun {
  return {
    ending: { kind: 'completed' },
    results: [],
    wallMs: 1,
    reviewTexts: [],
    decision: undefined,
    faults: [],
    notRun: 0,
    ...over,
  };
}

describe('the two runs as the serial one', () => {
  const summary: ExplorationSummary = { seed: 23, budget: 10, sessions: 10, share: 10, maxSteps: 12 };

  it('lists the scenarios, then the exploration, then one fault record per place', () => {
    const between = { message: 'between', kind: 'crash' as const, during: 'between-scenarios' as const };
    const during = { message: 'during', kind: 'adapter-error' as const, during: 'exploration' as const };
    const again = { message: 'again', kind: 'crash' as const, during: 'between-scenarios' as const };
    const run = combined(
      isolated({ results: [scenario('a'), scenario('b'), ...faultRecords([between])], faults: [between] }),
      isolated({
        results: [explorationRecord('explore'), ...faultRecords([again, during])],
        faults: [again, during],
        exploration: summary,
        exploreMs: 5,
      }),
      99,
    );
    expect(run.results.map((result) => result.stableId)).toEqual([
      'a',
      'b',
      'explore',
      'fault:between-scenarios',
      'fault:exploration',
    ]);
    expect(run.results[3]!.message).toBe('between\nagain');
    expect(run).toMatchObject({ ending: { kind: 'completed' }, wallMs: 99, exploration: summary, exploreMs: 5 });
    expect(run.faults).toHaveLength(3);
  });

  it("combines the parts' classes as one exploration's: a class both met shown by its first session, counts summed", () => {
    const classRecord = (id: string, session: number, count: number): ScenarioResult => ({
      ...explorationRecord(id, 'failed'),
      exploration: { seed: 23, budget: 10, session, count },
    });
    const run = combined(
      isolated({
        results: [scenario('a'), classRecord('explore:X/one', 8, 1), classRecord('explore:Z/three', 9, 1)],
        exploration: { ...summary, sessions: 2, share: 2 },
      }),
      isolated({
        results: [classRecord('explore:Y/two', 1, 2), classRecord('explore:X/one', 3, 4)],
        exploration: { ...summary, sessions: 8, share: 8 },
      }),
      1,
    );
    expect(
      run.results.map((result) => [result.stableId, result.exploration?.session, result.exploration?.count]),
    ).toEqual([
      ['a', undefined, undefined],
      ['explore:Y/two', 1, 2],
      ['explore:X/one', 3, 5],
      ['explore:Z/three', 9, 1],
    ]);
    expect(run.exploration).toMatchObject({ sessions: 10, share: 10 });
  });

  it('ends as the exploration did when it crashed or stopped, the scenarios having completed', () => {
    const crash = { kind: 'crashed' as const, message: 'the suite process exited with code 3 during scenario explore' };
    const run = combined(
      isolated({ results: [scenario('a')] }),
      isolated({ ending: crash, results: [explorationRecord('explore', 'failed')] }),
      1,
    );
    expect(run.ending).toEqual(crash);
    expect(run.results.map((result) => result.status)).toEqual(['passed', 'failed']);
  });

  it('drops the exploration when the scenarios did not complete, as the serial run never explored', () => {
    const crash = { kind: 'crashed' as const, message: 'exited during scenario b' };
    const scenarios = isolated({ ending: crash, results: [scenario('a'), scenario('b', 'failed')], notRun: 2 });
    const run = combined(
      scenarios,
      isolated({ ending: { kind: 'interrupted', signal: 'SIGTERM' }, results: [explorationRecord('explore')] }),
      1,
    );
    expect(run.results).toEqual(scenarios.results);
    expect(run).toMatchObject({ ending: crash, notRun: 2 });
    expect(run.exploration).toBeUndefined();
  });

  it('ends as the exploration said when it found the adapter unusable (and ended the scenarios)', () => {
    const unusable = { kind: 'unusable' as const, message: 'adapter module x could not be loaded' };
    const run = combined(
      isolated({ ending: { kind: 'interrupted', signal: 'SIGTERM' } }),
      isolated({ ending: unusable }),
      1,
    );
    expect(run.ending).toEqual(unusable);
  });
});

describe('a run with its exploration beside, end to end', () => {
  it(
    'writes the results file and the stdout of one process (--parallel 1), classes and counts included',
    async () => {
      const dir = await temporaryFolder('pmc-beside-');
      const args = [
        '--adapter',
        `${FIXTURES}adapters/explore-approve-with-anything.js`,
        '--tags',
        '@REVIEW-03',
        '--explore',
        '60',
        '--explore-seed',
        '1',
      ];
      const serial = runCli([...args, '--parallel', '1', '--format', `results:${join(dir, 'serial.json')}`]);
      const beside = runCli([...args, '--format', `results:${join(dir, 'beside.json')}`]);
      expect(serial.status).toBe(1);
      expect(beside.status).toBe(1);
      expect(beside.stdout).toBe(serial.stdout);
      const records = (file: string) => {
        const document = JSON.parse(readFileSync(join(dir, file), 'utf8')) as ResultsDocument;
        return {
          scenarios: document.scenarios.map(({ durationMs: _, ...record }) => record),
          exploration: document.exploration,
        };
      };
      const expected = records('serial.json');
      expect(expected.scenarios.some((record) => record.id.startsWith('explore:'))).toBe(true);
      expect(records('beside.json')).toEqual(expected);
    },
    limitForProcesses(2),
  );
});
