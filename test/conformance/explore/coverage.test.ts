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
 * Feasible pairs the default budget does not reach yet, per edition and tool mode: the generator's known blind
 * spots, to be steered toward (weights, swarm-style subsets). A pair reached that is listed here fails the test
 * too, so the list only shrinks.
 */
const NOT_YET_REACHED: Record<string, string[]> = {
  'seed native': [
    'steered-queued × prompt',
    'steered-queued × fork',
    'steered-queued × spawn',
    'steered-queued × answer:give-up',
    'retry-in-flight × prompt',
    'turn-given-up × fork',
    'turn-given-up × spawn',
    'turn-given-up × answer:exit',
    'turn-given-up × answer:failure',
    'fork × compact',
    'fork-of-fork × prompt',
    'fork-of-fork × set',
    'fork-of-fork × plan-line',
    'fork-of-fork × fork',
    'fork-of-fork × spawn',
    'fork-of-fork × compact',
    'fork-of-fork × answer:text',
    'fork-of-fork × answer:give-up',
    'fork-of-fork × answer:probe',
    'fork-of-fork × answer:exit',
    'fork-of-fork × answer:failure',
    'child × compact',
    'child × answer:give-up',
    'compaction-behind × answer:give-up',
  ],
  'seed code': [
    'steered-queued × fork',
    'steered-queued × compact',
    'steered-queued × answer:give-up',
    'turn-given-up × fork',
    'turn-given-up × compact',
    'turn-given-up × answer:give-up',
    'turn-given-up × answer:program-exit',
    'turn-given-up × answer:failure',
    'fork-of-fork × prompt',
    'fork-of-fork × set',
    'fork-of-fork × plan-line',
    'fork-of-fork × fork',
    'fork-of-fork × spawn',
    'fork-of-fork × compact',
    'fork-of-fork × answer:text',
    'fork-of-fork × answer:give-up',
    'fork-of-fork × answer:program-exit',
    'fork-of-fork × answer:failure',
    'restart-behind × answer:give-up',
    'compaction-behind × fork',
    'compaction-behind × answer:give-up',
    'compaction-behind × answer:failure',
  ],
  'seed both': [
    'steered-queued × prompt',
    'turn-given-up × answer:give-up',
    'turn-given-up × answer:failure',
    'fork-of-fork × fork',
    'fork-of-fork × spawn',
    'fork-of-fork × compact',
    'fork-of-fork × answer:give-up',
    'fork-of-fork × answer:probe',
    'fork-of-fork × answer:failure',
    'child × compact',
    'compaction-behind × fork',
    'compaction-behind × answer:give-up',
  ],
  '0.0.1-rc.1 native': [
    'selection-pending × spawn',
    'selection-pending × compact',
    'steered-queued × prompt',
    'steered-queued × fork',
    'steered-queued × spawn',
    'steered-queued × spawn-owned',
    'steered-queued × compact',
    'steered-queued × answer:give-up',
    'turn-given-up × spawn',
    'turn-given-up × spawn-owned',
    'turn-given-up × compact',
    'turn-given-up × answer:give-up',
    'turn-given-up × answer:exit',
    'fork × spawn-owned',
    'fork × compact',
    'fork × answer:give-up',
    'fork-of-fork × prompt',
    'fork-of-fork × set',
    'fork-of-fork × plan-line',
    'fork-of-fork × fork',
    'fork-of-fork × spawn',
    'fork-of-fork × spawn-owned',
    'fork-of-fork × compact',
    'fork-of-fork × answer:text',
    'fork-of-fork × answer:give-up',
    'fork-of-fork × answer:probe',
    'fork-of-fork × answer:exit',
    'fork-of-fork × answer:failure',
    'child × answer:give-up',
    'owned-child × compact',
    'owned-child × answer:give-up',
    'restart-behind × answer:give-up',
    'compaction-behind × fork',
    'compaction-behind × answer:give-up',
  ],
  '0.0.1-rc.1 code': [
    'selection-pending × spawn-owned',
    'selection-pending × compact',
    'steered-queued × fork',
    'steered-queued × spawn-owned',
    'steered-queued × compact',
    'turn-given-up × answer:give-up',
    'turn-given-up × answer:failure',
    'fork × spawn',
    'fork × compact',
    'fork × answer:give-up',
    'fork-of-fork × prompt',
    'fork-of-fork × set',
    'fork-of-fork × plan-line',
    'fork-of-fork × fork',
    'fork-of-fork × spawn',
    'fork-of-fork × spawn-owned',
    'fork-of-fork × compact',
    'fork-of-fork × answer:text',
    'fork-of-fork × answer:give-up',
    'fork-of-fork × answer:program-exit',
    'fork-of-fork × answer:failure',
    'child × compact',
    'child × answer:give-up',
    'owned-child × compact',
    'compaction-behind × fork',
    'compaction-behind × compact',
    'compaction-behind × answer:give-up',
  ],
  '0.0.1-rc.1 both': [
    'steered-queued × prompt',
    'steered-queued × fork',
    'steered-queued × spawn',
    'steered-queued × spawn-owned',
    'steered-queued × compact',
    'steered-queued × answer:failure',
    'turn-given-up × fork',
    'turn-given-up × spawn',
    'turn-given-up × spawn-owned',
    'turn-given-up × answer:probe',
    'turn-given-up × answer:program-exit',
    'fork × compact',
    'fork-of-fork × prompt',
    'fork-of-fork × set',
    'fork-of-fork × fork',
    'fork-of-fork × spawn-owned',
    'fork-of-fork × compact',
    'fork-of-fork × answer:give-up',
    'fork-of-fork × answer:probe',
    'fork-of-fork × answer:exit',
    'fork-of-fork × answer:program-exit',
    'fork-of-fork × answer:failure',
    'child × answer:exit',
    'compaction-behind × answer:give-up',
    'compaction-behind × answer:program-exit',
    'compaction-behind × answer:failure',
  ],
  'rc.8 native': [
    'selection-pending × spawn',
    'selection-pending × compact',
    'steered-queued × prompt',
    'steered-queued × fork',
    'steered-queued × spawn',
    'steered-queued × spawn-owned',
    'steered-queued × compact',
    'retry-in-flight × prompt',
    'turn-given-up × spawn-owned',
    'turn-given-up × compact',
    'turn-given-up × answer:give-up',
    'turn-given-up × answer:exit',
    'fork × compact',
    'fork × answer:give-up',
    'fork-of-fork × prompt',
    'fork-of-fork × set',
    'fork-of-fork × fork',
    'fork-of-fork × spawn',
    'fork-of-fork × spawn-owned',
    'fork-of-fork × compact',
    'fork-of-fork × answer:text',
    'fork-of-fork × answer:give-up',
    'fork-of-fork × answer:probe',
    'fork-of-fork × answer:exit',
    'fork-of-fork × answer:failure',
    'child × compact',
    'child × answer:give-up',
    'compaction-behind × fork',
    'compaction-behind × compact',
    'compaction-behind × answer:give-up',
    'compaction-behind × answer:failure',
  ],
  'rc.8 code': [
    'plan-mode-on × answer:give-up',
    'steered-queued × compact',
    'steered-queued × answer:failure',
    'retry-in-flight × prompt',
    'turn-given-up × compact',
    'turn-given-up × answer:give-up',
    'turn-given-up × answer:failure',
    'fork × fork',
    'fork × spawn',
    'fork-of-fork × prompt',
    'fork-of-fork × set',
    'fork-of-fork × plan-line',
    'fork-of-fork × fork',
    'fork-of-fork × spawn',
    'fork-of-fork × spawn-owned',
    'fork-of-fork × compact',
    'fork-of-fork × answer:text',
    'fork-of-fork × answer:give-up',
    'fork-of-fork × answer:program-exit',
    'fork-of-fork × answer:failure',
    'child × compact',
    'child × answer:give-up',
    'child × answer:failure',
    'owned-child × spawn',
    'owned-child × compact',
    'compaction-behind × plan-line',
    'compaction-behind × fork',
    'compaction-behind × spawn',
    'compaction-behind × compact',
    'compaction-behind × answer:give-up',
  ],
  'rc.8 both': [
    'steered-queued × prompt',
    'steered-queued × fork',
    'steered-queued × spawn',
    'steered-queued × compact',
    'steered-queued × answer:probe',
    'turn-given-up × fork',
    'turn-given-up × compact',
    'turn-given-up × answer:give-up',
    'turn-given-up × answer:probe',
    'fork × compact',
    'fork-of-fork × prompt',
    'fork-of-fork × set',
    'fork-of-fork × plan-line',
    'fork-of-fork × fork',
    'fork-of-fork × spawn',
    'fork-of-fork × spawn-owned',
    'fork-of-fork × compact',
    'fork-of-fork × answer:text',
    'fork-of-fork × answer:give-up',
    'fork-of-fork × answer:probe',
    'fork-of-fork × answer:exit',
    'fork-of-fork × answer:program-exit',
    'fork-of-fork × answer:failure',
    'child × compact',
    'child × answer:failure',
    'owned-child × fork',
    'compaction-behind × fork',
    'compaction-behind × spawn-owned',
    'compaction-behind × answer:program-exit',
    'compaction-behind × answer:failure',
  ],
};

describe('the default budget on the reference', () => {
  const modes = ['native', 'code', 'both'] as const;
  it.each(EDITIONS)(
    'reaches every feasible pair but the known blind spots, and none it calls impossible (%s)',
    async (edition: Edition) => {
      const byMode = new Map<ToolMode, CoverageCounts>(modes.map((mode) => [mode, new CoverageCounts()]));
      await fc.check(
        fc.asyncProperty(
          sessionArbitrary({ capabilities: reference.capabilities, maxSteps: DEFAULT_MAX_STEPS, edition }),
          async (session) => {
            const result = await runSession(
              { adapter: reference, callLimitMs: 5_000, strict: false, edition },
              session,
            );
            byMode.get(session.toolMode ?? 'native')!.add(result.coverage);
            return true;
          },
        ),
        { seed: DEFAULT_EXPLORE_SEED, numRuns: DEFAULT_EXPLORE_SESSIONS },
      );
      const found: Record<string, string[]> = {};
      for (const mode of modes) {
        const gaps = coverageGaps(byMode.get(mode)!.toResults(), edition, [mode]);
        expect(gaps.contradicted, `${edition} ${mode}`).toEqual([]);
        found[`${edition} ${mode}`] = gaps.unreached;
      }
      for (const mode of modes)
        expect(found[`${edition} ${mode}`], `${edition} ${mode}`).toEqual(NOT_YET_REACHED[`${edition} ${mode}`] ?? []);
    },
    300_000,
  );
});
