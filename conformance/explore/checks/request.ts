/**
 * Everything one request of an agent's turn shows, checked as it reaches the
 * kit's model: the result of the agent's last tool call (by that answer's
 * family), the boundary (a pending selection applied before the request is
 * assembled: SET-06; rc.8's retry re-sends the frozen request), the plan
 * section and where it sits (POLICY-01), the log at arrival (STATE-02), the
 * notices (NARR-01/02), the user texts the request adds (CMD-03/06, MX-02/03)
 * and the tool catalog (TOOL-02). The oracle predicts (oracle/: the boundary,
 * the notices, the user texts); each check here compares one prediction with
 * what the request shows and returns what it found (findings.ts), and
 * `checkRequest` stops at the first and hands it back worded (finding-texts.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import type { ContentBlock, ModelRequest } from '../../../src/index.js';
import { imagesNamed } from '../../world/images.js';
import { strayMessages } from '../../assertions/message-provenance.js';
import { loggedHostTexts, StandingPlaces } from '../../assertions/host-messages.js';
import { orderedProbesProblem } from '../../assertions/system-prompt.js';
import {
  noticesAtRequest,
  noticeTextProblem,
  userTextsAtRequest,
  type NoticeExpectation,
  type OracleAgent,
} from '../../oracle/session-oracle.js';
import { noticesIn, occursInOrder, planModeEvents, userTypedTexts } from '../../world/observations.js';
import { answerFamily } from '../answers/index.js';
import type { ToolResultMessage } from '../answers/answer.js';
import type { Found } from '../disagreement.js';
import { answerAction } from '../coverage.js';
import type { ExploredSession, OpenTurn } from '../explored-session.js';
import { worded } from '../finding-texts.js';
import type { Finding, FindingOf } from '../findings.js';
import type { PlannedAnswer } from '../moves.js';
import { toolSdkFinding } from './tool-sdk.js';
import { hostQuestionsFinding } from './host-questions.js';
import { readLayout, sectionLayoutProblem } from './system-prompt.js';

/**
 * A request due in plan mode whose order 50 holds a section, but not the configured one byte for byte (normalized,
 * invisible characters dropped, lines cut): the host is in plan mode and changed the section's text, which breaks
 * the section clauses (the configured text exactly, POLICY-01; kept exactly as written, CFG-03), not the boundary.
 */
export function sectionTextFinding(
  section: string,
  name: string,
  systemPrompt: string,
  n: number,
): FindingOf<'section-text'> | undefined {
  const layout = readLayout(systemPrompt);
  if (typeof layout === 'string' || layout.atOrder50 === layout.separator) return undefined;
  return {
    check: 'section-text',
    clauses: ['POLICY-01', 'CFG-03'],
    where: { agent: name, request: n },
    expected: { section },
    observed: { atOrder50: layout.atOrder50 },
  };
}

/** Called by the kit's model as request `n` of agent `id` arrives, before the mid-turn actions run. */
export async function onRequest(session: ExploredSession, id: string, n: number): Promise<Found> {
  const previous = session.lastAnswer.get(id);
  const retry = session.turns.has(id) && isFailure(previous?.type) && n - session.turns.get(id)!.start > 1;
  const found = await checkRequest(session, id, n);
  return found && retry ? { ...found, at: 'retry' } : found;
}

function isFailure(type: string | undefined): boolean {
  return type === 'failure' || type === 'give-up';
}

/**
 * A request after the model's final answer of the turn (a text), with nothing steered that could call for it; a
 * host may add one only for a steered message (CMD-02, CMD-06, MX-02 when `/plan` lines were typed in the turn).
 */
export function extraRequestFinding(
  agent: Pick<OracleAgent, 'name' | 'steered'>,
  turn: Pick<OpenTurn, 'planned' | 'typed'>,
  index: number,
  previousAnswer: PlannedAnswer | undefined,
  n: number,
): FindingOf<'extra-request'> | undefined {
  if (index === 0 || index < turn.planned.length || previousAnswer?.type !== 'text' || agent.steered.length > 0)
    return undefined;
  return {
    check: 'extra-request',
    clauses: turn.typed ? ['CMD-02', 'CMD-06', 'MX-02'] : [],
    where: { agent: agent.name, request: n },
    expected: { requests: n - 1 },
    observed: { requests: n },
  };
}

/** What a request showed of the boundary, and what the oracle predicted of it. */
export interface BoundarySeen {
  /** Whether the request carries the configured section. */
  guided: boolean;
  predicted: { inPlanMode: boolean };
  /** The clauses a wrong plan state breaks (SET-06 when a pending selection was due, else what set the state). */
  clauses: string[];
  /** The clauses a wrong log at arrival breaks. */
  logClauses: string[];
  /** Whether the agent's log folded to plan mode on when the request arrived. */
  folded: boolean;
  section: string;
  systemPrompt: string;
}

/**
 * The boundary (SET-06; STATE-02; rc.8's retry re-sends the frozen request): the request is in plan mode exactly
 * when the oracle says, and the log it was assembled from folds to the same state. A request due in plan mode that
 * holds a changed section breaks the section clauses instead (`sectionTextFinding`).
 */
export function boundaryFinding(
  agent: Pick<OracleAgent, 'name'>,
  n: number,
  kind: string,
  seen: BoundarySeen,
): FindingOf<'section-text'> | FindingOf<'request-in-plan-mode'> | FindingOf<'log-at-request'> | undefined {
  const { guided, predicted } = seen;
  if (!guided && predicted.inPlanMode) {
    const changed = sectionTextFinding(seen.section, agent.name, seen.systemPrompt, n);
    if (changed) return changed;
  }
  const where = { agent: agent.name, request: n };
  if (guided !== predicted.inPlanMode) {
    return {
      check: 'request-in-plan-mode',
      clauses: seen.clauses,
      where: { ...where, requestKind: kind },
      expected: { inPlanMode: predicted.inPlanMode },
      observed: { inPlanMode: guided },
    };
  }
  if (seen.folded !== predicted.inPlanMode) {
    return {
      check: 'log-at-request',
      clauses: seen.logClauses,
      where,
      expected: { inPlanMode: predicted.inPlanMode },
      observed: { logFolded: seen.folded },
    };
  }
  return undefined;
}

/** POLICY-01, POLICY-02, MX-01: where the section sits among the probe sections, and the prompt's layout around it. */
export function sectionPlaceFinding(
  agent: Pick<OracleAgent, 'name'>,
  n: number,
  guided: boolean,
  systemPrompt: string,
  section: string,
  probeOrders: readonly number[],
  /** The system prompt of the agent's last request in the other plan state, if it made one. */
  otherState?: string,
): FindingOf<'section-order'> | FindingOf<'section-layout'> | undefined {
  const where = { agent: agent.name, request: n };
  const misplaced = guided ? orderedProbesProblem(systemPrompt, section, probeOrders) : undefined;
  if (misplaced) {
    return {
      check: 'section-order',
      clauses: ['POLICY-01'],
      where,
      expected: { inPlanMode: true },
      observed: { problem: misplaced },
    };
  }
  const laidOut = sectionLayoutProblem(systemPrompt, section, guided, otherState);
  if (!laidOut) return undefined;
  return {
    check: 'section-layout',
    clauses: guided ? ['POLICY-01', 'MX-01'] : ['POLICY-02', 'MX-01'],
    where,
    expected: { inPlanMode: guided },
    observed: laidOut,
  };
}

async function checkRequest(session: ExploredSession, id: string, n: number): Promise<Found> {
  const agent = session.agentWithId(id);
  const request = session.model.requestsOf(id)[n - 1]!;
  const turn = session.turns.get(id);
  if (!agent || !turn) return undefined; // the host's own request (a compaction summary): not the user's turn
  const logAtArrival = await session.host.readLog(id);
  const index = n - turn.start - 1;
  const previousAnswer = session.lastAnswer.get(id);
  const kind = index === 0 ? 'submission' : isFailure(previousAnswer?.type) ? 'retry' : 'continuation';
  session.inFlight.set(id, kind);
  session.coverage.met(
    session.viewOf(agent, { retry: kind === 'retry' }),
    answerAction((turn.planned[index]?.answer ?? { type: 'text' }).type),
  );
  const resolved =
    worded(extraRequestFinding(agent, turn, index, previousAnswer, n)) ?? resolveCall(session, agent, request, n);
  if (resolved) return resolved;

  // The boundary: the pending selection is applied before the request is assembled
  // (rc.8: a retry is none; it re-sends the request that failed).
  const cause = agent.plan.cause;
  const retry = { retry: kind === 'retry' };
  const preStep = agent.plan.isPreStep(retry);
  const predicted = agent.plan.request(retry);
  const guided = request.systemPrompt.includes(session.section);
  const placed =
    boundaryFinding(agent, n, kind, {
      guided,
      predicted,
      clauses: predicted.applied ? ['SET-06'] : cause,
      logClauses: predicted.applied || !preStep ? ['SET-06'] : ['STATE-02'],
      folded: planModeEvents(logAtArrival).at(-1)?.payload.active === true,
      section: session.section,
      systemPrompt: request.systemPrompt,
    }) ??
    sectionPlaceFinding(
      agent,
      n,
      guided,
      request.systemPrompt,
      session.section,
      session.probeOrders,
      session.lastPromptInState.get(`${agent.id}#${!guided}`),
    );
  if (placed) return worded(placed);
  session.lastPromptInState.set(`${agent.id}#${guided}`, request.systemPrompt);
  const previousPrompt = session.lastPrompt.get(agent.id);
  session.lastPrompt.set(agent.id, { n, guided, systemPrompt: request.systemPrompt });
  const notices = noticesIn(request.messages).map((notice) => notice.text);
  let places = session.standingHost.get(id);
  if (places === undefined) session.standingHost.set(id, (places = new StandingPlaces()));
  const standingBefore = places.seen === 0 ? undefined : places.count;
  const standing = places.add(request.messages, guided).count;
  const shown: Finding | undefined =
    prefixFinding(agent, previousPrompt, { n, guided, systemPrompt: request.systemPrompt }) ??
    noticeFinding(agent, n, noticesAtRequest(agent, notices.length), notices) ??
    userTextsFinding(
      session,
      agent,
      request,
      n,
      userTextsAtRequest(agent, index === 0 ? turn.firstTexts : [], preStep),
      standing,
    ) ??
    checkCatalog(session, agent, request, n) ??
    checkToolSdk(session, agent, request, n) ??
    standingLostFinding(session, agent, request, n, standingBefore, standing, session.model.requestsOf(id)[n - 2]) ??
    provenanceFinding(session, agent, request, n, loggedHostTexts([logAtArrival]), standing);
  if (shown) return worded(shown);
  agent.compactedSinceRequest = false;

  // What the model answers, and the tool call whose result the next request must show.
  const planned = turn.planned[index]?.answer ?? { type: 'text' as const };
  session.lastAnswer.set(id, planned);
  const response = session.scripted.get(`${id}#${n}`);
  if (response && answerFamily(planned).resolve) {
    const plan = response.plan;
    session.calls.set(id, {
      id: response.id,
      answer: planned,
      ...(plan === undefined ? {} : { plan }),
      activeAtCall: agent.plan.logged,
      questions: 0,
      reviewLike: 0,
      hostQuestions: [],
      request: n,
    });
  }
  return undefined;
}

/** The result of the agent's last tool call, which request `n` must show (its answer family judges it). */
function resolveCall(session: ExploredSession, agent: OracleAgent, request: ModelRequest, n: number): Found {
  const call = session.calls.get(agent.id);
  if (!call) return undefined;
  session.calls.delete(agent.id);
  const result = request.messages.find(
    (message): message is ToolResultMessage => message.role === 'tool' && message.toolCallId === call.id,
  );
  return (
    answerFamily(call.answer).resolve?.(session, agent, call, result, n) ??
    worded(hostQuestionsFinding(session, agent, call))
  );
}

/** NARR-01, NARR-02: the notices request `n` shows (their texts) against the oracle's expectation. */
export function noticeFinding(
  agent: OracleAgent,
  n: number,
  expectation: NoticeExpectation,
  notices: readonly string[],
): FindingOf<'notice-count'> | FindingOf<'notice-text'> | undefined {
  const { expected } = expectation;
  const where = { agent: agent.name, request: n };
  if (!expectation.known) {
    // After a compaction: the notices before it may live on in a summary, those since must reach the model.
    if (notices.length >= expected.length) return undefined;
    return {
      check: 'notice-count',
      clauses: ['NARR-01'],
      where,
      expected: { notices: [...expected], sinceCompaction: true },
      observed: { notices: [...notices] },
    };
  }
  if (notices.length !== expected.length) {
    return {
      check: 'notice-count',
      clauses: ['NARR-01', 'NARR-02'],
      where,
      expected: { notices: [...expected], sinceCompaction: false },
      observed: { notices: [...notices] },
    };
  }
  const problem = noticeTextProblem(expected, notices);
  if (!problem) return undefined;
  return {
    check: 'notice-text',
    clauses: ['NARR-01'],
    where,
    expected: { notices: [...expected] },
    observed: { notices: [...notices], problem },
  };
}

/**
 * The user texts a request adds beyond the agent's previous request (CMD-02..04, CMD-06, MX-03), after the history
 * it repeats, and the blocks of each user message (`imageBlocksFinding`).
 */
export function userTextsFinding(
  session: Pick<ExploredSession, 'model' | 'steeredImages' | 'prompted' | 'turns'>,
  agent: OracleAgent,
  request: ModelRequest,
  n: number,
  { expected, steered: carried }: { expected: string[]; steered: string[] },
  standing = 0,
):
  | FindingOf<'history-repeated'>
  | FindingOf<'user-message-blocks'>
  | FindingOf<'user-texts'>
  | FindingOf<'steered-before-prompt'>
  | FindingOf<'steered-order'>
  | undefined {
  // Steered messages join the next pre-step; a retry that is none (rc.8) leaves them waiting. At a submission
  // they waited through the end of the last turn (left open), so they come ahead of the new prompt.
  if (agent.compactedSinceRequest) return undefined;
  const previous = n > 1 ? session.model.requestsOf(agent.id)[n - 2] : undefined;
  if (!previous && agent.kind === 'fork') return undefined; // a fork's first request repeats its origin's history
  const where = { agent: agent.name, request: n };
  // The host's standing messages may change from request to request (host-messages.ts): the history follows them.
  const earlier = previous?.messages.slice(standing) ?? [];
  const messages = request.messages.slice(standing);
  if (!isDeepStrictEqual(messages.slice(0, earlier.length), earlier)) {
    return {
      check: 'history-repeated',
      clauses: ['MX-03', 'NARR-05'],
      where,
      expected: { texts: expected, repeats: n - 1 },
      observed: {},
    };
  }
  const addedMessages = messages.slice(earlier.length);
  const inOrder = userTypedTexts(addedMessages);
  const added = [...inOrder].sort();
  const blocks = imageBlocksFinding(session, agent, addedMessages, n);
  if (blocks) return blocks;
  if (!isDeepStrictEqual(added, expected)) {
    return {
      check: 'user-texts',
      clauses: ['CMD-03', 'CMD-06', 'MX-02'],
      where,
      expected: { texts: expected },
      observed: { texts: added },
    };
  }
  if (
    n === session.turns.get(agent.id)!.start + 1 &&
    carried.length > 0 &&
    !isDeepStrictEqual(inOrder.slice(0, carried.length), carried)
  ) {
    return {
      check: 'steered-before-prompt',
      clauses: ['CMD-03'],
      where,
      expected: { texts: expected, steeredFirst: carried },
      observed: { texts: inOrder },
    };
  }
  // Messages steered before one request reach it in the order typed, whichever way the host takes them in (left open).
  if (!occursInOrder(carried, inOrder)) {
    return {
      check: 'steered-order',
      clauses: ['CMD-03'],
      where,
      expected: { texts: expected, typed: carried },
      observed: { texts: inOrder },
    };
  }
  return undefined;
}

/** What the prefix check keeps of a request: its number, whether it carried the plan section, its system prompt. */
export interface PromptSeen {
  n: number;
  guided: boolean;
  systemPrompt: string;
}

/**
 * POLICY-04: entering or leaving plan mode leaves the system prompt
 * byte-identical up to order 50. Compared with the agent's previous request
 * when that one was assembled in the other state.
 */
export function prefixFinding(
  agent: OracleAgent,
  previous: PromptSeen | undefined,
  now: PromptSeen,
): FindingOf<'prompt-before-order-50'> | undefined {
  if (!previous || previous.guided === now.guided) return undefined;
  const before = readLayout(previous.systemPrompt);
  const after = readLayout(now.systemPrompt);
  if (typeof before === 'string' || typeof after === 'string' || before.beforeOrder50 === after.beforeOrder50)
    return undefined;
  return {
    check: 'prompt-before-order-50',
    clauses: ['POLICY-04'],
    where: { agent: agent.name, request: now.n },
    expected: { sameAsRequest: previous.n },
    observed: {},
  };
}

/**
 * STATE-01, CMD-06: a request holds only the user's prompts and steered
 * messages, the model's replies, tool results, notices and what compaction
 * produced; a plan/mode record, a command line or a command result would be a
 * message of none of these kinds (judged by identity and position). The host's own messages, which its log
 * (`hostLogged`, read as the request arrived) records as host-sourced user messages, are none of those either.
 */
export function provenanceFinding(
  session: Pick<ExploredSession, 'prompted' | 'typedLines' | 'model' | 'compacted'>,
  agent: OracleAgent,
  request: ModelRequest,
  n: number,
  hostLogged: ReadonlySet<string> = new Set(),
  standing = 0,
): FindingOf<'message-provenance'> | undefined {
  const stray = strayMessages(request, {
    prompts: session.prompted,
    commandLines: session.typedLines,
    replies: session.model.replies,
    compacted: session.compacted,
    hostLogged,
    standing: new Map([[request.agent, standing]]),
  });
  if (stray.length === 0) return undefined;
  const first = stray[0]!;
  return {
    check: 'message-provenance',
    clauses: session.typedLines.length > 0 ? ['STATE-01', 'CMD-06'] : ['STATE-01'],
    where: { agent: agent.name, request: n },
    expected: {},
    observed: { index: first.index, stray: first.message, why: first.why },
  };
}

/**
 * A standing place of the agent's earlier requests (host-messages.ts) that request `n` ends: its host message is
 * missing here, so it came and went (with plan mode, MX-01: active plan mode adds exactly the section; or a
 * transition's leak, STATE-01), or its texts now follow the plan state, changing at every switch and at no step
 * within one state (MX-01). Either way it was not the host's own. After a compaction host messages are the
 * compaction's to shape, so none is asked to stay.
 */
export function standingLostFinding(
  session: Pick<ExploredSession, 'compacted'>,
  agent: OracleAgent,
  request: ModelRequest,
  n: number,
  before: number | undefined,
  now: number,
  previous?: ModelRequest,
): FindingOf<'message-provenance'> | undefined {
  if (session.compacted || before === undefined || now >= before) return undefined;
  const here = request.messages[now];
  const held = here?.role === 'user' && here.source === 'host';
  return {
    check: 'message-provenance',
    clauses: ['STATE-01', 'MX-01'],
    where: { agent: agent.name, request: n },
    expected: {},
    observed: {
      index: now,
      stray: held ? here : previous?.messages[now],
      why: held
        ? "a host message whose text changed at every switch of plan mode and never within one state: plan mode's, not the host's own"
        : "a host message every earlier request of the agent opened with, missing here: not the host's own, which stands in every request",
    },
  };
}

/**
 * CMD-03, CMD-09 (rc.8): a message a `/plan` line steered holds the images it
 * was typed with, in the order attached, and then its text (none for bare
 * `/plan`); a prompt's holds its text alone.
 */
export function imageBlocksFinding(
  session: Pick<ExploredSession, 'steeredImages' | 'prompted'>,
  agent: Pick<OracleAgent, 'id' | 'name'>,
  added: ModelRequest['messages'],
  n: number,
): FindingOf<'user-message-blocks'> | undefined {
  for (const message of added) {
    if (message.role !== 'user' || message.source !== 'user') continue;
    // Matched by content among the lines typed with this text, since a fork's first request or a compacted history is not read.
    const typed = session.steeredImages.get(`${agent.id}\n${message.text}`) ?? [];
    const blocksFor = (names: string[]): ContentBlock[] => [
      ...(names.length > 0 ? imagesNamed(names.join(',')) : []),
      ...(message.text.length > 0 ? [{ type: 'text' as const, text: message.text }] : []),
    ];
    const actual = message.content ?? [{ type: 'text' as const, text: message.text }];
    const match = typed.findIndex((names) => isDeepStrictEqual(actual, blocksFor(names)));
    if (match >= 0) {
      typed.splice(match, 1);
      continue;
    }
    if (typed.length === 0 && isDeepStrictEqual(actual, blocksFor([]))) continue;
    // A text no prompt or typed line gave (a steered message changed on the way): the user-texts check names it.
    if (typed.length === 0 && !session.prompted.includes(message.text)) continue;
    const names = typed[0] ?? [];
    return {
      check: 'user-message-blocks',
      clauses: ['CMD-03', 'CMD-09', 'MX-02'],
      where: { agent: agent.name, request: n },
      expected: { images: names, text: message.text },
      observed: { blocks: actual.map((block) => (block.type === 'text' ? 'text' : block.mediaType)) },
    };
  }
  return undefined;
}

function checkCatalog(
  session: ExploredSession,
  agent: OracleAgent,
  request: ModelRequest,
  n: number,
): Finding | undefined {
  const first = session.firstCatalog.get(agent.id);
  if (!first) session.firstCatalog.set(agent.id, { tools: request.tools, n });
  return catalogFinding(session.toolMode, agent, request, n, first);
}

/** TOOL-01: the first request offers exit_plan_mode taking a required string `plan` (natively); TOOL-02: every later one the same catalog. */
export function catalogFinding(
  toolMode: ExploredSession['toolMode'],
  agent: OracleAgent,
  request: ModelRequest,
  n: number,
  first: { tools: ModelRequest['tools']; n: number } | undefined,
): FindingOf<'exit-tool-offered'> | FindingOf<'tool-catalog-stable'> | undefined {
  const where = { agent: agent.name, request: n };
  if (!first) {
    // Under `code` the wire carries only the code-running tool; the SDK holds the exit (tool-sdk.ts judges it).
    if (toolMode === 'code') return undefined;
    const exit = request.tools.find((tool) => tool.name === 'exit_plan_mode');
    const schema = exit?.parameters as
      | { properties?: Record<string, { type?: unknown }>; required?: unknown }
      | undefined;
    if (
      schema?.properties?.plan?.type === 'string' &&
      Array.isArray(schema.required) &&
      schema.required.includes('plan')
    )
      return undefined;
    return {
      check: 'exit-tool-offered',
      clauses: ['TOOL-01'],
      where,
      expected: {},
      observed: { offered: exit ?? request.tools.map((tool) => tool.name) },
    };
  }
  if (isDeepStrictEqual(request.tools, first.tools)) return undefined;
  return {
    check: 'tool-catalog-stable',
    clauses: ['TOOL-02'],
    where,
    expected: { sameAsRequest: first.n },
    observed: {},
  };
}

/** TOOL-07: the SDK text under a code mode; the first one seen is kept for the agent's later requests. */
function checkToolSdk(
  session: ExploredSession,
  agent: OracleAgent,
  request: ModelRequest,
  n: number,
): Finding | undefined {
  if (session.toolMode === 'native') return undefined;
  const first = session.firstSdk.get(agent.id);
  const finding = toolSdkFinding(session.toolMode, session.options.adapter.codeTool?.name, agent, request, n, first);
  if (!first && !finding && request.toolSdk !== undefined) session.firstSdk.set(agent.id, { sdk: request.toolSdk, n });
  return finding;
}
