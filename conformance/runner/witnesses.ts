/**
 * Judging an exploration baseline entry by its witness, not by luck. An entry
 * records the shrunk scenario its class's record carried (`witness`); when a
 * run's exploration does not meet the class, the witness is run on the host
 * (a suite run of its own, in its own process, like `explore --out`'s
 * confirming run): the entry is stale only when the witness runs clean. A
 * witness the host's declared capabilities cannot run (its `@needs:` tags), or
 * an entry without one, leaves the entry "not judged", said, never failed: a
 * random sample that missed a class does not show the host was fixed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Edition, ExploreBaselineEntry } from '../../src/index.js';
import { neededCapabilities } from '../explore/explore.js';
import { temporaryRoot } from '../world/temporary-root.js';
import type { WitnessVerdict } from '../results/baseline.js';
import { runSuiteIsolated } from './suite-process.js';

export type { WitnessVerdict } from '../results/baseline.js';

export interface WitnessRun {
  adapterPath: string;
  edition: Edition;
  forceEdition?: boolean;
  callLimitMs?: number;
  startLimitMs?: number;
}

/** The witnesses as one feature file: each scenario tagged with its clause, an id the judge maps back, and what it needs. */
export function witnessFeature(entries: ReadonlyArray<{ entry: ExploreBaselineEntry; id: string }>): string {
  return [
    'Feature: witnesses of exploration baseline entries',
    ...entries.flatMap(({ entry, id }) => {
      const lines = entry.witness!.split('\n');
      const tags = [
        ...(entry.explore.clause === 'host' ? [] : [`@${entry.explore.clause}`]),
        `@id:${id}`,
        ...neededCapabilities(lines).map((need) => `@needs:${need}`),
      ];
      return ['', `  ${tags.join(' ')}`, ...lines.map((line) => `  ${line}`)];
    }),
    '',
  ].join('\n');
}

/** Runs each entry's witness once on the host; an entry without one is not judged. Keyed by the entry's class id. */
export async function judgeWitnesses(
  entries: ReadonlyArray<{ key: string; entry: ExploreBaselineEntry }>,
  run: WitnessRun,
): Promise<Map<string, WitnessVerdict>> {
  const verdicts = new Map<string, WitnessVerdict>();
  const runnable = entries
    .filter(({ entry }) => entry.witness !== undefined)
    .map((one, index) => ({ ...one, id: `witness-${index + 1}` }));
  for (const { key, entry } of entries) {
    if (entry.witness === undefined)
      verdicts.set(key, {
        kind: 'not-judged',
        why: 'the entry has no witness (--write-baseline records one when the class shows)',
      });
  }
  if (runnable.length === 0) return verdicts;
  const folder = await mkdtemp(join(temporaryRoot(), 'pmc-witness-'));
  try {
    await writeFile(join(folder, 'witnesses.feature'), witnessFeature(runnable));
    const outcome = await runSuiteIsolated({
      request: {
        adapterPath: run.adapterPath,
        tags: '',
        formats: [],
        featuresDir: folder,
        edition: run.edition,
        ...(run.forceEdition ? { forceEdition: true } : {}),
        ...(run.callLimitMs !== undefined ? { callLimitMs: run.callLimitMs } : {}),
        ...(run.startLimitMs !== undefined ? { startLimitMs: run.startLimitMs } : {}),
      },
      onOutput: () => undefined,
      onChildOutput: () => undefined,
    });
    const byId = new Map(outcome.results.map((result) => [result.stableId, result]));
    for (const { key, id } of runnable) {
      const result = byId.get(id);
      if (!result)
        verdicts.set(key, {
          kind: 'not-judged',
          why: `its witness did not run (${outcome.ending.kind === 'completed' ? 'no result' : outcome.ending.kind})`,
        });
      else if (result.status === 'passed') verdicts.set(key, { kind: 'clean' });
      else if (result.status === 'failed') verdicts.set(key, { kind: 'fails', message: result.message ?? 'failed' });
      else if (result.status === 'skipped')
        verdicts.set(key, {
          kind: 'not-judged',
          why: `its witness cannot run on this host: ${result.skipReason ?? 'skipped'}`,
        });
      else
        verdicts.set(key, { kind: 'not-judged', why: `its witness's steps are not the kit's (step ${result.status})` });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return verdicts;
}
