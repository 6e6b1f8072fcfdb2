/**
 * fast-check arbitraries for explored sessions, put together from the action
 * modules (actions/index.ts) and the model's answer families
 * (answers/index.ts): each generates only what the host declares (no `/plan`
 * lines without `commands`, no failed requests without `retry`, no fork,
 * spawn, compaction or restart without the matching capability).
 */
import fc from 'fast-check';
import {
  DEFAULT_EDITION,
  isSupported,
  type Capabilities,
  type Capability,
  type Edition,
  type ToolMode,
} from '../../src/index.js';
import type { Generation } from './actions/action.js';
import { compactAction } from './actions/compact.js';
import { forkAction } from './actions/fork.js';
import { ACTIONS } from './actions/index.js';
import { planLineAction } from './actions/plan-line.js';
import { setAction } from './actions/set.js';
import { spawnAction } from './actions/spawn.js';
import { spawnOwnedAction } from './actions/spawn-owned.js';
import { offArgument, texts } from './values/texts.js';
import { IMAGE_NAMES } from '../world/images.js';
import { EDITION_READINGS } from '../oracle/edition-readings.js';
import type { AnswerGeneration } from './answers/answer.js';
import { ANSWERS } from './answers/index.js';
import type { MidTurnMove, PlannedAnswer, PlannedRequest, ReviewAnswer, Session, SessionMove } from './moves.js';
import { configurations } from './configuration.js';

export { planLines } from './actions/plan-line.js';
export { planShapes } from './plan-shapes.js';

/**
 * Orders of further probe sections: one, two and three digits, on both sides of 50 (never 50 itself, nor
 * the kit's own 49 and 51, whose ties a host breaks as it likes: the host's separator is read between them).
 */
export const probeOrders: fc.Arbitrary<number[]> = fc.uniqueArray(
  fc
    .oneof(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 10, max: 99 }), fc.integer({ min: 100, max: 999 }))
    .filter((order) => order < 49 || order > 51),
  { maxLength: 3 },
);

export interface ExploreArbitraryOptions {
  capabilities: Capabilities;
  /** The edition sessions are generated for (rc.8: `/plan` lines sometimes carry images); the seed when absent. */
  edition?: Edition;
  /** At most this many moves per session. */
  maxSteps: number;
}

function weighted<T>(candidates: Array<fc.WeightedArbitrary<T> | undefined>): Array<fc.WeightedArbitrary<T>> {
  return candidates.filter((candidate): candidate is fc.WeightedArbitrary<T> => candidate !== undefined);
}

/**
 * Swarm testing: each session draws a subset of the actions and answers it may use, and whether its moves
 * mostly act on the newest agent. A session that never forks spends its moves elsewhere; one that acts on
 * the newest agent builds forks of forks and then acts on them, acts again on an agent whose turn gave up
 * or whose history was compacted. So the pairs of state feature and action (oracle/state-features.ts) a
 * uniform mix reaches only at many times the budget come within the default one, for the same session
 * length. Prompts and final texts are always in: every other family needs a turn.
 */
export interface Swarm {
  /** Action kinds and answer types this session leaves out. */
  left: ReadonlySet<string>;
  /** Whether agent references mostly name the newest agent. */
  newest: boolean;
}

const ALWAYS = new Set<string>(['prompt', 'text']);
const SWARMED = [...ACTIONS.map((action) => action.kind), ...ANSWERS.map((family) => family.type)].filter(
  (kind) => !ALWAYS.has(kind),
);

/** Half the sessions use every family (the mix as weighted); the other half a random subset of them. */
export const swarms: fc.Arbitrary<Swarm> = fc.oneof(
  { weight: 1, arbitrary: fc.boolean().map((newest): Swarm => ({ left: new Set(), newest })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.subarray(SWARMED), fc.boolean())
      .map(([left, newest]): Swarm => ({ left: new Set(left), newest })),
  },
);

/** The candidates a swarm keeps (all of them when it would keep none). */
function kept<T>(
  candidates: Array<{ kind: string; weighted: fc.WeightedArbitrary<T> | undefined }>,
  swarm: Swarm,
): Array<fc.WeightedArbitrary<T>> {
  const all = weighted(candidates.map((candidate) => candidate.weighted));
  const some = weighted(candidates.filter((candidate) => !swarm.left.has(candidate.kind)).map((c) => c.weighted));
  return some.length > 0 ? some : all;
}

function answersOf(g: AnswerGeneration, place: 'continues' | 'ends', swarm: Swarm): fc.Arbitrary<PlannedAnswer> {
  return fc.oneof(
    ...kept<PlannedAnswer>(
      ANSWERS.filter((family) => family.place === place).map((family) => ({
        kind: family.type,
        weighted: family.generate(g) as fc.WeightedArbitrary<PlannedAnswer> | undefined,
      })),
      swarm,
    ),
  );
}

/**
 * A session of a host started in each tool mode it declares (TOOL-07/08): native always, `code` and `both` where
 * the host has them. A host without modes gets sessions as before, with no mode named.
 */
export function sessionArbitrary(options: ExploreArbitraryOptions): fc.Arbitrary<Session> {
  const modes: ToolMode[] = (['code', 'both'] as const).filter((mode) =>
    isSupported(options.capabilities, mode === 'code' ? 'codeMode' : 'bothMode'),
  );
  const made = new Map<string, fc.Arbitrary<Session>>();
  if (modes.length === 0) return sessionIn(options, 'native', made);
  const inMode = new Map<ToolMode, fc.Arbitrary<Session>>();
  return fc.constantFrom<ToolMode>('native', ...modes).chain((toolMode) => {
    let session = inMode.get(toolMode);
    if (!session) {
      session = sessionIn(options, toolMode, made).map((session): Session => ({ ...session, toolMode }));
      inMode.set(toolMode, session);
    }
    return session;
  });
}

/**
 * A session's arbitrary is put together anew for each swarm drawn: most of what generating a session costs
 * (about 0.8 ms of CPU a session warm, more than drawing it). Arbitraries hold no state between the values they
 * generate, so the one made for a swarm that keeps every family (half the sessions: two per tool mode, by
 * `newest`) is made once and drawn again: the same values from the same random stream. A swarm that leaves some
 * out is one of thousands of subsets, made for its session.
 */
function sessionIn(
  options: ExploreArbitraryOptions,
  toolMode: ToolMode,
  made: Map<string, fc.Arbitrary<Session>>,
): fc.Arbitrary<Session> {
  return swarms.chain((swarm) => {
    if (swarm.left.size > 0) return swarmSession(options, toolMode, swarm);
    const key = `${toolMode} ${swarm.newest}`;
    let session = made.get(key);
    if (!session) {
      session = swarmSession(options, toolMode, swarm);
      made.set(key, session);
    }
    return session;
  });
}

function swarmSession(
  { capabilities, maxSteps, edition = DEFAULT_EDITION }: ExploreArbitraryOptions,
  toolMode: ToolMode,
  swarm: Swarm,
): fc.Arbitrary<Session> {
  const has = (capability: Capability) => isSupported(capabilities, capability);
  // An index, or -1 for the newest agent: so forks of forks, and a switch in a fork before it is forked again, come often.
  const agent = fc.oneof(
    { weight: swarm.newest ? 1 : 4, arbitrary: fc.nat({ max: 3 }) },
    { weight: swarm.newest ? 4 : 1, arbitrary: fc.constant(-1) },
  );
  const continuing = answersOf({ has, edition, toolMode }, 'continues', swarm);
  const ending = answersOf({ has, edition, toolMode }, 'ends', swarm);
  // Only a final text ends a turn run inside another's request, so such a turn always finishes there.
  const finalText = fc.constant<PlannedAnswer>({ type: 'text' });

  const midTurnAt = (g: Generation): fc.Arbitrary<MidTurnMove> =>
    fc.oneof(
      ...kept(
        ACTIONS.map((action) => ({
          kind: action.kind,
          weighted: action.midTurn?.(g) as fc.WeightedArbitrary<MidTurnMove> | undefined,
        })),
        swarm,
      ),
    );

  /**
   * 1-4 requests: all but the last continue (tool call) or fail (retried), never two failures in a row; the
   * last ends the turn. During a request that fails without retry the user selects and types lines, but
   * starts no other turn: a message steered there has no step left in the turn and waits for the agent's
   * next one, ahead of its next prompt (CMD-03). Such a request follows no failure (so the request before
   * it took in every steered message, in either edition).
   */
  const requestsWith = (
    during: fc.Arbitrary<MidTurnMove[]>,
    last: fc.Arbitrary<PlannedAnswer>,
    quiet: fc.Arbitrary<MidTurnMove[]>,
    middle: fc.Arbitrary<PlannedAnswer> = continuing,
  ): fc.Arbitrary<PlannedRequest[]> =>
    fc
      .tuple(fc.array(fc.record({ answer: middle, during }), { maxLength: 3 }), last, during, quiet)
      .map(([middle, answer, lastDuring, quietDuring]) =>
        [...middle, { answer, during: answer.type === 'give-up' ? quietDuring : lastDuring }].flatMap(
          (request): PlannedRequest[] => {
            const beside = refusedBeside(request.answer);
            return beside ? [{ answer: beside, during: [] }, request] : [request];
          },
        ),
      )
      .filter((planned) =>
        planned.every((request, index) => {
          const next = planned[index + 1]?.answer.type;
          return !(request.answer.type === 'failure' && (next === 'failure' || next === 'give-up'));
        }),
      );

  const base = { has, edition, agent };
  const quiet = fc.array(midTurnAt(base), { maxLength: 2 });
  // Interleaving: while a request of one agent is in flight, another agent's whole turn runs (its own requests
  // may switch either agent); one level deep, so a session stays short.
  const inner = requestsWith(fc.array(midTurnAt(base), { maxLength: 2 }), finalText, quiet);
  const outer = requestsWith(fc.array(midTurnAt({ ...base, requests: inner }), { maxLength: 2 }), ending, quiet);
  const g: Generation = { ...base, requests: outer };

  const anyMove = fc.oneof(
    ...kept(
      ACTIONS.map((action) => ({
        kind: action.kind,
        weighted: action.move?.(g) as fc.WeightedArbitrary<SessionMove> | undefined,
      })),
      swarm,
    ),
  );
  const plain = fc.array(anyMove, { minLength: 1, maxLength: maxSteps });

  // Steering (see `openers`): episodes that put the newest agent in a state, then act on it with any action or
  // answer alike; the rest of the session as usual.
  const newest: Generation = { has, edition, agent: fc.constant(-1) };
  // Every action and every answer alike: a move of each kind, or a prompt whose turn holds the answer (after a
  // retried failure now and then, so a retry meets it too).
  const newestRequests = requestsWith(
    fc.array(midTurnAt(newest), { maxLength: 1 }),
    finalText,
    fc.array(midTurnAt(newest), { maxLength: 1 }),
  );
  // The moves that make or reshape an agent (fork, spawn, compaction) count three times: each meets only the
  // state it finds, while a prompt's answers, a selection and a `/plan` line meet the states in the openings too
  // (and a fork is skipped while a selection is pending, as the states before an act often leave one).
  const RESHAPING = new Set(['fork', 'spawn', 'spawn-owned', 'compact']);
  const moveOnNewest = ACTIONS.filter((action) => action.kind !== 'prompt').map((action) => {
    const move = action.move?.({ ...newest, requests: newestRequests }) as
      | fc.WeightedArbitrary<SessionMove>
      | undefined;
    return move && { weight: RESHAPING.has(action.kind) ? 3 : 1, arbitrary: move.arbitrary };
  });
  // Now and then after a retried failure, so a retry meets the answer too (the failure then meets the state).
  const retried = has('retry')
    ? fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) })
    : fc.constant(false);
  const answerOnNewest = ANSWERS.map((family) => {
    const generated = family.generate({ has, edition, toolMode }) as fc.WeightedArbitrary<PlannedAnswer> | undefined;
    if (!generated) return undefined;
    const arbitrary = fc
      .tuple(generated.arbitrary, retried, fc.array(midTurnAt(newest), { maxLength: 1 }))
      .map(([answer, retry, during]): SessionMove => {
        const requests: PlannedRequest[] = [];
        if (retry && answer.type !== 'failure' && answer.type !== 'give-up')
          requests.push({ answer: { type: 'failure' }, during: [] });
        const beside = refusedBeside(answer);
        if (beside) requests.push({ answer: beside, during: [] });
        requests.push({ answer, during });
        if (family.place === 'continues') requests.push({ answer: { type: 'text' }, during: [] });
        return { kind: 'prompt', agent: -1, requests };
      });
    return { weight: 1, arbitrary };
  });
  const actOnNewest = fc.oneof(...weighted([...moveOnNewest, ...answerOnNewest]));
  // An episode stacks layers on the newest agent: who it is and its history (each lasts through the episode),
  // then one to three times what it is doing now and an act on it (a given-up turn, a steered message, a pending
  // selection last only until the agent's next turn, so each act gets a state of its own). An act so meets
  // several rare features at once: a fork of a fork whose history was compacted and whose turn gave up with a
  // message steered into it meets five with each action or answer.
  const layers = openingLayers(newest, requestsWith);
  const nothing = fc.constant<SessionMove[]>([]);
  const layer = (choices: Array<fc.WeightedArbitrary<SessionMove[]>>, some: number, none: number) =>
    choices.length > 0
      ? fc.oneof({ weight: none, arbitrary: nothing }, { weight: some, arbitrary: fc.oneof(...choices) })
      : nothing;
  // Mostly an agent made and a state to meet; a compaction (four turns and a summary) now and then.
  const stateAndAct = fc.tuple(layer(layers.now, 8, 1), actOnNewest).map(([now, act]): SessionMove[] => [...now, act]);
  const episode = fc
    .tuple(layer(layers.who, 5, 1), layer(layers.history, 1, 2), fc.array(stateAndAct, { minLength: 1, maxLength: 3 }))
    .map(([who, history, acts]): SessionMove[] => [...who, ...history, ...acts.flat()]);
  // A restart stays behind every later move of the session (restart-behind holds with every other feature), but
  // it is made only with nothing pending or steered anywhere: so now and then the session opens with one (or two,
  // the second meeting the first) while nothing is.
  const restarts: fc.Arbitrary<SessionMove[]> = has('restart')
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant<SessionMove[]>([]) },
        {
          weight: 1,
          arbitrary: fc.constantFrom<SessionMove[]>([{ kind: 'restart' }], [{ kind: 'restart' }, { kind: 'restart' }]),
        },
      )
    : fc.constant<SessionMove[]>([]);
  const steered = fc
    .tuple(restarts, fc.array(episode, { minLength: 1, maxLength: 4 }), fc.array(anyMove, { maxLength: 2 }))
    .map(([first, episodes, rest]): SessionMove[] =>
      [...first, ...episodes.flat(), ...rest].slice(0, Math.max(maxSteps, 1)),
    );
  if (!has('restart'))
    return fc.record(
      {
        probeOrders,
        configuration: configurations,
        moves: fc.oneof({ weight: 1, arbitrary: plain }, { weight: 2, arbitrary: steered }),
      },
      { requiredKeys: ['probeOrders', 'moves'] },
    );
  // Restarts among forks, spawns and new agents: agents made before a restart (a fork, a child, a created agent)
  // and used after it, beside agents first made after it. Shrinking may drop any part.
  const half = Math.max(1, Math.floor(maxSteps / 2));
  const lineage = fc.oneof(
    ...kept(
      ACTIONS.map((action) => ({
        kind: action.kind,
        weighted: action.lineage?.(g) as fc.WeightedArbitrary<SessionMove> | undefined,
      })),
      swarm,
    ),
  );
  const aroundRestart = fc
    .tuple(fc.array(anyMove, { maxLength: half - 1 }), lineage, fc.array(anyMove, { minLength: 1, maxLength: half }))
    .map(([before, made, after]): SessionMove[] => [...before, made, { kind: 'restart' as const }, ...after]);
  return fc.record(
    {
      probeOrders,
      configuration: configurations,
      moves: fc.oneof(
        { weight: 1, arbitrary: plain },
        { weight: 1, arbitrary: aroundRestart },
        { weight: 6, arbitrary: steered },
      ),
    },
    { requiredKeys: ['probeOrders', 'moves'] },
  );
}

/** The refusals whose failures a dismissal's must read unlike (REVIEW-05), and the dismissal itself. */
const UNLIKE_DISMISSAL: readonly ReviewAnswer[] = ['keep-planning', 'abort', 'provider-fails'];

/**
 * REVIEW-05 is judged where one agent's history holds a dismissal's failure beside a refusal it must read unlike
 * (keep planning, the seam's abort or its provider failing: oracle/exit-review.ts's `dismissalAlike`), which a
 * session meets only where one agent in plan mode refuses two reviews those ways. So an act that answers an exit by
 * one of them answers an exit the other way first, in the same turn: a dismissal after a refusal, a refusal (which of
 * the three read from the plan's shape) before a dismissal. Read from the answer, not drawn: the random stream and
 * so every session a seed gives stays the one whose reach was measured, with one exit more in these turns. Only
 * for `exit_plan_mode` called as a tool: a program's exit hands back the program's result.
 */
export function refusedBeside(answer: PlannedAnswer): PlannedAnswer | undefined {
  if (answer.type !== 'exit') return undefined;
  if (UNLIKE_DISMISSAL.includes(answer.review)) return { type: 'exit', review: 'dismiss' };
  if (answer.review !== 'dismiss') return undefined;
  const unlike = UNLIKE_DISMISSAL[(answer.plan?.length ?? 0) % UNLIKE_DISMISSAL.length]!;
  return { type: 'exit', review: unlike };
}

type RequestsWith = (
  during: fc.Arbitrary<MidTurnMove[]>,
  last: fc.Arbitrary<PlannedAnswer>,
  quiet: fc.Arbitrary<MidTurnMove[]>,
) => fc.Arbitrary<PlannedRequest[]>;

/** An opening's layers, stacked in this order: each may be absent. */
interface OpeningLayers {
  /** Who the newest agent is: a fork, a fork of a fork, a child, an owned child; or a restart behind it. */
  who: Array<fc.WeightedArbitrary<SessionMove[]>>;
  /** A compacted history (with a selection waiting through it, or not). */
  history: Array<fc.WeightedArbitrary<SessionMove[]>>;
  /** What it is doing: plan mode on, a selection pending, a turn given up (a message steered into it, a selection made during it). */
  now: Array<fc.WeightedArbitrary<SessionMove[]>>;
}

/**
 * Openings that leave the newest agent in the model's state features (oracle/state-features.ts) that a uniform
 * mix of moves meets rarely, in three layers stacked on the newest agent: who it is (a fork, a fork of a fork, a
 * child, an owned child, a restart behind it, a retried request during which another agent is prompted), its
 * history (compacted, with a selection waiting through it, or not), and what it is doing (plan mode on, a turn
 * given up with a message steered into it or a selection made during it, `/plan off` typed over a pending
 * selection, a steered message still waiting when the agent is forked, spawned from or compacted, idle commits
 * with no request between them, an idle commit after a turn). The layers
 * come in that order because each later one survives what an earlier one does to the newest agent: a fork or a
 * spawn names a new newest agent, and a compaction's turns take in steered messages and end a given-up turn.
 * Each is built from the action modules' own arbitraries, so it is generated, printed and shrunk like any move.
 */
function openingLayers(g: Generation, requestsWith: RequestsWith): OpeningLayers {
  // An agent just made has had no turn (and compaction needs one): now and then it has one first.
  const firstTurn = fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constant<SessionMove>({
        kind: 'prompt',
        agent: -1,
        requests: [{ answer: { type: 'text' }, during: [] }],
      }),
    },
  );
  const made = (moves: fc.Arbitrary<SessionMove[]>) =>
    fc.tuple(moves, firstTurn).map(([made, turn]) => (turn ? [...made, turn] : made));
  const fork = forkAction.move?.(g);
  // Lineages: a fork of a fork (now and then forked once more), a child or an owned child (now and then made into
  // a fork, a child or an owned child in turn). Each making meets the kind of the agent before it, and a fork of a
  // fork is a fork too.
  const makers = weighted<SessionMove>([forkAction.move?.(g), spawnAction.move?.(g), spawnOwnedAction.move?.(g)]).map(
    ({ arbitrary }) => ({ weight: 1, arbitrary }),
  );
  const then = fc.option(fc.oneof(...makers), { nil: undefined });
  const from = (first: fc.WeightedArbitrary<SessionMove> | undefined, weight: number) =>
    first && {
      weight,
      arbitrary: made(
        fc.tuple(first.arbitrary, then).map(([made, next]): SessionMove[] => (next ? [made, next] : [made])),
      ),
    };
  const forkOfFork =
    fork &&
    made(
      fc
        .tuple(fork.arbitrary, fork.arbitrary, fc.option(fork.arbitrary, { nil: undefined }))
        .map((moves): SessionMove[] => moves.filter((move) => move !== undefined)),
    );
  const none = fc.constant<MidTurnMove[]>([]);
  const setDuring = fc.boolean().map((active): MidTurnMove[] => [{ kind: 'set', agent: -1, active }]);
  const steerDuring = planLineAction.midTurn?.(g);
  const steerMessage = texts({ nonBlank: true, maxFragments: 3 }).map(({ text }): MidTurnMove[] => [
    { kind: 'plan-line', agent: -1, line: `/plan ${text.trim() === '' ? 'x' : text}` },
  ]);
  const giveUp = fc.constant<PlannedAnswer>({ type: 'give-up' });
  const turn = (requests: fc.Arbitrary<PlannedRequest[]>) =>
    requests.map((planned): SessionMove[] => [{ kind: 'prompt', agent: -1, requests: planned }]);
  // While a retried request of the first agent is in flight, the user prompts the newest agent, selects for it
  // or types a `/plan` line to it.
  const duringRetry = fc.oneof(
    ...weighted<MidTurnMove>([
      {
        weight: 2,
        arbitrary: fc.constant<MidTurnMove>({
          kind: 'prompt',
          agent: -1,
          requests: [{ answer: { type: 'text' }, during: [] }],
        }),
      },
      { weight: 1, arbitrary: fc.boolean().map((active): MidTurnMove => ({ kind: 'set', agent: -1, active })) },
      steerDuring && { weight: 1, arbitrary: steerDuring.arbitrary },
    ]),
  );
  // Where owned children exist, a selection (a set, a `/plan` line) goes to a child the first agent owns, idle
  // while its owner's request is retried (SET-01: its owner's turn is not the child's), drawing nothing more.
  const ownedChildren = spawnOwnedAction.move?.(g) !== undefined;
  const newestFor = (during: MidTurnMove): SessionMove =>
    ownedChildren && during.kind !== 'prompt' ? { kind: 'spawn-owned', agent: 0 } : { kind: 'new-agent' };
  const retried: fc.Arbitrary<SessionMove[]> | undefined = g.has('retry')
    ? duringRetry.map((during): SessionMove[] => [
        newestFor(during),
        {
          kind: 'prompt',
          agent: 0,
          requests: [
            { answer: { type: 'failure' }, during: [] },
            { answer: { type: 'text' }, during: [during] },
          ],
        },
      ])
    : undefined;
  // `/plan off` over a pending selection: a selection (set, or a `/plan` line the projection keeps) made while
  // the model handles a request, then `/plan off` (amid white space trim removes; in an edition whose `/plan`
  // takes images, with images now and then, which must be refused and change nothing: CMD-10, PROJ-03/05), in
  // the same request, or once the turn gave up on it and the selection waits with the agent idle.
  const select = fc.oneof(
    fc.boolean().map((active): MidTurnMove => ({ kind: 'set', agent: -1, active })),
    fc.constantFrom('/plan', '/plan off').map((line): MidTurnMove => ({ kind: 'plan-line', agent: -1, line })),
  );
  const offImages = EDITION_READINGS[g.edition].planTakesImages
    ? fc.option(fc.shuffledSubarray([...IMAGE_NAMES], { minLength: 1 }), { nil: undefined })
    : fc.constant(undefined);
  const planOff = g.has('commands')
    ? fc.tuple(offArgument, offImages).map(([{ text }, images]) => ({
        kind: 'plan-line' as const,
        agent: -1,
        line: `/plan ${text}`,
        ...(images ? { images } : {}),
      }))
    : undefined;
  const offOverPending = planOff && {
    weight: 2,
    arbitrary: fc
      .tuple(select, planOff, fc.boolean())
      .map(([selection, off, idle]): SessionMove[] =>
        idle
          ? [{ kind: 'prompt', agent: -1, requests: [{ answer: { type: 'give-up' }, during: [selection] }] }, off]
          : [{ kind: 'prompt', agent: -1, requests: [{ answer: { type: 'text' }, during: [selection, off] }] }],
      ),
  };
  // A message steered into a turn that gives up waits for the agent's next step; meanwhile the user forks the
  // agent, spawns or compacts it (each an idle move on it while the message waits). `/plan <message>` also
  // selects plan mode, and a fork waits for no selection: plan mode is on first, so the steer selects nothing.
  const idleOnNewest = weighted<SessionMove>([
    fork,
    spawnAction.move?.(g),
    spawnOwnedAction.move?.(g),
    compactAction.move?.(g),
  ]).map(({ arbitrary }) => ({ weight: 1, arbitrary }));
  const steeredThenIdle =
    steerDuring && idleOnNewest.length > 0
      ? {
          weight: 2,
          arbitrary: fc
            .tuple(turn(requestsWith(none, giveUp, steerMessage)), fc.oneof(...idleOnNewest))
            .map(([given, move]): SessionMove[] => [{ kind: 'set', agent: -1, active: true }, ...given, move]),
        }
      : undefined;
  // A turn given up, a message steered into it, a selection left pending: each lasts only until the agent's next
  // move, so these come most often. A message steered into a turn that gives up holds three at once (the turn given
  // up, the message, the selection `/plan <message>` makes); with plan mode on first it selects nothing, so a fork
  // (made only with nothing pending) may follow.
  // Idle commits with no request between them, after a request: whether each owes a notice is read against the
  // last request header, not the state the commit replaced (NARR-01, NARR-02), and only two commits in a row tell
  // the two apart. A selection the agent's first turn follows (`made`) is switched back and forth once that turn is
  // done, and then back again: three commits, the state after them the other than the turn ended in. Where `made`
  // drew no turn, the selection gets one, and one commit after it. Either way the agent's last plan/mode is logged
  // after its last turn and differs from the state that turn settled in, so what meets it next (a fork above all:
  // STATE-04 carries the logged state, not a settled turn's) meets a log that does not end at a turn's end, which
  // no other opening leaves (a selection made during a turn waits for a boundary). Read from the moves, not drawn,
  // so the random stream stays the one whose reach was measured; only the sessions holding such an opening grow.
  const setMove = setAction.move?.(g);
  const switchedBack = setMove && {
    weight: 1,
    arbitrary: made(setMove.arbitrary.map((move) => [move])).map((moves): SessionMove[] => {
      const [selected] = moves;
      if (selected?.kind !== 'set') return moves;
      const other: SessionMove = { kind: 'set', agent: selected.agent, active: !selected.active };
      if (moves.length === 1)
        return [
          selected,
          { kind: 'prompt', agent: selected.agent, requests: [{ answer: { type: 'text' }, during: [] }] },
          other,
        ];
      return [
        ...moves,
        { kind: 'set', agent: selected.agent, active: !selected.active },
        { kind: 'set', agent: selected.agent, active: selected.active },
        { kind: 'set', agent: selected.agent, active: !selected.active },
      ];
    }),
  };
  const planOn = fc.constant<SessionMove>({ kind: 'set', agent: -1, active: true });
  const steeredGivenUp = turn(requestsWith(none, giveUp, steerMessage));
  return {
    who: weighted<SessionMove[]>([
      forkOfFork && { weight: 3, arbitrary: forkOfFork },
      from(spawnAction.move?.(g), 2),
      from(spawnOwnedAction.move?.(g), 2),
      g.has('restart') ? { weight: 1, arbitrary: fc.constant<SessionMove[]>([{ kind: 'restart' }]) } : undefined,
      retried && { weight: 1, arbitrary: retried },
    ]),
    history: weighted<SessionMove[]>([
      compactAction.move?.(g) && { weight: 1, arbitrary: compactAction.move(g)!.arbitrary.map((move) => [move]) },
    ]),
    now: weighted<SessionMove[]>([
      offOverPending && { weight: 1, arbitrary: offOverPending.arbitrary },
      steeredThenIdle && { weight: 1, arbitrary: steeredThenIdle.arbitrary },
      switchedBack,
      { weight: 1, arbitrary: turn(requestsWith(none, giveUp, setDuring)) },
      steerDuring && { weight: 4, arbitrary: steeredGivenUp },
      steerDuring && {
        weight: 4,
        arbitrary: fc.tuple(planOn, steeredGivenUp).map(([on, given]): SessionMove[] => [on, ...given]),
      },
      { weight: 1, arbitrary: turn(requestsWith(setDuring, fc.constant<PlannedAnswer>({ type: 'text' }), none)) },
      { weight: 2, arbitrary: turn(requestsWith(setDuring, fc.constant<PlannedAnswer>({ type: 'text' }), none)) },
    ]),
  };
}
