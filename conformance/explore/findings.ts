/**
 * What a check hands back when a host disagrees with the oracle: a finding, as
 * data (the clauses, what was compared, what the oracle expected, what the host
 * showed, and where), worded for printing in one place (finding-texts.ts, as
 * step-texts.ts words the transcript's steps). A check compares; it writes no
 * message. Types only: this module imports nothing but the contract's types.
 */
import type { PlanModeState, PlanProjectionView, SessionEvent, SetOutcome } from '../../src/index.js';
import type { QuestionShape } from '../oracle/host-questions.js';

/** A plan/mode event's payload as a host logged it. */
export type LoggedPayload = Extract<SessionEvent, { type: 'plan/mode' }>['payload'];

/** Where a finding was seen. */
export interface FindingPlace {
  /** The agent, by the name the transcript gives it (absent: the host named none). */
  agent?: string;
  /** The agent's request that showed it. */
  request?: number;
  /** That request's place in the turn. */
  requestKind?: string;
  /** Seen while the model handled this request (a check made mid-turn). */
  during?: { n: number; agent: string };
  /** The exit_plan_mode call was made from a program the model ran (TOOL-08), not natively. */
  program?: true;
  /** The command line typed for the agent (actions/plan-line.ts). */
  line?: string;
}

/** How a system prompt's order 50 failed to read as POLICY-01/02 and MX-01 require (checks/system-prompt.ts). */
export type LayoutProblem =
  /** The prompt cannot be read (a probe section missing): the assertion's own words. */
  | { kind: 'unreadable'; problem: string }
  /** In plan mode: the configured section appears `count` times, not once. */
  | { kind: 'section-count'; count: number }
  /**
   * In plan mode: order 50 holds `held`, not the section between two `separator`s, or not `otherState` (order 50
   * of the agent's last request out of plan mode) with the section and one separator added.
   */
  | { kind: 'section-not-alone'; separator: string; held: string; otherState?: string }
  /** Out of plan mode: order 50 holds `held`, not `otherState` (in plan mode) without the section and a separator. */
  | { kind: 'inactive-not-empty'; separator: string; held: string; otherState?: string };

/**
 * What each check compares, by the check's name (with the clause, the class of
 * a disagreement): what the oracle expected and what the host showed.
 */
export interface Comparisons {
  'get-state': { expected: PlanModeState; observed: PlanModeState };
  'logged-events': { expected: boolean[]; observed: LoggedPayload[] };
  'projection-fold': { expected: PlanProjectionView; observed: unknown };
  'observers-told': { expected: LoggedPayload[]; observed: LoggedPayload[] };
  'projection-pushes-unfolded': {
    /** Views pushed earlier stay; at most one push per event the plan unit folds. */
    expected: { earlierPushes: PlanProjectionView[]; folded: number };
    /** The earlier pushes as they read now, or (kept) what was pushed since and the events logged since. */
    observed: { earlierPushes: PlanProjectionView[] } | { pushed: PlanProjectionView[]; logged: string[] };
  };
  'projection-pushed-change': {
    expected: { lastPush: PlanProjectionView };
    observed: { viewBefore: PlanProjectionView; pushed: PlanProjectionView[] };
  };
  'projection-pushes-folded': {
    /** The view when the agent was noted, then the view after each event the plan unit folded since. */
    expected: { folds: PlanProjectionView[] };
    observed: { pushed: PlanProjectionView[]; unfolded: PlanProjectionView };
  };
  'exit-reachable-in-mode': {
    expected: { mode: string };
    observed: { wireTools: string[]; sdk?: { shown: boolean; namesExit: boolean } };
  };
  'tool-sdk-stable': { expected: { sameAsRequest: number }; observed: Record<string, never> };
  'review-shows-plan': { expected: { plan: string; review: number }; observed: { question: string } };
  'review-carries-submitted-plan': { expected: { reviewsBefore: number }; observed: { question: string } };
  'review-declares-intent': {
    expected: { intent: string; approveLabel: string };
    observed: { intent?: string; approveLabel?: string };
  };
  'review-offers-keep-planning': { expected: { approveLabel: string }; observed: { labels: string[] } };
  'section-text': { expected: { section: string }; observed: { atOrder50: string } };
  'extra-request': { expected: { requests: number }; observed: { requests: number } };
  'request-in-plan-mode': { expected: { inPlanMode: boolean }; observed: { inPlanMode: boolean } };
  'log-at-request': { expected: { inPlanMode: boolean }; observed: { logFolded: boolean } };
  'section-order': { expected: { inPlanMode: true }; observed: { problem: string } };
  'section-layout': { expected: { inPlanMode: boolean }; observed: LayoutProblem };
  'notice-count': {
    /** The notices due; `sinceCompaction`: only those added since the history was compacted are known. */
    expected: { notices: string[]; sinceCompaction: boolean };
    observed: { notices: string[] };
  };
  'notice-text': { expected: { notices: string[] }; observed: { notices: string[]; problem: string } };
  'history-repeated': { expected: { texts: string[]; repeats: number }; observed: Record<string, never> };
  'user-texts': { expected: { texts: string[] }; observed: { texts: string[] } };
  'steered-before-prompt': { expected: { texts: string[]; steeredFirst: string[] }; observed: { texts: string[] } };
  'steered-order': { expected: { texts: string[]; typed: string[] }; observed: { texts: string[] } };
  'prompt-before-order-50': { expected: { sameAsRequest: number }; observed: Record<string, never> };
  'message-provenance': { expected: Record<string, never>; observed: { index: number; stray: unknown; why: string } };
  'user-message-blocks': { expected: { images: string[]; text: string }; observed: { blocks: string[] } };
  'exit-tool-offered': { expected: Record<string, never>; observed: { offered: unknown } };
  'tool-catalog-stable': { expected: { sameAsRequest: number }; observed: Record<string, never> };
  'exit-result-present': { expected: { callId: string }; observed: Record<string, never> };
  'exit-outside-plan-mode-asks-no-review': { expected: { reviewsBefore: number }; observed: { reviews: number } };
  'program-exit-outside-plan-mode-asks-no-review': {
    expected: { reviewsBefore: number };
    observed: { reviews: number };
  };
  'exit-outside-plan-mode-fails': { expected: Record<string, never>; observed: { text: string } };
  /** TOOL-03, REVIEW-07: questions reading as a review (without its intent) asked for an exit that must open none. */
  'exit-opens-review-without-intent': { expected: { reviewLikeBefore: number }; observed: { reviewLike: number } };
  /**
   * SCOPE-02: the host's own questions (shapes) around an agent's first call of a probe tool, unlike those around
   * another agent's first call of it in the other mode, or asking more than the same agent's first call of it in the
   * other mode (`other`: that agent and its request).
   */
  'host-questions-across-modes': {
    /** `askedBefore`: when `other` is the same agent's, how many of its own questions it had been asked before this call. */
    expected: {
      tool: string;
      other: { agent: string; request: number; active: boolean };
      shapes: QuestionShape[];
      askedBefore?: number;
    };
    observed: { active: boolean; shapes: QuestionShape[] };
  };
  /** REVIEW-07: no review and a failure; `failed` is absent where the result is not judged (a program's exit). */
  'owned-child-refused-review': {
    expected: { reviewsBefore: number };
    observed: { reviews: number; failed?: boolean };
  };
  'review-count': { expected: { reviewsBefore: number }; observed: { reviews: number } };
  'program-exit-review-count': { expected: { reviewsBefore: number }; observed: { reviews: number } };
  'exit-unasked-fails': { expected: Record<string, never>; observed: Record<string, never> };
  'approved-exit-succeeds': { expected: { value: { approved: true } }; observed: { isError: boolean; value: unknown } };
  'refused-exit-fails': { expected: { answer: string }; observed: Record<string, never> };
  'refusal-carries-text': { expected: { answer: string; text: string }; observed: { text: string } };
  'tool-result': {
    expected: { tool: string; effect: 'read' | 'write' | 'command' };
    observed: { result: unknown };
  };
  /** SET-01..04 (actions/set.ts): `set(agent, active)`'s answer; `outcomes`: the oracle's answers so far, this one last. */
  'set-outcome': {
    expected: { active: boolean; outcome: SetOutcome; outcomes: SetOutcome[] };
    observed: { outcome: string };
  };
  /** CMD-07 (actions/plan-line.ts): the typed line (`where.line`) answered a failure. */
  'command-succeeds': { expected: { ok: true }; observed: { text: string } };
  /** CMD-10, CMD-07 (rc.8): `/plan off` with images (`where.line`) answered a success. */
  'plan-off-with-images-refused': { expected: { ok: false }; observed: { text: string } };
  /** After the refused `/plan off` with images (`where.line`): the projection the oracle folds. */
  'projection-after-refused-command': {
    expected: { projection: PlanProjectionView };
    observed: { projection: unknown };
  };
  /** PROJ-05: after a /plan line (`where.line`), the projection agrees with what get answered. */
  'projection-agrees-with-get': { expected: { agreeingWith: PlanModeState }; observed: { projection: unknown } };
  /** CMD-08 (recommended): two commands (1-based) reporting different outcomes answered the same text. */
  'command-texts-differ': {
    expected: { commands: [number, number]; outcomes: [string, string] };
    observed: { text: string };
  };
  /** A turn (turn.ts) made fewer model requests than the session scripted; `requests`: the agent's count due. */
  'request-count': { expected: { planned: number; requests: number }; observed: { made: number } };
  /** CFG-01, CFG-02 (configuration.ts): the host started on an invalid plan-mode configuration. */
  'invalid-configuration-refused': { expected: { why: string; config: unknown }; observed: { started: true } };
  /** CFG-04 (recommended, strict level only): the load error for keys besides `section` names none of them. */
  'unknown-key-named': { expected: { keys: string[] }; observed: { message: string } };
  'dismissal-distinct': {
    /** The dismissal's result and the one it must read unlike (1-based, among the request's exit results), and that one's answer. */
    expected: { dismissal: number; unlike: number; unlikeAnswer: string };
    observed: { text: string };
  };
}

export type FindingCheck = keyof Comparisons;

/** One check's finding: the clauses it breaks, where, and what was compared. */
export interface FindingOf<C extends FindingCheck> {
  check: C;
  clauses: string[];
  where: FindingPlace;
  expected: Comparisons[C]['expected'];
  observed: Comparisons[C]['observed'];
}

export type Finding = { [C in FindingCheck]: FindingOf<C> }[FindingCheck];
