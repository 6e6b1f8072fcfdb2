/**
 * Everything one request of an agent's turn shows, checked as it reaches the
 * kit's model: the result of the agent's last tool call (by that answer's
 * family), the boundary (a pending selection applied before the request is
 * assembled: SET-06; rc.8's retry re-sends the frozen request), the plan
 * section and where it sits (POLICY-01), the log at arrival (STATE-02), the
 * notices (NARR-01/02), the user texts the request adds (CMD-03/06, MX-02/03)
 * and the tool catalog (TOOL-02). The oracle predicts (oracle/: the boundary,
 * the notices, the user texts); each check here compares one prediction with
 * what the request shows and returns the disagreement, and `checkRequest`
 * stops at the first.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ContentBlock, ModelRequest } from '../../../src/index.js';
import { imagesNamed } from '../../world/images.js';
import { strayMessages } from '../../assertions/message-provenance.js';
import { orderedProbesProblem } from '../../assertions/system-prompt.js';
import {
  noticesAtRequest,
  noticeTextProblem,
  userTextsAtRequest,
  type NoticeExpectation,
  type OracleAgent,
} from '../../oracle/session-oracle.js';
import { noticesIn, planModeEvents } from '../../world/observations.js';
import { answerFamily } from '../answers/index.js';
import type { ToolResultMessage } from '../answers/answer.js';
import type { Disagreement, Found } from '../disagreement.js';
import { answerAction } from '../coverage.js';
import type { ExploredSession, OpenTurn } from '../explored-session.js';
import type { PlannedAnswer } from '../moves.js';
import { onOff, quote } from '../step-texts.js';
import { toolSdkDisagreement } from './tool-sdk.js';
import { readLayout, sectionLayoutProblem } from './system-prompt.js';

/**
 * A request due in plan mode whose order 50 holds a section, but not the configured one byte for byte (normalized,
 * invisible characters dropped, lines cut): the host is in plan mode and changed the section's text, which breaks
 * the section clauses (the configured text exactly, POLICY-01; kept exactly as written, CFG-03), not the boundary.
 */
export function sectionTextDisagreement(
  section: string,
  name: string,
  systemPrompt: string,
  n: number,
): Disagreement | undefined {
  const layout = readLayout(systemPrompt);
  if (typeof layout === 'string' || layout.atOrder50 === layout.separator) return undefined;
  return {
    clauses: ['POLICY-01', 'CFG-03'],
    check: 'section-text',
    message: `request ${n} of ${name}: order 50 holds ${JSON.stringify(layout.atOrder50.slice(0, 300))}, not the configured section ${JSON.stringify(section.slice(0, 300))} byte for byte`,
    step: { text: `request ${n} of ${name} is in plan mode`, midTurn: false },
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
export function extraRequestDisagreement(
  agent: Pick<OracleAgent, 'name' | 'steered'>,
  turn: Pick<OpenTurn, 'planned' | 'typed'>,
  index: number,
  previousAnswer: PlannedAnswer | undefined,
  n: number,
): Disagreement | undefined {
  if (index === 0 || index < turn.planned.length || previousAnswer?.type !== 'text' || agent.steered.length > 0)
    return undefined;
  return {
    clauses: turn.typed ? ['CMD-02', 'CMD-06', 'MX-02'] : [],
    check: 'extra-request',
    message: `${agent.name} made request ${n} after the model's final answer, with nothing steered`,
    step: { text: `the number of model requests of ${agent.name} is ${n - 1}`, midTurn: false },
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
 * holds a changed section breaks the section clauses instead (`sectionTextDisagreement`).
 */
export function boundaryDisagreement(
  agent: Pick<OracleAgent, 'name'>,
  n: number,
  kind: string,
  seen: BoundarySeen,
): Disagreement | undefined {
  const { guided, predicted } = seen;
  if (!guided && predicted.inPlanMode) {
    const changed = sectionTextDisagreement(seen.section, agent.name, seen.systemPrompt, n);
    if (changed) return changed;
  }
  if (guided !== predicted.inPlanMode) {
    return {
      clauses: seen.clauses,
      check: 'request-in-plan-mode',
      message: `request ${n} of ${agent.name} (${kind}) ${guided ? 'is' : 'is not'} in plan mode; the oracle says it ${predicted.inPlanMode ? 'is' : 'is not'}`,
      step: {
        text: `request ${n} of ${agent.name} ${predicted.inPlanMode ? 'is' : 'is not'} in plan mode`,
        midTurn: false,
      },
    };
  }
  if (seen.folded !== predicted.inPlanMode) {
    return {
      clauses: seen.logClauses,
      check: 'log-at-request',
      message: `when request ${n} of ${agent.name} reached the model its log folded to ${onOff(seen.folded)}; the request should be assembled ${onOff(predicted.inPlanMode)}`,
      step: {
        text: `when request ${n} of ${agent.name} reached the model, its log folded to plan mode ${onOff(predicted.inPlanMode)}`,
        midTurn: false,
      },
    };
  }
  return undefined;
}

/** POLICY-01, POLICY-02, MX-01: where the section sits among the probe sections, and the prompt's layout around it. */
export function sectionPlaceDisagreement(
  agent: Pick<OracleAgent, 'name'>,
  n: number,
  guided: boolean,
  systemPrompt: string,
  section: string,
  probeOrders: readonly number[],
): Disagreement | undefined {
  const misplaced = guided ? orderedProbesProblem(systemPrompt, section, probeOrders) : undefined;
  if (misplaced) {
    return {
      clauses: ['POLICY-01'],
      check: 'section-order',
      message: `request ${n} of ${agent.name}: ${misplaced}`,
      step: { text: `request ${n} of ${agent.name} is in plan mode`, midTurn: false },
    };
  }
  const laidOut = sectionLayoutProblem(systemPrompt, section, guided);
  if (!laidOut) return undefined;
  return {
    clauses: guided ? ['POLICY-01', 'MX-01'] : ['POLICY-02', 'MX-01'],
    check: 'section-layout',
    message: `request ${n} of ${agent.name}: ${laidOut}`,
    step: { text: `request ${n} of ${agent.name} ${guided ? 'is' : 'is not'} in plan mode`, midTurn: false },
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
    extraRequestDisagreement(agent, turn, index, previousAnswer, n) ?? resolveCall(session, agent, request, n);
  if (resolved) return resolved;

  // The boundary: the pending selection is applied before the request is assembled
  // (rc.8: a retry is none; it re-sends the request that failed).
  const cause = agent.plan.cause;
  const retry = { retry: kind === 'retry' };
  const preStep = agent.plan.isPreStep(retry);
  const predicted = agent.plan.request(retry);
  const guided = request.systemPrompt.includes(session.section);
  const placed =
    boundaryDisagreement(agent, n, kind, {
      guided,
      predicted,
      clauses: predicted.applied ? ['SET-06'] : cause,
      logClauses: predicted.applied || !preStep ? ['SET-06'] : ['STATE-02'],
      folded: planModeEvents(logAtArrival).at(-1)?.payload.active === true,
      section: session.section,
      systemPrompt: request.systemPrompt,
    }) ?? sectionPlaceDisagreement(agent, n, guided, request.systemPrompt, session.section, session.probeOrders);
  if (placed) return placed;
  const previousPrompt = session.lastPrompt.get(agent.id);
  session.lastPrompt.set(agent.id, { n, guided, systemPrompt: request.systemPrompt });
  const notices = noticesIn(request.messages).map((notice) => notice.text);
  const shown =
    prefixDisagreement(agent, previousPrompt, { n, guided, systemPrompt: request.systemPrompt }) ??
    noticeDisagreement(agent, n, noticesAtRequest(agent, notices.length), notices) ??
    userTextsDisagreement(
      session,
      agent,
      request,
      n,
      userTextsAtRequest(agent, index === 0 ? turn.firstTexts : [], preStep),
    ) ??
    checkCatalog(session, agent, request, n) ??
    checkToolSdk(session, agent, request, n) ??
    provenanceDisagreement(session, agent, request, n);
  if (shown) return shown;
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
  return answerFamily(call.answer).resolve?.(session, agent, call, result, n);
}

/** NARR-01, NARR-02: the notices request `n` shows (their texts) against the oracle's expectation. */
export function noticeDisagreement(
  agent: OracleAgent,
  n: number,
  expectation: NoticeExpectation,
  notices: readonly string[],
): Disagreement | undefined {
  const { expected } = expectation;
  if (!expectation.known) {
    // After a compaction: the notices before it may live on in a summary, those since must reach the model.
    if (notices.length >= expected.length) return undefined;
    return {
      clauses: ['NARR-01'],
      check: 'notice-count',
      message: `request ${n} of ${agent.name} carries ${notices.length} notice(s); ${expected.length} were added since its history was compacted (${expected.join(', ')})`,
      step: {
        text: `request ${n} of ${agent.name} ends with the notices ${quote(expected.join(', '))}`,
        midTurn: false,
      },
    };
  }
  // Written only for a disagreement, as every request is checked.
  const step = () => ({
    text: `request ${n} of ${agent.name} carries the notices ${quote(expected.length === 0 ? 'none' : expected.join(', '))}`,
    midTurn: false,
  });
  if (notices.length !== expected.length) {
    return {
      clauses: ['NARR-01', 'NARR-02'],
      check: 'notice-count',
      message: `request ${n} of ${agent.name} carries ${notices.length} notice(s); the oracle ${expected.length} (${expected.join(', ') || 'none'})`,
      step: step(),
    };
  }
  const problem = noticeTextProblem(expected, notices);
  return problem
    ? { clauses: ['NARR-01'], check: 'notice-text', message: `request ${n} of ${agent.name}: ${problem}`, step: step() }
    : undefined;
}

/**
 * The user texts a request adds beyond the agent's previous request (CMD-02..04, CMD-06, MX-03), after the history
 * it repeats, and the blocks of each user message (`imageBlocksDisagreement`).
 */
export function userTextsDisagreement(
  session: Pick<ExploredSession, 'model' | 'steeredImages' | 'prompted' | 'turns'>,
  agent: OracleAgent,
  request: ModelRequest,
  n: number,
  { expected, steered: carried }: { expected: string[]; steered: string[] },
): Disagreement | undefined {
  // Steered messages join the next pre-step; a retry that is none (rc.8) leaves them waiting. At a submission
  // they waited through the end of the last turn (left open), so they come ahead of the new prompt.
  if (agent.compactedSinceRequest) return undefined;
  const previous = n > 1 ? session.model.requestsOf(agent.id)[n - 2] : undefined;
  if (!previous && agent.kind === 'fork') return undefined; // a fork's first request repeats its origin's history
  // Written only for a disagreement: quoting every request's texts cost each session more than the check.
  const step = (): { text: string; midTurn: boolean } => ({
    text: `request ${n} of ${agent.name} adds the user texts ${quote(expected.length === 0 ? 'none' : expected.join(' | '))}`,
    midTurn: false,
  });
  const earlier = previous?.messages ?? [];
  if (!isDeepStrictEqual(request.messages.slice(0, earlier.length), earlier)) {
    return {
      clauses: ['MX-03', 'NARR-05'],
      check: 'history-repeated',
      message: `request ${n} of ${agent.name} does not repeat the messages of request ${n - 1} before adding its own`,
      step: step(),
    };
  }
  const addedMessages = request.messages.slice(earlier.length);
  const inOrder = addedMessages.flatMap((message) =>
    message.role === 'user' && message.source === 'user' ? [message.text] : [],
  );
  const added = [...inOrder].sort();
  const blocks = imageBlocksDisagreement(session, agent, addedMessages, n);
  if (blocks) return blocks;
  if (!isDeepStrictEqual(added, expected)) {
    return {
      clauses: ['CMD-03', 'CMD-06', 'MX-02'],
      check: 'user-texts',
      message: `request ${n} of ${agent.name} adds the user texts ${JSON.stringify(added)}; the oracle ${JSON.stringify(expected)}`,
      step: step(),
    };
  }
  if (
    n === session.turns.get(agent.id)!.start + 1 &&
    carried.length > 0 &&
    !isDeepStrictEqual(inOrder.slice(0, carried.length), carried)
  ) {
    return {
      clauses: ['CMD-03'],
      check: 'steered-before-prompt',
      message: `request ${n} of ${agent.name} adds ${JSON.stringify(inOrder)}: the steered message(s) ${JSON.stringify(carried)} that waited for this turn must come before its prompt`,
      step: step(),
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
export function prefixDisagreement(
  agent: OracleAgent,
  previous: PromptSeen | undefined,
  now: PromptSeen,
): Disagreement | undefined {
  if (!previous || previous.guided === now.guided) return undefined;
  const before = readLayout(previous.systemPrompt);
  const after = readLayout(now.systemPrompt);
  if (typeof before === 'string' || typeof after === 'string' || before.beforeOrder50 === after.beforeOrder50)
    return undefined;
  return {
    clauses: ['POLICY-04'],
    check: 'prompt-before-order-50',
    message: `the system prompt of request ${now.n} of ${agent.name} differs before order 50 from that of its request ${previous.n}, assembled in the other plan state`,
    step: {
      text: `the system prompts of request ${previous.n} of ${agent.name} and request ${now.n} of ${agent.name} are identical up to order 50`,
      midTurn: false,
    },
  };
}

/**
 * STATE-01, CMD-06: a request holds only the user's prompts and steered
 * messages, the model's replies, tool results, notices and what compaction
 * produced; a plan/mode record, a command line or a command result would be a
 * message of none of these kinds (judged by identity and position).
 */
export function provenanceDisagreement(
  session: Pick<ExploredSession, 'prompted' | 'typedLines' | 'model' | 'compacted'>,
  agent: OracleAgent,
  request: ModelRequest,
  n: number,
): Disagreement | undefined {
  const stray = strayMessages(request, {
    prompts: session.prompted,
    commandLines: session.typedLines,
    replies: session.model.replies,
    compacted: session.compacted,
  });
  if (stray.length === 0) return undefined;
  const first = stray[0]!;
  return {
    clauses: session.typedLines.length > 0 ? ['STATE-01', 'CMD-06'] : ['STATE-01'],
    check: 'message-provenance',
    message: `request ${n} of ${agent.name}: message ${first.index + 1} ${JSON.stringify(first.message).slice(0, 300)} is ${first.why}`,
    step: { text: 'no model request carries a plan/mode record', midTurn: false },
  };
}

/**
 * CMD-03, CMD-09 (rc.8): a message a `/plan` line steered holds the images it
 * was typed with, in the order attached, and then its text (none for bare
 * `/plan`); a prompt's holds its text alone.
 */
export function imageBlocksDisagreement(
  session: Pick<ExploredSession, 'steeredImages' | 'prompted'>,
  agent: Pick<OracleAgent, 'id' | 'name'>,
  added: ModelRequest['messages'],
  n: number,
): Disagreement | undefined {
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
      clauses: ['CMD-03', 'CMD-09', 'MX-02'],
      check: 'user-message-blocks',
      message: `request ${n} of ${agent.name} carries the user message ${JSON.stringify(message.text)} as the blocks ${JSON.stringify(actual.map((block) => (block.type === 'text' ? 'text' : block.mediaType)))}; it should hold ${names.length} image(s) (${names.join(', ') || 'none'}) and then its text`,
      step: {
        text: `request ${n} of ${agent.name} adds a user message holding the images ${quote(names.join(', ') || 'none')} and then the text ${quote(message.text)}`,
        midTurn: false,
      },
    };
  }
  return undefined;
}

function checkCatalog(session: ExploredSession, agent: OracleAgent, request: ModelRequest, n: number): Found {
  const first = session.firstCatalog.get(agent.id);
  if (!first) session.firstCatalog.set(agent.id, { tools: request.tools, n });
  return catalogDisagreement(session.toolMode, agent, request, n, first);
}

/** TOOL-01: the first request offers exit_plan_mode taking a required string `plan` (natively); TOOL-02: every later one the same catalog. */
export function catalogDisagreement(
  toolMode: ExploredSession['toolMode'],
  agent: OracleAgent,
  request: ModelRequest,
  n: number,
  first: { tools: ModelRequest['tools']; n: number } | undefined,
): Disagreement | undefined {
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
      clauses: ['TOOL-01'],
      check: 'exit-tool-offered',
      message: `request ${n} of ${agent.name} does not offer exit_plan_mode taking a required string 'plan': ${JSON.stringify(exit ?? request.tools.map((tool) => tool.name))}`,
      step: { text: `request ${n} of ${agent.name} offers exit_plan_mode taking a string "plan"`, midTurn: false },
    };
  }
  if (isDeepStrictEqual(request.tools, first.tools)) return undefined;
  return {
    clauses: ['TOOL-02'],
    check: 'tool-catalog-stable',
    message: `the tool catalog of request ${n} of ${agent.name} differs from that of its request ${first.n}`,
    step: {
      text: `request ${n} of ${agent.name} and request ${first.n} of ${agent.name} carry the same tool catalog`,
      midTurn: false,
    },
  };
}

/** TOOL-07: the SDK text under a code mode; the first one seen is kept for the agent's later requests. */
function checkToolSdk(session: ExploredSession, agent: OracleAgent, request: ModelRequest, n: number): Found {
  if (session.toolMode === 'native') return undefined;
  const first = session.firstSdk.get(agent.id);
  const disagreement = toolSdkDisagreement(
    session.toolMode,
    session.options.adapter.codeTool?.name,
    agent,
    request,
    n,
    first,
  );
  if (!first && !disagreement && request.toolSdk !== undefined)
    session.firstSdk.set(agent.id, { sdk: request.toolSdk, n });
  return disagreement;
}
