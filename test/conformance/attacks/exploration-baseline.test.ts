/**
 * Attacks on how the exploration fails, is baselined and is bounded:
 * - a baselined timeout switched the exploration off (4 of 200 sessions, exit 0);
 * - an entry for one failure kind excused a class of another (a host error's
 *   entry excused a crash), and every exploration record said `assertion`;
 * - `--write-baseline` after an exploration that stopped early dropped the
 *   entries of classes it never reached;
 * - an entry was stale whenever a random exploration missed its class.
 * Each plays the attack and checks the true verdict.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Adapter, ExploreBaselineEntry } from '../../../src/index.js';
import { loadAdapter } from '../../../conformance/adapters/load-adapter.js';
import { resolveAdapterPath } from '../../../conformance/adapters/adapter-path.js';
import { levelsOf, loadCatalogFileSync } from '../../../conformance/catalog/clause-catalog.js';
import { adapterError } from '../../../conformance/explore/disagreement.js';
import { explore, type ExplorationOptions } from '../../../conformance/explore/explore.js';
import { explorationResults } from '../../../conformance/explore/exploration-records.js';
import { classId, classKind, signatureOf } from '../../../conformance/explore/signature.js';
import { HostCrashError, HostProtocolError } from '../../../conformance/transport/host-process.js';
import { judge, mismatchOf, writeBaseline, type Baseline } from '../../../conformance/results/baseline.js';
import type { ExplorationSummary, ScenarioResult } from '../../../conformance/results/scenario-result.js';
import { explorationLine } from '../../../conformance/results/summary.js';
import { witnessFeature, type WitnessVerdict } from '../../../conformance/runner/witnesses.js';
import { FIXTURES } from '../cli-harness.js';
import { temporaryFolder } from '../../temporary-folder.js';

const levels = levelsOf(loadCatalogFileSync().clauses);

const options = (adapter: Adapter, change: Partial<ExplorationOptions> = {}): ExplorationOptions => ({
  adapter,
  edition: 'seed',
  strict: false,
  levels,
  // A hang guard the reference's calls meet on a loaded machine; the hung prompt waits it out.
  callLimitMs: 2_000,
  maxSteps: 6,
  seed: 1,
  budget: 8,
  replay: ' --max-steps 6 --edition seed',
  shrinkRuns: 0,
  ...change,
});

describe('a timeout never shortens the exploration', () => {
  let adapter: Adapter;
  beforeAll(async () => {
    adapter = await loadAdapter(`${FIXTURES}adapters/third-host-prompt-hangs.js`);
  });

  it('a host that hangs once, in session 3: every session of the budget still runs, the timeout one class of kind timeout', async () => {
    const exploration = await explore(options(adapter));
    expect(exploration.sessions).toBe(8);
    expect(exploration.stopped).toBeUndefined();
    const timeouts = exploration.classes.filter((explored) => classKind(explored.signature) === 'timeout');
    expect(timeouts.map((explored) => explored.id)).toEqual(['explore:host/adapter-call-prompt-timeout']);
    const [record] = explorationResults(exploration, levels).filter((result) => result.stableId === timeouts[0]!.id);
    expect(record).toMatchObject({ failureKind: 'timeout', exploration: { kind: 'timeout' } });
  });

  it('the time limit: reaching it fails the run as incomplete, N of M sessions, whatever was found', async () => {
    const exploration = await explore(
      options(await loadAdapter(resolveAdapterPath('reference')), { budget: 50, timeLimitMs: 1 }),
    );
    expect(exploration.incomplete).toBe(true);
    expect(exploration.sessions).toBeLessThan(50);
    const records = explorationResults(exploration, levels);
    expect(records[0]).toMatchObject({ stableId: 'explore', status: 'failed', failureKind: 'timeout' });
    expect(records[0]!.message).toMatch(
      new RegExp(`^exploration incomplete: ${exploration.sessions} of 50 sessions: its time limit`),
    );
    expect(records.some((record) => record.status === 'passed')).toBe(false);
  });
});

describe('an exploration class carries its failure kind', () => {
  const call = (error: Error) => signatureOf(adapterError(error));

  it('a host error, a crash, a protocol error and a timeout of one method are four classes, each of its kind', () => {
    const classes = [
      call(new Error('adapter method prompt: the host answered error -32000: busy')),
      call(new HostCrashError('prompt', 'the host process exited with code 1')),
      call(new HostProtocolError('prompt', 'the host wrote something that is not JSON-RPC')),
      call(new Error('adapter method prompt: did not answer within 300 ms')),
    ];
    expect(classes.map(classId)).toEqual([
      'explore:host/adapter-call-prompt',
      'explore:host/adapter-call-prompt-crash',
      'explore:host/adapter-call-prompt-protocol-error',
      'explore:host/adapter-call-prompt-timeout',
    ]);
    expect(classes.map(classKind)).toEqual(['adapter-error', 'crash', 'protocol-error', 'timeout']);
  });

  it('an entry for one kind excuses no other', () => {
    const entry: ExploreBaselineEntry = {
      explore: { clause: 'host', check: 'adapter-call-prompt' },
      kind: 'adapter-error',
      reason: 'answers -32000 when busy',
    };
    const result = (failureKind: ScenarioResult['failureKind']): ScenarioResult => ({
      stableId: 'explore:host/adapter-call-prompt',
      name: 'x',
      uri: '~exploration',
      clauses: [],
      level: 'required',
      status: 'failed',
      failureKind,
      durationMs: 0,
    });
    expect(mismatchOf(result('adapter-error'), entry, '2026-01-01')).toBeUndefined();
    expect(mismatchOf(result('crash'), entry, '2026-01-01')).toMatch(
      /another kind than its baseline entry: expected adapter-error, actual crash/,
    );
    // An entry naming no kind excuses the kind its check names only.
    const { kind: _kind, ...implied } = entry;
    expect(mismatchOf(result('protocol-error'), implied, '2026-01-01')).toMatch(
      /expected adapter-error, actual protocol-error/,
    );
  });
});

describe('staleness by witness, and --write-baseline keeps what it could not judge', () => {
  const entry = (check: string, witness?: string): ExploreBaselineEntry => ({
    explore: { clause: 'PROJ-03', check },
    kind: 'assertion',
    reason: 'known',
    ...(witness ? { witness } : {}),
  });
  const baseline: Baseline = {
    path: 'baseline.yaml',
    entries: [
      { entry: entry('ran-clean', 'Scenario: a\n  When the user prompts "Hello"'), where: 'baseline.yaml:3:5' },
      { entry: entry('still-fails', 'Scenario: b\n  When the user prompts "Hello"'), where: 'baseline.yaml:9:5' },
      { entry: entry('cannot-run', 'Scenario: c\n  When the host restarts'), where: 'baseline.yaml:15:5' },
      { entry: entry('no-witness'), where: 'baseline.yaml:21:5' },
    ],
  };
  const clean: ScenarioResult = {
    stableId: 'explore',
    name: 'clean',
    uri: '~exploration',
    clauses: [],
    level: 'required',
    status: 'passed',
    durationMs: 0,
  };
  const whole: ExplorationSummary = { seed: 23, budget: 200, maxSteps: 12, sessions: 200, share: 200 };
  const witnesses = new Map<string, WitnessVerdict>([
    ['explore:PROJ-03/ran-clean', { kind: 'clean' }],
    ['explore:PROJ-03/still-fails', { kind: 'fails', message: 'the projection of the agent is off' }],
    [
      'explore:PROJ-03/cannot-run',
      { kind: 'not-judged', why: 'its witness cannot run on this host: missing capability restart' },
    ],
  ]);

  it('not meeting a class stales its entry only when its witness ran clean; a witness that cannot run is "not judged", said, not failed', () => {
    const verdict = judge([clean], baseline, { exploration: whole, witnesses });
    const outcome = (check: string) =>
      verdict.outcomes.get(verdict.notFound.find((result) => result.stableId === `explore:PROJ-03/${check}`)!);
    expect(outcome('ran-clean')).toBe('failed');
    expect(verdict.stale.map(({ result }) => result.stableId)).toEqual(['explore:PROJ-03/ran-clean']);
    expect(outcome('still-fails')).toBe('baselined');
    expect(outcome('cannot-run')).toBe('skipped');
    expect(outcome('no-witness')).toBe('skipped');
    expect(verdict.notFound.find((result) => result.stableId === 'explore:PROJ-03/cannot-run')!.skipReason).toMatch(
      /not judged: .*missing capability restart/,
    );
    expect(verdict.notFound.find((result) => result.stableId === 'explore:PROJ-03/no-witness')!.skipReason).toMatch(
      /no witness/,
    );
  });

  it('the exploration line names the baselined classes it met, with their sessions: a run without a results file still says which', () => {
    const met: ScenarioResult = {
      stableId: 'explore:PROJ-03/still-fails',
      name: 'met',
      uri: '~exploration',
      clauses: ['PROJ-03'],
      level: 'required',
      status: 'failed',
      failureKind: 'assertion',
      message: 'the projection of the agent is off',
      durationMs: 0,
      exploration: {
        seed: 23,
        budget: 200,
        check: 'still-fails',
        count: 3,
        scenario: 'Scenario: met',
        kind: 'assertion',
      },
    };
    const verdict = judge([clean, met], baseline, { exploration: whole, witnesses });
    expect(verdict.outcomes.get(met)).toBe('baselined');
    expect(explorationLine(whole, verdict)).toBe(
      'exploration: 200 session(s), seed 23: 1 class(es) of disagreement (1 baselined: explore:PROJ-03/still-fails (3 session(s)))',
    );
  });

  it('an incomplete exploration judges nothing it did not meet', () => {
    const verdict = judge([clean], baseline, { exploration: { ...whole, sessions: 4, incomplete: true } });
    expect(verdict.stale).toEqual([]);
    expect(verdict.notFound.every((result) => verdict.outcomes.get(result) === 'skipped')).toBe(true);
  });

  it("--write-baseline drops only the entry whose witness ran clean, keeps the rest with reason and expiry, and writes a found class's witness", async () => {
    const path = join(await temporaryFolder('pmc-witness-baseline-'), 'baseline.yaml');
    await writeFile(path, 'known_failures: []\n');
    const found: ScenarioResult = {
      stableId: 'explore:SET-05/set-outcome',
      name: 'x',
      uri: '~exploration',
      clauses: ['SET-05'],
      level: 'required',
      status: 'failed',
      failureKind: 'assertion',
      message: 'set said so',
      durationMs: 0,
      exploration: {
        seed: 23,
        budget: 200,
        check: 'set-outcome',
        scenario: 'Scenario: found\n  When the user turns plan mode on',
        kind: 'assertion',
      },
    };
    const previous = baseline.entries.map(({ entry }) => ({ ...entry, expires: '2099-01-01' }));
    await writeBaseline(
      path,
      'x',
      [clean, found],
      previous,
      'default',
      undefined,
      'rc.8',
      new Set(['explore:PROJ-03/ran-clean']),
    );
    const written = (parseYaml(await readFile(path, 'utf8')) as { known_failures: ExploreBaselineEntry[] })
      .known_failures;
    expect(written.map((one) => one.explore.check).sort()).toEqual([
      'cannot-run',
      'no-witness',
      'set-outcome',
      'still-fails',
    ]);
    expect(written.find((one) => one.explore.check === 'cannot-run')).toMatchObject({
      reason: 'known',
      expires: '2099-01-01',
      witness: 'Scenario: c\n  When the host restarts',
    });
    expect(written.find((one) => one.explore.check === 'set-outcome')).toMatchObject({
      kind: 'assertion',
      witness: 'Scenario: found\n  When the user turns plan mode on',
    });
  });

  it('a witness runs as a scenario tagged with what it needs, so a host without it skips it', () => {
    const text = witnessFeature([
      { id: 'witness-1', entry: entry('cannot-run', 'Scenario: c\n  When the host restarts') },
    ]);
    expect(text).toContain('  @PROJ-03 @id:witness-1 @needs:restart\n  Scenario: c\n    When the host restarts');
  });
});
