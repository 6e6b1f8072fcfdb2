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
import { ACTIONS } from './actions/index.js';
import type { AnswerGeneration } from './answers/answer.js';
import { ANSWERS } from './answers/index.js';
import type { MidTurnMove, PlannedAnswer, PlannedRequest, Session, SessionMove } from './moves.js';
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

function answersOf(g: AnswerGeneration, place: 'continues' | 'ends'): fc.Arbitrary<PlannedAnswer> {
  return fc.oneof(
    ...weighted<PlannedAnswer>(
      ANSWERS.filter((family) => family.place === place).map(
        (family) => family.generate(g) as fc.WeightedArbitrary<PlannedAnswer> | undefined,
      ),
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
  if (modes.length === 0) return sessionIn(options, 'native');
  return fc
    .constantFrom<ToolMode>('native', ...modes)
    .chain((toolMode) => sessionIn(options, toolMode).map((session): Session => ({ ...session, toolMode })));
}

function sessionIn(
  { capabilities, maxSteps, edition = DEFAULT_EDITION }: ExploreArbitraryOptions,
  toolMode: ToolMode,
): fc.Arbitrary<Session> {
  const has = (capability: Capability) => isSupported(capabilities, capability);
  // An index, or -1 for the newest agent: so forks of forks, and a switch in a fork before it is forked again, come often.
  const agent = fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 3 }) }, { weight: 1, arbitrary: fc.constant(-1) });
  const continuing = answersOf({ has, edition, toolMode }, 'continues');
  const ending = answersOf({ has, edition, toolMode }, 'ends');
  // Only a final text ends a turn run inside another's request, so such a turn always finishes there.
  const finalText = fc.constant<PlannedAnswer>({ type: 'text' });

  const midTurnAt = (g: Generation): fc.Arbitrary<MidTurnMove> =>
    fc.oneof(
      ...weighted(ACTIONS.map((action) => action.midTurn?.(g) as fc.WeightedArbitrary<MidTurnMove> | undefined)),
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
  ): fc.Arbitrary<PlannedRequest[]> =>
    fc
      .tuple(fc.array(fc.record({ answer: continuing, during }), { maxLength: 3 }), last, during, quiet)
      .map(([middle, answer, lastDuring, quietDuring]) => [
        ...middle,
        { answer, during: answer.type === 'give-up' ? quietDuring : lastDuring },
      ])
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
    ...weighted(ACTIONS.map((action) => action.move?.(g) as fc.WeightedArbitrary<SessionMove> | undefined)),
  );
  const plain = fc.array(anyMove, { minLength: 1, maxLength: maxSteps });
  if (!has('restart'))
    return fc.record(
      { probeOrders, configuration: configurations, moves: plain },
      { requiredKeys: ['probeOrders', 'moves'] },
    );
  // Restarts among forks, spawns and new agents: agents made before a restart (a fork, a child, a created agent)
  // and used after it, beside agents first made after it. Shrinking may drop any part.
  const half = Math.max(1, Math.floor(maxSteps / 2));
  const lineage = fc.oneof(
    ...weighted(ACTIONS.map((action) => action.lineage?.(g) as fc.WeightedArbitrary<SessionMove> | undefined)),
  );
  const aroundRestart = fc
    .tuple(fc.array(anyMove, { maxLength: half - 1 }), lineage, fc.array(anyMove, { minLength: 1, maxLength: half }))
    .map(([before, made, after]): SessionMove[] => [...before, made, { kind: 'restart' as const }, ...after]);
  return fc.record(
    {
      probeOrders,
      configuration: configurations,
      moves: fc.oneof({ weight: 2, arbitrary: plain }, { weight: 1, arbitrary: aroundRestart }),
    },
    { requiredKeys: ['probeOrders', 'moves'] },
  );
}
