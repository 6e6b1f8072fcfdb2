/**
 * What every report says about the run besides its results: which adapter ran,
 * which kit and spec version judged it, at which level, against which baseline.
 */
import { join, relative, sep } from 'node:path';
import {
  resultsEdition,
  type Capabilities,
  type Edition,
  type ResultsDocument,
  type ReviewText,
  type RunLevel,
  type Shard,
} from '../../src/index.js';
import type { EditionClause } from '../catalog/clause-catalog.js';
import type { ExplorationSummary } from './scenario-result.js';
import { kitIdentity } from '../kit-identity.js';
import type { UnprovenClause } from './unproven-clauses.js';
import { rerunCommand, type RerunBase } from './rerun-command.js';

export interface RunContext {
  adapter: { name: string; capabilities: Capabilities; editions?: Edition[] };
  /** The host the adapter drives: its release, when the adapter declares one (results `host.release`). */
  host?: { release: string };
  kit: { name: string; version: string };
  /** The seed README the catalog grew from, the catalog's version, the edition judged and whether it was forced. */
  spec: ResultsDocument['spec'];
  level: RunLevel;
  /** The baseline file applied, if any, and how many entries it has. */
  baseline: { path: string; entries: number } | null;
  startedAt: string;
  durationMs: number;
  /** The shard this run was (`--shard`), with the selection it was cut from. */
  shard?: Shard;
  /** How many times each scenario ran (`--repeat`, when above 1) and whether flaky scenarios were allowed. */
  repeat?: { times: number; flakyAllowed: boolean };
  /** The clauses of the edition judged, as it reads them. */
  catalog: EditionClause[];
  /** Texts the kit does not judge by wording, one per kind, for a person to read. */
  reviewTexts: ReviewText[];
  /** The folder the scenarios' `uri`s are relative to, for reports that point into the feature files. */
  featuresDir?: string;
  /** Whether the run judged the kit's own features or a folder given with `--features` (the results file records it). */
  features?: ResultsDocument['features'];
  /** What the exploration after the scenarios ran; absent when it did not run (or did not end). */
  exploration?: ExplorationSummary;
  /** A rerun (`--rerun FILE`): the results file whose failures it ran again. */
  rerun?: { from: string };
  /** Required clauses no passing scenario proved, and why (absent for a shard, which proves only its share). */
  unproven?: UnprovenClause[];
  /** The run's options a rerun of one of its scenarios needs (rerun-command.ts); absent: reports show no rerun command. */
  rerunBase?: RerunBase;
}

/** The kit's own name and version (kit-identity.ts, which --version loads without the reports). */
export { kitIdentity };

/** One line naming the run, for report headers. */
export function describeRun(context: RunContext): Array<[string, string]> {
  return [
    ['adapter', context.host ? `${context.adapter.name} (host release ${context.host.release})` : context.adapter.name],
    ['kit', `${context.kit.name} ${context.kit.version}`],
    ['edition', editionOfRun(context)],
    ['spec', `${context.spec.readme}, clause catalog ${context.spec.clauses}`],
    [
      'level',
      context.level === 'strict'
        ? 'strict (recommended scenarios count)'
        : 'default (required scenarios count; recommended reported apart)',
    ],
    ['baseline', context.baseline ? `${context.baseline.path} (${context.baseline.entries} entries)` : 'none'],
    ...(context.shard
      ? [
          [
            'shard',
            `${context.shard.index}/${context.shard.count} of ${context.shard.selected} selected scenario(s)`,
          ] as [string, string],
        ]
      : []),
    ...(context.repeat
      ? [
          [
            'repeat',
            `each scenario ran ${context.repeat.times} times; flaky scenarios ${context.repeat.flakyAllowed ? 'allowed (--allow-flaky)' : 'fail the run'}`,
          ] as [string, string],
        ]
      : []),
    ...(context.exploration ? [['exploration', explorationOfRun(context)] as [string, string]] : []),
    ...(context.rerun
      ? [['rerun', `what failed or was flaky in ${context.rerun.from}, run again: not a full run`] as [string, string]]
      : []),
    ['started', context.startedAt],
  ];
}

/** The edition a run judged, and whether `--force-edition` imposed it on an adapter that does not declare it. */
export function editionOfRun(context: Pick<RunContext, 'spec' | 'adapter'>): string {
  const edition = resultsEdition(context);
  if (!context.spec.forced) return edition;
  return `${edition} (forced with --force-edition; the adapter declares ${context.adapter.editions?.join(', ') ?? 'none, so seed'})`;
}

/** The uri of records that come from no feature file (the exploration's, a fault's): they start with `~`. */
export function isNoFeatureFile(uri: string): boolean {
  return uri.startsWith('~');
}

/** A feature file as a CI checkout sees it: relative to the working folder, with forward slashes (`uri` is relative to the features folder). */
export function featureFilePath(context: Pick<RunContext, 'featuresDir'>, uri: string): string {
  // `~exploration`, `~fault`: records of no feature file, named as they are.
  if (context.featuresDir === undefined || isNoFeatureFile(uri)) return uri;
  return relative(process.cwd(), join(context.featuresDir, uri)).split(sep).join('/');
}

/** What the run explored after its scenarios, in a few words. */
export function explorationOfRun(context: Pick<RunContext, 'exploration'>): string {
  const explored = context.exploration;
  if (!explored) return 'none';
  const share = explored.share < explored.budget ? ` (this shard's share: ${explored.share})` : '';
  return `${explored.sessions} of ${explored.budget} generated session(s)${share}, seed ${explored.seed}, at most ${explored.maxSteps} commands each${explored.stopped ? `; ${explored.stopped}` : ''}`;
}

/**
 * The command that reruns just this scenario (rerun-command.ts), or undefined
 * for what no `--tags` selects: a record of no feature file (exploration,
 * fault, a replayed class), a scenario without a stable id.
 */
export function rerunOfResult(
  context: Pick<RunContext, 'rerunBase'>,
  result: { stableId?: string | undefined; uri: string },
): string | undefined {
  if (context.rerunBase === undefined || result.stableId === undefined || isNoFeatureFile(result.uri)) return undefined;
  return rerunCommand(context.rerunBase, result.stableId);
}
