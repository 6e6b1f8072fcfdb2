/**
 * Request headers: which plan state each request was assembled under, read
 * from the log. A header may be logged before the call or with the reply
 * (docs/clauses.md, "Left open"); headers pair with requests in order.
 */
import { Then } from '@cucumber/cucumber';
import type { ModelRequest } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { layoutOf, occurrences } from '../assertions/system-prompt.js';
import { foldPlanMode } from '../world/observations.js';
import type { PlanWorld } from '../world/plan-world.js';

/** Does this request carry the plan section, at order 50 and only there (POLICY-01)? */
function guidedByPlan(world: PlanWorld, request: ModelRequest, label: string): boolean {
  const text = world.planSection();
  const layout = layoutOf(request.systemPrompt, label);
  const count = occurrences(request.systemPrompt, text);
  if (count === 0) return false;
  expectTrue(
    count === 1 && layout.atOrder50.includes(text),
    () => `${label}: the plan section must appear once, at order 50; system prompt ${show(request.systemPrompt)}`,
  );
  return true;
}

async function logOf(world: PlanWorld) {
  return (await world.host()).readLog(await world.agent());
}

Then('every request header agrees with the plan guidance of its request', async function (this: PlanWorld) {
  const agent = await this.agent();
  const requests = this.model.requestsOf(agent);
  const log = await logOf(this);
  expectTrue(requests.length > 0, 'the agent made no model request');
  for (const [index, request] of requests.entries()) {
    const n = index + 1;
    const header = await this.headerInForce(agent, n);
    expectEqual(
      guidedByPlan(this, request, `request ${n}`),
      foldPlanMode(log.slice(0, header)),
      `request ${n} in plan mode vs the fold of the log before its header`,
    );
  }
});

/**
 * SET-06: the selection's plan/mode event was in the log when request n reached
 * the model, after the header of request n - 1 and before that of request n.
 */
Then(
  'the plan\\/mode event comes before the header of request {int}, which is the first to show it',
  async function (this: PlanWorld, n: number) {
    const log = await logOf(this);
    const agent = await this.agent();
    const header = await this.headerInForce(agent, n);
    const lastPlanMode = log.findLastIndex((event) => event.type === 'plan/mode');
    expectTrue(lastPlanMode >= 0, 'the log holds no plan/mode event');
    expectTrue(
      lastPlanMode < header,
      `the last plan/mode event (#${lastPlanMode}) must precede the header of request ${n} (#${header})`,
    );
    const atRequest = this.logAtRequest.get(`${agent}#${n}`);
    if (!atRequest) fail(`the log was not read when request ${n} reached the model`);
    expectTrue(
      lastPlanMode < atRequest.length,
      `the plan/mode event (#${lastPlanMode}) was not yet logged when request ${n} reached the model (the log then held ${atRequest.length} events)`,
    );
    if (n > 1) {
      const previous = await this.headerInForce(agent, n - 1);
      expectTrue(
        lastPlanMode > previous,
        `the plan/mode event (#${lastPlanMode}) should come after the header of request ${n - 1} (#${previous})`,
      );
    }
  },
);

Then(
  'the headers of requests {int} and {int} describe plan mode {onoff} and {onoff}',
  async function (this: PlanWorld, a: number, b: number, first: boolean, second: boolean) {
    const log = await logOf(this);
    const agent = await this.agent();
    const described: boolean[] = [];
    for (const n of [a, b]) described.push(foldPlanMode(log.slice(0, await this.headerInForce(agent, n))));
    expectEqual(described, [first, second], `plan state described by the headers of requests ${a} and ${b}`);
  },
);
