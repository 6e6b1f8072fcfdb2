/**
 * Runs one explored session against a host, through the same guarded host the
 * suite uses (time limits, schema validation, errors naming the method): each
 * move's action (actions/*.ts) takes the oracle's step and the host's step,
 * compares them and hands back what it found; every request is checked as it
 * reaches the kit's model (checks/request.ts) and every agent while idle
 * between moves (checks/idle.ts). This loop records the first disagreement
 * (the explored session's guard, those found inside the host's calls), stops
 * there and returns it with the session written down as the suite's own steps
 * (`Transcript`).
 *
 * Each run gets a fresh temporary store, removed afterwards.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { isSupported } from '../../src/index.js';
import { startGuardedHost, type GuardedHost } from '../guard/guarded-host.js';
import { startLimitFor } from '../guard/time-limit.js';
import { createdAgent } from '../oracle/session-oracle.js';
import { temporaryRoot } from '../world/temporary-root.js';
import { removeTree } from '../support/remove-tree.js';
import {
  emptyProbeRecord,
  makeProbeCommands,
  makeProbeTools,
  orderedProbeSection,
  PROBE_SECTIONS,
} from '../script/probes.js';
import { actionOf, describeMove } from './actions/index.js';
import { observeIdle } from './observe.js';
import { deploymentOf, judgeRefusal, writeConfiguration } from './configuration.js';
import { onRequest } from './checks/request.js';
import type { MidTurnMove, Session, SessionMove } from './moves.js';
import type { OracleAgent } from '../oracle/session-oracle.js';
import { adapterError, type Disagreement, type Found } from './disagreement.js';
import type { SessionCoverage } from './coverage.js';
import { ExploredSession, type During, type RunnerOptions } from './explored-session.js';
import { reviewSeam } from './review-seam.js';
import type { Transcript } from './transcript.js';

export type { Disagreement } from './disagreement.js';
export type { RunnerOptions } from './explored-session.js';

export interface SessionResult {
  disagreement?: Disagreement;
  transcript: Transcript;
  /** The moves that ran (preconditions held), described (when read: nothing in a run reads them). */
  readonly ran: string[];
  /** What the session reached (pairs of state feature and action, value classes). */
  coverage: SessionCoverage;
}

export class SessionRunner {
  private readonly session: ExploredSession;
  /** The moves that ran, described only when a result's `ran` is read. */
  private readonly ran: SessionMove[] = [];

  constructor(options: RunnerOptions) {
    this.session = new ExploredSession(options, (move: MidTurnMove, during: During) => this.runMidTurn(move, during));
  }

  get transcript(): Transcript {
    return this.session.transcript;
  }

  async run(explored: Session): Promise<SessionResult> {
    const session = this.session;
    const { adapter, callLimitMs } = session.options;
    // Made and removed synchronously: a few microseconds in memory (temporary-root.ts), where the promise API
    // hands each step of a recursive removal to a thread and back (about half a millisecond of CPU a session).
    // Removed by a plain walk (remove-tree.ts): rmSync's recursive removal checks each entry again and throws
    // and catches an error for each folder it first tries to remove whole (docs/benchmark.md, round 47).
    const storeDir = mkdtempSync(join(temporaryRoot(), 'pmc-explore-'));
    let started: GuardedHost | undefined;
    try {
      session.toolMode = explored.toolMode ?? 'native';
      if (session.toolMode !== 'native') session.transcript.step({ kind: 'tool-mode', mode: session.toolMode });
      session.composed = {
        commands: isSupported(adapter.capabilities, 'commands'),
        questions: isSupported(adapter.capabilities, 'questions'),
        projections: isSupported(adapter.capabilities, 'projections'),
      };
      session.model.onRequest = (agent, n) => session.guard(() => onRequest(session, agent, n));
      writeConfiguration(session, explored.configuration);
      // The same probes as the suite's world, so a printed scenario meets the same host.
      const record = emptyProbeRecord();
      const starting = startGuardedHost(
        adapter,
        {
          storeDir,
          edition: session.edition,
          deployment: deploymentOf(explored.configuration),
          compose: session.composed,
          model: session.model.port,
          questions: reviewSeam(session),
          probes: {
            sections: [...PROBE_SECTIONS, ...explored.probeOrders.map(orderedProbeSection)],
            tools: makeProbeTools([], { record, storeDir }),
            commands: session.composed.commands ? makeProbeCommands(record) : [],
          },
          ...(session.toolMode === 'native' ? {} : { toolMode: session.toolMode }),
        },
        callLimitMs,
        startLimitFor(callLimitMs),
      );
      const refused = explored.configuration?.kind === 'invalid' ? explored.configuration : undefined;
      if (refused) {
        let error: unknown;
        started = await starting.catch((thrown: unknown) => {
          error = thrown;
          return undefined;
        });
        const accepted = judgeRefusal(session, refused, started !== undefined, error);
        if (accepted) session.record(accepted);
        return this.result();
      }
      started = await starting;
      session.host = started;
      session.probeOrders = explored.probeOrders;
      if (explored.probeOrders.length > 0)
        session.transcript.step({ kind: 'probe-orders', orders: explored.probeOrders });
      // The suite makes an agent when a step first names it; one that lives through a restart must be made before it.
      if (explored.moves.some((move) => move.kind === 'restart'))
        session.transcript.step({ kind: 'new-agent', agent: 'the agent' });
      session.agents.push(createdAgent('the agent', await session.host.createAgent(), session.edition));
      for (const move of explored.moves) {
        const action = actionOf(move);
        if (action.feasible && !action.feasible(session, move)) continue;
        this.ran.push(move);
        session.coverage.met(session.viewOf(agentOf(session, move)), move.kind);
        const found = (await action.run(session, move)) ?? session.failed() ?? (await this.observeAgents());
        if (found) {
          session.record(found);
          break;
        }
      }
    } catch (error) {
      session.record(adapterError(error));
    } finally {
      try {
        if (started) await started.dispose();
      } catch (error) {
        session.record(adapterError(error));
      }
      removeTree(storeDir);
    }
    // The event loop turns once between sessions, as it does between scenarios: a fault a host left behind on a
    // timer (an unhandled rejection after its disposal) fires while the exploration is under way and fails the run,
    // rather than after the run has been reported. An in-process host answers in promises alone, and nothing else
    // here waits on the event loop since the store folders are made and removed synchronously.
    await new Promise<void>((resolve) => setImmediate(resolve));
    return this.result();
  }

  /** Every agent while idle, between moves: the first disagreement found. */
  private async observeAgents(): Promise<Found> {
    for (const agent of this.session.agents) {
      const found = await observeIdle(this.session, agent);
      if (found) return found;
    }
    return undefined;
  }

  /** A move the user makes while the model handles request `during.n` of `during.agent`: what it found, which the guard records. */
  private async runMidTurn(move: MidTurnMove, during: During): Promise<Found> {
    const session = this.session;
    const action = actionOf(move);
    if (action.feasible && !action.feasible(session, move, during)) return undefined;
    session.coverage.met(
      session.viewOf(agentOf(session, move), { during: { retry: session.inFlight.get(during.agent.id) === 'retry' } }),
      move.kind,
    );
    return action.run(session, move, during);
  }

  private result(): SessionResult {
    const session = this.session;
    const ran = this.ran;
    return {
      ...(session.failure ? { disagreement: session.failure } : {}),
      transcript: session.transcript,
      get ran() {
        return ran.map(describeMove);
      },
      coverage: session.coverage,
    };
  }
}

/** The agent a move acts on (a fork's origin, a spawn's parent); none for a new agent or a restart. */
function agentOf(session: ExploredSession, move: SessionMove): OracleAgent | undefined {
  return 'agent' in move ? session.agentAt(move.agent) : undefined;
}
