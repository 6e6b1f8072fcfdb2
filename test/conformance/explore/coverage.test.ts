/**
 * What the exploration reached (conformance/explore/coverage.ts,
 * coverage-table.ts; the features in conformance/oracle/state-features.ts):
 * counted in sessions and summed over shares; every pair of state feature and
 * action is in the table, reached, impossible (with its reason) or not
 * reached; and the default budget (200 sessions, seed 23) measured on the
 * reference in each edition and tool mode.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionArbitrary } from '../../../conformance/explore/arbitraries.js';
import { CoverageCounts, SessionCoverage, sumCoverage } from '../../../conformance/explore/coverage.js';
import { coverageGaps, coverageTable } from '../../../conformance/explore/coverage-table.js';
import {
  DEFAULT_EXPLORE_SEED,
  DEFAULT_EXPLORE_SESSIONS,
  DEFAULT_MAX_STEPS,
} from '../../../conformance/explore/budget.js';
import { combineSummaries } from '../../../conformance/results/exploration-shares.js';
import { runSession } from '../../../conformance/explore/explore.js';
import { createdAgent } from '../../../conformance/oracle/session-oracle.js';
import { IMPOSSIBLE_PAIRS, PAIR_ACTIONS, STATE_FEATURES } from '../../../conformance/oracle/state-features.js';
import reference from '../../../reference/adapter.js';
import { TEXT_CLASSES } from '../../../conformance/explore/values/texts.js';
import { EDITIONS, type Edition, type ToolMode } from '../../../src/index.js';

describe('coverage as counted', () => {
  it('counts a pair once per session, however often the session met it, and sums shares', () => {
    const agent = createdAgent('the agent', 'a', 'seed');
    agent.plan.set(true);
    const session = new SessionCoverage();
    session.met({ agent, restarted: false, toolMode: 'native' }, 'set');
    session.met({ agent, restarted: false, toolMode: 'native' }, 'set');
    session.values(['empty']);
    const counts = new CoverageCounts();
    counts.add(session);
    counts.add(session);
    const one = counts.toResults();
    expect(one.pairs).toEqual([{ feature: 'plan-mode-on', action: 'set', count: 2 }]);
    expect(sumCoverage([one, undefined, one])).toEqual({
      pairs: [{ feature: 'plan-mode-on', action: 'set', count: 4 }],
      valueClasses: [{ valueClass: 'empty', count: 4 }],
    });
  });

  it("merge's combined summary sums the shards' coverage", () => {
    const share = {
      seed: 23,
      budget: 200,
      maxSteps: 12,
      sessions: 100,
      share: 100,
      coverage: { pairs: [{ feature: 'fork', action: 'set', count: 3 }], valueClasses: [] },
    };
    expect(
      combineSummaries([
        share,
        {
          ...share,
          coverage: {
            pairs: [
              { feature: 'fork', action: 'set', count: 1 },
              { feature: 'child', action: 'set', count: 2 },
            ],
            valueClasses: [],
          },
        },
      ])?.coverage,
    ).toEqual({
      pairs: [
        { feature: 'child', action: 'set', count: 2 },
        { feature: 'fork', action: 'set', count: 4 },
      ],
      valueClasses: [],
    });
    const { coverage: _coverage, ...older } = share;
    expect(combineSummaries([older, older])).not.toHaveProperty('coverage');
  });
});

describe('the table', () => {
  it('names every feature and action, and every rule of an impossible pair names real ones with a reason', () => {
    const names = STATE_FEATURES.map((feature) => feature.name);
    for (const rule of IMPOSSIBLE_PAIRS) {
      expect(rule.reason.length).toBeGreaterThan(10);
      for (const feature of rule.features) expect(names).toContain(feature);
      for (const action of rule.actions) expect(PAIR_ACTIONS).toContain(action);
    }
    const table = coverageTable({ pairs: [], valueClasses: [] }, 'rc.8', ['native', 'code', 'both']);
    for (const name of names) expect(table).toMatch(new RegExp(`^${name} `, 'm'));
    for (const action of PAIR_ACTIONS) expect(table).toContain(` ${action}\n`);
    const gaps = coverageGaps({ pairs: [], valueClasses: [] }, 'rc.8', ['native', 'code', 'both']);
    expect(gaps.unreached.length + [...gaps.impossible.values()].reduce((sum, count) => sum + count, 0)).toBe(
      names.length * PAIR_ACTIONS.length,
    );
  });

  it('names the value classes no session reached', () => {
    const table = coverageTable({ pairs: [], valueClasses: [{ valueClass: 'empty', count: 2 }] }, 'rc.8', ['native']);
    expect(table).toContain('  empty: 2');
    expect(table).toMatch(/value classes not reached \(10\): trimmed-white-space, kept-white-space/);
  });

  it('says when a pair it calls impossible was reached', () => {
    const gaps = coverageGaps(
      { pairs: [{ feature: 'fork', action: 'new-agent', count: 1 }], valueClasses: [] },
      'seed',
      ['native'],
    );
    expect(gaps.contradicted).toEqual(['fork × new-agent']);
  });
});

/**
 * Feasible pairs the default budget does not reach, per edition and tool mode: none, now that the generator is
 * steered (arbitraries.ts: swarm subsets; episodes that stack on the newest agent who it is (a fork of a fork, a
 * child or an owned child made in turn, a restart, a retried request), its history (compacted) and, before each
 * act, what it is doing (a turn given up with a message steered into it, a selection pending); every action and
 * answer alike after them): 253 before steering, 37, 17, now 0 (seeds 24 and 25 miss one pair each of the nine
 * modes' ~1,200). A pair reached that is listed here fails the test too, so the list only shrinks.
 */
const NOT_YET_REACHED: Record<string, string[]> = {};

/**
 * How many pairs can happen, per edition and tool mode: a pair dropped from the data (a feature or action
 * removed, a pair newly ruled impossible) changes it, and fails the test until the count is updated on purpose.
 */
const FEASIBLE_PAIRS: Record<string, number> = {
  'seed native': 109,
  'seed code': 111,
  'seed both': 133,
  '0.0.1-rc.1 native': 130,
  '0.0.1-rc.1 code': 132,
  '0.0.1-rc.1 both': 156,
  'rc.8 native': 130,
  'rc.8 code': 132,
  'rc.8 both': 156,
};

describe('the default budget on the reference', () => {
  const modes = ['native', 'code', 'both'] as const;
  it.each(EDITIONS)(
    'reaches every value class, every feasible pair but the known blind spots, and none it calls impossible (%s)',
    async (edition: Edition) => {
      const byMode = new Map<ToolMode, CoverageCounts>(modes.map((mode) => [mode, new CoverageCounts()]));
      // The property holds when the reference ran the session without a disagreement: a session that disagreed or
      // threw ends the pass there (no shrinking, whose sessions would be counted too) and fails the test, naming it;
      // a pair or value class the sessions missed fails it below.
      let disagreed: string | undefined;
      const details = await fc.check(
        fc.asyncProperty(
          sessionArbitrary({ capabilities: reference.capabilities, maxSteps: DEFAULT_MAX_STEPS, edition }),
          async (session) => {
            const result = await runSession(
              { adapter: reference, callLimitMs: 5_000, strict: false, edition },
              session,
            );
            byMode.get(session.toolMode ?? 'native')!.add(result.coverage);
            const found = result.disagreement;
            if (found) disagreed = `${found.clauses.join(',')}/${found.check}: ${found.message}`;
            return found === undefined;
          },
        ),
        { seed: DEFAULT_EXPLORE_SEED, numRuns: DEFAULT_EXPLORE_SESSIONS, endOnFailure: true },
      );
      const failure = details.failed ? (disagreed ?? String(details.errorInstance)) : undefined;
      expect(failure, `${edition}: session ${details.numRuns - 1} on the reference`).toBeUndefined();
      expect(details.numRuns, `${edition}: sessions run`).toBe(DEFAULT_EXPLORE_SESSIONS);
      const found: Record<string, string[]> = {};
      for (const mode of modes) {
        const key = `${edition} ${mode}`;
        const coverage = byMode.get(mode)!.toResults();
        const gaps = coverageGaps(coverage, edition, [mode]);
        expect(gaps.contradicted, key).toEqual([]);
        expect(gaps.reached + gaps.unreached.length, `${key}: pairs that can happen`).toBe(FEASIBLE_PAIRS[key]);
        found[key] = gaps.unreached;
        // Every value class crossed the host in some session (values/texts.ts classify, recorded by coverage.ts).
        const classes = coverage.valueClasses.filter((entry) => entry.count > 0).map((entry) => entry.valueClass);
        expect([...classes].sort(), `${key}: value classes`).toEqual([...TEXT_CLASSES].sort());
      }
      for (const mode of modes)
        expect(found[`${edition} ${mode}`], `${edition} ${mode}`).toEqual(NOT_YET_REACHED[`${edition} ${mode}`] ?? []);
    },
    // No limit of its own: 200 sessions in process take minutes on a busy machine (the hang guard is vitest.config.ts's).
  );
});
