/**
 * The kit's model. It answers each request from a script (numbered per agent,
 * counting every request the agent makes, retries included), runs the user's
 * mid-turn actions while it "thinks", and records every request it saw.
 */
import { ModelRequestSchema, type ModelPort, type ModelRequest, type ModelResponse } from '../../src/index.js';
import { describeIssues } from '../guard/adapter-error.js';

export const DEFAULT_REPLY: ModelResponse = { type: 'text', text: 'Done.' };

/** Something the user does while the model handles a request. */
export type MidTurnAction = () => Promise<void>;

export class ScriptedModel {
  /** Every request, in arrival order. */
  readonly requests: ModelRequest[] = [];
  /** Problems with what the host sent, surfaced by the step that awaited the turn. */
  readonly problems: string[] = [];
  private readonly numbered = new Map<string, ModelResponse>();
  private readonly actions = new Map<string, MidTurnAction[]>();
  /** Called as each request arrives, before mid-turn actions (the world snapshots the log here). */
  onRequest: ((agent: string, n: number) => Promise<void>) | undefined;

  /** Answer the agent's `n`th request (1-based) with `response`. */
  answer(agent: string, n: number, response: ModelResponse): void {
    this.numbered.set(`${agent}#${n}`, response);
  }

  /** Run `action` while the agent's `n`th request is being handled, before answering. */
  during(agent: string, n: number, action: MidTurnAction): void {
    const key = `${agent}#${n}`;
    this.actions.set(key, [...(this.actions.get(key) ?? []), action]);
  }

  /** Mid-turn actions scripted for requests that never came: a scenario must not pass without them. */
  unrunActions(): string[] {
    return [...this.actions.keys()];
  }

  requestsOf(agent: string): ModelRequest[] {
    return this.requests.filter((request) => request.agent === agent);
  }

  readonly port: ModelPort = async (raw) => {
    const parsed = ModelRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const problem = `adapter method model port (request): sent a malformed request: ${describeIssues(parsed.error)}`;
      this.problems.push(problem);
      throw new Error(problem);
    }
    const request = parsed.data;
    this.requests.push(request);
    const n = this.requestsOf(request.agent).length;
    const key = `${request.agent}#${n}`;
    if (this.onRequest) {
      try {
        await this.onRequest(request.agent, n);
      } catch (error) {
        this.problems.push(`reading the log when request ${n} arrived: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const actions = this.actions.get(key) ?? [];
    this.actions.delete(key);
    for (const action of actions) {
      try {
        await action();
      } catch (error) {
        this.problems.push(`mid-turn action during request ${n}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return this.numbered.get(key) ?? DEFAULT_REPLY;
  };
}
