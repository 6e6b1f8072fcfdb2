/**
 * Exploration in every run (issue 23): the flags; classes counted once with
 * how many sessions showed them; shares (shards, workers) that add up to the
 * whole exploration; baseline entries `explore: { clause, check }`, written by
 * --write-baseline; the results record; `--explore off` giving the
 * scenario-only verdict; a host only exploration catches failing the default run.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ResultsDocumentSchema, type Adapter, type ResultsDocument } from '../../../src/index.js';
import { parseArguments, UsageError } from '../../../conformance/cli/arguments.js';
import { DEFAULT_EXPLORE_SEED, DEFAULT_EXPLORE_SESSIONS, explorePlan } from '../../../conformance/explore/budget.js';
import { explore, type ExplorationOptions } from '../../../conformance/explore/explore.js';
import { claimedSessions, fixedSessions, sessionShare } from '../../../conformance/explore/session-source.js';
import { SessionDispenser } from '../../../conformance/runner/session-dispenser.js';
import {
  combineExploration,
  explorationResults,
  EXPLORATION_URI,
} from '../../../conformance/explore/exploration-records.js';
import { loadAdapter } from '../../../conformance/adapters/load-adapter.js';
import { levelsOf, loadCatalogFileSync } from '../../../conformance/catalog/clause-catalog.js';
import { judge, readBaseline, writeBaseline, type Baseline } from '../../../conformance/results/baseline.js';
import type { ExplorationSummary, ScenarioResult } from '../../../conformance/results/scenario-result.js';
import { FIXTURES, runCli } from '../cli-harness.js';
import { limitForProcesses } from '../../limits.js';
import { writeReasons } from '../baseline-reasons.js';

const BROKEN_REVIEW = `${FIXTURES}adapters/explore-approve-with-anything.js`;
const ONLY_EXPLORATION_CATCHES = `${FIXTURES}adapters/fifth-agent-forgets.js`;
const levels = levelsOf(loadCatalogFileSync().clauses);

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});
async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'exploration-run-'));
  folders.push(folder);
  return folder;
}

describe('--explore and --explore-seed', () => {
  it('parses a budget, off and a seed', () => {
    expect(parseArguments(['--explore', '50']).explore).toBe(50);
    expect(parseArguments(['--explore=off']).explore).toBe('off');
    expect(parseArguments(['--explore-seed', '-7']).exploreSeed).toBe(-7);
    expect(parseArguments([]).explore).toBeUndefined();
  });

  it.each([
    [['--explore', '0'], /--explore must be 'off' or a whole number from 1/],
    [['--explore', 'lots'], /--explore must be 'off' or a whole number/],
    [['--explore-seed', '1.5'], /--explore-seed must be a whole number that fits in 32 bits/],
    [['--explore-seed', '4294967296'], /fits in 32 bits/],
    [['--explore', 'off', '--explore-seed', '3'], /--explore off turns it off/],
    [['--explore', '5', '--explore', '6'], /--explore given twice/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArguments(argv)).toThrow(UsageError);
    expect(() => parseArguments(argv)).toThrow(message);
  });

  it('explores a whole run by default, a narrowed run only when asked, nothing with off', () => {
    expect(explorePlan({ tags: '' })).toEqual({ budget: DEFAULT_EXPLORE_SESSIONS, seed: DEFAULT_EXPLORE_SEED });
    expect(explorePlan({ tags: '', exploreSeed: 9 })).toEqual({ budget: DEFAULT_EXPLORE_SESSIONS, seed: 9 });
    expect(explorePlan({ tags: '@SET-01' })).toBeUndefined();
    expect(explorePlan({ tags: '', featuresDir: 'mine' })).toBeUndefined();
    expect(explorePlan({ tags: '@SET-01', explore: 30 })).toEqual({ budget: 30, seed: DEFAULT_EXPLORE_SEED });
    expect(explorePlan({ tags: '', explore: 'off' })).toBeUndefined();
  });
});

describe('classes of disagreement', () => {
  let adapter: Adapter;
  const options = (): ExplorationOptions => ({
    adapter,
    edition: 'seed',
    strict: false,
    levels,
    callLimitMs: 5_000,
    maxSteps: 12,
    seed: 1,
    budget: 60,
    replay: ' --max-steps 12 --edition seed',
  });
  let whole: Awaited<ReturnType<typeof explore>>;
  /** The records of several shares' explorations, combined as a run combines its processes' (exploration-shares.ts). */
  const combinedRecords = (shares: Awaited<ReturnType<typeof explore>>[]): ScenarioResult[] =>
    combineExploration(
      shares.flatMap((share) => explorationResults(share, levels)),
      (record) => record.stableId!,
      (record) => record.status === 'failed',
    );
  /** Each class of the whole exploration, as combined: counted alike, and shown by its first session, as unsplit. */
  const expectEachClassAsInWhole = (combined: ScenarioResult[]): void => {
    for (const record of explorationResults(whole, levels)) {
      const same = combined.find((one) => one.stableId === record.stableId)!;
      expect(same.exploration?.count).toBe(record.exploration?.count);
      expect(same.exploration?.session).toBe(record.exploration?.session);
      expect(same.exploration?.path).toBe(record.exploration?.path);
    }
  };
  beforeAll(async () => {
    adapter = await loadAdapter(BROKEN_REVIEW);
    whole = await explore(options());
  }, limitForProcesses(1)); // an exploration of 60 sessions in process

  it('goes on after a disagreement and counts each class once, with how many sessions showed it', () => {
    expect(whole.sessions).toBe(60);
    expect(whole.classes.length).toBeGreaterThanOrEqual(1);
    const ids = whole.classes.map((one) => one.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const one of whole.classes) {
      expect(one.id).toBe(`explore:${one.signature.clause}/${one.signature.check}`);
      expect(one.found.disagreement.clauses[0]).toBe(one.signature.clause);
      expect(one.found.path.startsWith(`${one.session}:`) || one.found.path === String(one.session)).toBe(true);
    }
    expect(whole.classes.reduce((sum, one) => sum + one.count, 0)).toBeGreaterThan(whole.classes.length);
    // One record per class, however many sessions: the closing line counts each once.
    const records = explorationResults(whole, levels);
    expect(records.map((record) => record.stableId)).toEqual(ids);
    expect(records.every((record) => record.status === 'failed' && record.uri === EXPLORATION_URI)).toBe(true);
    expect(records[0]!.message).toContain('Scenario: explore found:');
    expect(records[0]!.message).toMatch(
      /replay: npx plan-mode-conformance explore --adapter \S+ --seed 1 --path [\d:]+ --max-steps 12 --edition seed/,
    );
  });

  it(
    'splits the sessions among shares that add up to the whole exploration',
    async () => {
      const shares = [sessionShare(60, [{ index: 1, count: 2 }]), sessionShare(60, [{ index: 2, count: 2 }])];
      expect([...shares[0]!, ...shares[1]!].sort((a, b) => a - b)).toEqual(sessionShare(60));
      expect(
        sessionShare(60, [
          { index: 2, count: 2 },
          { index: 1, count: 3 },
        ]),
      ).toEqual([1, 7, 13, 19, 25, 31, 37, 43, 49, 55]);
      const halves = await Promise.all([1, 2].map((index) => explore({ ...options(), slices: [{ index, count: 2 }] })));
      expect(halves.map((half) => half.sessions)).toEqual([30, 30]);
      const combined = combinedRecords(halves);
      const wholeRecords = explorationResults(whole, levels);
      expect(combined.map((record) => record.stableId).sort()).toEqual(
        wholeRecords.map((record) => record.stableId).sort(),
      );
      expectEachClassAsInWhole(combined);
    },
    limitForProcesses(1),
  ); // the same 60 sessions in two halves

  it(
    'adds up to the whole exploration when two processes claim stretches of the share',
    async () => {
      // As beside the scenarios: one process claims from the first session on, the other from the upper half of
      // what is left; each moves to the upper half of the longest stretch left when its next session is gone. Here
      // the splitting process claims 25 (30 to 54) before the other starts, which then runs 0 to 29 and, its next
      // session gone, 57 to 59, 56 and 55: later sessions first, so each class it meets there is found out of order.
      const dispenser = new SessionDispenser(sessionShare(60));
      let split = 0;
      const upper = await explore({
        ...options(),
        sessions: claimedSessions(60, 60, async () => (split++ < 25 ? dispenser.claim('split', 1) : undefined)),
      });
      const given: number[] = [];
      const lower = await explore({
        ...options(),
        sessions: claimedSessions(60, 60, async () => {
          const index = dispenser.claim('first', 1);
          if (index !== undefined) given.push(index);
          return index;
        }),
      });
      expect([upper.sessions, lower.sessions]).toEqual([25, 35]);
      expect([upper.share, lower.share]).toEqual([25, 35]);
      expect(given.slice(28)).toEqual([28, 29, 57, 58, 59, 56, 55]);
      // Claimed out of order, the same sessions read as they do run in order: each class shown by its lowest
      // session, shrunk from it, the classes in the order of those sessions.
      const inOrder = await explore({ ...options(), sessions: fixedSessions([...given].sort((a, b) => a - b)) });
      const classes = (exploration: typeof lower) =>
        exploration.classes.map((one) => [one.id, one.session, one.count, one.found.path]);
      expect(classes(lower)).toEqual(classes(inOrder));
      const combined = combinedRecords([lower, upper]);
      const wholeRecords = explorationResults(whole, levels);
      expect(combined.map((record) => record.stableId)).toEqual(wholeRecords.map((record) => record.stableId));
      expectEachClassAsInWhole(combined);
    },
    limitForProcesses(1),
  ); // the same 60 sessions, claimed
});

describe('baseline entries for exploration classes', () => {
  const summary: ExplorationSummary = { seed: 23, budget: 200, maxSteps: 12, sessions: 200, share: 200 };
  const classRecord = (check: string, clause = 'REVIEW-03'): ScenarioResult => ({
    stableId: `explore:${clause}/${check}`,
    name: `exploration: ${check}`,
    uri: EXPLORATION_URI,
    clauses: [clause],
    level: 'required',
    status: 'failed',
    failureKind: 'assertion',
    failedStep: check,
    message: `explore:${clause}/${check}: differs`,
    durationMs: 3,
    exploration: {
      seed: 23,
      budget: 200,
      check,
      count: 4,
      session: 17,
      path: '17:0',
      scenario: 'Scenario: x',
      replay: 'plan-mode-conformance explore',
    },
  });
  const entry = (check: string, extra: Record<string, string> = {}): Baseline['entries'][number] => ({
    entry: { explore: { clause: 'REVIEW-03', check }, reason: 'known', class: 'host-divergence', ...extra },
    where: 'b.yaml:3:5',
  });

  it('excuses the class it names, however many sessions showed it; another class still fails', () => {
    const verdict = judge(
      [classRecord('review-outcome'), classRecord('exit-result')],
      { path: 'b.yaml', entries: [entry('review-outcome')] },
      { exploration: summary },
    );
    expect(verdict.baselined.map(({ result }) => result.stableId)).toEqual(['explore:REVIEW-03/review-outcome']);
    expect(verdict.unexpected.map((result) => result.stableId)).toEqual(['explore:REVIEW-03/exit-result']);
  });

  it('expires as other entries do', () => {
    const verdict = judge(
      [classRecord('review-outcome')],
      { path: 'b.yaml', entries: [entry('review-outcome', { expires: '2020-01-01' })] },
      { today: '2026-01-01' },
    );
    expect(verdict.mismatched[0]?.why).toMatch(/expired on 2020-01-01/);
  });

  it('is stale once its witness ran clean on the host (not when an exploration missed it), and is not judged by a shard or a run that did not explore', () => {
    const witnesses = new Map([['explore:REVIEW-03/review-outcome', { kind: 'clean' as const }]]);
    const stale = judge(
      [],
      { path: 'b.yaml', entries: [entry('review-outcome', { witness: 'Scenario: x' })] },
      { exploration: summary, witnesses },
    );
    expect(stale.stale.map(({ result }) => result.stableId)).toEqual(['explore:REVIEW-03/review-outcome']);
    expect(stale.notFound).toHaveLength(1);
    expect(stale.outcomes.get(stale.notFound[0]!)).toBe('failed');
    const missed = judge([], { path: 'b.yaml', entries: [entry('review-outcome')] }, { exploration: summary });
    expect(missed.stale).toEqual([]);
    expect(missed.outcomes.get(missed.notFound[0]!)).toBe('skipped');
    expect(
      judge(
        [],
        { path: 'b.yaml', entries: [entry('review-outcome')] },
        { exploration: { ...summary, share: 100, sessions: 100 } },
      ).stale,
    ).toEqual([]);
    expect(judge([], { path: 'b.yaml', entries: [entry('review-outcome')] }).stale).toEqual([]);
  });

  it('is read with the catalog, refused when malformed, and written by --write-baseline', async () => {
    const folder = await tempFolder();
    const path = join(folder, 'b.yaml');
    await writeFile(
      path,
      'known_failures:\n  - explore: { clause: REVIEW-03, check: review-outcome }\n    reason: known\n',
    );
    const read = await readBaseline(path, { scenarios: new Map(), level: 'default', clauses: levels });
    expect(read.entries[0]!.entry).toEqual({
      explore: { clause: 'REVIEW-03', check: 'review-outcome' },
      reason: 'known',
    });
    await writeFile(
      path,
      'known_failures:\n  - explore: { clause: XYZ-99, check: Review_Outcome }\n    reason: known\n',
    );
    await expect(readBaseline(path, { scenarios: new Map(), level: 'default', clauses: levels })).rejects.toThrow(
      /a check name is lower-case words/,
    );
    await writeFile(
      path,
      'known_failures:\n  - explore: { clause: XYZ-99, check: review-outcome }\n    reason: known\n',
    );
    await expect(readBaseline(path, { scenarios: new Map(), level: 'default', clauses: levels })).rejects.toThrow(
      /clause XYZ-99 is not in the clause catalog/,
    );

    const written = join(folder, 'written.yaml');
    const previous = [
      {
        explore: { clause: 'REVIEW-03', check: 'review-outcome' },
        reason: 'kept reason',
        class: 'host-divergence' as const,
      },
    ];
    expect(
      await writeBaseline(written, 'broken', [classRecord('review-outcome'), classRecord('exit-result')], previous),
    ).toBe(2);
    const file = parseYaml(await readFile(written, 'utf8')) as { known_failures: Array<Record<string, unknown>> };
    expect(file.known_failures).toEqual([
      {
        explore: { clause: 'REVIEW-03', check: 'review-outcome' },
        kind: 'assertion',
        reason: 'kept reason',
        class: 'host-divergence',
        witness: 'Scenario: x',
      },
      {
        explore: { clause: 'REVIEW-03', check: 'exit-result' },
        kind: 'assertion',
        reason: expect.stringMatching(/^TODO: state the observed difference/),
        witness: 'Scenario: x',
      },
    ]);
    // What it wrote reads back once a person wrote the reason the placeholder asks for, and not before.
    await expect(readBaseline(written, { scenarios: new Map(), level: 'default', clauses: levels })).rejects.toThrow(
      /known_failures\[1\] \(explore explore:REVIEW-03\/exit-result\): the reason is still the placeholder --write-baseline wrote/,
    );
    writeReasons(written);
    await expect(
      readBaseline(written, { scenarios: new Map(), level: 'default', clauses: levels }),
    ).resolves.toBeDefined();
  });
});

describe('a run with exploration, through the CLI', () => {
  it(
    'a host only exploration catches passes every scenario and fails the default run once, with the scenario and replay command; --explore off passes it',
    async () => {
      const folder = await tempFolder();
      const off = runCli([
        '--adapter',
        ONLY_EXPLORATION_CATCHES,
        '--explore',
        'off',
        '--format',
        `results:${join(folder, 'off.json')}`,
      ]);
      expect(off.status).toBe(0);
      expect(off.summary).toMatch(/^conformance: \d+ passed, 0 failed, 0 skipped$/);
      const run = runCli([
        '--adapter',
        ONLY_EXPLORATION_CATCHES,
        '--format',
        `results:${join(folder, 'on.json')}`,
        '--format',
        `junit:${join(folder, 'junit.xml')}`,
      ]);
      expect(run.status).toBe(1);
      const passed = Number(/(\d+) passed/.exec(off.summary)![1]);
      expect(run.summary).toBe(`conformance: ${passed} passed, 1 failed, 0 skipped`);
      expect(run.stdout).toMatch(/^failed: explore:[A-Z]+-\d\d\/[a-z-]+ \(\d+ session\(s\) of the exploration\)$/m);
      expect(run.stdout).toMatch(/^ {4}Scenario: explore found: /m);
      expect(run.stdout).toMatch(
        /^ {4}replay: npx plan-mode-conformance explore --adapter \S+fifth-agent-forgets.js --seed 23 --path [\d:]+/m,
      );
      const document = ResultsDocumentSchema.parse(JSON.parse(await readFile(join(folder, 'on.json'), 'utf8')));
      expect(document.exploration).toMatchObject({
        seed: DEFAULT_EXPLORE_SEED,
        budget: DEFAULT_EXPLORE_SESSIONS,
        maxSteps: 12,
        sessions: DEFAULT_EXPLORE_SESSIONS,
        share: DEFAULT_EXPLORE_SESSIONS,
        timeLimitMs: DEFAULT_EXPLORE_SESSIONS * 5_000,
      });
      const failed = document.scenarios.filter((record) => record.status === 'failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]!.id).toMatch(/^explore:[A-Z]+-\d\d\/[a-z-]+$/);
      expect(failed[0]!.exploration?.scenario).toMatch(/^Scenario: explore found:/);
      const junit = await readFile(join(folder, 'junit.xml'), 'utf8');
      expect(junit).toContain(`name="${failed[0]!.id}"`);
    },
    limitForProcesses(2),
  );

  it(
    '--explore off gives the scenario-only verdict: the same records, without the exploration',
    async () => {
      const folder = await tempFolder();
      const off = runCli(['--explore', 'off', '--format', `results:${join(folder, 'off.json')}`]);
      const on = runCli(['--format', `results:${join(folder, 'on.json')}`]);
      expect(off.status).toBe(0);
      expect(on.status).toBe(0);
      const [withoutExploration, withExploration] = await Promise.all(
        ['off.json', 'on.json'].map(async (name) =>
          ResultsDocumentSchema.parse(JSON.parse(await readFile(join(folder, name), 'utf8'))),
        ),
      );
      expect(withoutExploration!.exploration).toBeUndefined();
      expect(withoutExploration!.scenarios.some((record) => record.uri === EXPLORATION_URI)).toBe(false);
      const shape = (records: ResultsDocument['scenarios']) =>
        records.filter((record) => record.uri !== EXPLORATION_URI).map(({ durationMs: _ms, ...rest }) => rest);
      expect(shape(withoutExploration!.scenarios)).toEqual(shape(withExploration!.scenarios));
      // The clean exploration counts as passed once; the off run's line is the scenario-only one.
      const count = (summary: string) => Number(/(\d+) passed/.exec(summary)![1]);
      expect(count(on.summary)).toBe(count(off.summary) + 1);
      expect(
        withExploration!.scenarios
          .filter((record) => record.uri === EXPLORATION_URI)
          .map((record) => [record.id, record.status]),
      ).toEqual([['explore', 'passed']]);
      expect(off.stdout).not.toMatch(/^exploration:/m);
      expect(on.stdout).toMatch(/^exploration: 200 session\(s\), seed 23: every one agreed with the oracle$/m);
    },
    limitForProcesses(2),
  );

  it.each([
    ['fifth-agent-exits.js', /the suite process exited with code 3 during scenario explore/],
    [
      'fifth-agent-blocks.js',
      /the suite process stopped answering for 5000 ms \(the host held its event loop\) and was ended during scenario explore/,
    ],
  ])(
    'a host that %s during exploration fails the run with a message and ends it, all scenarios counted',
    (fixture, message) => {
      const run = runCli([
        '--adapter',
        `${FIXTURES}adapters/${fixture}`,
        '--call-limit',
        '2000',
        '--start-limit',
        '2000',
      ]);
      expect(run.status).toBe(1);
      expect(run.summary).toMatch(/^conformance: \d+ passed, 1 failed, 0 skipped$/);
      expect(run.stdout).toMatch(/^failed: explore \(~exploration\)$/m);
      expect(run.stdout).toMatch(message);
      expect(run.stdout).toContain(
        'conformance: the run did not complete: the exploration after the scenarios ended early',
      );
    },
    limitForProcesses(1),
  );

  it(
    'a narrowed run explores only when asked',
    () => {
      const narrowed = runCli(['--tags', '@SET-01']);
      expect(narrowed.stdout).not.toMatch(/^exploration:/m);
      const asked = runCli(['--tags', '@SET-01', '--explore', '20', '--explore-seed', '5']);
      expect(asked.status).toBe(0);
      expect(asked.stdout).toMatch(/^exploration: 20 session\(s\), seed 5: every one agreed with the oracle$/m);
    },
    limitForProcesses(2),
  );
});
