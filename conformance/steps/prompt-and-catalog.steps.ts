/** Comparing system prompts and tool catalogs across requests and agents (POLICY, TOOL-02, SCOPE-01). */
import { Then } from '@cucumber/cucumber';
import { expectEqual, expectTrue, show } from '../assertions/expect.js';
import type { PlanWorld } from '../world/plan-world.js';

Then(
  'the system prompts of requests {int}, {int} and {int} are identical',
  async function (this: PlanWorld, a: number, b: number, c: number) {
    const first = (await this.request(a)).systemPrompt;
    expectEqual((await this.request(b)).systemPrompt, first, `system prompt of request ${b} vs request ${a}`);
    expectEqual((await this.request(c)).systemPrompt, first, `system prompt of request ${c} vs request ${a}`);
  },
);

Then(
  'the system prompts of requests {int} and {int} are not identical',
  async function (this: PlanWorld, a: number, b: number) {
    const first = (await this.request(a)).systemPrompt;
    const second = (await this.request(b)).systemPrompt;
    expectTrue(first !== second, () => `the system prompts of requests ${a} and ${b} are identical: ${show(first)}`);
  },
);

Then(
  'request {int} of {agent} and request {int} of {agent} carry the same tool catalog',
  async function (this: PlanWorld, a: number, first: string, b: number, second: string) {
    const one = await this.request(a, first);
    const two = await this.request(b, second);
    expectEqual(two.tools, one.tools, `tool catalog of request ${b} of ${second} vs request ${a} of ${first}`);
  },
);
