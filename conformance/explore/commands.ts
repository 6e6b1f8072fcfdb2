/**
 * The commands an explored session is made of, as plain data (so fast-check
 * can generate, shrink and print them). Like fast-check's model-based
 * commands, each has a precondition checked against the model when it is
 * about to run (`session-runner.ts`): a command whose precondition fails is
 * skipped, not run, and not printed.
 *
 * Agents are referred to by index into the agents the session has so far
 * (taken modulo their number), so shrinking away an agent never leaves a
 * dangling reference.
 */

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

/** How the model answers one planned request. */
export type PlannedAnswer =
  | { type: 'text' }
  /** A call of one of the kit's probe tools: read-like, writing, or running a command (SCOPE-02). */
  | { type: 'probe'; effect: 'read' | 'write' | 'command' }
  | { type: 'failure' }
  /** A call of exit_plan_mode; `plan` shapes the submitted plan (absent: a short one-line plan). */
  | { type: 'exit'; review: ReviewAnswer; plan?: PlanShape };

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

/** A command line typed for an agent, with the names of the kit's images attached (rc.8 `/plan` only), if any. */
export interface PlanLine {
  kind: 'plan-line';
  agent: number;
  line: string;
  images?: string[];
}

/** Something the user does while the model handles a request (on any agent). */
export type MidTurnAction =
  | { kind: 'set'; agent: number; active: boolean }
  /** Another agent's whole turn while this request is in flight (interleaving; skipped when that agent is running). */
  | { kind: 'prompt'; agent: number; requests: PlannedRequest[] }
  | PlanLine;

export interface PlannedRequest {
  answer: PlannedAnswer;
  during: MidTurnAction[];
}

export type SessionCommand =
  /** A prompt: its planned requests; all but the last continue the turn (tool call) or fail (retried). */
  | { kind: 'prompt'; agent: number; requests: PlannedRequest[] }
  | { kind: 'set'; agent: number; active: boolean }
  | PlanLine
  | { kind: 'new-agent' }
  | { kind: 'fork'; agent: number }
  | { kind: 'spawn'; agent: number }
  /** A long conversation (so any host has something to shrink), then compaction. */
  | { kind: 'compact'; agent: number }
  | { kind: 'restart' };

export interface Session {
  /**
   * Orders of further probe sections the host registers besides the kit's usual
   * ones (one to three digits, either side of 50): where the plan section must
   * sit among them (POLICY-01).
   */
  probeOrders: number[];
  commands: SessionCommand[];
}

/** One line per command, for messages and tests. */
export function describeCommand(command: SessionCommand): string {
  switch (command.kind) {
    case 'prompt':
      return `prompt #${command.agent}: ${command.requests
        .map((request) => `${describeAnswer(request.answer)}${request.during.length ? `[${request.during.map(describeAction).join('; ')}]` : ''}`)
        .join(' ')}`;
    case 'set':
    case 'plan-line':
      return describeAction(command);
    case 'new-agent':
      return 'new agent';
    case 'fork':
      return `fork #${command.agent}`;
    case 'spawn':
      return `spawn from #${command.agent}`;
    case 'compact':
      return `compact #${command.agent}`;
    case 'restart':
      return 'restart';
  }
}

function describeAnswer(answer: PlannedAnswer): string {
  if (answer.type === 'exit') return `exit(${answer.review}${answer.plan ? `, plan of ${answer.plan.length} chars padded ${JSON.stringify(answer.plan.lead)}/${JSON.stringify(answer.plan.trail)}` : ''})`;
  return answer.type === 'probe' ? `probe(${answer.effect})` : answer.type;
}

function describeAction(action: MidTurnAction): string {
  if (action.kind === 'set') return `set #${action.agent} ${action.active ? 'on' : 'off'}`;
  if (action.kind === 'prompt') return `(${describeCommand(action)})`;
  return `#${action.agent} ${JSON.stringify(action.line)}${action.images ? ` +images(${action.images.join(', ')})` : ''}`;
}
