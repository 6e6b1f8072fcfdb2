/** Comparing system prompts and tool catalogs across requests and agents (POLICY, TOOL-02, SCOPE-01). */
import { Then } from '@cucumber/cucumber';
import { expectEqual, expectTrue, show } from '../assertions/expect.js';
import { throughOrder50 } from '../assertions/system-prompt.js';
import type { PlanWorld } from '../world/plan-world.js';

Then(
  'the system prompts of requests {int}, {int} and {int} are identical through order 50',
  async function (this: PlanWorld, a: number, b: number, c: number) {
    // What follows order 50 is the host's own and may change (system-prompt.ts, throughOrder50).
    const first = throughOrder50((await this.request(a)).systemPrompt, `request ${a}`);
    for (const n of [b, c]) {
      expectEqual(
        throughOrder50((await this.request(n)).systemPrompt, `request ${n}`),
        first,
        `system prompt through order 50, request ${n} vs request ${a}`,
      );
    }
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
