/**
 * Attack on a baseline entry that excuses a whole exploration class: dsh's
 * `explore:host/request-count` comes from a section holding `{{plan}}`, but an
 * entry for that class alone would also excuse any other turn that makes too
 * few requests. An entry's `shows` names a text every session of the class
 * must hold: the exploration counts the sessions that hold it, and the judge
 * leaves the class failed when one does not, or when the shrunk scenario does
 * not, or when nothing was counted.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Adapter, ExploreBaselineEntry, HostHandle } from '../../../src/index.js';
import reference from '../../../reference/adapter.js';
import { levelsOf, loadCatalogFileSync } from '../../../conformance/catalog/clause-catalog.js';
import { explore, type ExplorationOptions } from '../../../conformance/explore/explore.js';
import { explorationResults } from '../../../conformance/explore/exploration-records.js';
import { mismatchOf } from '../../../conformance/results/baseline.js';
import { classMarks } from '../../../conformance/results/class-marks.js';
import { combineExploration } from '../../../conformance/results/exploration-shares.js';
import type { ScenarioResult } from '../../../conformance/results/scenario-result.js';
import { temporaryFolder } from '../../temporary-folder.js';

const levels = levelsOf(loadCatalogFileSync().clauses);
const CLASS = 'explore:host/adapter-call-prompt';

/** The reference, except that every prompt of every other host fails: one class in about half the sessions. */
function everyOtherHostFails(): Adapter {
  let started = 0;
  return {
    ...reference,
    name: 'every-other-host-fails',
    async start(options) {
      const host = await reference.start(options);
      started += 1;
      if (started % 2 === 1) return host;
      const wrapped = Object.create(host) as HostHandle;
      wrapped.prompt = async () => {
        throw new Error('busy');
      };
      return wrapped;
    },
  };
}

const options = (marks: Record<string, string>): ExplorationOptions => ({
  adapter: everyOtherHostFails(),
  edition: 'seed',
  strict: false,
  levels,
  callLimitMs: 2000,
  maxSteps: 6,
  seed: 7,
  budget: 8,
  replay: ' --max-steps 6 --edition seed',
  shrinkRuns: 0,
  marks,
});

const entry = (shows: string): ExploreBaselineEntry => ({
  explore: { clause: 'host', check: 'adapter-call-prompt' },
  reason: 'fails when busy',
  shows,
});

describe("an entry's shows: every session of the class must hold the text", () => {
  it('the exploration counts the sessions of a marked class that hold the text, and the judge excuses only when all do', async () => {
    // Every session that fails a prompt shows the prompt's step; no session shows a text no generator writes.
    const held = await explore(options({ [CLASS]: 'prompts' }));
    const [found] = held.classes.filter((explored) => explored.id === CLASS);
    expect(found!.count).toBeGreaterThan(1);
    expect(found!.shows).toEqual({ text: 'prompts', sessions: found!.count });
    const [record] = explorationResults(held, levels).filter((result) => result.stableId === CLASS);
    expect(record!.exploration!.shows).toEqual({ text: 'prompts', sessions: found!.count });
    expect(mismatchOf(record!, entry('prompts'), '2026-01-01')).toBeUndefined();

    const never = '\u{e0001}never written';
    const missed = await explore(options({ [CLASS]: never }));
    const [other] = explorationResults(missed, levels).filter((result) => result.stableId === CLASS);
    expect(other!.exploration!.shows).toEqual({ text: never, sessions: 0 });
    expect(mismatchOf(other!, entry(never), '2026-01-01')).toMatch(
      /excuses only sessions that hold .*, and \d+ of the class's \d+ session\(s\) do not: another failure of the same check/,
    );
  });

  it('a class counted for no text, for another text, or whose shrunk scenario lacks it is not excused', () => {
    const record = (exploration: ScenarioResult['exploration']): ScenarioResult => ({
      stableId: CLASS,
      name: 'x',
      uri: '~exploration',
      clauses: [],
      level: 'required',
      status: 'failed',
      failureKind: 'adapter-error',
      durationMs: 0,
      ...(exploration ? { exploration } : {}),
    });
    const base = { seed: 1, budget: 10, count: 2 };
    expect(mismatchOf(record(base), entry('{{'), '2026-01-01')).toMatch(/did not count which sessions/);
    expect(mismatchOf(record({ ...base, shows: { text: '${', sessions: 2 } }), entry('{{'), '2026-01-01')).toMatch(
      /did not count which sessions/,
    );
    expect(
      mismatchOf(
        record({ ...base, shows: { text: '{{', sessions: 2 }, scenario: 'Scenario: x\n  When y' }),
        entry('{{'),
        '2026-01-01',
      ),
    ).toMatch(/shrunk scenario does not/);
    expect(
      mismatchOf(
        record({ ...base, shows: { text: '{{', sessions: 2 }, scenario: 'Given the section "{{plan}}"' }),
        entry('{{'),
        '2026-01-01',
      ),
    ).toBeUndefined();
    // A class no session met is judged by its witness alone: its record (count 0) has no sessions to look at.
    expect(mismatchOf(record({ seed: 1, budget: 10, count: 0 }), entry('{{'), '2026-01-01')).toBeUndefined();
    // An entry without shows excuses the class whatever its sessions hold, as before.
    const { shows: _shows, ...plain } = entry('{{');
    expect(mismatchOf(record(base), plain, '2026-01-01')).toBeUndefined();
  });

  it('shares add up: sessions holding the text are summed, and a share that did not count adds none', () => {
    const share = (session: number, count: number, shows?: { text: string; sessions: number }) => ({
      status: 'failed',
      durationMs: 1,
      id: CLASS,
      exploration: { seed: 1, budget: 10, session, count, ...(shows ? { shows } : {}) },
    });
    const [both] = combineExploration(
      [share(3, 2, { text: '{{', sessions: 2 }), share(1, 3, { text: '{{', sessions: 3 })],
      (one) => one.id,
      () => true,
    );
    expect(both!.exploration).toMatchObject({ session: 1, count: 5, shows: { text: '{{', sessions: 5 } });
    const [partly] = combineExploration(
      [share(1, 2, { text: '{{', sessions: 2 }), share(4, 3)],
      (one) => one.id,
      () => true,
    );
    expect(partly!.exploration).toMatchObject({ count: 5, shows: { text: '{{', sessions: 2 } });
  });

  it("the exploration reads the marks from the run's baseline file; an unreadable file gives none", async () => {
    const folder = await temporaryFolder('pmc-marks-');
    const path = join(folder, 'baseline.yaml');
    await writeFile(
      path,
      [
        'known_failures:',
        '  - explore: { clause: host, check: request-count }',
        '    reason: r',
        '    shows: "{{"',
        '  - explore: { clause: PROJ-03, check: projection-after-refused-command }',
        '    reason: r',
        '  - id: some-scenario',
        '    step: s',
        '    kind: assertion',
        '    clause: SET-01',
        '    reason: r',
        '',
      ].join('\n'),
    );
    expect(await classMarks(path)).toEqual({ 'explore:host/request-count': '{{' });
    expect(await classMarks(join(folder, 'missing.yaml'))).toEqual({});
  });
});
