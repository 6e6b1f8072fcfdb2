/**
 * Baselines: failures a host is known to have, each entry matching one failure
 * exactly (src/results/baseline.ts: scenario id, failing step, kind of
 * failure, with the reason and the MUST clause broken).
 *
 * A run passes when every failure it counts is matched by an entry. A failure
 * with no entry, a baselined scenario that fails in another step or another
 * way (expected and actual are both shown), an entry past its `expires` date,
 * and an entry whose scenario now passes (stale) all fail it.
 */
import { readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { Document, isMap, LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import {
  BaselinableKindSchema,
  BaselineEntrySchema,
  BaselineFileSchema,
  ExploreBaselineEntrySchema,
  isExploreEntry,
  type BaselineEntry,
  type ExploreBaselineEntry,
  type KnownFailure,
  type BaselineFile,
  type ClauseLevel,
  type Edition,
  type FailureKind,
  type RunLevel,
} from '../../src/index.js';
import { issuePath } from '../guard/adapter-error.js';
import { isFailing, type ExplorationSummary, type ScenarioResult } from './scenario-result.js';
import { classId, classKind, signatureOfId } from './exploration-class.js';
import { EXPLORATION_URI } from './exploration-uri.js';

export class BaselineError extends Error {
  override name = 'BaselineError';
}

/** What running a baselined class's witness on the host showed (runner/witnesses.ts runs it). */
export type WitnessVerdict =
  /** The witness ran and passed: the class no longer shows; the entry is stale. */
  | { kind: 'clean' }
  /** The witness still fails: the class still shows. */
  | { kind: 'fails'; message: string }
  /** Nothing could be concluded: why. */
  | { kind: 'not-judged'; why: string };

/** What the baseline reader needs to know of each scenario the features define. */
export interface ScenarioFacts {
  clauses: string[];
  level: ClauseLevel;
}

export interface LocatedEntry {
  entry: KnownFailure;
  /** `path:line:column` of the entry in its file. */
  where: string;
}

export interface Baseline {
  path: string;
  adapter?: string;
  /** The edition whose runs it baselines, when the file says. */
  edition?: Edition;
  entries: LocatedEntry[];
}

export interface ReadOptions {
  /** Stable id → facts, for every scenario of the features in use. */
  scenarios: ReadonlyMap<string, ScenarioFacts>;
  level: RunLevel;
  /** The catalog's clauses, with their levels: an exploration entry must name one (or `host`). */
  clauses?: ReadonlyMap<string, ClauseLevel>;
}

/**
 * What an entry matches: a scenario's stable id, or an exploration class's
 * record id (`explore:<CLAUSE>/<check>`).
 */
export function entryKey(entry: KnownFailure | PreviousEntry): string {
  return 'explore' in entry && entry.explore !== undefined ? classId(entry.explore) : (entry as { id: string }).id;
}

/** The file's list as read: each entry checked by the schema of its kind, so a message names what that kind lacks. */
const FileShapeSchema = BaselineFileSchema.extend({ known_failures: z.array(z.unknown()) });

/** Reads, validates and checks a baseline against the features; lists every problem with its location. */
/** The start of the reason `--write-baseline` proposes; a baseline still holding it is refused until a person writes one. */
export const PLACEHOLDER_REASON = 'TODO: state the observed difference';

export async function readBaseline(path: string, options: ReadOptions): Promise<Baseline> {
  const { document, lineCounter } = await parseYaml(path);
  const at = (node: unknown) => locate(path, lineCounter, node);
  const issues: Array<{ path: PropertyKey[]; message: string }> = [];
  const shape = FileShapeSchema.safeParse(document.toJS());
  if (!shape.success) issues.push(...shape.error.issues);
  const items = shape.success ? shape.data.known_failures : [];
  // Entries are checked one by one: the meaning of every well-formed entry (id, clause, duplicates) is
  // reported with the schema problems of the others, every problem at once.
  const known: Array<{ entry: KnownFailure; index: number }> = [];
  items.forEach((item, index) => {
    const explore = item !== null && typeof item === 'object' && 'explore' in item;
    const checked = (explore ? ExploreBaselineEntrySchema : BaselineEntrySchema).safeParse(item);
    if (checked.success) known.push({ entry: checked.data, index });
    else
      issues.push(
        ...checked.error.issues.map((issue) => ({ ...issue, path: ['known_failures', index, ...issue.path] })),
      );
  });
  const schemaProblems = issues.map((issue) => {
    const node = nearestNode(document, issue.path);
    return `${at(node)}: ${describePath(document, issue.path)}: ${issue.message}`;
  });
  if (!shape.success) throw problemList(path, schemaProblems);
  const parsed = { data: { ...shape.data, known_failures: known } };
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const entries = parsed.data.known_failures.map(({ entry, index }) => {
    const where = at(document.getIn(['known_failures', index], true));
    const key = entryKey(entry);
    // An entry nobody read must not turn a failure green: the reason --write-baseline proposes is a placeholder.
    if (entry.reason.startsWith(PLACEHOLDER_REASON)) {
      problems.push(
        `${at(document.getIn(['known_failures', index, 'reason'], true))}: known_failures[${index}] (${isExploreEntry(entry) ? 'explore' : 'id'} ${key}): the reason is still the placeholder --write-baseline wrote; write what the host does differently and why it is accepted`,
      );
    }
    if (seen.has(key))
      problems.push(
        `${where}: known_failures[${index}] (${isExploreEntry(entry) ? 'explore' : 'id'} ${key}): the ${isExploreEntry(entry) ? 'class' : 'id'} is listed twice (first at ${seen.get(key)}); one entry per scenario or class`,
      );
    else seen.set(key, where);
    if (isExploreEntry(entry)) {
      const named = `known_failures[${index}] (explore ${key})`;
      const level = options.clauses?.get(entry.explore.clause);
      if (options.clauses && entry.explore.clause !== 'host' && level === undefined)
        problems.push(`${where}: ${named}: clause ${entry.explore.clause} is not in the clause catalog`);
      if (level === 'recommended' && options.level === 'default') {
        problems.push(
          `${where}: ${named}: the clause is recommended, and a default run never fails on it, so there is nothing to excuse; remove the entry, or run with --level strict`,
        );
      }
      return { entry, where };
    }
    const named = `known_failures[${index}] (id ${entry.id})`;
    const facts = options.scenarios.get(entry.id);
    if (!facts) {
      problems.push(`${where}: ${named}: no scenario has this id`);
    } else {
      if (!facts.clauses.includes(entry.clause)) {
        problems.push(
          `${at(document.getIn(['known_failures', index, 'clause'], true))}: ${named}: clause ${entry.clause} is not one the scenario proves (${facts.clauses.join(', ')})`,
        );
      }
      if (facts.level === 'recommended' && options.level === 'default') {
        problems.push(
          `${where}: ${named}: the scenario is recommended, and a default run never fails on it, so there is nothing to excuse; remove the entry, or run with --level strict`,
        );
      }
    }
    return { entry, where };
  });
  if (schemaProblems.length + problems.length > 0) throw problemList(path, [...schemaProblems, ...problems]);
  return {
    path,
    ...(parsed.data.adapter !== undefined ? { adapter: parsed.data.adapter } : {}),
    ...(parsed.data.edition !== undefined ? { edition: parsed.data.edition } : {}),
    entries,
  };
}

/**
 * The entries of a baseline about to be rewritten, read leniently (an older
 * format, or entries for scenarios that no longer exist, keep their reasons).
 * A file that is not YAML, or has no `known_failures` list, is not overwritten.
 */
export type PreviousEntry =
  | (Partial<BaselineEntry> & { id: string })
  | (Partial<ExploreBaselineEntry> & { explore: ExploreBaselineEntry['explore'] });

export interface PreviousBaseline {
  entries: PreviousEntry[];
  /** The comment at the top of the file, kept when the file is rewritten. */
  header?: string;
}

export async function readPreviousEntries(path: string): Promise<PreviousBaseline> {
  let document: Document.Parsed;
  try {
    ({ document } = await parseYaml(path));
  } catch (error) {
    throw new BaselineError(`refusing to overwrite ${path}: ${(error as Error).message}`);
  }
  const value = document.toJS() as { known_failures?: unknown } | null;
  if (value === null || typeof value !== 'object' || !Array.isArray(value.known_failures)) {
    throw new BaselineError(
      `refusing to overwrite ${path}: it has no known_failures list, so it may not be a baseline`,
    );
  }
  const entries = value.known_failures.filter((entry): entry is PreviousEntry => {
    if (entry === null || typeof entry !== 'object') return false;
    const { id, explore } = entry as { id?: unknown; explore?: { clause?: unknown; check?: unknown } };
    return typeof id === 'string' || (typeof explore?.clause === 'string' && typeof explore.check === 'string');
  });
  // A comment right above the first key belongs to that key in the YAML tree; either way it is the file's header.
  const firstKey = isMap(document.contents)
    ? (document.contents.items[0]?.key as { commentBefore?: string | null } | undefined)
    : undefined;
  const header = document.commentBefore ?? firstKey?.commentBefore ?? undefined;
  return { entries, ...(header ? { header } : {}) };
}

async function parseYaml(path: string): Promise<{ document: Document.Parsed; lineCounter: LineCounter }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new BaselineError(
      `baseline file ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true });
  if (document.errors.length > 0) {
    throw problemList(
      path,
      document.errors.map((error) => {
        const position = error.linePos?.[0];
        return `${path}${position ? `:${position.line}:${position.col}` : ''}: not valid YAML: ${error.message.split('\n')[0]}`;
      }),
      'is not valid YAML',
    );
  }
  return { document, lineCounter };
}

function problemList(path: string, problems: string[], what = 'has problems'): BaselineError {
  return new BaselineError(
    `baseline file ${path} ${what} (${problems.length}):\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
  );
}

/** The deepest node that exists along a path (a missing field is reported at its entry). */
function nearestNode(document: Document.Parsed, path: readonly PropertyKey[]): unknown {
  for (let length = path.length; length >= 0; length -= 1) {
    const node =
      length === 0 ? document.contents : document.getIn(path.slice(0, length) as Array<string | number>, true);
    if (node !== undefined && node !== null) return node;
  }
  return undefined;
}

/** `known_failures[3] (id x).kind` style: entries named by their id, so a reader finds them. */
function describePath(document: Document.Parsed, path: readonly PropertyKey[]): string {
  if (path[0] === 'known_failures' && typeof path[1] === 'number') {
    const id = document.getIn(['known_failures', path[1], 'id']);
    const entry = `known_failures[${path[1]}]${typeof id === 'string' ? ` (id ${id})` : ''}`;
    const rest = issuePath(path.slice(2));
    return rest ? `${entry}: ${rest}` : entry;
  }
  return issuePath(path) || '(top)';
}

function locate(path: string, lineCounter: LineCounter, node: unknown): string {
  const range = (node as { range?: [number, number, number] } | undefined)?.range;
  if (!range) return path;
  const { line, col } = lineCounter.linePos(range[0]);
  return `${path}:${line}:${col}`;
}

/**
 * What one counted scenario came to after the baseline was applied. `flaky`:
 * its repeats (`--repeat`) ended differently; no baseline entry excuses that,
 * and it fails the run unless flaky scenarios are allowed (`--allow-flaky`).
 */
export type Outcome = 'passed' | 'failed' | 'baselined' | 'skipped' | 'flaky';

export interface Mismatch {
  result: ScenarioResult;
  entry: LocatedEntry;
  /** Why the entry does not excuse this failure, with expected and actual. */
  why: string;
}

export interface BaselineVerdict {
  level: RunLevel;
  /** Scenarios the closing line counts: required ones (and any with an unchecked step), or every one at --level strict. */
  counted: ScenarioResult[];
  /** Recommended scenarios of a default run, reported on their own line and never failing it. */
  apart: ScenarioResult[];
  /** Counted failures with no entry. */
  unexpected: ScenarioResult[];
  /** Counted failures matched by their entry. */
  baselined: Array<{ result: ScenarioResult; entry: LocatedEntry }>;
  /** Counted failures whose entry names another step or kind, or has expired. */
  mismatched: Mismatch[];
  /** Entries whose scenario ran and passed. */
  stale: Array<{ result: ScenarioResult; entry: LocatedEntry }>;
  /** Counted scenarios whose repeats ended differently. */
  flaky: ScenarioResult[];
  /** Whether flaky scenarios are allowed (`--allow-flaky`): then they do not fail the run. */
  allowFlaky: boolean;
  /** The outcome of every result, counted or not. */
  outcomes: Map<ScenarioResult, Outcome>;
  /**
   * Records the judge adds: a baselined exploration class a whole exploration
   * did not find (its entry is stale). Reports list them after the results.
   */
  notFound: ScenarioResult[];
}

export interface JudgeOptions {
  level?: RunLevel;
  /** Today, `YYYY-MM-DD` (injectable so expiry can be tested); defaults to the current UTC date. */
  today?: string;
  /** Flaky scenarios do not fail the run (`--allow-flaky`). */
  allowFlaky?: boolean;
  /** What the exploration ran: an exploration entry whose class it did not meet is judged by its witness (`witnesses`). */
  exploration?: ExplorationSummary;
  /** What each not-met class's witness showed, by class id (runner/witnesses.ts); absent: not judged. */
  witnesses?: ReadonlyMap<string, WitnessVerdict>;
}

export function today(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function judge(
  results: ScenarioResult[],
  baseline: Baseline | undefined,
  options: JudgeOptions = {},
): BaselineVerdict {
  const level = options.level ?? 'default';
  const date = options.today ?? today();
  const entries = new Map((baseline?.entries ?? []).map((located) => [entryKey(located.entry), located]));
  const verdict: BaselineVerdict = {
    level,
    counted: [],
    apart: [],
    unexpected: [],
    baselined: [],
    mismatched: [],
    stale: [],
    flaky: [],
    allowFlaky: options.allowFlaky ?? false,
    outcomes: new Map(),
    notFound: [],
  };
  // Baselined classes the exploration did not meet: each judged by its witness (stale only when it ran clean).
  const notMet = options.exploration ? classesNotMet(results, baseline, options.exploration, options.witnesses) : [];
  verdict.notFound.push(...notMet);
  for (const result of [...results, ...notMet]) {
    if (result.flaky) {
      // Neither a failure an entry could match nor a pass that makes an entry stale.
      const counted = level === 'strict' || result.level === 'required';
      (counted ? verdict.counted : verdict.apart).push(result);
      if (counted) verdict.flaky.push(result);
      verdict.outcomes.set(result, 'flaky');
      continue;
    }
    // An undefined, pending or ambiguous step is the kit failing to check, not a host's verdict: it fails a run at any level.
    const unchecked = result.status === 'undefined' || result.status === 'pending' || result.status === 'ambiguous';
    const counted = level === 'strict' || result.level === 'required' || unchecked;
    (counted ? verdict.counted : verdict.apart).push(result);
    const entry = counted && result.stableId !== undefined ? entries.get(result.stableId) : undefined;
    let outcome: Outcome = result.status === 'skipped' ? 'skipped' : isFailing(result.status) ? 'failed' : 'passed';
    if (counted && isFailing(result.status)) {
      if (!entry) {
        verdict.unexpected.push(result);
      } else {
        const why = mismatchOf(result, entry.entry, date);
        if (why) verdict.mismatched.push({ result, entry, why });
        else {
          verdict.baselined.push({ result, entry });
          outcome = 'baselined';
        }
      }
    } else if (entry && result.status === 'passed') {
      verdict.stale.push({ result, entry });
      outcome = 'failed';
    }
    verdict.outcomes.set(result, outcome);
  }
  return verdict;
}

/**
 * A record for each baselined class the exploration did not meet, by what its
 * witness showed: ran clean, a passed record (the entry is stale); still
 * fails, a failed record of the class's kind (the entry excuses it); not
 * judged, a skipped record saying why (an incomplete exploration, no witness,
 * a witness the host's capabilities cannot run). Not meeting a class in a
 * random sample does not show the host was fixed.
 */
function classesNotMet(
  results: readonly ScenarioResult[],
  baseline: Baseline | undefined,
  exploration: ExplorationSummary,
  witnesses: ReadonlyMap<string, WitnessVerdict> | undefined,
): ScenarioResult[] {
  const found = new Set(results.map((result) => result.stableId));
  return (baseline?.entries ?? []).flatMap((located): ScenarioResult[] => {
    if (!isExploreEntry(located.entry) || found.has(entryKey(located.entry))) return [];
    const entry = located.entry;
    const id = classId(entry.explore);
    const whole =
      exploration.share === exploration.budget &&
      exploration.sessions === exploration.budget &&
      exploration.incomplete !== true;
    const why =
      entry.witness === undefined
        ? 'the entry has no witness (--write-baseline records one when the class shows)'
        : whole
          ? 'its witness was not run'
          : `the exploration ran ${exploration.sessions} of its ${exploration.budget} session(s)`;
    const witness = witnesses?.get(id) ?? { kind: 'not-judged' as const, why };
    const base = {
      stableId: id,
      uri: EXPLORATION_URI,
      clauses: entry.explore.clause === 'host' ? [] : [entry.explore.clause],
      level: 'required' as const,
      durationMs: 0,
      exploration: {
        seed: exploration.seed,
        budget: exploration.budget,
        check: entry.explore.check,
        count: 0,
        kind: entry.kind ?? classKind(entry.explore),
      },
    };
    const met = `no session of the exploration (${exploration.sessions} of ${exploration.budget}) met this class`;
    if (witness.kind === 'clean')
      return [{ ...base, name: `exploration: ${met}; its witness ran clean`, status: 'passed' as const }];
    if (witness.kind === 'fails') {
      return [
        {
          ...base,
          name: `exploration: ${met}; its witness still fails`,
          status: 'failed' as const,
          failureKind: entry.kind ?? classKind(entry.explore),
          failedStep: entry.explore.check,
          message: `${met}; its witness still fails: ${witness.message}`,
        },
      ];
    }
    return [
      {
        ...base,
        name: `exploration: ${met}; baseline entry not judged`,
        status: 'skipped' as const,
        skipReason: `baseline entry ${id} not judged: ${met}, and ${witness.why}`,
      },
    ];
  });
}

/** Why an entry does not excuse a failure, or undefined when it does. */
export function mismatchOf(result: ScenarioResult, entry: KnownFailure, date: string): string | undefined {
  const kind = result.failureKind ?? 'assertion';
  const step = result.failedStep ?? '(no step)';
  if (entry.expires !== undefined && entry.expires < date) {
    return `baseline entry expired on ${entry.expires} (today is ${date}): look at it again, then renew or remove it`;
  }
  // An exploration class is its clause, check and kind: the id matched the first two (and the kind its check names);
  // an entry that names its kind excuses that kind only.
  if (isExploreEntry(entry)) {
    const excused = entry.kind ?? classKind(entry.explore);
    if (excused !== kind) return `fails in another kind than its baseline entry: expected ${excused}, actual ${kind}`;
    return entry.shows === undefined ? undefined : notShown(result, entry.shows);
  }
  if (entry.step !== step || entry.kind !== kind) {
    const differs =
      entry.step !== step && entry.kind !== kind
        ? 'another step and another kind'
        : entry.step !== step
          ? 'another step'
          : 'another kind';
    return `fails in ${differs} than its baseline entry: expected ${entry.kind} at "${entry.step}", actual ${kind} at "${step}"`;
  }
  return undefined;
}

/**
 * Why a class does not show the text its entry's `shows` requires of every
 * session (undefined when it does): the exploration did not count it, some
 * session of the class lacks it, or the shrunk scenario does. Such a session
 * fails the same check for another reason, which the entry must not hide.
 */
function notShown(result: ScenarioResult, text: string): string | undefined {
  const facts = result.exploration;
  // A class no session met (count 0) is judged by its witness (classesNotMet): there are no sessions to look at.
  if (facts?.count === 0) return undefined;
  const named = JSON.stringify(text);
  const wanted = `its baseline entry excuses only sessions that hold ${named}`;
  if (facts?.shows === undefined || facts.shows.text !== text)
    return `${wanted}, and the exploration did not count which sessions of the class hold it`;
  const count = facts.count ?? 1;
  if (facts.shows.sessions < count)
    return `${wanted}, and ${count - facts.shows.sessions} of the class's ${count} session(s) do not: another failure of the same check`;
  if (facts.scenario !== undefined && !facts.scenario.includes(text))
    return `${wanted}, and the class's shrunk scenario does not: another failure of the same check`;
  return undefined;
}

/** The entry `--write-baseline` proposes for a failing result: an exploration entry for an exploration class. */
export function entryFor(result: ScenarioResult, previous: PreviousEntry | undefined): KnownFailure {
  const signature = signatureOfId(result.stableId ?? '');
  if (signature && result.uri === EXPLORATION_URI) {
    const entry: ExploreBaselineEntry = {
      explore: signature,
      kind: (result.failureKind ?? classKind(signature)) as ExploreBaselineEntry['kind'] & string,
      reason: previous?.reason ?? `${PLACEHOLDER_REASON} (${firstLine(result.message)})`,
    };
    if (previous?.class !== undefined) entry.class = previous.class;
    if (previous?.link !== undefined) entry.link = previous.link;
    if (previous?.expires !== undefined) entry.expires = previous.expires;
    if (previous && 'shows' in previous && previous.shows !== undefined) entry.shows = previous.shows;
    // The witness: the shrunk scenario the class's record carries; the entry is stale only when it runs clean.
    const witness = result.exploration?.scenario ?? (previous && 'witness' in previous ? previous.witness : undefined);
    if (witness !== undefined) entry.witness = witness;
    return entry;
  }
  return scenarioEntryFor(
    result,
    previous && !('explore' in previous && previous.explore) ? (previous as Partial<BaselineEntry>) : undefined,
  );
}

function scenarioEntryFor(result: ScenarioResult, previous: Partial<BaselineEntry> | undefined): BaselineEntry {
  const kind: FailureKind = result.failureKind ?? 'assertion';
  const entry: BaselineEntry = {
    id: result.stableId!,
    step: result.failedStep ?? '(no step)',
    kind: kind as BaselineEntry['kind'],
    // The clause kept from the previous entry when it is still one the scenario proves; otherwise the
    // scenario's first clause (its tags list the clause it mainly proves first), for a person to check.
    clause:
      previous?.clause !== undefined && result.clauses.includes(previous.clause)
        ? previous.clause
        : (result.clauses[0] ?? 'TODO-00'),
    reason: previous?.reason ?? `${PLACEHOLDER_REASON} (${firstLine(result.message)})`,
  };
  if (previous?.class !== undefined) entry.class = previous.class;
  if (previous?.link !== undefined) entry.link = previous.link;
  if (previous?.expires !== undefined) entry.expires = previous.expires;
  return entry;
}

/** Failure kinds an entry can name; the others (undefined/pending/ambiguous steps) are the kit's problems. */
const BASELINABLE: ReadonlySet<FailureKind> = new Set(BaselinableKindSchema.options);

/**
 * Writes a baseline listing every counted failure that can be baselined,
 * keeping reason, clause, class, link and expiry of entries for the same
 * scenario in `previous`; an exploration class's entry gets its kind and its
 * witness. An entry for a scenario this run did not judge (outside `--tags`,
 * skipped, of another edition) is kept as it was, and so is an exploration
 * entry whose class the run did not meet unless its witness ran clean
 * (`staleClasses`): the run knows nothing new about it. Returns how many
 * entries it wrote.
 */
export async function writeBaseline(
  path: string,
  adapter: string,
  results: ScenarioResult[],
  previous: ReadonlyArray<PreviousEntry>,
  level: RunLevel = 'default',
  header?: string,
  edition?: Edition,
  staleClasses: ReadonlySet<string> = new Set(),
): Promise<number> {
  const earlier = new Map(previous.map((entry) => [entryKey(entry), entry]));
  const judged = new Set(
    results
      .filter((result) => result.status !== 'skipped')
      .flatMap((result) => (result.stableId !== undefined ? [result.stableId] : [])),
  );
  const found = results
    // A flaky scenario fails only sometimes, so no entry is proposed for it; one it already has is kept.
    .filter(
      (result) =>
        isFailing(result.status) && result.stableId !== undefined && (!result.flaky || earlier.has(result.stableId)),
    )
    .filter((result) => BASELINABLE.has(result.failureKind ?? 'assertion'))
    .filter((result) => level === 'strict' || result.level === 'required')
    .map((result) => entryFor(result, earlier.get(result.stableId!)));
  // An exploration entry goes only when its witness ran clean (`staleClasses`): a class the exploration did not meet
  // (an incomplete exploration, a witness not run or not runnable) was not judged, and is kept as it was.
  const proposed = new Set(found.map(entryKey));
  const unjudged = [...earlier.values()].filter((entry) =>
    'explore' in entry && entry.explore
      ? !proposed.has(entryKey(entry)) && !staleClasses.has(entryKey(entry))
      : !judged.has(entryKey(entry)),
  ) as KnownFailure[];
  const known_failures = [...found, ...unjudged];
  const file: BaselineFile = { adapter, ...(edition ? { edition } : {}), known_failures };
  const document = new Document(file);
  if (header) document.commentBefore = header;
  // Written beside it and renamed over it (its target, for a symlink): a failed write leaves the file as it was.
  const final = await realpath(path).catch(() => path);
  const partial = `${final}.partial-${process.pid}`;
  try {
    await writeFile(partial, document.toString({ lineWidth: 0 }));
    await rename(partial, final);
  } finally {
    await rm(partial, { force: true });
  }
  return known_failures.length;
}

function firstLine(text: string | undefined): string {
  return (text ?? 'failed').split('\n')[0]!.slice(0, 200);
}
