/**
 * What a call of exit_plan_mode must show, as pure functions of the model's
 * state and of what the user answered: whether a review is due (TOOL-03,
 * TOOL-04 and the malformed plan the seed lets a host refuse, REVIEW-06,
 * REVIEW-07), whether the answer given consents (only an
 * exact, lone `Approve` does, REVIEW-03; `Approve` with an empty free text is
 * left open by the seed), which text a refusal carries (REVIEW-04: the user's
 * feedback; REVIEW-06: the question provider's own message) and which clause
 * a refusal that succeeded breaks. The exploration compares a host's result
 * with these; it predicts nothing itself.
 */
import type { QuestionReply } from '../../src/index.js';
import type { OracleAgent } from './session-oracle.js';

/** The label that approves a plan review. */
export const APPROVE = 'Approve';

/** Whether the user's reply consents: true, false, or 'open' where the seed lets the host decide. */
export function consentOf(reply: QuestionReply): boolean | 'open' {
  if (reply.type !== 'answer' || reply.selected.length !== 1 || reply.selected[0] !== APPROVE) return false;
  if (reply.freeText === undefined) return true;
  return reply.freeText === '' ? 'open' : false;
}

/**
 * The text a refused exit's failure must carry, byte for byte: the user's feedback (REVIEW-04: "when there is
 * any", so white space alone need not be carried) or the provider's message (REVIEW-06).
 */
export function carriedTextOf(reply: QuestionReply): string | undefined {
  if (reply.type === 'fail') return reply.message;
  if (reply.type === 'answer' && reply.freeText !== undefined && reply.freeText.trim() !== '') return reply.freeText;
  return undefined;
}

/**
 * The clause an exit breaks by succeeding, or by leaving plan mode, after this reply refused: each kind of refusal
 * has the clause that says it is a failed call and that plan mode stays active. A dismissal's is REVIEW-05, the
 * seam's errors' REVIEW-06, and any other answer's REVIEW-04 ("a review that is not consent is a failed tool call
 * ...; plan mode stays active"): REVIEW-03 only says which answers are not consent.
 */
export function refusalClauseOf(reply: QuestionReply): 'REVIEW-04' | 'REVIEW-05' | 'REVIEW-06' {
  if (reply.type === 'dismiss') return 'REVIEW-05';
  if (reply.type === 'fail' || reply.type === 'abort') return 'REVIEW-06';
  return 'REVIEW-04';
}

/** The clause a refusal that does not carry its text breaks. */
export function carriedTextClauseOf(reply: QuestionReply): 'REVIEW-04' | 'REVIEW-06' {
  return reply.type === 'fail' ? 'REVIEW-06' : 'REVIEW-04';
}

/** What the oracle knows of the agent and the session when the exit's tool ran. */
export interface ExitCircumstances {
  /** Plan state logged when the call ran. */
  activeAtCall: boolean;
  /** A child owned by an agent still known to be live (rc.8, REVIEW-07). */
  ownedByLiveAgent: boolean;
  /**
   * A delegated agent (a spawned or owned child) or a host without a question channel may have no way to ask
   * (REVIEW-06): then the call opens no review and fails.
   */
  mayGoUnasked: boolean;
  /** A fork of an owned child (or of such a fork), which the host may count as owned too and refuse (REVIEW-07). */
  mayBeOwned: boolean;
  /**
   * A plan the host may refuse as malformed, as a failed call without a review: the seed leaves that open as a
   * reading of TOOL-04's one review (mayBeRefusedAsMalformed).
   */
  mayBeMalformed: boolean;
}

/** The clauses an exit in plan mode that opens no review meets: each names one reason the host may have had. */
export type UnaskedClause = 'TOOL-04' | 'REVIEW-06' | 'REVIEW-07';

/**
 * Whether a host may refuse this plan, without a review, as malformed (Left open: "for example not Markdown, or
 * without a heading"). Only a plan whose first characters are an ATX heading's `# ` has a heading to every
 * reading of Markdown: under CommonMark a tab or four spaces ahead of the `#` make indented code, and a byte order
 * mark or a no-break space a paragraph, so a strict host may call such a plan headingless. A plan the kit does not
 * know is not refused (fail closed).
 */
export function mayBeRefusedAsMalformed(plan: string | undefined): boolean {
  return plan !== undefined && !plan.startsWith('# ');
}

/** How many reviews the call must open, and how its result reads. */
export type ExitExpectation =
  /** Outside plan mode: no review, and a failure (TOOL-03). */
  | { kind: 'outside-plan-mode' }
  /** An owned child in plan mode: no review, a failure, plan mode stays on (REVIEW-07). */
  | { kind: 'owned-child' }
  /**
   * In plan mode: exactly one review (none allowed only when `mayGoUnasked`: then a failure, and plan mode stays
   * on). `unasked` names the clauses such a call meets, one for each reason the host may have had not to ask: a
   * malformed plan's refusal (TOOL-04, whose one review the seed's Left open lets a host refuse), the seam's
   * (REVIEW-06: no way to ask), an owned agent's (REVIEW-07: a fork the host may count as owned). Empty when the
   * call must ask.
   */
  | { kind: 'reviewed'; mayGoUnasked: boolean; unasked: UnaskedClause[] };

/**
 * What the oracle knows of an exit from the agent that called it: the plan state logged when the call ran, and
 * who the agent is (a spawned or owned child may have no way to ask the user, nor may a host without a question
 * channel: REVIEW-06; an owned child whose owner is still known refuses: REVIEW-07; a fork of an owned child may
 * be owned too, as the host chooses, and then refuses).
 */
export function exitCircumstancesOf(
  agent: Pick<OracleAgent, 'kind' | 'ownerKnown' | 'mayBeOwned'>,
  activeAtCall: boolean,
  questionsComposed: boolean,
  plan?: string,
): ExitCircumstances {
  return {
    activeAtCall,
    ownedByLiveAgent: agent.kind === 'owned' && agent.ownerKnown,
    mayGoUnasked: agent.kind === 'child' || agent.kind === 'owned' || !questionsComposed,
    mayBeOwned: agent.mayBeOwned,
    mayBeMalformed: mayBeRefusedAsMalformed(plan),
  };
}

/**
 * Whether a reviewed exit counts as approved: the reply consents, or it is the approval the seed leaves open
 * (`Approve` with an empty free text), read as the host read it (its result a success).
 */
export function exitApproved(reply: QuestionReply, resultFailed: boolean): boolean {
  const consent = consentOf(reply);
  return consent === true || (consent === 'open' && !resultFailed);
}

export function exitExpectation(circumstances: ExitCircumstances): ExitExpectation {
  if (!circumstances.activeAtCall) return { kind: 'outside-plan-mode' };
  if (circumstances.ownedByLiveAgent) return { kind: 'owned-child' };
  const unasked: UnaskedClause[] = [];
  if (circumstances.mayBeMalformed) unasked.push('TOOL-04');
  if (circumstances.mayGoUnasked) unasked.push('REVIEW-06');
  if (circumstances.mayBeOwned) unasked.push('REVIEW-07');
  return { kind: 'reviewed', mayGoUnasked: unasked.length > 0, unasked };
}

/** Whether `questions` reviews are what the expectation allows. */
export function reviewCountAllowed(
  expectation: Extract<ExitExpectation, { kind: 'reviewed' }>,
  questions: number,
): boolean {
  return questions === 1 || (questions === 0 && expectation.mayGoUnasked);
}

/** The review answers whose failures a dismissal's must differ from: keep planning, and the seam's own errors (REVIEW-05). */
const UNLIKE_DISMISSAL: ReadonlySet<string> = new Set(['keep-planning', 'abort', 'provider-fails']);

/** Two failed exits of one request whose texts REVIEW-05 requires to differ (1-based among the request's exit results). */
export interface DismissalAlike {
  dismissal: number;
  unlike: number;
  /** The review answer of the result the dismissal's reads like. */
  unlikeAnswer: string;
}

/**
 * REVIEW-05: a dismissal's failure reads unlike the keep-planning failure and the seam's own errors. Judged when
 * the exit `current` (its call, its failure's text, the answer its review got) shows among `results`, the
 * exit_plan_mode results of one request (its history), against the earlier ones by the answers their reviews got
 * (`answers`, by call id; a call without one was approved). The pair that reads alike, if any.
 */
export function dismissalAlike(
  current: { toolCallId: string; text: string; answer: string },
  results: ReadonlyArray<{ toolCallId: string; isError: boolean; text: string }>,
  answers: ReadonlyMap<string, string>,
): DismissalAlike | undefined {
  const versus =
    current.answer === 'dismiss'
      ? (other: string) => UNLIKE_DISMISSAL.has(other)
      : UNLIKE_DISMISSAL.has(current.answer)
        ? (other: string) => other === 'dismiss'
        : undefined;
  if (!versus) return undefined;
  const answerOf = (toolCallId: string): string =>
    toolCallId === current.toolCallId ? current.answer : (answers.get(toolCallId) ?? 'approve');
  const at = results.findIndex((candidate) => candidate.toolCallId === current.toolCallId);
  const same = results.findIndex(
    (other, index) =>
      index !== at && other.isError && other.text === current.text && versus(answerOf(other.toolCallId)),
  );
  if (at < 0 || same < 0) return undefined;
  const [dismissal, other] = current.answer === 'dismiss' ? [at, same] : [same, at];
  return { dismissal: dismissal + 1, unlike: other + 1, unlikeAnswer: answerOf(results[other]!.toolCallId) };
}
