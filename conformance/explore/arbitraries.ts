/**
 * fast-check arbitraries for explored sessions. They generate only what the
 * host declares: no `/plan` lines without `commands`, no failed requests
 * without `retry`, no fork, spawn, compaction or restart without the matching
 * capability. (Reviews are generated either way: without a question channel
 * an exit in plan mode must fail, REVIEW-06.)
 */
import fc from 'fast-check';
import { DEFAULT_EDITION, isSupported, type Capabilities, type Edition } from '../../src/index.js';
import { EDITION_READINGS } from '../oracle/edition-readings.js';
import { readPlanCommand } from '../oracle/plan-command.js';
import { IMAGE_NAMES } from '../world/images.js';
import { REVIEW_ANSWERS, type MidTurnAction, type PlanLine, type PlannedAnswer, type PlannedRequest, type PlanShape, type Session, type SessionCommand } from './commands.js';

/** Agent references; the runner takes them modulo the number of agents the session has. */
const agentRef = fc.nat({ max: 3 });

/**
 * `/plan` lines: bare, `off` and messages, with the white space the spec says
 * is trimmed, and arguments that only look like `off` (CMD-04). No line feeds:
 * a printed scenario must hold the line in one Gherkin string.
 */
export const planLines: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('/plan', '/plan ', '/plan  \t '),
  fc.constantFrom('/plan off', '/plan   off  ', '/plan off\t', '/plan \t off'),
  fc.constantFrom('/plan draft the steps', '/plan   check the callers  ', '/plan Off', '/plan off now', '/plan offline', '/plan OFF', '/plan \tsketch the rollback\t'),
  // The kit's probe command: a command other than /plan, which must leave plan state and projection alone (PROJ-02).
  fc.constantFrom('/probe note', '/probe off'),
);

/** Orders of further probe sections: one, two and three digits, on both sides of 50 (never 50 itself). */
export const probeOrders: fc.Arbitrary<number[]> = fc.uniqueArray(
  fc.oneof(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 10, max: 99 }), fc.integer({ min: 100, max: 999 })).filter((order) => order !== 50),
  { maxLength: 3 },
);

/** White space around a plan (no line feeds: a printed scenario holds the plan in one Gherkin string). */
const planPadding = fc.constantFrom('', ' ', '  ', '\t', ' \t ');

/** Plans of generated length: up to a page, or tens of kilobytes (an exit without a shape submits a one-line plan). */
export const planShapes: fc.Arbitrary<PlanShape> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ length: fc.integer({ min: 1, max: 2_000 }), lead: planPadding, trail: planPadding }) },
  { weight: 1, arbitrary: fc.record({ length: fc.integer({ min: 10_000, max: 40_000 }), lead: planPadding, trail: planPadding }) },
);

export interface ExploreArbitraryOptions {
  capabilities: Capabilities;
  /** The edition sessions are generated for (rc.8: `/plan` lines sometimes carry images); the seed when absent. */
  edition?: Edition;
  /** At most this many commands per session. */
  maxSteps: number;
}

/**
 * Typed lines for an agent: in an edition whose `/plan` takes images, one
 * `/plan` line in three carries one to three of the kit's images, in any order.
 */
function planLineArbitrary(edition: Edition): fc.Arbitrary<PlanLine> {
  const plain = fc.record({ kind: fc.constant('plan-line' as const), agent: agentRef, line: planLines });
  if (!EDITION_READINGS[edition].planTakesImages) return plain;
  const images = fc.option(fc.shuffledSubarray([...IMAGE_NAMES], { minLength: 1 }), { nil: undefined, freq: 2 });
  return fc
    .tuple(plain, images)
    .map(([line, attached]) => (attached === undefined || readPlanCommand(line.line) === undefined ? line : { ...line, images: attached }));
}

export function sessionArbitrary({ capabilities, maxSteps, edition = DEFAULT_EDITION }: ExploreArbitraryOptions): fc.Arbitrary<Session> {
  const has = (capability: Parameters<typeof isSupported>[1]) => isSupported(capabilities, capability);
  const planLine = planLineArbitrary(edition);

  const midTurn: fc.Arbitrary<MidTurnAction> = has('commands')
    ? fc.oneof(
        { weight: 3, arbitrary: fc.record({ kind: fc.constant('set' as const), agent: agentRef, active: fc.boolean() }) },
        { weight: 2, arbitrary: planLine },
      )
    : fc.record({ kind: fc.constant('set' as const), agent: agentRef, active: fc.boolean() });

  const during = fc.array(midTurn, { maxLength: 2 });

  const continuing: fc.Arbitrary<PlannedAnswer> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ type: fc.constant('probe' as const), effect: fc.constantFrom('read' as const, 'write' as const, 'command' as const) }) },
    { weight: 3, arbitrary: fc.record({ type: fc.constant('exit' as const), review: fc.constantFrom(...REVIEW_ANSWERS), plan: planShapes }, { requiredKeys: ['type', 'review'] }) },
    ...(has('retry') ? [{ weight: 2, arbitrary: fc.constant({ type: 'failure' as const }) }] : []),
  );

  /** 1-4 requests; all but the last continue (tool call) or fail (retried once), never two failures in a row. */
  const requests: fc.Arbitrary<PlannedRequest[]> = fc
    .tuple(fc.array(fc.record({ answer: continuing, during }), { maxLength: 3 }), during)
    .map(([middle, last]) => [...middle, { answer: { type: 'text' as const }, during: last }])
    .filter((planned) => planned.every((request, index) => !(request.answer.type === 'failure' && planned[index + 1]?.answer.type === 'failure')));

  // Interleaving: while a request of one agent is in flight, another agent's whole turn runs (its own requests
  // may switch either agent); one level deep, so a session stays short.
  const interleaved: fc.Arbitrary<MidTurnAction> = fc.record({ kind: fc.constant('prompt' as const), agent: agentRef, requests });
  const duringOuter = fc.array(fc.oneof({ weight: 4, arbitrary: midTurn }, { weight: 1, arbitrary: interleaved }), { maxLength: 2 });
  const outerRequests: fc.Arbitrary<PlannedRequest[]> = fc
    .tuple(fc.array(fc.record({ answer: continuing, during: duringOuter }), { maxLength: 3 }), duringOuter)
    .map(([middle, last]) => [...middle, { answer: { type: 'text' as const }, during: last }])
    .filter((planned) => planned.every((request, index) => !(request.answer.type === 'failure' && planned[index + 1]?.answer.type === 'failure')));

  const commands: Array<fc.WeightedArbitrary<SessionCommand>> = [
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('prompt' as const), agent: agentRef, requests: outerRequests }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('set' as const), agent: agentRef, active: fc.boolean() }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'new-agent' as const }) },
  ];
  if (has('commands')) commands.push({ weight: 2, arbitrary: planLine });
  if (has('fork')) commands.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('fork' as const), agent: agentRef }) });
  if (has('spawn')) commands.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('spawn' as const), agent: agentRef }) });
  if (has('compaction')) commands.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('compact' as const), agent: agentRef }) });
  if (has('restart')) commands.push({ weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) });

  const anyCommand = fc.oneof(...commands);
  const plain = fc.array(anyCommand, { minLength: 1, maxLength: maxSteps });
  if (!has('restart')) return fc.record({ probeOrders, commands: plain });
  // Restarts among forks, spawns and new agents: agents made before a restart (a fork, a child, a created agent)
  // and used after it, beside agents first made after it. Shrinking may drop any part.
  const half = Math.max(1, Math.floor(maxSteps / 2));
  const lineage: Array<fc.WeightedArbitrary<SessionCommand>> = [{ weight: 1, arbitrary: fc.constant({ kind: 'new-agent' as const }) }];
  if (has('fork')) lineage.push({ weight: 2, arbitrary: fc.record({ kind: fc.constant('fork' as const), agent: agentRef }) });
  if (has('spawn')) lineage.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('spawn' as const), agent: agentRef }) });
  const aroundRestart = fc
    .tuple(fc.array(anyCommand, { maxLength: half - 1 }), fc.oneof(...lineage), fc.array(anyCommand, { minLength: 1, maxLength: half }))
    .map(([before, made, after]) => [...before, made, { kind: 'restart' as const }, ...after]);
  return fc.record({ probeOrders, commands: fc.oneof({ weight: 2, arbitrary: plain }, { weight: 1, arbitrary: aroundRestart }) });
}
