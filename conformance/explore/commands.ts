/**
 * The commands an explored session is made of, as plain data (so fast-check
 * can generate, shrink and print them). Each command's action module
 * (actions/*.ts) holds its arbitrary, its precondition (checked against the
 * oracle when it is about to run: a command whose precondition fails is
 * skipped, not run, and not printed) and its run.
 *
 * Agents are referred to by index into the agents the session has so far
 * (taken modulo their number), so shrinking away an agent never leaves a
 * dangling reference.
 */
import type { SessionCommand } from './actions/index.js';
import type { PlanLine } from './actions/plan-line.js';
import type { PromptCommand } from './actions/prompt.js';
import type { SetCommand } from './actions/set.js';
import type { ToolMode } from '../../src/index.js';
import type { Configuration } from './configuration.js';

export type { SessionCommand } from './actions/index.js';
export type { PlanLine } from './actions/plan-line.js';
export { describeCommand } from './actions/index.js';

/** How the user answers a plan review. */
export type ReviewAnswer =
  | 'approve'
  | 'approve-with-empty-text'
  | 'approve-with-text'
  | 'approve-and-keep-planning'
  | 'approve-other-case'
  | 'approve-padded'
  | 'approve-twice'
  | 'keep-planning'
  | 'keep-planning-with-text'
  | 'free-text-only'
  | 'dismiss'
  | 'provider-fails'
  | 'abort'
  | 'no-answer';

export const REVIEW_ANSWERS: readonly ReviewAnswer[] = [
  'approve',
  'approve-with-empty-text',
  'approve-with-text',
  'approve-and-keep-planning',
  'approve-other-case',
  'approve-padded',
  'approve-twice',
  'keep-planning',
  'keep-planning-with-text',
  'free-text-only',
  'dismiss',
  'provider-fails',
  'abort',
  'no-answer',
];

/** How the model answers one planned request (each type is a family in answers/). */
export type PlannedAnswer =
  | { type: 'text' }
  /** A call of one of the kit's probe tools: read-like, writing, or running a command (SCOPE-02). */
  | { type: 'probe'; effect: 'read' | 'write' | 'command' }
  /** A retryable failure (retried by the host). */
  | { type: 'failure' }
  /** A failure that is not retryable: the turn's last request, on which the host gives up. */
  | { type: 'give-up' }
  /** A call of exit_plan_mode; `plan` shapes the submitted plan (absent: a short one-line plan). */
  | { type: 'exit'; review: ReviewAnswer; plan?: PlanShape }
  /** Under a code mode: a call of the code-running tool whose program calls exit_plan_mode (TOOL-08). */
  | { type: 'program-exit'; review: ReviewAnswer; plan?: PlanShape };

/**
 * The shape of a submitted plan: about `length` characters of Markdown on one line (up to
 * tens of kilobytes), with white space before and after it that the review
 * must carry unchanged (TOOL-04).
 */
export interface PlanShape {
  length: number;
  lead: string;
  trail: string;
}

/** The plan the model submits with the session's `n`th tool call. */
export function planText(n: number, shape: PlanShape | undefined): string {
  let body = `# Plan ${n}: map the callers, then change them one by one`;
  if (!shape) return body;
  for (let step = 1; body.length < shape.length; step += 1) body += ` ${step}. Change caller ${step} and rerun its tests.`;
  return `${shape.lead}${body}${shape.trail}`;
}

/** Something the user does while the model handles a request (on any agent). */
export type MidTurnAction =
  | SetCommand
  /** Another agent's whole turn while this request is in flight (interleaving; skipped when that agent is running). */
  | PromptCommand
  | PlanLine;

export interface PlannedRequest {
  answer: PlannedAnswer;
  during: MidTurnAction[];
}

export interface Session {
  /**
   * Orders of further probe sections the host registers besides the kit's usual
   * ones (one to three digits, either side of 50): where the plan section must
   * sit among them (POLICY-01).
   */
  probeOrders: number[];
  /** How the host presents its tools (TOOL-07): a mode it declares; absent: native. */
  toolMode?: ToolMode;
  /** The deployment's plan-mode configuration, when not the kit's usual one (configuration.ts). */
  configuration?: Configuration;
  commands: SessionCommand[];
}
