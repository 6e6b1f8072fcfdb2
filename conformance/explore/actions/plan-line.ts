/**
 * A command line typed for an agent, idle or mid-turn: `/plan` in its forms
 * (CMD-02..05; rc.8: with images, CMD-09/10) and the kit's `/probe` command.
 * The oracle selects as `/plan` does, and folds its `command/run` (and rc.8's
 * `command/done`) into the projection; the host's result must be a success
 * (CMD-07), leave `get` as predicted, and agree with the projection (PROJ-05).
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { ImageBlock } from '../../../src/index.js';
import { EDITION_READINGS } from '../../oracle/edition-readings.js';
import { commandOutcome, OTHER_OUTCOME, sameTextOtherOutcome } from '../../oracle/command-results.js';
import { readPlanCommand, selects } from '../../oracle/plan-command.js';
import { projectionAgreeingWith } from '../../oracle/plan-oracle.js';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import { IMAGE_NAMES, imagesNamed } from '../../world/images.js';
import { observeGet } from '../observe.js';
import type { During, ExploredSession } from '../explored-session.js';
import type { TranscriptRecord } from '../transcript-records.js';
import { afterTurn } from '../turn.js';
import type { PlanLineMove } from '../moves.js';
import type { Action, Generation } from './action.js';
import type { Found } from '../disagreement.js';
import { worded } from '../finding-texts.js';
import { offArgument, offLookalike, quotedMessages, texts } from '../values/texts.js';

/**
 * `/plan` lines: the name, a space, then an argument from the whole domain
 * (values/texts.ts): none or white space alone (bare `/plan`), `off` amid any
 * white space trim removes, arguments that only look like `off` (next to white
 * space trim keeps, another case), and messages of any text, which the oracle
 * reads trimmed exactly as trim reads them (CMD-03, CMD-04).
 */
export const planLines: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('/plan', '/plan ', '/plan  \t ', '/plan \u3000\ufeff') },
  { weight: 2, arbitrary: offArgument.map(({ text }) => `/plan ${text}`) },
  { weight: 1, arbitrary: offLookalike.map(({ text }) => `/plan ${text}`) },
  { weight: 4, arbitrary: texts({ nonBlank: true, maxFragments: 4 }).map(({ text }) => `/plan ${text}`) },
  // A message wrapped whole in quotes, as a shell would unquote it: sent with its quotes (CMD-03).
  {
    weight: 1,
    arbitrary: quotedMessages(texts({ nonBlank: true, maxFragments: 2, padded: false })).map(
      ({ text }) => `/plan ${text}`,
    ),
  },
  // The kit's probe command: a command other than /plan, which must leave plan state and projection alone (PROJ-02).
  { weight: 1, arbitrary: fc.constantFrom('/probe note', '/probe off') },
);

/**
 * Typed lines for an agent: in an edition whose `/plan` takes images, one
 * `/plan` line in three carries images: one to eight of the kit's, in any
 * order, the same image more than once now and then (each must be sent).
 */
function arbitrary(g: Generation): fc.Arbitrary<PlanLineMove> {
  const plain = fc.record({ kind: fc.constant('plan-line' as const), agent: g.agent, line: planLines });
  if (!EDITION_READINGS[g.edition].planTakesImages) return plain;
  const images = fc.option(
    fc.oneof(
      { weight: 2, arbitrary: fc.shuffledSubarray([...IMAGE_NAMES], { minLength: 1 }) },
      { weight: 1, arbitrary: fc.array(fc.constantFrom(...IMAGE_NAMES), { minLength: 2, maxLength: 8 }) },
    ),
    { nil: undefined, freq: 2 },
  );
  return fc
    .tuple(plain, images)
    .map(([line, attached]) =>
      attached === undefined || readPlanCommand(line.line) === undefined ? line : { ...line, images: attached },
    );
}

export const planLineAction: Action<PlanLineMove> = {
  kind: 'plan-line',
  move: (g) => (g.has('commands') ? { weight: 2, arbitrary: arbitrary(g) } : undefined),
  midTurn: (g) => (g.has('commands') ? { weight: 4, arbitrary: arbitrary(g) } : undefined),
  run: (session, move, during) => planLine(session, session.agentAt(move.agent), move.line, during, move.images),
  describe: (move) =>
    `#${move.agent} ${JSON.stringify(move.line)}${move.images ? ` +images(${move.images.join(', ')})` : ''}`,
};

async function planLine(
  session: ExploredSession,
  agent: OracleAgent,
  line: string,
  during: During | undefined,
  imageNames?: string[],
): Promise<Found> {
  const printed: TranscriptRecord = {
    kind: 'command-line',
    agent: agent.name,
    line,
    ...(imageNames === undefined ? {} : { images: imageNames }),
  };
  if (during) session.transcript.setup({ ...printed, during: { n: during.n, agent: during.agent.name } });
  const images = imageNames === undefined ? undefined : imagesNamed(imageNames.join(','));
  session.typedLines.push(line);
  // A `/plan` line's value is its argument (bare `/plan`: the empty text), after the one space that separates it.
  session.coverage.crossed(line.startsWith('/plan') ? line.slice('/plan'.length).replace(/^ /, '') : line);
  const command = readPlanCommand(line);
  if (command && images && command.kind === 'leave')
    return refusedPlanOff(session, agent, line, images, printed, during);
  if (!command) {
    // Another command (the kit's probe command): plan state, and the projection that folds only `plan` records, stay as they are.
    if (!during) session.transcript.step(printed);
    const other = await session.host.runCommand(agent.id, line);
    session.commandTexts.push(other.text);
    session.commandOutcomes.push(OTHER_OUTCOME);
    return observeGet(session, agent, during);
  }
  const wasIdle = !agent.plan.running;
  const outcome = agent.plan.set(selects(command));
  agent.plan.commandRun(selects(command));
  const outcomeName = commandOutcome(selects(command), outcome);
  // The user message the line steers: its text (CMD-03), or none but its images for bare `/plan` (CMD-09, rc.8).
  const steered = command.kind === 'message' ? command.text : images ? '' : undefined;
  const startsTurn = steered !== undefined && wasIdle;
  if (steered !== undefined && !wasIdle) agent.steered.push(steered);
  if (steered !== undefined) {
    const key = `${agent.id}\n${steered}`;
    session.steeredImages.set(key, [...(session.steeredImages.get(key) ?? []), imageNames ?? []]);
  }
  const openTurn = session.turns.get(agent.id);
  if (openTurn && !wasIdle) openTurn.typed = true;

  let result;
  if (startsTurn) {
    // Steering an idle agent submits the message as a prompt; the command is done when that turn is.
    if (!during) session.transcript.beginTurn(printed);
    const start = session.model.requestsOf(agent.id).length;
    session.turns.set(agent.id, { planned: [], start, firstTexts: [steered] });
    agent.plan.openTurn();
    try {
      result = await session.host.runCommand(agent.id, line, images);
    } finally {
      agent.plan.closeTurn();
      if (!during) session.transcript.endTurn();
    }
    const turnFound = session.failed() ?? afterTurn(session, agent, start, 1, ['CMD-03', 'CMD-04']);
    if (turnFound) return turnFound;
  } else {
    if (!during) session.transcript.step(printed);
    result = await session.host.runCommand(agent.id, line, images);
  }
  agent.plan.commandDone(result.ok);
  if (!result.ok) {
    return worded({
      check: 'command-succeeds',
      clauses: ['CMD-07'],
      where: { agent: agent.name, line },
      expected: { ok: true },
      observed: { text: result.text },
    });
  }
  return (
    checkCommandTexts(session, result.text, outcomeName) ??
    (await observeGet(session, agent, during)) ??
    (await checkProjectionAgainstGet(session, agent, line, during))
  );
}

/**
 * CMD-10 (rc.8): `/plan off` with images is an error before any mode change:
 * nothing selected or cancelled, and in the projection its line is a failed
 * one, which leaves no target. Its text is no /plan outcome CMD-08 compares.
 */
async function refusedPlanOff(
  session: ExploredSession,
  agent: OracleAgent,
  line: string,
  images: ImageBlock[],
  printed: TranscriptRecord,
  during: During | undefined,
): Promise<Found> {
  if (!during) session.transcript.step(printed);
  agent.plan.commandRun(false);
  const result = await session.host.runCommand(agent.id, line, images);
  agent.plan.commandDone(false);
  session.commandTexts.push(result.text);
  session.commandOutcomes.push(OTHER_OUTCOME);
  if (result.ok) {
    return worded({
      check: 'plan-off-with-images-refused',
      clauses: ['CMD-10', 'CMD-07'],
      where: { agent: agent.name, line },
      expected: { ok: false },
      observed: { text: result.text },
    });
  }
  const got = await observeGet(session, agent, during);
  if (got) return got;
  // Not agreement with get: a selection made through the service is pending there but never in the
  // log the projection folds, and the refused line cannot settle that. It leaves the fold as it was.
  if (session.composed.projections) {
    const projection = await session.host.readProjection(agent.id);
    const predicted = agent.plan.projection();
    if (!isDeepStrictEqual(projection, predicted)) {
      // A pending target the refused line made is CMD-10's; one it wiped out (or any other difference) PROJ-03's.
      const clause = projection.pending && !predicted.pending ? 'CMD-10' : 'PROJ-03';
      return worded({
        check: 'projection-after-refused-command',
        clauses: [clause],
        where: { agent: agent.name, line, ...duringOf(during) },
        expected: { projection: predicted },
        observed: { projection },
      });
    }
  }
  return undefined;
}

/** PROJ-05: once a /plan line has completed, the projection and get agree. */
async function checkProjectionAgainstGet(
  session: ExploredSession,
  agent: OracleAgent,
  line: string,
  during: During | undefined,
): Promise<Found> {
  if (!session.composed.projections) return undefined;
  const projection = await session.host.readProjection(agent.id);
  const state = await session.host.getPlanMode(agent.id);
  if (!isDeepStrictEqual(projection, projectionAgreeingWith(state))) {
    return worded({
      check: 'projection-agrees-with-get',
      clauses: ['PROJ-05'],
      where: { agent: agent.name, line, ...duringOf(during) },
      expected: { agreeingWith: state },
      observed: { projection },
    });
  }
  return undefined;
}

/** CMD-08 (recommended, strict level only): results reporting different outcomes differ. */
function checkCommandTexts(session: ExploredSession, text: string, outcome: string): Found {
  session.commandTexts.push(text);
  session.commandOutcomes.push(outcome);
  if (!session.options.strict) return undefined;
  const last = session.commandTexts.length - 1;
  const earlier = sameTextOtherOutcome(session.commandTexts, session.commandOutcomes);
  if (earlier === undefined) return undefined;
  return worded({
    check: 'command-texts-differ',
    clauses: ['CMD-08'],
    where: {},
    expected: { commands: [earlier + 1, last + 1], outcomes: [session.commandOutcomes[earlier]!, outcome] },
    observed: { text },
  });
}

/** Where a check made while the model handles a request was made (none: made between turns). */
function duringOf(during: During | undefined): { during?: { n: number; agent: string } } {
  return during ? { during: { n: during.n, agent: during.agent.name } } : {};
}
