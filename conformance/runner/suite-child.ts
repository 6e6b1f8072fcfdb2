/**
 * The suite's child process: loads the adapter, runs cucumber with it and
 * streams what happens to the CLI (`suite-process.ts`), which owns the verdict.
 * Whatever the adapter does here (exit, throw from a timer, print, hold the
 * event loop, rewrite `process.send`) cannot end or corrupt the verdict:
 * formatter output has its own channel (IPC, captured before the adapter
 * loads), the adapter's console goes to this process's stdout/stderr, which
 * the CLI shows on its stderr. An in-process adapter is trusted code all the
 * same: it runs inside the kit (`exec:` judges a host you do not trust).
 */
import { Writable } from 'node:stream';
import { isCucumberTallies } from './cucumber-tallies.js';
import type { Adapter, FaultKind, FaultPlace } from '../../src/index.js';
import { chooseEdition } from '../catalog/edition-choice.js';
import type { SuiteDecision } from './suite-decision.js';
import { AdapterLoadError } from '../adapters/adapter-path.js';
import { loadAdapter } from '../adapters/load-adapter.js';
import { scenarioInFlight, watchProcessFaults, whenScenarioStoreMade } from '../support/in-flight.js';
import type { ExecAdapter } from '../transport/exec-adapter.js';
import type { ScenarioStart } from '../results/scenario-result.js';
import { whenHostCannotStart } from '../world/start-watch.js';
import { watchHostGroups } from '../transport/host-groups.js';
import type { SuiteRun } from './run-suite.js';
import { EXPLORATION_ONLY_ARGUMENT } from './suite-child-start.js';
import { CAPPED_TIER_MOST_SESSIONS, capOptimisingTier, NO_TIER_CAP } from './optimising-tier.js';
import { sessionShare } from '../explore/session-source.js';
import {
  ALIVE_EVERY_MS,
  boundedMessage,
  type ChildMessage,
  type ChildRequest,
  type CliMessage,
} from './suite-messages.js';
import { tracePoint } from './trace-point.js';
import { removeTree } from '../support/remove-tree.js';
import { RUN_FOLDER_ENV } from '../world/run-folder.js';
import { levelsOf, loadCatalogFileSync } from '../catalog/clause-catalog.js';
import { DEFAULT_CALL_LIMIT_MS } from '../world/parameters.js';
import type { ExplorationSummary, ScenarioResult } from '../results/scenario-result.js';

/** How long a signal leaves the host in flight to dispose before the process ends. */
const DISPOSE_ON_SIGNAL_MS = 2_000;

/**
 * The channel to the CLI, captured when this module loads, before any adapter
 * code runs: an in-process adapter that rewrites `process.send` (to turn every
 * result into passed) rewrites a function the kit no longer calls. An
 * in-process adapter is still trusted code (it runs inside the kit; judge a
 * host you do not trust through `exec:`), but it cannot forge the verdict by
 * that door.
 */
const channel = process.send?.bind(process);
let channelOpen = process.connected;
process.once('disconnect', () => {
  channelOpen = false;
});

// Every host process group is told to the supervisor as it starts, straight away (the channel writes at
// once when it can), so that a SIGKILL of this process, which runs no exit hook, leaves none behind.
watchHostGroups({
  started: (groupId) => void sendNow({ type: 'host-group', groupId, alive: true }),
  ended: (groupId) => void sendNow({ type: 'host-group', groupId, alive: false }),
});

function sendNow(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!channel || !channelOpen) return resolve();
    try {
      channel(boundedMessage(message), undefined, {}, () => resolve());
    } catch {
      resolve();
    }
  });
}

/**
 * Formatter output, gathered for up to OUTPUT_BATCH_MS, or until another
 * message goes out, which then carries it (so the order holds): cucumber's
 * progress format writes one dot per step, and one message per dot cost more
 * than the steps; so did one message per scenario besides its own.
 */
const OUTPUT_BATCH_MS = 50;
let pendingOutput = '';
let outputFlush: NodeJS.Timeout | undefined;

/** The output gathered so far, now taken to go out. */
function takeOutput(): string | undefined {
  if (outputFlush) clearTimeout(outputFlush);
  outputFlush = undefined;
  const text = pendingOutput;
  pendingOutput = '';
  return text === '' ? undefined : text;
}

function sendOutput(text: string): void {
  pendingOutput += text;
  outputFlush ??= setTimeout(() => {
    const output = takeOutput();
    if (output !== undefined) void sendNow({ type: 'output', text: output });
  }, OUTPUT_BATCH_MS);
}

function send(message: ChildMessage): Promise<void> {
  const output = takeOutput();
  return sendNow(output === undefined ? message : { ...message, output });
}

/** Ends this process once every message and console write is out. */
async function leave(code: number): Promise<never> {
  tracePoint('child-leaves');
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  process.exit(code);
}

let ending = false;

/** Where a fault no scenario is charged with happens: between scenarios, until the exploration starts. */
let phase: FaultPlace = 'between-scenarios';

function sendFault(message: string, kind: FaultKind): Promise<void> {
  return send({ type: 'fault', message, kind, during: phase });
}

/**
 * A signal (or the CLI going away) disposes of the host in flight, for a
 * bounded time, then ends the process. A terminal's Ctrl-C reaches this
 * process and the CLI, which forwards it again: repeats are ignored.
 */
function onSignal(signal: NodeJS.Signals): void {
  if (ending) return;
  ending = true;
  const code = signal === 'SIGINT' ? 130 : 143;
  const scenario = scenarioInFlight();
  const timer = setTimeout(() => process.exit(code), DISPOSE_ON_SIGNAL_MS);
  void (scenario ? scenario.dispose() : Promise.resolve())
    .catch(() => undefined)
    .finally(() => {
      clearTimeout(timer);
      process.exit(code);
    });
}

/**
 * The CLI's answers to this process's claims of exploration sessions (a request that `claims` them:
 * exploration-beside.ts), in the order they were asked: the channel keeps it, and claims go one at a time.
 */
const claimsAwaited: Array<(index: number | undefined) => void> = [];
process.on('message', (message: Partial<CliMessage> | null) => {
  if (message?.type !== 'claimed') return;
  claimsAwaited.shift()?.(typeof message.index === 'number' ? message.index : undefined);
});

/** The next session of pass `pass` the CLI gives this process; none once the share is drawn or the CLI is gone. */
function claimSession(pass: number): Promise<number | undefined> {
  if (!channel || !channelOpen) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    claimsAwaited.push(resolve);
    void send({ type: 'claim', pass });
  });
}

/**
 * Claims of exploration sessions whose first is made at once (before the exploration loads): whether it got
 * none, and the claims themselves, the first answered by that early one.
 */
function firstClaimAhead(): {
  nothingLeft(repeat: number | undefined): Promise<boolean>;
  claim(pass: number): Promise<number | undefined>;
} {
  let early: Promise<number | undefined> | undefined = claimSession(1);
  const first = early;
  return {
    // A `--repeat` run draws on the share again in its later passes: only a single pass can be over before it began.
    nothingLeft: async (repeat) => (repeat ?? 1) <= 1 && (await first) === undefined,
    claim: (pass) => {
      if (pass !== 1 || !early) return claimSession(pass);
      const answer = early;
      early = undefined;
      return answer;
    },
  };
}

/**
 * The run the CLI asks for: its first message (the CLI forks this process before it has read its
 * arguments: suite-child-start.ts). Undefined when the CLI goes away without asking for one.
 */
function requestFromCli(): Promise<ChildRequest | undefined> {
  return new Promise((resolve) => {
    if (!process.connected) return resolve(undefined);
    const onMessage = (message: Partial<CliMessage> | null): void => {
      if (message?.type === 'run' && message.request) settle(message.request);
    };
    const onDisconnect = (): void => settle(undefined);
    const settle = (request: ChildRequest | undefined): void => {
      process.removeListener('message', onMessage);
      process.removeListener('disconnect', onDisconnect);
      resolve(request);
    };
    process.on('message', onMessage);
    process.once('disconnect', onDisconnect);
  });
}

/**
 * Forked to run only the exploration, beside the process running the scenarios (exploration-beside.ts):
 * cucumber and the steps are never loaded here (run-suite.ts and support-library.ts are imported when used, and
 * that process's bundle, exploration-child.cjs, holds neither: build/bundle.mjs).
 */
const explorationOnly = process.argv.includes(EXPLORATION_ONLY_ARGUMENT);

async function main(): Promise<void> {
  tracePoint('child-main');
  // Cucumber's support code depends on nothing the request says: it is built while the request comes.
  if (!explorationOnly) {
    void import('./support-library.js').then(({ kitSupportLibrary }) => kitSupportLibrary()).catch(() => undefined);
  }
  const request = await requestFromCli();
  if (!request) {
    // The CLI went away before it asked for a run (it may have been killed, leaving the folder it made
    // for this process): nothing was written there, so the folder goes with this process.
    const runFolder = process.env[RUN_FOLDER_ENV];
    if (runFolder) removeTree(runFolder);
    return leave(0);
  }
  tracePoint('child-request');
  // Two busy processes on the cores (the exploration beside the scenarios): what TurboFan compiles on its threads
  // is CPU the other process waits for, where a scenario-only run leaves it the idle core.
  if (request.coresShared) capOptimisingTier();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // The CLI may go away without a signal (killed): nothing is left to report to.
  process.once('disconnect', () => onSignal('SIGTERM'));
  watchProcessFaults((message) => void sendFault(message, 'adapter-error'));
  whenHostCannotStart((message) => {
    void send({ type: 'stop', message }).then(() => leave(2));
  });

  let adapter: Adapter;
  try {
    adapter = await loadAdapter(request.adapterPath);
  } catch (error) {
    const message =
      error instanceof AdapterLoadError
        ? error.message
        : `adapter module ${request.adapterPath} could not be loaded: ${String(error)}`;
    await send({ type: 'unusable', message });
    return leave(2);
  }
  tracePoint('child-adapter-loaded');
  let decision: SuiteDecision;
  try {
    const { edition, forced } = chooseEdition(adapter.name, adapter.editions, request.edition, request.forceEdition);
    decision = {
      adapter: {
        name: adapter.name,
        capabilities: adapter.capabilities,
        ...(adapter.editions ? { editions: adapter.editions } : {}),
      },
      ...(adapter.release !== undefined ? { release: adapter.release } : {}),
      edition,
      forced,
      level: request.level ?? 'default',
    };
  } catch (error) {
    await send({ type: 'unusable', message: (error as Error).message });
    return leave(2);
  }
  if (isExecAdapter(adapter)) {
    if (request.processPerScenario) adapter.forgoReuse();
    reportLateOutput(adapter);
  }
  // A sign of life the supervisor waits for, from here to the end: a host that holds the event loop
  // (a synchronous loop) during a scenario or the exploration stops it, and the process is ended.
  // During the exploration it also says how far its share is (the CLI's progress line off a terminal).
  let progress: { sessions: number; share: number } | undefined;
  const alive = setInterval(
    () => void sendNow({ type: 'alive', ...(progress ? { explored: progress } : {}) }),
    ALIVE_EVERY_MS,
  );
  alive.unref();
  await send({ type: 'ready', decision });

  const stdout = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const text = chunk.toString();
      // Cucumber's tallies disagree with the kit's wherever a baseline or the level applies: its closing lines stand alone.
      if (!isCucumberTallies(text)) sendOutput(text);
      done();
    },
  });
  const { forceEdition: _forced, level: _level, exploreOnly, coresShared: _shared, ...options } = request;
  const run: SuiteRun = exploreOnly
    ? { results: [], wallMs: 0, reviewTexts: [] }
    : await runScenarios(options, decision, stdout);
  tracePoint('child-suite-done');
  let results: ScenarioResult[] = run.results;
  let exploration: ExplorationSummary | undefined;
  let exploreMs: number | undefined;
  // A process that claims its sessions asks for its first before it loads the exploration: the other process
  // may have drawn the whole share already (a slow suite), and then this one has nothing to explore.
  const claims = request.explore?.claims !== undefined ? firstClaimAhead() : undefined;
  if (request.explore && !(claims && (await claims.nothingLeft(request.repeat)))) {
    const started = performance.now();
    tracePoint('child-explore-start');
    // Loaded only by a run that explores: the generators and fast-check build their arbitraries as they load,
    // which a scenario-only run (`--explore off`, a rerun) would pay for at start-up (issue 36).
    const [{ EXPLORATION_START }, { runExploration }] = await Promise.all([
      import('../explore/exploration-records.js'),
      import('../explore/exploration-run.js'),
    ]);
    tracePoint('child-explore-loaded');
    // The exploration is the scenario in flight while it runs: if the host ends this process, it fails.
    phase = 'exploration';
    await send({ type: 'started', scenario: EXPLORATION_START });
    const slices = [...(request.shard ? [request.shard] : []), ...(request.worker ? [request.worker] : [])];
    // A process that claims its sessions may be given any number of the share's: at most all of them.
    progress = { sessions: 0, share: sessionShare(request.explore.budget, slices).length };
    // From here on this process only explores: a short exploration is over before optimised code repays compiling
    // it. A process whose cores are shared capped its tiers at its request already; any other caps them once its
    // first session has run, so that the code cache it writes just before the flag changes (compile-cache.ts) holds
    // a session's functions too, which later processes then read rather than compile (docs/benchmark.md, round 48).
    const short = progress.share <= CAPPED_TIER_MOST_SESSIONS;
    const capAfterFirstSession = short && !request.coresShared;
    // A long exploration repays the optimising compiler, shared cores or not.
    if (!short && request.coresShared) capOptimisingTier(NO_TIER_CAP);
    {
      const explored = await runExploration({
        adapter,
        judged: decision,
        request: { ...request.explore, strict: decision.level === 'strict' },
        callLimitMs: request.callLimitMs ?? DEFAULT_CALL_LIMIT_MS,
        levels: levelsOf(loadCatalogFileSync().clauses),
        slices,
        ...(request.repeat !== undefined ? { repeat: request.repeat } : {}),
        ...(claims ? { claim: claims.claim } : {}),
        onSession: () => {
          if (progress?.sessions === 0) tracePoint('child-first-session');
          if (progress?.sessions === 1 && capAfterFirstSession) capOptimisingTier();
          if (progress) progress = { ...progress, sessions: Math.min(progress.share, progress.sessions + 1) };
        },
      });
      progress = undefined;
      for (const result of explored.results) await send({ type: 'finished', result });
      results = [...results, ...explored.results];
      exploration = explored.summary;
      exploreMs = performance.now() - started;
    }
    tracePoint('child-explore-done');
  }
  // A parked host process is judged until it has ended: what it writes on its way out is its last scenario's.
  if (isExecAdapter(adapter)) await adapter.closeIdleProcesses();
  await send({
    type: 'done',
    results,
    wallMs: run.wallMs + (exploreMs ?? 0),
    reviewTexts: run.reviewTexts,
    ...(exploration ? { exploration } : {}),
    ...(exploreMs !== undefined ? { exploreMs } : {}),
  });
  process.removeAllListeners('disconnect');
  await leave(0);
}

/** The scenarios, with cucumber (loaded here: a process that only explores never loads it). */
async function runScenarios(
  options: Omit<ChildRequest, 'forceEdition' | 'level' | 'exploreOnly' | 'coresShared'>,
  decision: SuiteDecision,
  stdout: Writable,
): Promise<SuiteRun> {
  const { runSuite } = await import('./run-suite.js');
  return runSuite({
    ...options,
    edition: decision.edition,
    // No formatter asked for: runSuite discards cucumber's default one.
    ...((options.formats ?? []).length > 0 ? { stdout } : {}),
    events: {
      planned: (total, selected) =>
        void send({ type: 'planned', total, ...(selected !== undefined ? { selected } : {}) }),
      started: (scenario) => {
        lastStarted = scenario;
        void send({ type: 'started', scenario });
      },
      finished: (result, pass) => void send({ type: 'finished', result, ...(pass !== undefined ? { pass } : {}) }),
    },
  });
}

/** The scenario that started last: scenarios run one at a time in this process, so it is the one making its store. */
let lastStarted: ScenarioStart | undefined;

function isExecAdapter(adapter: Adapter): adapter is ExecAdapter {
  return typeof (adapter as Partial<ExecAdapter>).onLateOutput === 'function';
}

/** What a parked host process writes fails the scenario that parked it, named by its store folder. */
function reportLateOutput(adapter: ExecAdapter): void {
  const owners = new Map<string, ScenarioStart>();
  whenScenarioStoreMade((storeDir) => {
    if (lastStarted) owners.set(storeDir, lastStarted);
  });
  adapter.onLateOutput((storeDir, message) => {
    const scenario = owners.get(storeDir);
    if (scenario) void send({ type: 'late', scenario, message });
    else void sendFault(`a host process wrote after its scenario ended: ${message}`, 'protocol-error');
  });
}

main().catch(async (error: unknown) => {
  await sendFault(
    `the suite process failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    'crash',
  );
  await leave(1);
});
