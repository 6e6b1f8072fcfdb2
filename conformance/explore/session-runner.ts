/**
 * Runs one explored session against a host, through the same guarded host the
 * suite uses (time limits, schema validation, errors naming the method), and
 * compares every observation with the oracle: each `set` answer and `get`,
 * each `/plan` result, each request's plan guidance, notices, user texts, tool
 * results and catalog, the log's plan/mode events, the projection and what
 * observers were told. It stops at the first disagreement and returns it with
 * the session written down as the suite's own steps (`Transcript`).
 *
 * Each run gets a fresh temporary store, removed afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  isSupported,
  planModeDeployment,
  DEFAULT_EDITION,
  type Adapter,
  type Edition,
  type ImageBlock,
  type ModelRequest,
  type ModelResponse,
  type PlanModeState,
  type Question,
  type QuestionPort,
  type SetOutcome,
} from '../../src/index.js';
import { startGuardedHost, type GuardedHost } from '../guard/guarded-host.js';
import { startLimitFor } from '../guard/time-limit.js';
import { ScriptedModel } from '../script/scripted-model.js';
import { isPlanReview } from '../script/scripted-user.js';
import { emptyProbeRecord, makeProbeCommands, makeProbeTools, orderedProbeSection, PROBE_SECTIONS, PROBE_TOOLS } from '../world/probes.js';
import { orderedProbesProblem } from '../assertions/system-prompt.js';
import { noticesIn, planModeEvents } from '../world/observations.js';
import { DEFAULT_SECTION } from '../world/plan-world.js';
import { readPlanCommand, selects } from '../oracle/plan-command.js';
import { createdAgent, forkedAgent, noticeTextProblem, spawnedAgent, type OracleAgent } from '../oracle/session-oracle.js';
import type { MidTurnAction, PlannedAnswer, PlannedRequest, ReviewAnswer, Session, SessionCommand } from './commands.js';
import { describeCommand, planText } from './commands.js';
import { carriedText, consents, replyFor, reviewStep } from './reviews.js';
import { onOff, onOffList, quote, Transcript } from './transcript.js';
import { temporaryRoot } from '../support/temporary-root.js';
import { imagesNamed } from '../world/images.js';

/** One disagreement: the clauses it breaks, the check that failed, what differed, and the suite step that checks it. */
export interface Disagreement {
  clauses: string[];
  /**
   * The oracle's check that failed, a short stable kebab-case name (`notice-count`, `set-outcome`): with the
   * clause it is the disagreement's class, the same whatever the seed, the session or the host's texts.
   */
  check: string;
  message: string;
  /** The step that fails on the host; undefined when the failing step is the action itself (an adapter error). */
  step?: { text: string; midTurn: boolean };
  /** Set when the disagreement was observed at a retry of a failed request (so `--expect ID@retry` can name that class). */
  at?: 'retry';
}

export interface SessionResult {
  disagreement?: Disagreement;
  transcript: Transcript;
  /** The commands that ran (preconditions held), described. */
  ran: string[];
}

export interface RunnerOptions {
  adapter: Adapter;
  callLimitMs: number;
  /** Also judge recommended clauses (CMD-08). */
  strict: boolean;
  /** The edition the host is judged against: handed to its `start`, and the oracle's reading. */
  edition?: Edition;
}

/** Raised to stop the session at the first disagreement. */
class Stop extends Error {
  constructor(readonly disagreement: Disagreement) {
    super(disagreement.message);
  }
}

/** A tool call the model made and whose result the agent's next request must show. */
interface OpenCall {
  id: string;
  answer: PlannedAnswer;
  plan?: string;
  /** Plan state in force when the call ran (the tool runs between the answer and the next boundary). */
  activeAtCall: boolean;
  questions: number;
  /** The request (1-based) that answered with this call. */
  request: number;
}

interface OpenTurn {
  planned: PlannedRequest[];
  /** The agent's request count before the turn. */
  start: number;
  /** The user texts the turn's first request adds. */
  firstTexts: string[];
  /** Whether `/plan` lines were typed for this agent during the turn (what an unexpected extra request most likely comes from). */
  typed?: boolean;
}

const LONG_PARAGRAPH = 'Read the module, list every caller, note how each one handles errors, and keep the findings for the plan. '.repeat(12);

export class SessionRunner {
  readonly transcript = new Transcript();
  private readonly model = new ScriptedModel();
  private readonly agents: OracleAgent[] = [];
  private readonly turns = new Map<string, OpenTurn>();
  private readonly calls = new Map<string, OpenCall>();
  private readonly lastAnswer = new Map<string, PlannedAnswer | undefined>();
  private readonly firstCatalog = new Map<string, ModelRequest['tools']>();
  private readonly ran: string[] = [];
  private host!: GuardedHost;
  private failure: Disagreement | undefined;
  private readonly predictedSets: SetOutcome[] = [];
  private readonly commandOutcomes: string[] = [];
  private commandCount = 0;
  private reviewsAsked = 0;
  private callCounter = 0;
  private names = { created: 0, fork: 0, child: 0 };
  private composed = { commands: false, questions: false, projections: false };
  private probeOrders: number[] = [];

  constructor(private readonly options: RunnerOptions) {}

  private get edition(): Edition {
    return this.options.edition ?? DEFAULT_EDITION;
  }

  async run(session: Session): Promise<SessionResult> {
    const storeDir = await mkdtemp(join(temporaryRoot(), 'pmc-explore-'));
    let started: GuardedHost | undefined;
    try {
      const capabilities = this.options.adapter.capabilities;
      this.composed = {
        commands: isSupported(capabilities, 'commands'),
        questions: isSupported(capabilities, 'questions'),
        projections: isSupported(capabilities, 'projections'),
      };
      this.model.onRequest = (agent, n) => this.guard(() => this.onRequest(agent, n));
      // The same probes as the suite's world, so a printed scenario meets the same host.
      const record = emptyProbeRecord();
      started = await startGuardedHost(
        this.options.adapter,
        {
          storeDir,
          edition: this.edition,
          deployment: planModeDeployment({ section: DEFAULT_SECTION }),
          compose: this.composed,
          model: this.model.port,
          questions: this.questions,
          probes: { sections: [...PROBE_SECTIONS, ...session.probeOrders.map(orderedProbeSection)], tools: makeProbeTools([], { record, storeDir }), commands: this.composed.commands ? makeProbeCommands(record) : [] },
        },
        this.options.callLimitMs,
        startLimitFor(this.options.callLimitMs),
      );
      this.host = started;
      this.probeOrders = session.probeOrders;
      if (session.probeOrders.length > 0) this.transcript.step('Given', `the host also has probe sections at orders "${session.probeOrders.join(', ')}"`);
      // The suite makes an agent when a step first names it; one that lives through a restart must be made before it.
      if (session.commands.some((command) => command.kind === 'restart')) this.transcript.step('When', 'the user creates the agent');
      this.agents.push(createdAgent('the agent', await this.host.createAgent(), this.edition));
      for (const command of session.commands) {
        if (!this.feasible(command)) continue;
        this.ran.push(describeCommand(command));
        await this.execute(command);
        this.stopIfFailed();
        for (const agent of this.agents) await this.checkIdle(agent);
      }
    } catch (error) {
      if (error instanceof Stop) this.failure ??= error.disagreement;
      else this.failure ??= adapterError(error);
    } finally {
      try {
        if (started) await started.dispose();
      } catch (error) {
        this.failure ??= adapterError(error);
      }
      await rm(storeDir, { recursive: true, force: true });
    }
    return { ...(this.failure ? { disagreement: this.failure } : {}), transcript: this.transcript, ran: this.ran };
  }

  // -------------------------------------------------------------------------
  // Preconditions (commands that cannot run here are skipped, like fast-check's `check`)

  private feasible(command: SessionCommand): boolean {
    switch (command.kind) {
      case 'compact':
        return this.agentAt(command.agent).turns > 0;
      case 'fork':
        // A pending selection lives outside the log; whether a fork copies it is not the spec's business.
        return this.agentAt(command.agent).plan.pending === undefined;
      case 'restart':
        // LIM-01 lets a host lose a pending selection at a restart: restart only when nothing is pending.
        return this.agents.every((agent) => agent.plan.pending === undefined);
      default:
        return true;
    }
  }

  private agentAt(index: number): OracleAgent {
    return this.agents[index % this.agents.length]!;
  }

  // -------------------------------------------------------------------------
  // Commands

  private async execute(command: SessionCommand): Promise<void> {
    switch (command.kind) {
      case 'prompt':
        return this.prompt(this.agentAt(command.agent), command.requests);
      case 'set':
        this.transcript.step('When', `the user turns plan mode ${onOff(command.active)} for ${this.agentAt(command.agent).name}`);
        await this.select(this.agentAt(command.agent), command.active, undefined);
        return;
      case 'plan-line':
        return this.planLine(this.agentAt(command.agent), command.line, undefined, command.images);
      case 'new-agent': {
        this.names.created += 1;
        const name = `agent "${String.fromCharCode(65 + this.names.created)}"`;
        // Printed, so that an agent made before a restart is made before it in the scenario too.
        this.transcript.step('When', `the user creates ${name}`);
        this.agents.push(createdAgent(name, await this.host.createAgent(), this.edition));
        return;
      }
      case 'fork': {
        const origin = this.agentAt(command.agent);
        this.names.fork += 1;
        const name = `agent "fork ${this.names.fork}"`;
        this.transcript.step('When', `${origin.name} is forked as ${name}`);
        const id = await this.host.fork(origin.id);
        const inherited = planModeEvents(await this.host.readLog(id)).length;
        this.agents.push(forkedAgent(name, id, origin, inherited));
        return;
      }
      case 'spawn': {
        const parent = this.agentAt(command.agent);
        this.names.child += 1;
        const name = `agent "child ${this.names.child}"`;
        this.transcript.step('When', `${parent.name} spawns the child ${name}`);
        this.agents.push(spawnedAgent(name, await this.host.spawn(parent.id), this.edition));
        return;
      }
      case 'compact': {
        const agent = this.agentAt(command.agent);
        this.transcript.step('When', `the user has a long conversation with ${agent.name}`);
        for (let part = 1; part <= 4; part += 1) await this.runTurn(agent, [], `Part ${part}: ${LONG_PARAGRAPH}`, undefined);
        this.transcript.step('When', `the history of ${agent.name} is compacted`);
        await this.host.compact(agent.id);
        agent.noticesKnown = false;
        agent.compactedSinceRequest = true;
        agent.plan.cause = ['STATE-05'];
        return;
      }
      case 'restart':
        this.transcript.step('When', 'the host restarts');
        await this.host.restart();
        for (const agent of this.agents) {
          agent.plan.cause = ['STATE-03'];
          // When a notice is logged is the host's business; one its model has not seen yet may not survive a restart.
          agent.optionalNotices = agent.plan.notices - agent.seenNotices;
          agent.inheritedNotices = agent.plan.notices;
        }
        return;
    }
  }

  private async prompt(agent: OracleAgent, planned: PlannedRequest[]): Promise<void> {
    const text = `Task ${agent.turns + 1} for ${agent.name.replace(/"/g, '')}`;
    await this.runTurn(agent, planned, text, `the user prompts ${agent.name} with ${quote(text)}`);
  }

  /**
   * One turn of `agent`: scripts the planned answers and mid-turn actions,
   * prompts, then checks the number of requests. `action` is the printed
   * prompt step; undefined when the caller prints its own.
   */
  private async runTurn(agent: OracleAgent, planned: PlannedRequest[], text: string, action: string | undefined): Promise<void> {
    const start = this.model.requestsOf(agent.id).length;
    if (action) this.transcript.beginTurn(action);
    planned.forEach((request, index) => {
      const n = start + index + 1;
      const response = this.responseFor(request.answer);
      if (response) {
        this.model.answer(agent.id, n, response.response);
        if (response.response.type === 'tool_calls') this.scripted.set(`${agent.id}#${n}`, response.response.calls[0]!);
        this.transcript.setup(response.step(n, agent.name));
      }
      for (const midTurn of request.during) {
        this.model.during(agent.id, n, () => this.guard(() => this.midTurn(midTurn, agent, n)));
      }
    });
    this.turns.set(agent.id, { planned, start, firstTexts: [text] });
    agent.plan.openTurn();
    try {
      await this.host.prompt(agent.id, text);
    } finally {
      agent.plan.closeTurn();
      if (action) this.transcript.endTurn();
    }
    this.stopIfFailed();
    this.afterTurn(agent, start, planned.length, []);
  }

  private responseFor(answer: PlannedAnswer): { response: ModelResponse; step: (n: number, name: string) => string } | undefined {
    switch (answer.type) {
      case 'text':
        return undefined;
      case 'failure':
        return {
          response: { type: 'failure', message: 'scripted transient failure', retryable: true },
          step: (n, name) => `the model will answer request ${n} of ${name} with a retryable failure`,
        };
      case 'probe': {
        const id = `call_${++this.callCounter}`;
        const probe = PROBE_TOOLS[answer.effect];
        const tool = { read: 'the probe tool', write: 'the writing probe tool', command: 'the command-running probe tool' }[answer.effect];
        return {
          response: { type: 'tool_calls', text: '', calls: [{ id, name: probe.name, arguments: probe.args }] },
          step: (n, name) => `the model will answer request ${n} of ${name} by calling ${tool}`,
        };
      }
      case 'exit': {
        const id = `call_${++this.callCounter}`;
        const plan = planText(this.callCounter, answer.plan);
        return {
          response: { type: 'tool_calls', text: '', calls: [{ id, name: 'exit_plan_mode', arguments: { plan } }] },
          step: (n, name) => `the model will answer request ${n} of ${name} by calling exit_plan_mode with the plan ${quote(plan)}`,
        };
      }
    }
  }

  private afterTurn(agent: OracleAgent, start: number, planned: number, clauses: string[]): void {
    agent.turns += 1;
    this.turns.delete(agent.id);
    const made = this.model.requestsOf(agent.id).length - start;
    if (made < planned) {
      // The host declares retry, so each scripted failure is retried at least once; the session never fails twice in a row.
      this.disagree('request-count', clauses, `${agent.name} made ${made} model request(s) in the turn, the session scripted ${planned}`, {
        text: `the number of model requests of ${agent.name} is ${start + planned}`,
        midTurn: false,
      });
    }
    if (agent.steered.length > 0) {
      this.disagree('steered-message-sent', ['CMD-03'], `the turn of ${agent.name} ended without sending the steered message(s) ${JSON.stringify(agent.steered)}`, {
        text: `the number of model requests of ${agent.name} is ${start + made + 1}`,
        midTurn: false,
      });
    }
  }

  // -------------------------------------------------------------------------
  // Selections and /plan lines (idle, or mid-turn while the model handles `during` of `host`)

  private async midTurn(action: MidTurnAction, running: OracleAgent, n: number): Promise<void> {
    const target = this.agentAt(action.agent);
    const during = { agent: running, n };
    if (action.kind === 'prompt') {
      // Another agent's turn inside this request; an agent already running (this one included) is not prompted.
      if (this.turns.has(target.id) || target.plan.running) return;
      const text = `Task ${target.turns + 1} for ${target.name.replace(/"/g, '')}`;
      this.transcript.setup(`while the model handles request ${n} of ${running.name}, the user prompts ${target.name} with ${quote(text)}`);
      await this.runTurn(target, action.requests, text, undefined);
      return;
    }
    if (action.kind === 'set') {
      this.transcript.setup(`while the model handles request ${n} of ${running.name}, the user turns plan mode ${onOff(action.active)} for ${target.name}`);
      await this.select(target, action.active, during);
    } else {
      await this.planLine(target, action.line, during, action.images);
    }
  }

  private async select(agent: OracleAgent, active: boolean, during: { agent: OracleAgent; n: number } | undefined): Promise<void> {
    const predicted = agent.plan.set(active);
    this.predictedSets.push(predicted);
    const actual = await this.host.setPlanMode(agent.id, active);
    if (actual !== predicted) {
      const clause = { committed: 'SET-01', queued: 'SET-02', cancelled: 'SET-03', noop: 'SET-04' }[predicted];
      this.disagree('set-outcome', [clause], `set(${agent.name}, ${active}) answered ${actual}, the oracle ${predicted}`, {
        text: `the set results were ${quote(this.predictedSets.join(', '))}`,
        midTurn: false,
      });
    }
    await this.checkGet(agent, during);
  }

  private async planLine(
    agent: OracleAgent,
    line: string,
    during: { agent: OracleAgent; n: number } | undefined,
    imageNames?: string[],
  ): Promise<void> {
    const attached = imageNames === undefined ? '' : ` with the images ${quote(imageNames.join(', '))}`;
    const printed = `the user types the command ${quote(line)}${attached} for ${agent.name}`;
    if (during) this.transcript.setup(`while the model handles request ${during.n} of ${during.agent.name}, ${printed}`);
    const images = imageNames === undefined ? undefined : imagesNamed(imageNames.join(','));
    const command = readPlanCommand(line);
    if (command && images && command.kind === 'leave') return this.refusedPlanOff(agent, line, images, printed, during);
    if (!command) {
      // Another command (the kit's probe command): plan state, and the projection that folds only `plan` records, stay as they are.
      if (!during) this.transcript.step('When', printed);
      const other = await this.host.runCommand(agent.id, line);
      this.commandTexts.push(other.text);
      this.commandOutcomes.push('other');
      this.commandCount += 1;
      await this.checkGet(agent, during);
      return;
    }
    const wasIdle = !agent.plan.running;
    const outcome = agent.plan.set(selects(command));
    agent.plan.commandRun(selects(command));
    this.commandOutcomes.push(`${selects(command) ? 'on' : 'off'}:${outcome}`);
    this.commandCount += 1;
    // The user message the line steers: its text (CMD-03), or none but its images for bare `/plan` (CMD-09, rc.8).
    const steered = command.kind === 'message' ? command.text : images ? '' : undefined;
    const startsTurn = steered !== undefined && wasIdle;
    if (steered !== undefined && !wasIdle) agent.steered.push(steered);
    const openTurn = this.turns.get(agent.id);
    if (openTurn && !wasIdle) openTurn.typed = true;

    let result;
    if (startsTurn) {
      // Steering an idle agent submits the message as a prompt; the command is done when that turn is.
      if (!during) this.transcript.beginTurn(printed);
      const start = this.model.requestsOf(agent.id).length;
      this.turns.set(agent.id, { planned: [], start, firstTexts: [steered] });
      agent.plan.openTurn();
      try {
        result = await this.host.runCommand(agent.id, line, images);
      } finally {
        agent.plan.closeTurn();
        if (!during) this.transcript.endTurn();
      }
      this.stopIfFailed();
      this.afterTurn(agent, start, 1, ['CMD-03', 'CMD-04']);
    } else {
      if (!during) this.transcript.step('When', printed);
      result = await this.host.runCommand(agent.id, line, images);
    }
    agent.plan.commandDone(result.ok);
    if (!result.ok) {
      this.disagree('command-succeeds', ['CMD-07'], `${JSON.stringify(line)} for ${agent.name} answered a failure: ${JSON.stringify(result.text)}`, {
        text: 'every command result so far is a success',
        midTurn: false,
      });
    }
    this.checkCommandTexts(result.text);
    await this.checkGet(agent, during);
    await this.checkProjectionAgainstGet(agent, line, during);
  }

  /**
   * CMD-10 (rc.8): `/plan off` with images is an error before any mode change:
   * nothing selected or cancelled, and in the projection its line is a failed
   * one, which leaves no target. Its text is no /plan outcome CMD-08 compares.
   */
  private async refusedPlanOff(
    agent: OracleAgent,
    line: string,
    images: ImageBlock[],
    printed: string,
    during: { agent: OracleAgent; n: number } | undefined,
  ): Promise<void> {
    if (!during) this.transcript.step('When', printed);
    agent.plan.commandRun(false);
    const result = await this.host.runCommand(agent.id, line, images);
    agent.plan.commandDone(false);
    this.commandTexts.push(result.text);
    this.commandOutcomes.push('other');
    this.commandCount += 1;
    if (result.ok) {
      this.disagree('plan-off-with-images-refused', ['CMD-10', 'CMD-07'], `${JSON.stringify(line)} with images for ${agent.name} answered a success: ${JSON.stringify(result.text)}`, {
        text: 'the command failed',
        midTurn: false,
      });
    }
    await this.checkGet(agent, during);
    // Not agreement with get: a selection made through the service is pending there but never in the
    // log the projection folds, and the refused line cannot settle that. It leaves the fold as it was.
    if (this.composed.projections) {
      const projection = await this.host.readProjection(agent.id);
      const predicted = agent.plan.projection();
      if (!isDeepStrictEqual(projection, predicted)) {
        const pending = predicted.pending ? 'a selection pending' : 'nothing pending';
        const text = `the projection of ${agent.name} shows plan mode ${onOff(predicted.active)} with ${pending}`;
        // A pending target the refused line made is CMD-10's; one it wiped out (or any other difference) PROJ-03's.
        const clause = projection.pending && !predicted.pending ? 'CMD-10' : 'PROJ-03';
        this.disagree('projection-after-refused-command', [clause], `after ${JSON.stringify(line)} with images the projection of ${agent.name} is ${JSON.stringify(projection)}, the oracle ${JSON.stringify(predicted)}`, {
          text: during ? `while the model handles request ${during.n} of ${during.agent.name}, ${text}` : text,
          midTurn: during !== undefined,
        });
      }
    }
  }

  /** PROJ-05: once a /plan line has completed, the projection and get agree. */
  private async checkProjectionAgainstGet(agent: OracleAgent, line: string, during: { agent: OracleAgent; n: number } | undefined): Promise<void> {
    if (!this.composed.projections) return;
    const projection = await this.host.readProjection(agent.id);
    const state = await this.host.getPlanMode(agent.id);
    const agreeing = { active: state.active, pending: state.pending !== undefined && state.pending !== state.active };
    if (!isDeepStrictEqual(projection, agreeing)) {
      this.disagree('projection-agrees-with-get', ['PROJ-05'], `after ${JSON.stringify(line)} the projection of ${agent.name} is ${JSON.stringify(projection)}, get ${JSON.stringify(state)}`, {
        text: during ? `while the model handles request ${during.n} of ${during.agent.name}, the projection of ${agent.name} agrees with get` : `the projection of ${agent.name} agrees with get`,
        midTurn: during !== undefined,
      });
    }
  }

  /** CMD-08 (recommended, strict level only): results reporting different outcomes differ. */
  private readonly commandTexts: string[] = [];
  private checkCommandTexts(text: string): void {
    this.commandTexts.push(text);
    if (!this.options.strict) return;
    const last = this.commandTexts.length - 1;
    const outcome = this.commandOutcomes[last]!;
    // Outcomes are told apart by target and `set` answer (entered, left, queued either way, cancelled, already so).
    for (let earlier = 0; earlier < last; earlier += 1) {
      if (this.commandOutcomes[earlier] === 'other') continue;
      if (this.commandOutcomes[earlier] !== outcome && this.commandTexts[earlier] === text) {
        this.disagree('command-texts-differ', ['CMD-08'], `commands ${earlier + 1} and ${last + 1} report different outcomes (${this.commandOutcomes[earlier]}, ${outcome}) with the same text ${JSON.stringify(text)}`, {
          text: `the results of commands ${earlier + 1} and ${last + 1} differ`,
          midTurn: false,
        });
      }
    }
  }

  // -------------------------------------------------------------------------
  // Requests: the boundary, then everything the request shows

  private async onRequest(id: string, n: number): Promise<void> {
    const previous = this.lastAnswer.get(id);
    const retry = this.turns.has(id) && previous?.type === 'failure' && n - this.turns.get(id)!.start > 1;
    try {
      await this.checkRequest(id, n);
    } catch (error) {
      if (retry && error instanceof Stop) throw new Stop({ ...error.disagreement, at: 'retry' });
      throw error;
    }
  }

  private async checkRequest(id: string, n: number): Promise<void> {
    const agent = this.agents.find((candidate) => candidate.id === id);
    const request = this.model.requestsOf(id)[n - 1]!;
    const turn = this.turns.get(id);
    if (!agent || !turn) return; // the host's own request (a compaction summary): not the user's turn
    const logAtArrival = await this.host.readLog(id);
    const index = n - turn.start - 1;
    const previousAnswer = this.lastAnswer.get(id);
    const kind = index === 0 ? 'submission' : previousAnswer?.type === 'failure' ? 'retry' : 'continuation';
    if (index > 0 && index >= turn.planned.length && previousAnswer?.type === 'text' && agent.steered.length === 0) {
      this.disagree('extra-request', turn.typed ? ['CMD-02', 'CMD-06', 'MX-02'] : [], `${agent.name} made request ${n} after the model's final answer, with nothing steered`, {
        text: `the number of model requests of ${agent.name} is ${n - 1}`,
        midTurn: false,
      });
    }
    this.resolveCall(agent, request, n);

    // The boundary: the pending selection is applied before the request is assembled
    // (rc.8: a retry is none; it re-sends the request that failed).
    const cause = agent.plan.cause;
    const retry = { retry: kind === 'retry' };
    const preStep = agent.plan.isPreStep(retry);
    const predicted = agent.plan.request(retry);
    const clauses = predicted.applied ? ['SET-06'] : cause;
    const guided = request.systemPrompt.includes(DEFAULT_SECTION);
    if (guided !== predicted.inPlanMode) {
      this.disagree('request-in-plan-mode', clauses, `request ${n} of ${agent.name} (${kind}) ${guided ? 'is' : 'is not'} in plan mode; the oracle says it ${predicted.inPlanMode ? 'is' : 'is not'}`, {
        text: `request ${n} of ${agent.name} ${predicted.inPlanMode ? 'is' : 'is not'} in plan mode`,
        midTurn: false,
      });
    }
    const folded = planModeEvents(logAtArrival).at(-1)?.payload.active === true;
    if (folded !== predicted.inPlanMode) {
      this.disagree('log-at-request', predicted.applied || !preStep ? ['SET-06'] : ['STATE-02'], `when request ${n} of ${agent.name} reached the model its log folded to ${onOff(folded)}; the request should be assembled ${onOff(predicted.inPlanMode)}`, {
        text: `when request ${n} of ${agent.name} reached the model, its log folded to plan mode ${onOff(predicted.inPlanMode)}`,
        midTurn: false,
      });
    }
    const misplaced = guided ? orderedProbesProblem(request.systemPrompt, DEFAULT_SECTION, this.probeOrders) : undefined;
    if (misplaced) {
      this.disagree('section-order', ['POLICY-01'], `request ${n} of ${agent.name}: ${misplaced}`, { text: `request ${n} of ${agent.name} is in plan mode`, midTurn: false });
    }
    this.checkNotices(agent, request, n);
    this.checkUserTexts(agent, request, n, index === 0 ? turn.firstTexts : [], preStep);
    this.checkCatalog(agent, request, n);
    agent.compactedSinceRequest = false;

    // What the model answers, and the tool call whose result the next request must show.
    const planned = turn.planned[index]?.answer ?? { type: 'text' as const };
    this.lastAnswer.set(id, planned);
    const response = this.scripted.get(`${id}#${n}`);
    if (response && (planned.type === 'probe' || planned.type === 'exit')) {
      const plan = planned.type === 'exit' ? (response.arguments.plan as string) : undefined;
      this.calls.set(id, { id: response.id, answer: planned, ...(plan ? { plan } : {}), activeAtCall: agent.plan.logged, questions: 0, request: n });
    }
  }

  /** The tool call the model answers request `id#n` with (kept here: the scripted model keeps its script private). */
  private readonly scripted = new Map<string, { id: string; arguments: Record<string, unknown> }>();

  /** The result of the agent's last tool call, which request `n` must show (TOOL-03..06, REVIEW-*, SCOPE-02). */
  private resolveCall(agent: OracleAgent, request: ModelRequest, n: number): void {
    const call = this.calls.get(agent.id);
    if (!call) return;
    this.calls.delete(agent.id);
    const result = request.messages.find((message) => message.role === 'tool' && message.toolCallId === call.id);
    if (call.answer.type === 'probe') {
      const probe = PROBE_TOOLS[call.answer.effect];
      if (!result || result.role !== 'tool' || result.isError || result.text !== probe.result) {
        const tool = { read: 'probe tool', write: 'writing probe tool', command: 'command-running probe tool' }[call.answer.effect];
        this.disagree('tool-result', ['SCOPE-02'], `request ${n} of ${agent.name} shows the result of ${probe.name} as ${JSON.stringify(result)}`, {
          text: `request ${n} of ${agent.name} shows the ${tool} result`,
          midTurn: false,
        });
      }
      return;
    }
    if (call.answer.type !== 'exit') return;
    const review = call.answer.review;
    const failing = `request ${n} of ${agent.name} shows exit_plan_mode failing`;
    if (!result || result.role !== 'tool') {
      this.disagree('exit-result-present', ['TOOL-06'], `request ${n} of ${agent.name} carries no result for the exit_plan_mode call ${call.id}`, { text: failing, midTurn: false });
      return;
    }
    const reviewsBefore = this.reviewsAsked - call.questions;
    if (!call.activeAtCall) {
      if (call.questions > 0) this.disagree('exit-outside-plan-mode-asks-no-review', ['TOOL-03'], `exit_plan_mode outside plan mode opened ${call.questions} review(s) for ${agent.name}`, { text: `the user was asked ${reviewsBefore} plan reviews`, midTurn: false });
      if (!result.isError) this.disagree('exit-outside-plan-mode-fails', ['TOOL-03'], `exit_plan_mode outside plan mode succeeded for ${agent.name}: ${JSON.stringify(result.text)}`, { text: failing, midTurn: false });
      return;
    }
    // A spawned child may have no way to ask the user (the seam may refuse delegated callers): REVIEW-06.
    const mayGoUnasked = agent.kind === 'child' || !this.composed.questions;
    if (call.questions > 1 || (call.questions === 0 && !mayGoUnasked)) {
      this.disagree('review-count', ['TOOL-04'], `exit_plan_mode in plan mode opened ${call.questions} reviews for ${agent.name}; exactly one is due`, {
        text: `the user was asked ${reviewsBefore + 1} plan reviews`,
        midTurn: false,
      });
    }
    if (call.questions === 0) {
      if (!result.isError) this.disagree('exit-unasked-fails', ['REVIEW-06'], `exit_plan_mode succeeded for ${agent.name} without asking the user`, { text: failing, midTurn: false });
      return;
    }
    const consent = consents(review);
    const approved = consent === true || (consent === 'open' && !result.isError);
    if (approved) {
      if (result.isError || !isDeepStrictEqual(result.value, { approved: true })) {
        this.disagree('approved-exit-succeeds', ['TOOL-04', 'TOOL-05'], `the review of ${agent.name} was approved, yet exit_plan_mode answered ${JSON.stringify({ isError: result.isError, value: result.value })}; an approval succeeds with the value { approved: true }`, {
          text: `request ${n} of ${agent.name} shows exit_plan_mode succeeding`,
          midTurn: false,
        });
      }
      agent.plan.approveExit();
      return;
    }
    if (!result.isError) {
      this.disagree('refused-exit-fails', [review === 'dismiss' ? 'REVIEW-05' : review === 'provider-fails' || review === 'abort' ? 'REVIEW-06' : 'REVIEW-03'], `the review of ${agent.name} answered ${review} is not consent, yet exit_plan_mode succeeded`, {
        text: failing,
        midTurn: false,
      });
    }
    const carried = carriedText(review);
    if (carried !== undefined && !result.text.includes(carried)) {
      this.disagree('refusal-carries-text', [review === 'provider-fails' ? 'REVIEW-06' : 'REVIEW-04'], `the failed exit_plan_mode of ${agent.name} (${review}) does not carry ${JSON.stringify(carried)}: ${JSON.stringify(result.text)}`, {
        text: `request ${n} of ${agent.name} shows exit_plan_mode failing with a message containing ${quote(carried)}`,
        midTurn: false,
      });
    }
  }

  private checkNotices(agent: OracleAgent, request: ModelRequest, n: number): void {
    const optional = agent.optionalNotices;
    agent.optionalNotices = 0;
    agent.seenNotices = agent.plan.notices;
    if (!agent.noticesKnown) return;
    const notices = noticesIn(request.messages);
    if (optional > 0 && notices.length === agent.plan.noticeDirections.length - optional) {
      // A fork (or a restarted agent) that did not keep notices no request had seen: drop them from what it is expected to show.
      agent.plan.noticeDirections.splice(agent.inheritedNotices - optional, optional);
      agent.plan.notices -= optional;
      agent.seenNotices = agent.plan.notices;
    }
    const expected = agent.plan.noticeDirections;
    const step = `request ${n} of ${agent.name} carries the notices ${quote(expected.length === 0 ? 'none' : expected.join(', '))}`;
    if (notices.length !== expected.length) {
      this.disagree('notice-count', ['NARR-01', 'NARR-02'], `request ${n} of ${agent.name} carries ${notices.length} notice(s); the oracle ${expected.length} (${expected.join(', ') || 'none'})`, { text: step, midTurn: false });
    }
    const problem = noticeTextProblem(expected, notices.map((notice) => notice.text));
    if (problem) this.disagree('notice-text', ['NARR-01'], `request ${n} of ${agent.name}: ${problem}`, { text: step, midTurn: false });
  }

  /** The user texts a request adds beyond the agent's previous request (CMD-02..04, CMD-06, MX-03). */
  private checkUserTexts(agent: OracleAgent, request: ModelRequest, n: number, fromPrompt: string[], preStep: boolean): void {
    // Steered messages join the next pre-step; a retry that is none (rc.8) leaves them waiting.
    const expected = [...fromPrompt, ...(preStep ? agent.steered.splice(0) : [])].sort();
    if (agent.compactedSinceRequest) return;
    const previous = n > 1 ? this.model.requestsOf(agent.id)[n - 2] : undefined;
    if (!previous && agent.kind === 'fork') return; // a fork's first request repeats its origin's history
    const step = `request ${n} of ${agent.name} adds the user texts ${quote(expected.length === 0 ? 'none' : expected.join(' | '))}`;
    const earlier = previous?.messages ?? [];
    if (!isDeepStrictEqual(request.messages.slice(0, earlier.length), earlier)) {
      this.disagree('history-repeated', ['MX-03', 'NARR-05'], `request ${n} of ${agent.name} does not repeat the messages of request ${n - 1} before adding its own`, { text: step, midTurn: false });
    }
    const added = request.messages
      .slice(earlier.length)
      .flatMap((message) => (message.role === 'user' && message.source === 'user' ? [message.text] : []))
      .sort();
    if (!isDeepStrictEqual(added, expected)) {
      this.disagree('user-texts', ['CMD-03', 'CMD-06', 'MX-02'], `request ${n} of ${agent.name} adds the user texts ${JSON.stringify(added)}; the oracle ${JSON.stringify(expected)}`, { text: step, midTurn: false });
    }
  }

  private checkCatalog(agent: OracleAgent, request: ModelRequest, n: number): void {
    const first = this.firstCatalog.get(agent.id);
    if (!first) {
      this.firstCatalog.set(agent.id, request.tools);
      this.firstRequestNumber.set(agent.id, n);
      return;
    }
    if (!isDeepStrictEqual(request.tools, first)) {
      const firstN = this.firstRequestNumber.get(agent.id) ?? 1;
      this.disagree('tool-catalog-stable', ['TOOL-02'], `the tool catalog of request ${n} of ${agent.name} differs from that of its request ${firstN}`, {
        text: `request ${n} of ${agent.name} and request ${firstN} of ${agent.name} carry the same tool catalog`,
        midTurn: false,
      });
    }
  }
  private readonly firstRequestNumber = new Map<string, number>();

  // -------------------------------------------------------------------------
  // The question seam: the kit's user answers each review as the session planned

  private readonly questions: QuestionPort = async (question: Question, context) => {
    // A question that is no plan review (an approval policy's, say) is the host's own business
    // (SCOPE-02): the user takes its first option, as the suite's scripted user does.
    if (!isPlanReview(question)) return { type: 'answer', selected: question.options.slice(0, 1).map((option) => option.label) };
    const entry = [...this.calls.values()].find((call) => call.plan !== undefined && [question.question, question.detail ?? ''].some((text) => text.includes(call.plan!)));
    this.reviewsAsked += 1;
    const submitted = context?.agent === undefined ? undefined : this.calls.get(context.agent);
    if (!entry && submitted?.plan !== undefined) {
      // The review is for an agent whose exit call is open, but does not carry its plan byte for byte (TOOL-04).
      const name = this.agents.find((agent) => agent.id === context!.agent)?.name ?? 'the agent';
      // The printed scenario scripts the user's answer, as for a review that matched, so the host meets the same session.
      if (submitted.answer.type === 'exit') this.transcript.setup(reviewStep(submitted.answer.review));
      this.failure ??= { clauses: ['TOOL-04'], check: 'review-shows-plan', message: `the plan review for ${name} does not carry the submitted plan (${submitted.plan.length} characters) unchanged: ${JSON.stringify(question.question.slice(0, 200))}`, step: { text: `plan review ${this.reviewsAsked} was asked for ${name}, showing the plan ${quote(submitted.plan)}`, midTurn: false } };
      return { type: 'fail', message: 'the review does not show the plan' };
    }
    if (!entry || entry.answer.type !== 'exit') {
      this.failure ??= { clauses: ['TOOL-04'], check: 'review-carries-submitted-plan', message: `the host asked a question for ${context?.agent ?? 'an agent'} that carries no plan the model submitted: ${JSON.stringify(question.question)}`, step: { text: `the user was asked ${this.reviewsAsked - 1} plan reviews`, midTurn: false } };
      return { type: 'fail', message: 'unexpected question' };
    }
    entry.questions += 1;
    this.transcript.setup(reviewStep(entry.answer.review as ReviewAnswer));
    return replyFor(entry.answer.review, question);
  };

  // -------------------------------------------------------------------------
  // Idle checks: get, the log, the projection, observers

  private async checkGet(agent: OracleAgent, during: { agent: OracleAgent; n: number } | undefined): Promise<void> {
    const state = await this.host.getPlanMode(agent.id);
    if (agent.plan.acceptsGet(state)) return;
    const expected = agent.plan.get();
    const phrase =
      expected.pending === undefined
        ? `get reports plan mode ${onOff(expected.active)} for ${agent.name}, no other mode pending`
        : `get reports plan mode ${onOff(expected.active)} for ${agent.name}, plan mode ${onOff(expected.pending)} pending`;
    this.disagree('get-state', ['SET-05', ...agent.plan.cause.filter((clause) => clause !== 'SET-05')], `get(${agent.name}) is ${JSON.stringify(state)}; the oracle ${describeGet(expected)}`, {
      text: during ? `while the model handles request ${during.n} of ${during.agent.name}, ${phrase}` : phrase,
      midTurn: during !== undefined,
    });
  }

  private async checkIdle(agent: OracleAgent): Promise<void> {
    await this.checkGet(agent, undefined);
    const log = await this.host.readLog(agent.id);
    const logged = planModeEvents(log);
    const own = logged.slice(agent.inheritedEvents).map((event) => event.payload);
    const expected = agent.plan.events.map((active) => ({ active }));
    if (!isDeepStrictEqual(own, expected)) {
      this.disagree('logged-events', ['STATE-01', ...agent.plan.cause], `the plan/mode events ${agent.name} logged are ${JSON.stringify(own)}; the oracle ${JSON.stringify(expected)}`, {
        text: `the plan/mode events ${agent.name} logged itself are ${onOffList(agent.plan.events)}`,
        midTurn: false,
      });
    }
    if (this.composed.projections) {
      const view = await this.host.readProjection(agent.id);
      const predicted = agent.plan.projection();
      if (!isDeepStrictEqual(view, predicted)) {
        this.disagree('projection-fold', ['PROJ-02', 'PROJ-03', 'PROJ-04'], `the projection of ${agent.name} is ${JSON.stringify(view)}; the log folds to ${JSON.stringify(predicted)}`, {
          text: `the projection of ${agent.name} shows plan mode ${onOff(predicted.active)} with ${predicted.pending ? 'a selection pending' : 'nothing pending'}`,
          midTurn: false,
        });
      }
    }
    if (agent.kind !== 'fork') {
      const observed = planModeEvents(await this.host.readObserved(agent.id)).map((event) => event.payload);
      const all = logged.map((event) => event.payload);
      if (!isDeepStrictEqual(observed, all)) {
        this.disagree('observers-told', ['STATE-06'], `observers of ${agent.name} were told of ${JSON.stringify(observed)}; the log holds ${JSON.stringify(all)}`, {
          text: `observers of ${agent.name} were told of the plan/mode events ${onOffList(logged.map((event) => event.payload.active === true))}`,
          midTurn: false,
        });
      }
    }
  }

  // -------------------------------------------------------------------------

  private disagree(check: string, clauses: string[], message: string, step: Disagreement['step']): never {
    throw new Stop({ clauses: [...new Set(clauses)], check, message, ...(step ? { step } : {}) });
  }

  /** Runs a check inside the host's call into the kit (model or mid-turn action): the first disagreement is kept, later checks are skipped. */
  private async guard(check: () => Promise<void>): Promise<void> {
    if (this.failure) return;
    try {
      await check();
    } catch (error) {
      if (error instanceof Stop) {
        this.failure = error.disagreement;
        // A check made while the model handles a request is scripted before the turn, like the actions it follows.
        if (this.failure.step?.midTurn) this.transcript.setup(this.failure.step.text);
      } else {
        this.failure = adapterError(error);
      }
    }
  }

  private stopIfFailed(): void {
    const problems = this.model.problems;
    if (!this.failure && problems.length > 0) this.failure = { clauses: [], check: 'request-well-formed', message: problems.join('\n') };
    if (this.failure) throw new Stop(this.failure);
  }
}

/** An adapter call that threw (or timed out, or returned a malformed value): the action itself failed. */
function adapterError(error: unknown): Disagreement {
  return { clauses: [], check: 'adapter-call', message: error instanceof Error ? error.message : String(error) };
}

function describeGet(state: PlanModeState): string {
  return state.pending === undefined ? `{"active":${state.active}} (or a pending equal to active)` : JSON.stringify(state);
}
