/**
 * Delegated children (the rc.8 edition, REVIEW-07): a child agent owned by a
 * live agent cannot open the plan review; any other agent, a fork included,
 * opens it as TOOL-04 says. The refusal's wording is the host's own: it is
 * shown for review, never judged.
 */
import { Given, Then } from '@cucumber/cucumber';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { showForReview } from '../assertions/review-text.js';
import { readsAsPlanReview } from '../script/scripted-user.js';
import { requestNumber, toolResults } from '../world/observations.js';
import type { PlanWorld } from '../world/plan-world.js';
import { assertOneReviewShowingPlan } from './review.steps.js';

Given('{agent} is a child agent owned by {agent}', async function (this: PlanWorld, name: string, owner: string) {
  if (this.agents.has(name)) fail(`${name} already exists in this scenario`);
  const host = await this.host();
  this.agents.set(name, await host.spawnOwnedChild(await this.agent(owner)));
});

/**
 * REVIEW-07: a failed call, and no plan review reached the user for that agent
 * (a question of the host's own approval policy may: SCOPE-02).
 */
Then(
  'request {int} of {agent} shows exit_plan_mode failing without a review',
  async function (this: PlanWorld, n: number, name: string) {
    const agent = await this.agent(name);
    const request = requestNumber(this.model.requestsOf(agent), n, name);
    const result = toolResults(request.messages, 'exit_plan_mode').at(-1);
    if (!result) fail(`request ${n} of ${name} shows no exit_plan_mode result`);
    expectTrue(
      result.isError,
      () => `the exit_plan_mode result in request ${n} of ${name} should be a failed call: ${show(result)}`,
    );
    const reviews = this.user.asked.filter((asked) => asked.agent === agent && readsAsPlanReview(asked.question));
    expectEqual(
      reviews.length,
      0,
      () => `plan reviews asked of the user for ${name} (${show(reviews.map((asked) => asked.question))})`,
    );
    showForReview(this, 'owned-child-review-failure', result.text);
  },
);

/** TOOL-04: exactly one review, for that agent, carrying the submitted plan unchanged. */
Then(
  'the user was asked one plan review, for {agent}, showing the plan {string}',
  async function (this: PlanWorld, name: string, plan: string) {
    await assertOneReviewShowingPlan(this, name, plan);
  },
);

/**
 * REVIEW-07 or TOOL-04, as the host counts the agent: whether a fresh fork of an owned child is owned too (by its
 * origin's owner) is the host's own, so either holds in full. Owned: a failed call, no plan review asked for it,
 * plan mode still on. Its own: one review for it carrying the plan, approved (the script says so), so a success
 * with `{ approved: true }` and plan mode off. A mix of the two (a review and a failure, a success unasked, a
 * refusal that leaves plan mode) is neither.
 */
Then(
  'request {int} of {agent} shows exit_plan_mode either refused without a review, staying in plan mode, or reviewed with the plan {string} and approved, leaving it',
  async function (this: PlanWorld, n: number, name: string, plan: string) {
    const agent = await this.agent(name);
    const request = requestNumber(this.model.requestsOf(agent), n, name);
    const result = toolResults(request.messages, 'exit_plan_mode').at(-1);
    if (!result) fail(`request ${n} of ${name} shows no exit_plan_mode result`);
    const reviews = this.user.asked.filter((asked) => asked.agent === agent && readsAsPlanReview(asked.question));
    const state = await (await this.host()).getPlanMode(agent);
    if (reviews.length === 0) {
      expectTrue(
        result.isError,
        () =>
          `no plan review was asked for ${name}, so its exit_plan_mode must be refused as an owned agent's (a failed call); request ${n} showed ${show(result)}`,
      );
      expectTrue(
        state.active,
        () => `${name} was refused the review, so it stays in plan mode; get reports ${show(state)}`,
      );
      showForReview(this, 'owned-child-review-failure', result.text);
      return;
    }
    await assertOneReviewShowingPlan(this, name, plan);
    expectTrue(
      !result.isError,
      () => `the review of ${name} was approved, so its exit_plan_mode should succeed: ${show(result)}`,
    );
    expectEqual(
      result.value,
      { approved: true },
      `the structured value of the approved exit_plan_mode result of ${name}`,
    );
    expectTrue(!state.active, () => `${name}'s approved exit leaves plan mode; get reports ${show(state)}`);
  },
);
