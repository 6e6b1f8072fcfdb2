/**
 * An exploration with a class limit (the mutant matrix explores each mutant until its first class) ends at the
 * session that reaches the limit: fast-check is asked for no session after it. It used to generate every session
 * left in the budget and hand each to a property that returned at once, which was most of the CPU of a matrix's
 * exploration that stopped early (docs/benchmark.md, "CI, 2026-12-06 (ci-time, second pass)").
 */
import { describe, expect, it, vi } from 'vitest';
import { loadAdapter } from '../../../conformance/adapters/load-adapter.js';
import { levelsOf, loadCatalogFileSync } from '../../../conformance/catalog/clause-catalog.js';
import { explore, type ExplorationOptions } from '../../../conformance/explore/explore.js';
import { FIXTURES } from '../cli-harness.js';
import { limitForProcesses } from '../../limits.js';

/** Sessions fast-check generated: each value drawn passes through this count (`map` draws nothing of its own). */
const generated = vi.hoisted(() => ({ sessions: 0 }));
vi.mock('../../../conformance/explore/arbitraries.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../conformance/explore/arbitraries.js')>();
  return {
    ...original,
    sessionArbitrary: (...args: Parameters<typeof original.sessionArbitrary>) =>
      original.sessionArbitrary(...args).map((session) => {
        generated.sessions += 1;
        return session;
      }),
  };
});

const BROKEN_REVIEW = `${FIXTURES}adapters/explore-approve-with-anything.js`;

describe('an exploration with a class limit', () => {
  it(
    'stops generating sessions at the session that finds the last class asked for',
    async () => {
      const options: ExplorationOptions = {
        adapter: await loadAdapter(BROKEN_REVIEW),
        edition: 'seed',
        strict: false,
        levels: levelsOf(loadCatalogFileSync().clauses),
        callLimitMs: 5_000,
        maxSteps: 12,
        seed: 1,
        budget: 60,
        replay: '',
        shrinkRuns: 0,
        classLimit: 1,
      };
      generated.sessions = 0;
      const explored = await explore(options);
      expect(explored.classes).toHaveLength(1);
      const first = explored.classes[0]!;
      // The class was found before the budget's end, or this proves nothing about the sessions left.
      expect(first.session).toBeLessThan(options.budget - 1);
      expect(explored.sessions).toBe(first.session + 1);
      expect(explored.stopped).toMatch(/stopped after session \d+: it found the 1 class/);
      expect(generated.sessions).toBe(explored.sessions);

      // Without the limit the same seed runs the whole budget and finds the same first class at the same session.
      generated.sessions = 0;
      const { classLimit: _limit, ...unlimited } = options;
      const whole = await explore(unlimited);
      expect(whole.sessions).toBe(options.budget);
      expect(generated.sessions).toBe(options.budget);
      expect(whole.classes.find((one) => one.id === first.id)?.session).toBe(first.session);
    },
    limitForProcesses(1),
  ); // two explorations of at most 60 sessions in process
});
