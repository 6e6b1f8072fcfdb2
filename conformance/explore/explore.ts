/**
 * The exploration: fast-check generates a budget of sessions for the host's
 * capabilities from one seed (session i is fast-check's run i), runs each
 * against the host and the oracle, and sorts the disagreements into classes
 * (clause and failed check: signature.ts). Exploration goes on after a
 * disagreement, so one run finds several classes; the first session of each
 * class is shrunk to a minimal one (while shrinking, only a disagreement of
 * the same class counts as failing) and run again to write it down as a
 * scenario. Seed and fast-check path replay any session exactly
 * (`explore --seed S --path P`), so a process may run only its share of the
 * sessions (`--shard`, `--parallel`) and the shares still add up to the one
 * exploration.
 */
import fc from 'fast-check';
import { isSupported, type Adapter, type ClauseLevel, type Edition, type ToolMode } from '../../src/index.js';
import type { Slice } from '../features/slices.js';
import { fixedSessions, sessionShare, type SessionSource } from './session-source.js';
import { TIMEOUT_MESSAGE } from '../guard/time-limit.js';
import { sessionArbitrary } from './arbitraries.js';
import type { Session } from './moves.js';
import type { FoundScenario } from './scenario.js';
import { SessionRunner, type Disagreement, type SessionResult } from './session-runner.js';
import { classId, sameClass, signatureOf, type Signature } from './signature.js';
import { CoverageCounts } from './coverage.js';
import type { ExplorationCoverage } from '../../src/results/results-document.js';

export interface SessionOptions {
  adapter: Adapter;
  callLimitMs: number;
  /** Also judge recommended clauses. */
  strict: boolean;
  /** The edition the host is judged against; the oracle reads the clauses as it does. */
  edition: Edition;
  maxSteps: number;
  /** Clause level by id; a disagreement counts only if one of its clauses is required (or strict). */
  levels: ReadonlyMap<string, ClauseLevel>;
  /** Clause ids of known divergences (`explore --expect`): a session that stops at one is counted, not reported. */
  expect?: string[];
}

export interface ExplorationOptions extends SessionOptions {
  /** fast-check's seed: the same seed and budget generate the same sessions on every machine. */
  seed: number;
  /** Sessions of the whole exploration (every shard and worker together). */
  budget: number;
  /** The share of the sessions this process runs: each slice taken of the previous one (shard, then worker). */
  slices?: Slice[];
  /**
   * Where this process's sessions come from, when not its whole share: claimed one at a time while another
   * process draws on the same share (session-source.ts).
   */
  sessions?: SessionSource;
  /** Replay arguments besides seed and path (`--max-steps`, level, edition), as printed. */
  replay: string;
  /** Told before each session this process runs (progress, and a sign of life for the supervisor). */
  onSession?(index: number): void;
  /** At most this many sessions are run to shrink one class's representative; 0: none is shrunk. */
  shrinkRuns?: number;
  /** Stop once this many classes are found (the mutant matrix needs to know only whether any is). */
  classLimit?: number;
  /**
   * A text to look for in every session of a class, by class id (a baseline entry's `shows`): each
   * class with one counts the sessions whose scenario holds it (`ExploredClass.shows`).
   */
  marks?: Readonly<Record<string, string>>;
  /**
   * The share's overall time limit, shrinking included (budget.ts derives the
   * run's from the call limit and the share). Reaching it leaves the share
   * incomplete: the run fails "exploration incomplete: N of M sessions".
   */
  timeLimitMs?: number;
}

/** One class of disagreement: every session of the share that showed it, and its first one, shrunk. */
export interface ExploredClass {
  signature: Signature;
  id: string;
  /** Sessions of this share that disagreed in this class. */
  count: number;
  /** The first of them (its index in the whole exploration): the one shrunk and shown. */
  session: number;
  /** The shrunk session as a scenario, with its seed and path. */
  found: FoundScenario;
  shrinks: number;
  /** The text `marks` names for this class, and how many of its sessions held it in their scenario (as run, unshrunk). */
  shows?: { text: string; sessions: number };
}

export interface Exploration {
  seed: number;
  budget: number;
  /** Sessions this process ran (its share, or fewer when it stopped early). */
  sessions: number;
  /** Its share's size; for claimed sessions, how many this process was given. */
  share: number;
  classes: ExploredClass[];
  /** Sessions that stopped at a known divergence (`--expect`), by entry. */
  expected: Map<string, number>;
  /** Why the exploration stopped before its share was run (the time limit, or the class limit asked for). */
  stopped?: string;
  /** The share was not all run (the time limit was reached): the run fails, whatever was found. */
  incomplete?: boolean;
  timeLimitMs?: number;
  durationMs: number;
  /** What the sessions this process ran reached (coverage.ts). */
  coverage: ExplorationCoverage;
}

/** Whether a disagreement counts at this level (not: one whose clauses are all recommended, at the default level). */
export function reportable(disagreement: Disagreement, options: Pick<SessionOptions, 'strict' | 'levels'>): boolean {
  if (options.strict || disagreement.clauses.length === 0) return true;
  return disagreement.clauses.some((clause) => options.levels.get(clause) !== 'recommended');
}

/** The `--expect` entry that names this disagreement: `ID` always, `ID@retry` only when it was seen at a retry. */
function expectedClause(disagreement: Disagreement, expect: readonly string[]): string | undefined {
  return expect.find((entry) => {
    const [clause, at] = entry.split('@');
    return disagreement.clauses.includes(clause!) && (at === undefined || at === disagreement.at);
  });
}

export async function runSession(
  options: Pick<SessionOptions, 'adapter' | 'callLimitMs' | 'strict' | 'edition'>,
  session: Session,
): Promise<SessionResult> {
  return new SessionRunner({
    adapter: options.adapter,
    callLimitMs: options.callLimitMs,
    strict: options.strict,
    edition: options.edition,
  }).run(session);
}

/** The tool modes an exploration's sessions run in: native, and each code mode the host declares (arbitraries.ts). */
export function toolModesOf(adapter: Pick<Adapter, 'capabilities'>): ToolMode[] {
  return [
    'native',
    ...(['code', 'both'] as const).filter((mode) =>
      isSupported(adapter.capabilities, mode === 'code' ? 'codeMode' : 'bothMode'),
    ),
  ];
}

/** A run's disagreement as this exploration counts it: a class, a known divergence, or nothing. */
type Verdict =
  | { kind: 'agrees' }
  | { kind: 'expected'; entry: string }
  | { kind: 'class'; disagreement: Disagreement; signature: Signature };

function verdictOf(result: SessionResult, options: SessionOptions): Verdict {
  const disagreement = result.disagreement;
  if (!disagreement || !reportable(disagreement, options)) return { kind: 'agrees' };
  const entry = expectedClause(disagreement, options.expect ?? []);
  if (entry !== undefined) return { kind: 'expected', entry };
  return { kind: 'class', disagreement, signature: signatureOf(disagreement) };
}

/** Whether a session's scenario (its transcript, as it ran) holds a text anywhere, its failing step included. */
function holds(result: SessionResult, text: string): boolean {
  return (
    result.transcript.lines().some((line) => line.includes(text)) ||
    (result.disagreement?.step?.text.includes(text) ?? false)
  );
}

/** Sessions run to shrink one representative, by default: enough for the commands' shrinks, bounded for a slow host. */
const SHRINK_RUNS = 300;

export async function explore(options: ExplorationOptions): Promise<Exploration> {
  const started = performance.now();
  const arbitrary = sessionArbitrary({
    capabilities: options.adapter.capabilities,
    maxSteps: options.maxSteps,
    edition: options.edition,
  });
  const sessions = options.sessions ?? fixedSessions(sessionShare(options.budget, options.slices));
  const classes = new Map<string, ExploredClass>();
  const firstResults = new Map<string, SessionResult>();
  const expected = new Map<string, number>();
  const coverage = new CoverageCounts();
  let ran = 0;
  let stopped: string | undefined;
  let incomplete = false;
  let index = -1;
  const deadline = options.timeLimitMs === undefined ? Infinity : started + options.timeLimitMs;
  // Session i is fast-check's run i of the seed; fast-check's path replays run i without generating the runs before
  // it, so a process generates only the sessions of its share (shards, workers, claims), one pass per consecutive run
  // (fast-check jumps its random generator once for each session a pass skips: a pass per session would cost a
  // jump per session before it). Nothing is shrunk here (each class is shrunk on its own afterwards). The property
  // fails only to end the pass: once the exploration has stopped (its class limit or time limit), or when a claimed
  // run's next session is not the one after it; and `endOnFailure` ends it there: fast-check would
  // otherwise generate every session left in the pass (1 to 3 ms of CPU each, most of the cost of a matrix's
  // exploration that stops at its first class).
  for await (const run of sessions.runs()) {
    index = run.start - 1;
    /** Runs the pass's next session; false once the exploration has stopped. */
    const exploreSession = async (session: Session): Promise<boolean> => {
      index += 1;
      if (stopped !== undefined) return true;
      if (performance.now() >= deadline) {
        incomplete = true;
        stopped = `exploration incomplete: ${ran} of ${sessions.size} sessions: its time limit (${Math.round(options.timeLimitMs! / 1000)} s, --explore-time-limit) was reached`;
        return false;
      }
      options.onSession?.(index);
      ran += 1;
      const result = await runSession(options, session);
      coverage.add(result.coverage);
      const verdict = verdictOf(result, options);
      if (verdict.kind === 'expected') expected.set(verdict.entry, (expected.get(verdict.entry) ?? 0) + 1);
      if (verdict.kind !== 'class') return true;
      const id = classId(verdict.signature);
      const known = classes.get(id);
      const mark = options.marks?.[id];
      const marked = mark !== undefined && holds(result, mark) ? 1 : 0;
      if (known) {
        known.count += 1;
        if (known.shows) known.shows.sessions += marked;
        // A class is shown by its lowest session, as a run of the whole share in order would show it: a claimed
        // source may give this process a later session first.
        if (index < known.session) {
          known.session = index;
          firstResults.set(id, result);
        }
      } else if (options.classLimit !== undefined && classes.size >= options.classLimit) {
        return true;
      } else {
        firstResults.set(id, result);
        classes.set(id, {
          signature: verdict.signature,
          id,
          count: 1,
          session: index,
          shrinks: 0,
          found: undefined as unknown as FoundScenario,
          ...(mark !== undefined ? { shows: { text: mark, sessions: marked } } : {}),
        });
      }
      // A class never shortens the exploration, a timeout or a crash included: the next session starts a fresh host,
      // and the overall time limit bounds a host that stops answering.
      if (options.classLimit !== undefined && classes.size >= options.classLimit) {
        stopped = `the exploration stopped after session ${index}: it found the ${options.classLimit} class(es) asked for`;
      }
      return stopped === undefined;
    };
    /** Whether the pass goes on after this session: the rest of a fixed run, or a claimed run that grows. */
    const followsOn = async (): Promise<boolean> =>
      index + 1 < run.start + run.length || ((await run.more?.()) ?? true);
    await fc.check(
      fc.asyncProperty(arbitrary, async (session) => (await exploreSession(session)) && (await followsOn())),
      {
        seed: options.seed,
        // A claimed run may grow while it runs (`more`): the pass may go on to the source's last session.
        numRuns: run.more ? sessions.end - run.start : run.length,
        endOnFailure: true,
        ...(run.start > 0 ? { path: String(run.start) } : {}),
      },
    );
    if (stopped !== undefined) break;
  }
  // In the order of their first sessions, as a run of the whole share in order finds them.
  const found = [...classes.values()].sort((one, other) => one.session - other.session);
  for (const explored of found) {
    const session = explored.session;
    const first = firstResults.get(explored.id)!;
    // A session that timed out is shown as it ran: shrinking it would wait the call limit again and again;
    // so is every class once the time limit is reached.
    const shrunk =
      TIMEOUT_MESSAGE.test(first.disagreement?.message ?? '') ||
      options.shrinkRuns === 0 ||
      performance.now() >= deadline
        ? undefined
        : await shrinkClass(options, arbitrary, session, explored.signature, deadline);
    const result = shrunk?.result ?? first;
    explored.shrinks = shrunk?.shrinks ?? 0;
    explored.found = foundScenario(options, result, result.disagreement!, shrunk?.path ?? String(session));
  }
  return {
    seed: options.seed,
    budget: options.budget,
    sessions: ran,
    share: sessions.given(),
    classes: found,
    expected,
    ...(stopped !== undefined ? { stopped } : {}),
    ...(incomplete ? { incomplete } : {}),
    ...(options.timeLimitMs !== undefined ? { timeLimitMs: options.timeLimitMs } : {}),
    durationMs: performance.now() - started,
    coverage: coverage.toResults(),
  };
}

/**
 * Shrinks session `index` (fast-check replays it from the seed and path) to a
 * minimal session of the same class, and runs that one again to write it
 * down. Undefined when the session does not disagree in its class when run
 * again (the host is not deterministic): its first run is shown as it was.
 */
async function shrinkClass(
  options: ExplorationOptions,
  arbitrary: fc.Arbitrary<Session>,
  index: number,
  signature: Signature,
  deadline = Infinity,
): Promise<{ result: SessionResult; path: string; shrinks: number } | undefined> {
  const limit = options.shrinkRuns ?? SHRINK_RUNS;
  let runs = 0;
  let reproduced = false;
  const outcome = await fc.check(
    fc.asyncProperty(arbitrary, async (session) => {
      runs += 1;
      // The replayed session itself must show the class; after it, each shrink candidate within the limit.
      // Past the time limit the smallest session found so far is shown.
      if (runs > limit || (runs > 1 && !reproduced) || (runs > 1 && performance.now() >= deadline)) return true;
      const verdict = verdictOf(await runSession(options, session), options);
      const same = verdict.kind === 'class' && sameClass(verdict.signature, signature);
      if (runs === 1) reproduced = same;
      return !same;
    }),
    { seed: options.seed, numRuns: options.budget, path: String(index) },
  );
  if (!outcome.failed || !outcome.counterexample || !reproduced) return undefined;
  const result = await runSession(options, outcome.counterexample[0]);
  const verdict = verdictOf(result, options);
  if (verdict.kind !== 'class' || !sameClass(verdict.signature, signature)) return undefined;
  return { result, path: outcome.counterexamplePath ?? String(index), shrinks: outcome.numShrinks };
}

/**
 * Replays one session (`explore --seed S --path P`): fast-check regenerates it
 * and shrinks it further while it disagrees in the same class (a shrink that
 * disagrees otherwise is another class, shown by its own path); the last
 * failing session, written down.
 */
export async function replay(
  options: SessionOptions & { seed: number; path: string; replay: string },
): Promise<FoundScenario | undefined> {
  const arbitrary = sessionArbitrary({
    capabilities: options.adapter.capabilities,
    maxSteps: options.maxSteps,
    edition: options.edition,
  });
  let target: Signature | undefined;
  const outcome = await fc.check(
    fc.asyncProperty(arbitrary, async (session) => {
      const verdict = verdictOf(await runSession(options, session), options);
      if (verdict.kind !== 'class') return true;
      target ??= verdict.signature;
      return !sameClass(verdict.signature, target);
    }),
    { seed: options.seed, path: options.path, numRuns: Number(options.path.split(':')[0]) + 1 },
  );
  if (!outcome.failed || !outcome.counterexample) return undefined;
  const result = await runSession(options, outcome.counterexample[0]);
  const disagreement = result.disagreement ?? {
    clauses: [],
    check: 'deterministic-replay',
    message: 'the shrunk session disagreed while exploring but agreed when run again (the host is not deterministic)',
  };
  return foundScenario(options, result, disagreement, outcome.counterexamplePath ?? options.path);
}

function foundScenario(
  options: Pick<ExplorationOptions, 'adapter' | 'seed' | 'replay'>,
  result: SessionResult,
  disagreement: Disagreement,
  path: string,
): FoundScenario {
  const lines = result.transcript.lines();
  return {
    adapter: options.adapter.name,
    seed: options.seed,
    path,
    replay: options.replay,
    disagreement,
    lines,
    needs: neededCapabilities([...lines, disagreement.step?.text ?? '']),
  };
}

const NEEDS: Array<[RegExp, string]> = [
  [/types the command/, 'commands'],
  [/retryable failure/, 'retry'],
  [/is forked as/, 'fork'],
  [/spawns the child/, 'spawn'],
  [/child agent owned by/, 'ownedChild'],
  [/is compacted/, 'compaction'],
  [/the host restarts/, 'restart'],
  [/the review|the question provider/, 'questions'],
  [/projection/, 'projections'],
  [/tools in code mode/, 'codeMode'],
  [/tools in both mode/, 'bothMode'],
];

/** Capabilities the printed steps use, so the scenario is skipped (not failed) on a host without them. */
export function neededCapabilities(lines: string[]): string[] {
  return NEEDS.filter(([pattern]) => lines.some((line) => pattern.test(line))).map(([, capability]) => capability);
}
