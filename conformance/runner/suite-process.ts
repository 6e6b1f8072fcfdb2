/**
 * The CLI's side of a run: the suite runs in a child process (`suite-child.ts`,
 * forked as its bundle: see bundled-entries.ts)
 * and this side keeps the verdict. Whatever ends the child, the run ends with
 * a named outcome, never a silent pass: an exit or crash fails the scenario in
 * flight with the child's last output lines; a signal is forwarded and the
 * child is waited for a bounded time. The child's temporary files (stores
 * included: its TMPDIR) live in one folder per run, removed on every path.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ReviewText } from '../../src/index.js';
import { forkSuiteChild, type StartedChild } from './suite-child-start.js';
import type { SuiteEvents, SuiteRun } from './run-suite.js';
import type { ScenarioStart } from '../results/scenario-result.js';
import type { ScenarioResult } from '../results/scenario-result.js';
import {
  ALIVE_EVERY_MS,
  boundedMessage,
  type ChildMessage,
  type ChildRequest,
  type CliMessage,
} from './suite-messages.js';
import type { SuiteDecision } from './suite-decision.js';
import { removeTree } from '../support/remove-tree.js';
import { tracePoint } from './trace-point.js';
import { foldRepeats, scenarioKey, type RepeatedResult } from '../results/repeats.js';
import type { ExplorationSummary } from '../results/scenario-result.js';
import { isExplorationResult } from '../results/exploration-uri.js';
import { faultRecords, type Fault } from '../results/fault-records.js';
// From the guard, not world/parameters.ts: the CLI loads this module before anything heavy (zod, yaml).
import { DEFAULT_CALL_LIMIT_MS, startLimitFor } from '../guard/time-limit.js';
import { isHostGroupId } from '../transport/host-groups.js';

/** How long the child may take to end after its last word or a forwarded signal. */
const GRACE_MS = 3_000;
/** Lines of the child's own output kept to explain how it ended. */
const KEPT_LINES = 12;

export type SuiteEnding =
  | { kind: 'completed' }
  /** The adapter cannot be used (exit 2). */
  | { kind: 'unusable'; message: string }
  /** Fail fast: the host cannot start (exit 2). */
  | { kind: 'stopped'; message: string }
  /** The child ended before the run did; the scenario in flight failed (exit 1). */
  | { kind: 'crashed'; message: string }
  | { kind: 'interrupted'; signal: NodeJS.Signals };

/** How much an ending says, least first: a run made of several processes ends as its most telling one did. */
const TELLING: ReadonlyArray<SuiteEnding['kind']> = ['completed', 'crashed', 'interrupted', 'stopped', 'unusable'];

/** Whether `ending` says more than `than` (suite-workers.ts, exploration-beside.ts). */
export function tellsMore(ending: SuiteEnding, than: SuiteEnding): boolean {
  return TELLING.indexOf(ending.kind) > TELLING.indexOf(than.kind);
}

export interface IsolatedRun extends SuiteRun {
  ending: SuiteEnding;
  /** What the child decided once the adapter loaded (as it sent it: unchecked); undefined when it never loaded. */
  decision: SuiteDecision | undefined;
  /** Faults no scenario could be charged with; each is also a failed record among `results` (fault-records.ts). */
  faults: Fault[];
  /** Scenarios planned but never finished (a crash or a stop came first). */
  notRun: number;
  /** What the exploration after the scenarios ran, when it ran to its end. */
  exploration?: ExplorationSummary;
  /** How long the exploration took (part of `wallMs`). */
  exploreMs?: number;
}

export interface IsolatedOptions {
  request: ChildRequest;
  /** Formatter output meant for stdout. */
  onOutput(text: string): void;
  /** The child's own stdout and stderr (the adapter's console), for the CLI's stderr. */
  onChildOutput(text: string): void;
  /** The adapter loaded, and what the child decided from it (once per worker; as sent: unchecked). */
  onReady?(decision: SuiteDecision): void;
  events?: SuiteEvents;
  /** Ends the run early (the CLI found its input unusable meanwhile). */
  abort?: AbortSignal;
  /** A child forked already, waiting for its request (the CLI forks one first thing: suite-child-start.ts); else one is forked. */
  started?: StartedChild;
  /** Answers the child's claims of exploration sessions (a request that `claims`); without it every claim gets none. */
  claim?(pass: number): number | undefined;
}

export async function runSuiteIsolated(options: IsolatedOptions): Promise<IsolatedRun> {
  const started = options.started ?? forkSuiteChild();
  const { runDir } = started;
  // Last resort if this process ends some other way before the run is over.
  const removeOnExit = (): void => removeTree(runDir);
  process.once('exit', removeOnExit);
  try {
    return await superviseChild(options, started);
  } finally {
    // Synchronously: nothing else is left to do, and one call removes a run's hundreds of
    // stores faster than the promise API's round trip per file.
    removeTree(runDir);
    process.removeListener('exit', removeOnExit);
  }
}

/** The session a claim is given (none: null); a child that is gone asked for nothing more. */
function answerClaim(child: StartedChild['child'], index: number | undefined): void {
  try {
    child.send({ type: 'claimed', index: index ?? null } satisfies CliMessage, () => undefined);
  } catch {
    // The child has ended: its ending is reported where it is seen.
  }
}

function superviseChild(options: IsolatedOptions, { child, runDir, closed }: StartedChild): Promise<IsolatedRun> {
  // The request goes over IPC (a child forked early had none to be given); one that cannot be sent
  // means the child is gone, which its end below reports.
  try {
    child.send({ type: 'run', request: options.request } satisfies CliMessage, (error) => {
      if (error) child.kill('SIGKILL');
    });
  } catch {
    child.kill('SIGKILL');
  }
  const lastLines = keepLastLines(child);
  child.stdout?.on('data', (chunk: Buffer) => options.onChildOutput(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => options.onChildOutput(chunk.toString()));

  const finished: RepeatedResult[] = [];
  const faults: Fault[] = [];
  const late: Array<{ scenario: ScenarioStart; message: string }> = [];
  let planned = 0;
  let inFlight: ScenarioStart | undefined;
  let inFlightSince = 0;
  let explorationStarted = false;
  let decision: SuiteDecision | undefined;
  let done:
    | {
        results: ScenarioResult[];
        wallMs: number;
        reviewTexts: ReviewText[];
        exploration?: ExplorationSummary;
        exploreMs?: number;
      }
    | undefined;
  const silence = silenceWatch(child, silenceLimitOf(options.request));
  let selected: number | undefined;
  let told: SuiteEnding | undefined;
  let interrupted: NodeJS.Signals | undefined;
  const started = performance.now();
  const hostGroups = hostGroupsOf(child);

  child.on('message', (received: ChildMessage) => {
    silence.heard();
    const message = boundedMessage(received);
    if (message.output !== undefined && message.type !== 'output') options.onOutput(message.output);
    switch (message.type) {
      case 'ready':
        decision = message.decision;
        options.onReady?.(decision);
        break;
      case 'unusable':
        told = { kind: 'unusable', message: message.message };
        break;
      case 'stop':
        told = { kind: 'stopped', message: message.message };
        break;
      case 'output':
        options.onOutput(message.text);
        break;
      case 'host-group':
        hostGroups.told(message.groupId, message.alive);
        break;
      case 'alive':
        if (message.explored) options.events?.exploring?.(message.explored);
        break;
      case 'claim':
        answerClaim(child, options.claim?.(message.pass));
        break;
      case 'planned':
        planned = message.total;
        selected = message.selected;
        options.events?.planned?.(message.total, message.selected);
        break;
      case 'started':
        inFlight = message.scenario;
        inFlightSince = performance.now();
        if (isExplorationResult(message.scenario)) explorationStarted = true;
        // Once scenarios run (cucumber has loaded), the child's sign of life comes every second: a host holding its
        // event loop during a scenario or the exploration is ended after the silence limit, failing what was in
        // flight, and the run ends in bounded time.
        silence.arm();
        options.events?.started?.(message.scenario);
        break;
      case 'finished':
        inFlight = undefined;
        finished.push({ pass: message.pass ?? 1, result: message.result });
        options.events?.finished?.(message.result, message.pass);
        break;
      case 'fault':
        faults.push({ message: message.message, kind: message.kind, during: message.during });
        break;
      case 'late':
        late.push({ scenario: message.scenario, message: message.message });
        break;
      case 'done':
        tracePoint('cli-suite-done-received');
        done = {
          results: message.results,
          wallMs: message.wallMs,
          reviewTexts: message.reviewTexts,
          ...(message.exploration ? { exploration: message.exploration } : {}),
          ...(message.exploreMs !== undefined ? { exploreMs: message.exploreMs } : {}),
        };
        inFlight = undefined;
        // Every scenario is over: their stores go while the child process winds down
        // (about as long as removing them takes). The folder goes once the child has ended.
        emptyFolder(runDir);
        break;
    }
    // Its last word said: the child ends by itself, or is ended.
    if (message.type === 'done' || message.type === 'stop' || message.type === 'unusable') endWithin(child, GRACE_MS);
  });

  const onSignal = (signal: NodeJS.Signals): void => {
    if (interrupted) {
      child.kill('SIGKILL');
      return;
    }
    interrupted = signal;
    child.kill(signal);
    endWithin(child, GRACE_MS);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const onAbort = (): void => onSignal('SIGTERM');
  options.abort?.addEventListener('abort', onAbort, { once: true });
  if (options.abort?.aborted) onAbort();

  return new Promise((resolve) => {
    void closed.then(({ code, signal }) => {
      silence.disarm();
      hostGroups.killAll();
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
      options.abort?.removeEventListener('abort', onAbort);
      const wallMs = performance.now() - started;
      const base = {
        decision,
        faults,
        notRun: 0,
        reviewTexts: [] as ReviewText[],
        ...(selected !== undefined ? { selected } : {}),
      };
      // One result per scenario however often `--repeat` ran it (a single run's results as they are).
      const results = [...foldRepeats(failLate(finished, late)), ...faultRecords(faults)];
      if (interrupted) {
        return resolve({ ...base, results, wallMs, ending: { kind: 'interrupted', signal: interrupted } });
      }
      if (told?.kind === 'unusable' || told?.kind === 'stopped') {
        return resolve({ ...base, results, wallMs, notRun: Math.max(0, planned - finished.length), ending: told });
      }
      if (done && code === 0) {
        // The child's results do not know what a host wrote after its scenario ended: its repeats do.
        const amended = late.length > 0 ? foldRepeats(failLate(finished, late)) : done.results;
        return resolve({
          ...base,
          ...done,
          results: [...amended, ...faultRecords(faults)],
          ending: { kind: 'completed' },
        });
      }

      const how =
        silence.fired !== undefined
          ? `stopped answering for ${silence.fired} ms (the host held its event loop) and was ended`
          : code !== null
            ? `exited with code ${code}`
            : `was killed by ${signal ?? 'a signal'}`;
      const tail = lastLines();
      const output =
        tail.length > 0 ? `\nlast output of the suite process:\n${tail.map((line) => `  ${line}`).join('\n')}` : '';
      if (decision === undefined) {
        const message = `adapter module ${options.request.adapterPath} ended the suite process while loading (it ${how})${output}`;
        return resolve({ ...base, results, wallMs, ending: { kind: 'unusable', message } });
      }
      const where = inFlight
        ? `during scenario ${inFlight.stableId ?? inFlight.name} (${inFlight.uri})`
        : done
          ? 'after the run'
          : 'between scenarios';
      const message = `the suite process ${how} ${where}: the adapter or host ended it${output}`;
      const repeats = failLate(finished, late);
      if (!inFlight && !done) {
        // Nothing was in flight to charge: the crash is a fault record of its own, so every report fails.
        faults.push({
          message,
          kind: silence.fired !== undefined ? 'timeout' : 'crash',
          during: explorationStarted ? 'exploration' : 'between-scenarios',
        });
      }
      if (inFlight) {
        repeats.push({
          pass: Math.max(1, ...finished.map(({ pass }) => pass)),
          result: {
            stableId: inFlight.stableId,
            name: inFlight.name,
            uri: inFlight.uri,
            ...(inFlight.line !== undefined ? { line: inFlight.line } : {}),
            clauses: inFlight.clauses,
            // A crash is never excused by a level: the run it ended checked nothing after it.
            level: 'required',
            status: 'failed',
            failureKind: 'crash',
            message,
            durationMs: performance.now() - inFlightSince,
          },
        });
      }
      resolve({
        ...base,
        results: [...foldRepeats(repeats), ...faultRecords(faults)],
        wallMs,
        notRun: Math.max(0, planned - repeats.length),
        ending: { kind: 'crashed', message },
      });
    });
  });
}

/**
 * What a host process wrote after a scenario ended (parked, its verdict
 * already told) fails that scenario: the last repeat of it that finished, if
 * it passed (a failing one already fails). Never any other scenario.
 */
function failLate(
  finished: RepeatedResult[],
  late: Array<{ scenario: ScenarioStart; message: string }>,
): RepeatedResult[] {
  const results = [...finished];
  for (const { scenario, message } of late) {
    const key = scenarioKey(scenario);
    const index = results.findLastIndex(({ result }) => scenarioKey(result) === key);
    const found = results[index];
    if (!found || found.result.status !== 'passed') continue;
    results[index] = {
      pass: found.pass,
      result: {
        ...found.result,
        status: 'failed',
        failureKind: 'protocol-error',
        failedStep: '(After hook)',
        message: `adapter method dispose: the host broke the protocol after this scenario ended (its process parked for the next one): ${message}`,
      },
    };
  }
  return results;
}

/**
 * The shortest silence limit: five signs of life missed. A busy machine can delay a
 * timer by a second or more, and a limit of a few hundred milliseconds (twice a small
 * `--start-limit`) would end a correct host's run between two of them.
 */
const SHORTEST_SILENCE_MS = 5 * ALIVE_EVERY_MS;

/**
 * How long the suite's process may go without a word once scenarios run: twice the start
 * limit, and never less than five signs of life. Every host call is bounded by the call
 * or start limit, but only while the process's event loop turns; a host that holds it
 * (a synchronous loop) silences the process's sign of life, sent every second.
 */
function silenceLimitOf(request: ChildRequest): number {
  const startLimit = startLimitFor(request.callLimitMs ?? DEFAULT_CALL_LIMIT_MS, request.startLimitMs);
  return Math.max(2 * startLimit, SHORTEST_SILENCE_MS);
}

/** Ends the child when, once armed, it says nothing for `limitMs`; `fired` tells the silence that ended it. */
function silenceWatch(
  child: ChildProcess,
  limitMs: number,
): { arm(): void; heard(): void; disarm(): void; fired: number | undefined } {
  let timer: NodeJS.Timeout | undefined;
  const watch = {
    fired: undefined as number | undefined,
    arm(): void {
      clearTimeout(timer);
      timer = setTimeout(() => {
        watch.fired = limitMs;
        child.kill('SIGKILL');
      }, limitMs);
    },
    heard(): void {
      if (timer) watch.arm();
    },
    disarm(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
  return watch;
}

/**
 * The host process groups the child told of and has not killed yet. All are
 * SIGKILLed once the child has ended, however it ended (a SIGKILL of the
 * silence limit or of `endWithin` runs none of its exit hooks), and if this
 * process exits first. A group is what the kit holds: a host's descendant
 * that leaves it (setsid) is beyond it (protocol/README.md).
 */
function hostGroupsOf(child: ChildProcess): { told(groupId: unknown, alive: boolean): void; killAll(): void } {
  const groups = new Set<number>();
  const killAll = (): void => {
    for (const groupId of groups) {
      try {
        process.kill(-groupId, 'SIGKILL');
      } catch {
        // ESRCH: the group is gone already.
      }
    }
    groups.clear();
  };
  process.once('exit', killAll);
  child.once('close', () => process.removeListener('exit', killAll));
  return {
    told(groupId, alive) {
      // Checked: the child runs adapter code, and a group id of 0 or 1 (or -1) would signal far more than a host.
      if (!isHostGroupId(groupId)) return;
      if (alive) groups.add(groupId);
      else groups.delete(groupId);
    },
    killAll,
  };
}

/** Removes what a folder holds, as far as it can; what is left goes with the folder. */
function emptyFolder(folder: string): void {
  try {
    for (const entry of readdirSync(folder)) removeTree(join(folder, entry));
  } catch {
    // Left for the removal of the whole folder.
  }
}

/** Ends the child if it has not ended by itself within `ms`. */
function endWithin(child: ChildProcess, ms: number): void {
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  timer.unref();
  child.once('exit', () => clearTimeout(timer));
}

/** The last lines the child wrote to its stdout or stderr. */
function keepLastLines(child: ChildProcess): () => string[] {
  const lines: string[] = [];
  let partial = '';
  const take = (chunk: Buffer): void => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter((line) => line.trim() !== ''));
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return () => (partial.trim() !== '' ? [...lines, partial] : [...lines]).slice(-KEPT_LINES);
}
