/**
 * explore reaches what the hand-written scenarios once missed: restarts among
 * forks and new agents, probe sections at other magnitudes than 10..90, and
 * plans of tens of kilobytes. Each mutant below passed the whole suite before
 * its class got a scenario of its own; explore, knowing nothing of the
 * mutant, finds a session it gets wrong, and the written feature fails on the
 * mutant and passes on the reference (so every printed step is defined and
 * judges the host, not the oracle).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { limitForProcesses } from '../../limits.js';
import { runCli } from '../cli-harness.js';
import type { Session } from '../../../conformance/explore/moves.js';
import { newestEdition } from '../../../src/contract/editions.js';

describe('what explore generates', () => {
  it('reaches each class in a run of explore:ci size: restarts among made agents, interleaved turns, orders of 1-3 digits on both sides of 50, plans of tens of kilobytes', async () => {
    const fc = (await import('fast-check')).default;
    const { sessionArbitrary } = await import('../../../conformance/explore/arbitraries.js');
    const reference = (await import('../../../reference/adapter.js')).default;
    const sessions = fc.sample(
      sessionArbitrary({ capabilities: reference.capabilities, maxSteps: 12, edition: 'rc.8' }),
      { numRuns: 200, seed: 1 },
    );
    const count = (test: (session: (typeof sessions)[number]) => boolean) => sessions.filter(test).length;
    const madeThenRestart = count(({ moves }) => {
      const restart = moves.findIndex((move) => move.kind === 'restart');
      return restart > 0 && moves.slice(0, restart).some((move) => ['fork', 'spawn', 'new-agent'].includes(move.kind));
    });
    // A prompt among a request's mid-turn actions: another agent's turn inside that request.
    const interleaved = count(({ moves }) => /"during":\[[^\]]*"kind":"prompt"/.test(JSON.stringify(moves)));
    const orders = sessions.flatMap((session) => session.probeOrders);
    const plans = sessions.flatMap(({ moves }) =>
      [...JSON.stringify(moves).matchAll(/"length":(\d+)/g)].map((match) => Number(match[1])),
    );
    expect(madeThenRestart).toBeGreaterThan(20);
    expect(interleaved).toBeGreaterThan(10);
    for (const [low, high] of [
      [1, 9],
      [10, 49],
      [51, 99],
      [100, 999],
    ])
      expect(orders.some((order) => order >= low! && order <= high!)).toBe(true);
    expect(orders).not.toContain(50);
    expect(plans.some((length) => length >= 10_000)).toBe(true);
  });
});

describe('explore reaches combinations and sizes', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    await (await import('../../../mutants/build-mutant.js')).removeDefaultWorkspace();
  });

  it.each([
    ['sections-sorted-as-text', /@POLICY-01\b/],
    ['review-plan-capped', /@TOOL-04\b/],
    // Which agent's state shows the mix-up first depends on the session; a state clause names it, or the notice
    // the fork's own log owed (since round 45's openings, at seed 1).
    ['fork-reloaded-from-origin', /@(STATE|SET|NARR)-0\d\b/],
    ['agent-ids-restart-from-one', /@(STATE|SET|SCOPE)-0\d\b/],
    ['running-flag-shared-by-agents', /@(SET|STATE|SCOPE)-0\d\b/],
    // Issue 23's classes: a notice owed after a restart or in a fork, a fork of a fork, a turn that gives up.
    ['notices-judged-from-memory', /@NARR-0\d\b/],
    // Seed 1 reaches a fork of a fork switched after its origin only past 200 sessions.
    ['fork-of-fork-copies-first-origin', /@(STATE|SET)-0\d\b/, 400],
    // A turn that gives up: explore at seed 1 finds it; its printed scenario is proven below on a session built for
    // it, since the shrunk seed-1 session changed whenever the generated stream moved (rounds 42 and 43).
    ['gave-up-request-forgotten', /@NARR-0\d\b/, 200, false],
    // Sessions started in a code mode the host declares (TOOL-07/08).
    ['sdk-text-follows-plan-mode', /@TOOL-07\b/],
    ['program-exit-skips-review', /@TOOL-08\b/],
  ] as [string, RegExp, number?, boolean?][])(
    'finds a session the mutant %s gets wrong (%s); written as a feature that fails on it and passes on the reference (where judged here)',
    async (name, clause, runs = 200, judgeFeature = true) => {
      const { MUTANTS } = await import('../../../mutants/catalog.js');
      const { buildMutant } = await import('../../../mutants/build-mutant.js');
      const { PACKAGE_ROOT } = await import('../../../conformance/package-root.js');
      const mutant = MUTANTS.find((candidate) => candidate.name === name)!;
      const adapter = await buildMutant(PACKAGE_ROOT, mutant);
      const dir = await mkdtemp(join(tmpdir(), 'pmc-explore-reach-'));
      dirs.push(dir);
      const out = join(dir, 'found.feature');

      const run = runCli(['explore', '--adapter', adapter, '--runs', String(runs), '--seed', '1', '--out', out]);
      expect(run.status, run.stdout + run.stderr).toBe(1);
      const feature = await readFile(out, 'utf8');
      expect(feature).toMatch(clause);
      if (!judgeFeature) return;

      // explore writes one scenario per class of disagreement it found (clause + check). The mutant's own
      // class is among them: some scenario fails on the mutant and passes on the reference. (Classes that
      // follow from the first divergence may print scenarios a correct host fails too: noted in docs/exploration.md.)
      const { telling, shown } = await tellingScenarios(adapter, dir);
      expect(telling.length, shown + feature.slice(0, 4000)).toBeGreaterThan(0);
    },
    // Three kit processes one after another (explore, then the printed feature on the mutant and on the reference).
    limitForProcesses(3),
  );

  /**
   * The turn that gives up, as a session built for it rather than one a seed happens to draw: the agent's first
   * request fails without a retry (the model saw plan mode off), plan mode is switched on while idle, and the next
   * turn's request must carry the entering notice (NARR-01), which gave-up-request-forgotten leaves out. Run through
   * the exploration's own runner and printer, its scenario must fail on the mutant and pass on the reference.
   */
  it(
    'prints a session that gives up on a request, which gave-up-request-forgotten gets wrong, as a scenario that fails on it and passes on the reference',
    async () => {
      const { MUTANTS } = await import('../../../mutants/catalog.js');
      const { buildMutant } = await import('../../../mutants/build-mutant.js');
      const { PACKAGE_ROOT } = await import('../../../conformance/package-root.js');
      const { loadAdapter } = await import('../../../conformance/adapters/load-adapter.js');
      const { runSession, neededCapabilities } = await import('../../../conformance/explore/explore.js');
      const { featureText } = await import('../../../conformance/explore/scenario.js');
      const reference = (await import('../../../reference/adapter.js')).default;
      const session: Session = {
        probeOrders: [],
        moves: [
          { kind: 'prompt', agent: 0, requests: [{ answer: { type: 'give-up' }, during: [] }] },
          { kind: 'set', agent: 0, active: true },
          { kind: 'prompt', agent: 0, requests: [{ answer: { type: 'text' }, during: [] }] },
        ],
      };
      // The edition a run of the reference (or of a mutant of it) is judged in when none is asked: its newest.
      const options = { callLimitMs: 10_000, strict: false, edition: newestEdition(reference.editions) };
      expect((await runSession({ ...options, adapter: reference }, session)).disagreement).toBeUndefined();
      const adapter = await buildMutant(
        PACKAGE_ROOT,
        MUTANTS.find((candidate) => candidate.name === 'gave-up-request-forgotten')!,
      );
      const result = await runSession({ ...options, adapter: await loadAdapter(adapter) }, session);
      const disagreement = result.disagreement;
      expect(disagreement?.clauses).toContain('NARR-01');
      const lines = result.transcript.lines();
      const feature = featureText({
        adapter: 'gave-up-request-forgotten',
        seed: 0,
        path: '0',
        replay: '',
        disagreement: disagreement!,
        lines,
        needs: neededCapabilities([...lines, disagreement!.step?.text ?? '']),
      });
      const dir = await mkdtemp(join(tmpdir(), 'pmc-explore-reach-'));
      dirs.push(dir);
      await writeFile(join(dir, 'found.feature'), feature);
      const { telling, shown } = await tellingScenarios(adapter, dir);
      expect(telling.length, shown + feature).toBe(1);
    },
    // The printed feature on the mutant and on the reference, one after the other.
    limitForProcesses(2),
  );
});

/** The scenarios of the features in `dir` that fail on the mutant `adapter` and pass on the reference. */
async function tellingScenarios(adapter: string, dir: string): Promise<{ telling: string[]; shown: string }> {
  const run = (host: string, file: string) =>
    runCli(['--adapter', host, '--features', dir, '--format', `results:${dir}/${file}`]);
  const onMutant = run(adapter, 'mutant.json');
  const onReference = run('reference', 'reference.json');
  const statuses = async (file: string) =>
    new Map(
      (
        JSON.parse(await readFile(`${dir}/${file}`, 'utf8')) as { scenarios: { id: string; status: string }[] }
      ).scenarios.map((record) => [record.id, record.status]),
    );
  const mutantStatus = await statuses('mutant.json');
  const referenceStatus = await statuses('reference.json');
  const telling = [...mutantStatus]
    .filter(([id, status]) => status === 'failed' && referenceStatus.get(id) === 'passed')
    .map(([id]) => id);
  return { telling, shown: onMutant.stdout + onReference.stdout };
}
