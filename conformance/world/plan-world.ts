/**
 * One scenario's state: the adapter under test, the host it started (lazily, on
 * the first step that needs it), the scripted model and user, the agents by the
 * names the feature gives them, and the last results steps may assert on.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { World, type IWorldOptions } from '@cucumber/cucumber';
import {
  isSupported,
  planModeDeployment,
  type Adapter,
  type Capability,
  type CommandResult,
  type Composition,
  type ModelRequest,
  type SessionEvent,
  type SetOutcome,
  type ToolMode,
} from '../../src/index.js';
import { startGuardedHost, type GuardedHost } from '../guard/guarded-host.js';
import { loadAdapter } from '../adapters/load-adapter.js';
import { ScriptedModel } from '../script/scripted-model.js';
import { ScriptedUser } from '../script/scripted-user.js';
import { fail } from '../assertions/expect.js';
import { headerOfRequest } from '../assertions/request-headers.js';
import { requestNumber } from './observations.js';
import {
  emptyProbeRecord,
  makeProbeCommands,
  makeProbeTools,
  orderedProbeSection,
  PROBE_SECTIONS,
} from '../script/probes.js';
import { readParameters, type KitParameters } from './parameters.js';
import { insideRunFolder } from './run-folder.js';
import type { StartAttempt } from './start-watch.js';
import { temporaryRoot } from './temporary-root.js';
import { DEFAULT_SECTION } from './default-section.js';

/** Each adapter module is imported and validated once per process, not once per scenario. */
const adapters = new Map<string, Promise<Adapter>>();
function adapterAt(path: string): Promise<Adapter> {
  let adapter = adapters.get(path);
  if (!adapter) {
    adapter = loadAdapter(path);
    adapters.set(path, adapter);
    adapter.catch(() => adapters.delete(path));
  }
  return adapter;
}

export const DEFAULT_AGENT = 'the agent';

export class PlanWorld extends World<KitParameters> {
  readonly kit: KitParameters;
  adapter!: Adapter;
  readonly model = new ScriptedModel();
  readonly user = new ScriptedUser();
  readonly probeExecutions: Array<Record<string, unknown>> = [];
  /** Every probe tool execution (read, write, command) and every probe command line. */
  readonly probes = emptyProbeRecord();

  /** The plan-mode config, or a raw deployment YAML text when a scenario gives one. */
  planConfig: unknown = { section: DEFAULT_SECTION };
  /** Further probe sections' orders a scenario asked for (POLICY-01 at other magnitudes). */
  orderedProbes: number[] = [];
  /** Plans a step generated (by length) for the model to submit, in order: later steps compare reviews with them. */
  submittedPlans: string[] = [];
  deploymentText: string | undefined;
  compose: Composition = { commands: true, questions: true, projections: true };
  /** How the host presents its tools (TOOL-07): native unless a scenario asks for a code mode. */
  toolMode: ToolMode = 'native';

  storeDir = '';
  /** How starting the host went, once it was tried (fail-fast reads it). */
  startAttempt: StartAttempt | undefined;
  private guarded: GuardedHost | undefined;
  private starting: Promise<GuardedHost> | undefined;
  /** Scenario names ("the agent", "agent B", "the fork") to host agent ids. */
  readonly agents = new Map<string, string>();

  /** Every `set` outcome and command result, in the order the user acted (mid-turn ones included). */
  readonly setOutcomes: SetOutcome[] = [];
  readonly commandResults: CommandResult[] = [];
  /** Every text the kit's user submitted as a prompt, to any agent: the only prompts a request may carry. */
  readonly prompted: string[] = [];
  /** Whether the scenario compacted an agent: only then may a request carry what compaction produced. */
  compacted = false;
  /** How many model requests the scenario had made at each host restart, in order (world/host-messages.ts). */
  readonly restartsAt: number[] = [];
  /** get() answers taken together with the log at that moment. */
  readonly snapshots: Array<{ active: boolean; log: SessionEvent[] }> = [];

  /** Turns started without waiting (by agent name), settled to the error they failed with, if any. */
  private readonly turns = new Map<string, Promise<Error | undefined>>();

  /** The agent's log as it stood when its n-th request reached the model (key `id#n`). */
  readonly logAtRequest = new Map<string, SessionEvent[]>();

  constructor(options: IWorldOptions<KitParameters>) {
    super(options);
    this.kit = readParameters(options.parameters);
    this.model.onRequest = async (agent, n) => {
      const host = await this.host();
      this.logAtRequest.set(`${agent}#${n}`, await host.readLog(agent));
    };
  }

  /**
   * Index (in the agent's whole log) of the request header describing its n-th
   * request, logged before the call or with the reply (docs/clauses.md, "Left
   * open"); see assertions/request-headers.ts.
   */
  async headerInForce(agent: string, n: number): Promise<number> {
    const log = await (await this.host()).readLog(agent);
    const atRequest = (k: number) => this.logAtRequest.get(`${agent}#${k}`);
    return headerOfRequest({ log, requestCount: this.model.requestsOf(agent).length, atRequest }, n);
  }

  async prepare(): Promise<void> {
    this.adapter = await adapterAt(this.kit.adapterPath);
    // Synchronously: a folder in memory is made in microseconds, and the promise API's
    // round trip through the thread pool cost more than the work.
    this.storeDir = mkdtempSync(join(temporaryRoot(), 'plan-mode-conformance-'));
  }

  supports(capability: Capability): boolean {
    return isSupported(this.adapter.capabilities, capability);
  }

  get deployment(): string {
    return this.deploymentText ?? planModeDeployment(this.planConfig);
  }

  /** Throws when a scenario configures the host after it already started. */
  assertNotStarted(what: string): void {
    if (this.guarded || this.starting) throw new Error(`${what} must come before the host starts`);
  }

  /** Starts the host on first use. */
  host(): Promise<GuardedHost> {
    if (this.guarded) return Promise.resolve(this.guarded);
    this.starting ??= this.startHost();
    return this.starting;
  }

  /** Starts the host with the scenario's deployment; rejects with the adapter's error. */
  private async startHost(): Promise<GuardedHost> {
    const compose: Composition = {
      commands: this.compose.commands && this.supports('commands'),
      questions: this.compose.questions && this.supports('questions'),
      projections: this.compose.projections && this.supports('projections'),
    };
    const attempt: StartAttempt = { kitDeployment: this.deploymentText === undefined, storeDir: this.storeDir };
    this.startAttempt = attempt;
    this.guarded = await startGuardedHost(
      this.adapter,
      {
        storeDir: this.storeDir,
        edition: this.kit.edition,
        deployment: this.deployment,
        compose,
        model: this.model.port,
        questions: this.user.port,
        probes: {
          sections: [...PROBE_SECTIONS, ...this.orderedProbes.map(orderedProbeSection)],
          tools: makeProbeTools(this.probeExecutions, { record: this.probes, storeDir: this.storeDir }),
          // Only to a host composing a command registry (the contract says so; an adapter need not check).
          commands: compose.commands ? makeProbeCommands(this.probes) : [],
        },
        // Native is what a host without modes does anyway, so the option goes only with a code mode.
        ...(this.toolMode === 'native' ? {} : { toolMode: this.toolMode }),
      },
      this.kit.callLimitMs,
      this.kit.startLimitMs,
    ).catch((error: unknown) => {
      attempt.error = error instanceof Error ? error : new Error(String(error));
      throw error;
    });
    return this.guarded;
  }

  /** The host id of a named agent; the default agent is created on first use. */
  async agent(name: string = DEFAULT_AGENT): Promise<string> {
    const known = this.agents.get(name);
    if (known) return known;
    if (name !== DEFAULT_AGENT && !/^agent /.test(name)) {
      throw new Error(`no agent named "${name}" exists yet in this scenario`);
    }
    const id = await (await this.host()).createAgent();
    this.agents.set(name, id);
    return id;
  }

  /** The user submits `text` to the agent with host id `agent` and waits for its turn to end. */
  async submitPrompt(agent: string, text: string): Promise<void> {
    const host = await this.host();
    this.prompted.push(text);
    await host.prompt(agent, text);
  }

  /** Compacts the history of the agent with host id `agent`. */
  async compactHistory(agent: string): Promise<void> {
    const host = await this.host();
    this.compacted = true;
    await host.compact(agent);
  }

  /** The n-th model request (1-based) of a named agent; fails when the agent made fewer. */
  async request(n: number, name: string = DEFAULT_AGENT): Promise<ModelRequest> {
    return requestNumber(this.model.requestsOf(await this.agent(name)), n, name);
  }

  /** The configured plan section text this scenario expects the model to see. */
  planSection(): string {
    const config = this.planConfig as { section?: unknown };
    if (typeof config.section !== 'string') fail('the scenario has no plan-mode section configured');
    return config.section;
  }

  /** The user's `set(agent, active)`; every outcome is recorded in order. */
  async selectPlanMode(name: string, active: boolean): Promise<SetOutcome> {
    const outcome = await (await this.host()).setPlanMode(await this.agent(name), active);
    this.setOutcomes.push(outcome);
    return outcome;
  }

  /**
   * Prompts a named agent without waiting for its turn, holding its request
   * `n` open; resolves once that request reached the model and waits, so
   * later steps act while it is in flight. Fails when the turn ended first.
   */
  async promptHoldingRequest(name: string, text: string, n: number): Promise<void> {
    if (this.turns.has(name)) throw new Error(`${name} already has a turn the scenario started and did not finish`);
    const host = await this.host();
    const agent = await this.agent(name);
    this.model.hold(agent, n);
    this.prompted.push(text);
    const turn = host.prompt(agent, text).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    this.turns.set(name, turn);
    const ended = turn.then((error) => ({ ended: true as const, error }));
    const outcome = await Promise.race([this.model.arrived(agent, n).then(() => ({ ended: false as const })), ended]);
    if (outcome.ended) {
      this.turns.delete(name);
      fail(
        `${name}'s turn ended before its request ${n} reached the model (it made ${this.model.requestsOf(agent).length} request(s))` +
          (outcome.error ? `: ${outcome.error.message}` : ''),
      );
    }
  }

  /** Lets the held request `n` of a named agent answer, then waits until that agent's turn ends. */
  async releaseAndFinish(name: string, n: number): Promise<void> {
    const agent = await this.agent(name);
    const turn = this.turns.get(name);
    if (!turn) throw new Error(`the scenario started no turn of ${name} that is still open`);
    this.model.release(agent, n);
    const error = await turn;
    this.turns.delete(name);
    if (error) throw error;
    this.assertNoProblems();
  }

  /** Fails the step with whatever the scripted model or user found wrong in what the host sent. */
  assertNoProblems(): void {
    const problems = [...this.model.problems, ...this.user.problems];
    if (problems.length > 0) throw new Error(problems.join('\n'));
  }

  async dispose(): Promise<void> {
    // A request still held would keep its host waiting on the kit forever.
    this.model.releaseAll();
    try {
      if (this.guarded) await this.guarded.dispose();
      else if (this.starting) await this.starting.then((host) => host.dispose()).catch(() => undefined);
    } finally {
      // Under the CLI, stores live in the run's own folder, removed whole when the run
      // ends (on every path): one removal instead of one per scenario.
      if (this.storeDir && !insideRunFolder(this.storeDir)) await rm(this.storeDir, { recursive: true, force: true });
    }
  }
}
