/**
 * The kit's model. It answers each request from a script (numbered per agent,
 * counting every request the agent makes, retries included), runs the user's
 * mid-turn actions while it "thinks", and records every request it saw.
 *
 * A scenario may also hold a request open: the model then waits, after its
 * mid-turn actions, until the scenario releases it. While it waits the agent
 * is running, and any step may act on any agent (another agent's prompt,
 * selections, commands, forks), so "while agent A's request is in flight" is
 * an ordinary point between steps rather than a callback.
 */
import { ModelRequestSchema, type ModelPort, type ModelRequest, type ModelResponse } from '../../src/index.js';
import { describeIssues } from '../guard/adapter-error.js';
import { compiledSchema } from '../guard/compiled-schema.js';
import { deferred, type Deferred } from './deferred.js';
import { withoutUndefinedFields } from '../guard/absent-fields.js';
import { canonicalRequest } from './message-content.js';

export const DEFAULT_REPLY: ModelResponse = { type: 'text', text: 'Done.' };

/** Something the user does while the model handles a request. */
export type MidTurnAction = () => Promise<void>;

export class ScriptedModel {
  /** Every request, in arrival order. */
  readonly requests: ModelRequest[] = [];
  /** Every answer given, in order: the only assistant messages a request may carry are these. */
  readonly replies: ModelResponse[] = [];
  /** Problems with what the host sent, surfaced by the step that awaited the turn. */
  readonly problems: string[] = [];
  private readonly numbered = new Map<string, ModelResponse>();
  private readonly actions = new Map<string, MidTurnAction[]>();
  /** Called as each request arrives, before mid-turn actions (the world snapshots the log here). */
  onRequest: ((agent: string, n: number) => Promise<void>) | undefined;
  /** Held requests by `agent#n`: `arrived` settles when the request waits, `release` lets it answer. */
  private readonly held = new Map<string, { arrived: Deferred<void>; release: Deferred<void>; reached?: boolean }>();

  /** Answer the agent's `n`th request (1-based) with `response`. */
  answer(agent: string, n: number, response: ModelResponse): void {
    this.numbered.set(`${agent}#${n}`, response);
  }

  /** Run `action` while the agent's `n`th request is being handled, before answering. */
  during(agent: string, n: number, action: MidTurnAction): void {
    const key = `${agent}#${n}`;
    this.actions.set(key, [...(this.actions.get(key) ?? []), action]);
  }

  /** Hold the agent's `n`th request open, after its mid-turn actions, until `release(agent, n)`. */
  hold(agent: string, n: number): void {
    const key = `${agent}#${n}`;
    if (!this.held.has(key)) this.held.set(key, { arrived: deferred(), release: deferred() });
  }

  /** Settles when the held request has reached the model and waits; fails if it was never held. */
  arrived(agent: string, n: number): Promise<void> {
    const gate = this.held.get(`${agent}#${n}`);
    if (!gate) return Promise.reject(new Error(`request ${n} of ${agent} is not held`));
    return gate.arrived.promise;
  }

  /** Lets a held request answer (whether or not it has arrived yet). */
  release(agent: string, n: number): void {
    const gate = this.held.get(`${agent}#${n}`);
    if (!gate) throw new Error(`request ${n} of ${agent} is not held`);
    gate.release.resolve();
  }

  /** Releases every held request, so that no host is left waiting on the kit (scenario teardown). */
  releaseAll(): void {
    for (const gate of this.held.values()) gate.release.resolve();
  }

  /** Held requests that never reached the model: a scenario must not pass without them. */
  heldButNeverArrived(): string[] {
    return [...this.held.entries()].filter(([, gate]) => !gate.reached).map(([key]) => key);
  }

  /** Mid-turn actions scripted for requests that never came: a scenario must not pass without them. */
  unrunActions(): string[] {
    return [...this.actions.keys()];
  }

  requestsOf(agent: string): ModelRequest[] {
    return this.requests.filter((request) => request.agent === agent);
  }

  /** Who waits for an agent to have made a number of requests (see `requestsReaching`). */
  private readonly countWaiters: Array<{ agent: string; count: number; wake: () => void }> = [];

  /**
   * The agent's requests once it has made at least `count` of them, or as they
   * stand after `limitMs`: a host may answer a command before the turn it
   * starts has reached the model. Woken by each arriving request, not polled.
   */
  async requestsReaching(agent: string, count: number, limitMs: number): Promise<ModelRequest[]> {
    if (this.requestsOf(agent).length < count) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        const waiter = { agent, count, wake: resolve };
        this.countWaiters.push(waiter);
        timer = setTimeout(() => {
          this.countWaiters.splice(this.countWaiters.indexOf(waiter), 1);
          resolve();
        }, limitMs);
      });
      clearTimeout(timer);
    }
    return this.requestsOf(agent);
  }

  private wakeCountWaiters(agent: string): void {
    const made = this.requestsOf(agent).length;
    for (const waiter of [...this.countWaiters]) {
      if (waiter.agent === agent && made >= waiter.count) {
        this.countWaiters.splice(this.countWaiters.indexOf(waiter), 1);
        waiter.wake();
      }
    }
  }

  readonly port: ModelPort = async (raw) => {
    const parsed = compiledSchema(ModelRequestSchema).safeParse(raw);
    if (!parsed.success) {
      const problem = `adapter method model port (request): sent a malformed request: ${describeIssues(parsed.error)}`;
      this.problems.push(problem);
      throw new Error(problem);
    }
    const request = canonicalRequest(withoutUndefinedFields(parsed.data));
    this.requests.push(request);
    this.wakeCountWaiters(request.agent);
    const n = this.requestsOf(request.agent).length;
    const key = `${request.agent}#${n}`;
    if (this.onRequest) {
      try {
        await this.onRequest(request.agent, n);
      } catch (error) {
        this.problems.push(
          `reading the log when request ${n} arrived: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const actions = this.actions.get(key) ?? [];
    this.actions.delete(key);
    for (const action of actions) {
      try {
        await action();
      } catch (error) {
        this.problems.push(
          `mid-turn action during request ${n}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const gate = this.held.get(key);
    if (gate) {
      gate.reached = true;
      gate.arrived.resolve();
      await gate.release.promise;
    }
    const reply = this.numbered.get(key) ?? DEFAULT_REPLY;
    this.replies.push(reply);
    return reply;
  };
}
