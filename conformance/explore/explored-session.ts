/**
 * The state one explored session shares between its actions: the guarded
 * host, the kit's model, one oracle per agent, the turns and tool calls in
 * flight, and the transcript of suite steps. Actions (actions/*.ts) act on it
 * and the checks (checks/*.ts) compare what the host shows with the oracle;
 * each hands back what it found, and the first disagreement recorded (here,
 * by the session runner or the guard) stops the session.
 */
import {
  DEFAULT_EDITION,
  type Adapter,
  type Edition,
  type ModelRequest,
  type QuestionReply,
  type SetOutcome,
  type ToolMode,
} from '../../src/index.js';
import type { GuardedHost } from '../guard/guarded-host.js';
import { ScriptedModel } from '../script/scripted-model.js';
import { DEFAULT_SECTION } from '../world/default-section.js';
import type { OracleAgent } from '../oracle/session-oracle.js';
import type { ModelView } from '../oracle/state-features.js';
import type { FirstToolCall, QuestionShape } from '../oracle/host-questions.js';
import type { StandingPlaces } from '../assertions/host-messages.js';
import { SessionCoverage } from './coverage.js';
import type { NotedPushes } from './checks/idle.js';
import type { MidTurnMove, PlannedAnswer, PlannedRequest, ReviewAnswer } from './moves.js';
import { adapterError, type Disagreement, type Found } from './disagreement.js';
import { Transcript } from './transcript.js';

export interface RunnerOptions {
  adapter: Adapter;
  callLimitMs: number;
  /** Also judge recommended clauses (CMD-08). */
  strict: boolean;
  /** The edition the host is judged against: handed to its `start`, and the oracle's reading. */
  edition?: Edition;
}

/** A tool call the model made and whose result the agent's next request must show. */
export interface OpenCall {
  id: string;
  answer: PlannedAnswer;
  plan?: string;
  /** Plan state in force when the call ran (the tool runs between the answer and the next boundary). */
  activeAtCall: boolean;
  questions: number;
  /**
   * Questions asked for the agent while the call ran that carry no plan-review intent but read as a review (an
   * approving label or an `Approve` option): outside plan mode they are a review all the same (TOOL-03).
   */
  reviewLike: number;
  /** The shapes of the host's own questions (no plan review) asked for the agent while the call ran (SCOPE-02). */
  hostQuestions: QuestionShape[];
  /** The user's reply to the call's review, as the review seam gave it (what the oracle reads consent from). */
  reply?: QuestionReply;
  /** The request (1-based) that answered with this call. */
  request: number;
}

export interface OpenTurn {
  planned: PlannedRequest[];
  /** The agent's request count before the turn. */
  start: number;
  /** The user texts the turn's first request adds. */
  firstTexts: string[];
  /** Whether `/plan` lines were typed for this agent during the turn (what an unexpected extra request most likely comes from). */
  typed?: boolean;
}

/** Where a mid-turn action runs: while the model handles request `n` of `agent`. */
export interface During {
  agent: OracleAgent;
  n: number;
}

export class ExploredSession {
  readonly transcript = new Transcript();
  readonly model = new ScriptedModel();
  readonly agents: OracleAgent[] = [];
  readonly turns = new Map<string, OpenTurn>();
  readonly calls = new Map<string, OpenCall>();
  readonly lastAnswer = new Map<string, PlannedAnswer | undefined>();
  /** The tool call the model answers request `id#n` with (kept here: the scripted model keeps its script private). */
  readonly scripted = new Map<string, { id: string; arguments: Record<string, unknown>; plan?: string }>();
  readonly firstCatalog = new Map<string, { tools: ModelRequest['tools']; n: number }>();
  /** How the host presents its tools (TOOL-07), as the session started it. */
  toolMode: ToolMode = 'native';
  /** Under a code mode, each agent's first SDK text, which every later request must repeat (TOOL-07). */
  readonly firstSdk = new Map<string, { sdk: string; n: number }>();
  /** Per agent: the standing places of its requests so far (assertions/host-messages.ts), where the host's own messages stand. */
  readonly standingHost = new Map<string, StandingPlaces>();
  /** Each agent's last request: its number, whether it carried the plan section, its system prompt (POLICY-04). */
  readonly lastPrompt = new Map<string, { n: number; guided: boolean; systemPrompt: string }>();
  /**
   * Each agent's last system prompt in each plan state, keyed `<agent id>#<carried the section>`: what order 50
   * of a request in the other state is compared with (POLICY-02, MX-01: the plugin's text beside the host's own).
   */
  readonly lastPromptInState = new Map<string, string>();
  /** The deployment's configured section: what a request in plan mode carries exactly (POLICY-01). */
  section = DEFAULT_SECTION;
  readonly predictedSets: SetOutcome[] = [];
  /** Every command line's result text and outcome, in order (CMD-08 compares them). */
  readonly commandTexts: string[] = [];
  readonly commandOutcomes: string[] = [];
  /** Every prompt the user submitted and every line typed, to any agent: the only user texts a request may hold (CMD-06, STATE-01). */
  readonly prompted: string[] = [];
  readonly typedLines: string[] = [];
  /** The images each steered text was typed with (rc.8 `/plan`), by agent and text, in typing order: its message carries them before the text (CMD-03, CMD-09). */
  readonly steeredImages = new Map<string, string[][]>();
  /** Whether any agent's history was compacted: only then may a request hold what compaction produced. */
  compacted = false;
  reviewsAsked = 0;
  /** Questions that read as a plan review (REVIEW-01's marks), the plan-review intent or not. */
  reviewLikeAsked = 0;
  /** The first call of each probe tool by an agent the user made, by tool and mode (SCOPE-02 compares their questions). */
  readonly firstToolCalls = new Map<string, FirstToolCall>();
  /** Each agent's probe tools called so far, as `agent id tool`: only an agent's first call of a tool is compared. */
  readonly toolsCalled = new Set<string>();
  /** Each agent's first call of a probe tool in each mode since the host last started, as `agent id tool active`. */
  readonly firstCallsInMode = new Map<string, FirstToolCall>();
  /** The host's own questions (no plan review) asked around each agent's tool calls so far, by agent id. */
  readonly hostQuestionsAsked = new Map<string, number>();
  /** How the user answered the review of each exit_plan_mode call, by the host's call id (REVIEW-05 compares their failures). */
  readonly reviewOutcomes = new Map<string, ReviewAnswer>();
  callCounter = 0;
  readonly names = { created: 0, fork: 0, child: 0 };
  composed = { commands: false, questions: false, projections: false };
  probeOrders: number[] = [];
  /**
   * Per agent id, what its projection had pushed when last observed idle (PROJ-02), and where in the transcript:
   * forgotten at a restart (a new host's registry may push a snapshot again) and at a compaction.
   */
  readonly notedPushes = new Map<string, NotedPushes & { mark: number }>();
  /** Whether the host restarted earlier in the session. */
  restarted = false;
  /** The kind of the request of each agent the model is handling now (mid-turn moves run while it is in flight). */
  readonly inFlight = new Map<string, 'submission' | 'continuation' | 'retry'>();
  /** What the session reached: pairs of state feature and action, value classes (coverage.ts). */
  readonly coverage = new SessionCoverage();
  host!: GuardedHost;
  failure: Disagreement | undefined;

  /**
   * @param runMidTurn runs a mid-turn move (the runner hands in the actions registry's, so that turns,
   *   which any action may start, need no action's module)
   */
  constructor(
    readonly options: RunnerOptions,
    readonly runMidTurn: (move: MidTurnMove, during: During) => Promise<Found>,
  ) {}

  get edition(): Edition {
    return this.options.edition ?? DEFAULT_EDITION;
  }

  /** Agents are named by index into those made so far, taken modulo their number; -1 is the newest. */
  agentAt(index: number): OracleAgent {
    if (index < 0) return this.agents[this.agents.length - 1]!;
    return this.agents[index % this.agents.length]!;
  }

  /** The model's state as the state features read it, for an action on `agent` (none: a new agent, a restart). */
  viewOf(agent: OracleAgent | undefined, more: Pick<ModelView, 'during' | 'retry'> = {}): ModelView {
    // Built field by field: spreading `more` cost about 2 µs a call in the exploration's capped tiers, at every move
    // and answer (docs/benchmark.md, round 47).
    const view: ModelView = { restarted: this.restarted, toolMode: this.toolMode };
    if (agent) view.agent = agent;
    if (more.during !== undefined) view.during = more.during;
    if (more.retry !== undefined) view.retry = more.retry;
    return view;
  }

  agentWithId(id: string): OracleAgent | undefined {
    return this.agents.find((candidate) => candidate.id === id);
  }

  /** Records what was found (the first disagreement stands): by the runner after a move, by the review seam inside a question, where throwing would reach the host. */
  record(disagreement: Disagreement): void {
    this.failure ??= disagreement;
  }

  /**
   * Runs a check inside the host's call into the kit (model or mid-turn action), where nothing may be thrown
   * back at the host: what it found is recorded here, and once anything is, later checks are skipped.
   */
  async guard(check: () => Promise<Found>): Promise<void> {
    if (this.failure) return;
    try {
      const found = await check();
      if (found) {
        this.failure = found;
        // A check made while the model handles a request is scripted before the turn, like the actions it follows.
        if (found.step?.midTurn) this.transcript.setup({ kind: 'failed-check', text: found.step.text });
      }
    } catch (error) {
      this.failure = adapterError(error);
    }
  }

  /** What the session found so far inside the host's calls (the guard's record, or a malformed request), if anything. */
  failed(): Found {
    const problems = this.model.problems;
    if (!this.failure && problems.length > 0)
      this.failure = { clauses: [], check: 'request-well-formed', message: problems.join('\n') };
    return this.failure;
  }
}
