/**
 * `merge`: the results files of the shards of one run (`--shard i/n` on
 * several machines) combined into the results file the whole run would have
 * written: scenarios in serial order, the first review text of each kind.
 * Shards are combined only when they are provably the parts of one run:
 * the same kit, edition, spec, adapter, level, baseline, tags and selection; every
 * index from 1 to n exactly once; no scenario in two shards; and together
 * every selected scenario (a shard whose run did not complete is missing some).
 * A fault record of any shard is kept: the merged run fails as the shard did.
 */
import { resultsEdition, ResultsDocumentSchema, type ResultsDocument, type Shard } from '../../src/index.js';
import { inSerialOrder } from '../features/slices.js';
import { firstOfEachKind } from '../results/review-text-order.js';
import { combineExploration, combineSummaries } from '../results/exploration-shares.js';
import { isExplorationResult } from '../results/exploration-uri.js';
import { combineFaultRecords, isFaultResult } from '../results/fault-records.js';
import { clausesOfEdition, loadCatalogFileSync } from '../catalog/clause-catalog.js';
import { kitIdentity } from '../results/run-context.js';
import { proofOfRecord, unprovenClauses } from '../results/unproven-clauses.js';

export interface ShardFile {
  path: string;
  document: ResultsDocument;
}

export type MergeOutcome = { ok: true; document: ResultsDocument } | { ok: false; problems: string[] };

/** What every shard of one run must agree on, each with how to show it. */
const MUST_AGREE: Array<[string, (document: ResultsDocument) => unknown]> = [
  ['kit version', (document) => `${document.kit.name} ${document.kit.version}`],
  ['edition', (document) => resultsEdition(document)],
  ['spec', (document) => document.spec],
  ['adapter', (document) => document.adapter.name],
  ['adapter capabilities', (document) => document.adapter.capabilities],
  ['adapter editions', (document) => document.adapter.editions ?? []],
  ['level', (document) => document.level],
  ['baseline', (document) => document.baseline],
  ['repeat', (document) => document.repeat ?? null],
  ["features (the kit's or --features)", (document) => document.features ?? null],
  ['shard count', (document) => document.shard?.count],
  ['tags', (document) => document.shard?.tags],
  ['selected scenarios', (document) => document.shard?.selected],
  // A shard whose exploration ended early (its process crashed) has no summary but its records: it explored all the same.
  [
    'exploration (seed, budget, steps)',
    (document) =>
      document.exploration
        ? {
            seed: document.exploration.seed,
            budget: document.exploration.budget,
            maxSteps: document.exploration.maxSteps,
          }
        : explorationEnded(document)
          ? undefined
          : null,
  ],
];

/** A shard that began its exploration and has no summary of it: the exploration ended early (a crash, a fault). */
function explorationEnded(document: ResultsDocument): boolean {
  return document.scenarios.some((record) => isExplorationResult(record) || record.fault?.during === 'exploration');
}

/** A scenario's record, not the exploration's nor a fault's. */
function isScenarioRecord(record: { uri: string }): boolean {
  return !isExplorationResult(record) && !isFaultResult(record);
}

export function mergeShards(files: readonly ShardFile[]): MergeOutcome {
  if (files.length === 0) return { ok: false, problems: ['no results files given'] };
  const unsharded = files.filter((file) => file.document.shard === undefined);
  if (unsharded.length > 0) {
    return {
      ok: false,
      problems: unsharded.map(
        (file) => `${file.path} is not a shard's results file (it has no "shard": run with --shard I/N)`,
      ),
    };
  }
  const problems: string[] = [];
  for (const [what, of] of MUST_AGREE) {
    const seen = new Map<string, string[]>();
    for (const file of files) {
      const value = of(file.document);
      if (value === undefined) continue;
      const key = JSON.stringify(value);
      seen.set(key, [...(seen.get(key) ?? []), file.path]);
    }
    if (seen.size > 1) {
      const versions = [...seen].map(([value, paths]) => `${value} (${paths.join(', ')})`);
      problems.push(`the shards come from different runs: their ${what} differs: ${versions.join(' vs ')}`);
    }
  }
  if (problems.length > 0) return { ok: false, problems };

  const { count, selected } = files[0]!.document.shard!;
  const byIndex = new Map<number, ShardFile[]>();
  for (const file of files) {
    const shard = file.document.shard!;
    if (shard.index > shard.count)
      problems.push(`${file.path}: shard ${shard.index}/${shard.count} is not a shard of ${shard.count}`);
    byIndex.set(shard.index, [...(byIndex.get(shard.index) ?? []), file]);
  }
  for (let index = 1; index <= count; index += 1) {
    const given = byIndex.get(index) ?? [];
    if (given.length === 0) problems.push(`shard ${index}/${count} is missing`);
    if (given.length > 1)
      problems.push(
        `shard ${index}/${count} is given ${given.length} times (${given.map((file) => file.path).join(', ')})`,
      );
  }
  const holder = new Map<string, string>();
  const overlapping: string[] = [];
  for (const file of files) {
    // Each shard explored its share of the sessions: a class may be found by several, and is combined below.
    for (const record of file.document.scenarios.filter(isScenarioRecord)) {
      const first = holder.get(record.id);
      if (first !== undefined) overlapping.push(`${record.id} (${first} and ${file.path})`);
      else holder.set(record.id, file.path);
    }
  }
  if (overlapping.length > 0) {
    problems.push(
      `the shards overlap: ${overlapping.length} scenario(s) are in two of them: ${overlapping.slice(0, 5).join('; ')}${overlapping.length > 5 ? '; ...' : ''}`,
    );
  }
  for (const file of files) {
    const shard = file.document.shard!;
    const expected = shardSize(shard);
    const held = file.document.scenarios.filter(isScenarioRecord).length;
    const explored = file.document.exploration;
    if (
      explored &&
      explored.sessions < explored.share &&
      explored.stopped === undefined &&
      explored.incomplete !== true
    ) {
      problems.push(
        `${file.path}: shard ${shard.index}/${shard.count} explored ${explored.sessions} of its ${explored.share} session(s); did its run complete?`,
      );
    }
    if (held < expected) {
      problems.push(
        `${file.path}: shard ${shard.index}/${shard.count} holds ${held} of its ${expected} scenario(s) (of ${selected} selected): ${expected - held} missing; did its run complete?`,
      );
    } else if (held > expected) {
      problems.push(
        `${file.path}: shard ${shard.index}/${shard.count} holds ${held} scenario(s), more than the ${expected} of its slice of ${selected}`,
      );
    }
  }
  if (problems.length > 0) return { ok: false, problems };

  const documents = files.map((file) => file.document);
  const records = documents.flatMap((document) => document.scenarios);
  const scenarios = [
    ...inSerialOrder(records.filter(isScenarioRecord)),
    ...combineExploration(
      records.filter(isExplorationResult),
      (record) => record.id,
      (record) => record.status !== 'passed',
    ),
    // A fault of any shard fails the merged run: one record per place, every shard's message.
    ...combineFaultRecords(
      records.filter(isFaultResult),
      (record) => record.id,
      (record) => record.failure?.message ?? '',
      (record, message) => ({ ...record, ...(record.failure ? { failure: { ...record.failure, message } } : {}) }),
    ),
  ];
  const exploration = documents.every((document) => document.exploration !== undefined)
    ? combineSummaries(documents.map((document) => document.exploration))
    : undefined;
  const { shard: _shard, unproven: _unproven, ...first } = documents[0]!;
  void _shard;
  void _unproven;
  // What the whole run left unproven, from every shard's records (a shard lists none of its own);
  // judged by this kit's catalog, so only for shards this kit version wrote.
  const narrowed = _shard?.tags !== '' || first.features === 'given';
  const unproven =
    first.kit.version === kitIdentity().version
      ? unprovenClauses(
          clausesOfEdition(loadCatalogFileSync().clauses, resultsEdition(first)),
          scenarios.map(proofOfRecord),
          resultsEdition(first),
          narrowed ? 'named' : 'all',
        )
      : undefined;
  const merged: ResultsDocument = {
    ...first,
    // The run began when its first shard did and took as long as its longest shard.
    startedAt: documents.map((document) => document.startedAt).sort()[0]!,
    durationMs: Math.max(...documents.map((document) => document.durationMs)),
    ...(exploration ? { exploration } : {}),
    ...(unproven ? { unproven } : {}),
    scenarios,
    reviewTexts: firstOfEachKind(
      documents.flatMap((document) => document.reviewTexts),
      scenarios.map((record) => record.id),
    ),
  };
  return { ok: true, document: ResultsDocumentSchema.parse(merged) };
}

/** How many of the selection's scenarios fall in this shard (round robin: see features/slices.ts). */
export function shardSize(shard: Shard): number {
  return shard.selected >= shard.index ? Math.floor((shard.selected - shard.index) / shard.count) + 1 : 0;
}
