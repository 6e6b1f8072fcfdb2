/**
 * What an explored session is made of, as plain data (so fast-check can
 * generate, shrink and print it): its moves (one kind per action module in
 * actions/), the model's planned answers, the user's review answers and the
 * deployment it starts on. Every module of the exploration shares these
 * types, so this one imports nothing of the exploration: that keeps its
 * modules free of import circles.
 *
 * A "move" is one step of the session the user takes (prompt, set, a typed
 * line, a new agent, a fork, ...); "command" is kept for slash commands.
 * Agents are referred to by index into the agents the session has so far
 * (taken modulo their number; -1 is the newest), so shrinking away an agent
 * never leaves a dangling reference.
 */
import type { ToolMode } from '../../src/index.js';

/** A prompt: a turn of planned requests (mid-turn: another agent's whole turn inside the request in flight). */
export interface PromptMove {
  kind: 'prompt';
  agent: number;
  requests: PlannedRequest[];
  /** A text from the whole domain the prompt holds after the kit's own words (values/texts.ts). */
  text?: string;
}

/** `set` of plan mode for an agent, idle or mid-turn. */
export interface SetMove {
  kind: 'set';
  agent: number;
  active: boolean;
}

/** A command line typed for an agent, with the names of the kit's images attached (rc.8 `/plan` only), if any. */
export interface PlanLineMove {
  kind: 'plan-line';
  agent: number;
  line: string;
  images?: string[];
}

/** A new agent, made by the user. */
export interface NewAgentMove {
  kind: 'new-agent';
}

/** A fork of any agent (forks of forks included). */
export interface ForkMove {
  kind: 'fork';
  agent: number;
}

/** A child spawned by any agent. */
export interface SpawnMove {
  kind: 'spawn';
  agent: number;
}

/** A child owned by a live agent (rc.8). */
export interface SpawnOwnedMove {
  kind: 'spawn-owned';
  agent: number;
}

/** A long conversation, then compaction of the agent's history. */
export interface CompactMove {
  kind: 'compact';
  agent: number;
  /** Whether a selection made during the conversation's last request still waits when the history is compacted. */
  waiting?: boolean;
}

/** A host restart. */
export interface RestartMove {
  kind: 'restart';
}

/** A step of a session: any action's move. */
export type SessionMove =
  | PromptMove
  | SetMove
  | PlanLineMove
  | NewAgentMove
  | ForkMove
  | SpawnMove
  | SpawnOwnedMove
  | CompactMove
  | RestartMove;

/** Something the user does while the model handles a request (on any agent). */
export type MidTurnMove =
  | SetMove
  /** Another agent's whole turn while this request is in flight (interleaving; skipped when that agent is running). */
  | PromptMove
  | PlanLineMove;

/** How the user answers a plan review. */
export type ReviewAnswer =
  | 'approve'
  | 'approve-with-empty-text'
  | 'approve-with-text'
  | 'approve-and-keep-planning'
  | 'approve-other-case'
  | 'approve-padded'
  | 'approve-twice'
  /** Two answer items for the review: `Approve`, then the keep-planning option (several selections: REVIEW-03). */
  | 'approve-then-keep-items'
  /** The same two items the other way round: the last one alone approves, the answer does not (REVIEW-03). */
  | 'keep-then-approve-items'
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
  'approve-then-keep-items',
  'keep-then-approve-items',
  'keep-planning',
  'keep-planning-with-text',
  'free-text-only',
  'dismiss',
  'provider-fails',
  'abort',
  'no-answer',
];

/**
 * The shape of a submitted plan: about `length` characters of Markdown on one line (up to
 * tens of kilobytes), with white space before and after it that the review
 * must carry unchanged (TOOL-04).
 */
export interface PlanShape {
  length: number;
  lead: string;
  trail: string;
  /** A text from the whole domain (values/texts.ts) the plan holds after its heading, byte for byte. */
  text?: string;
}

/**
 * How the model answers one planned request (each type is a family in answers/). An exit's `feedback`
 * is the text the user types with a review answer that carries one (values/texts.ts), instead of the kit's own.
 */
export type PlannedAnswer =
  | { type: 'text' }
  /** A call of one of the kit's probe tools: read-like, writing, or running a command (SCOPE-02). */
  | { type: 'probe'; effect: 'read' | 'write' | 'command' }
  /** A retryable failure (retried by the host). */
  | { type: 'failure' }
  /** A failure that is not retryable: the turn's last request, on which the host gives up. */
  | { type: 'give-up' }
  /** A call of exit_plan_mode; `plan` shapes the submitted plan (absent: a short one-line plan). */
  | { type: 'exit'; review: ReviewAnswer; plan?: PlanShape; feedback?: string }
  /** Under a code mode: a call of the code-running tool whose program calls exit_plan_mode (TOOL-08). */
  | { type: 'program-exit'; review: ReviewAnswer; plan?: PlanShape; feedback?: string };

export interface PlannedRequest {
  answer: PlannedAnswer;
  during: MidTurnMove[];
}

/** The deployment a session starts on when it is not the kit's usual one (configuration.ts generates them). */
export type Configuration =
  | { kind: 'valid'; section: string }
  /** `breaks`: the clause a host that starts on it breaks. */
  | { kind: 'invalid'; config: unknown; breaks: 'CFG-01' | 'CFG-02'; why: string };

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
  moves: SessionMove[];
}
