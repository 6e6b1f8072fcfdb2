/**
 * The exit review: how the kit's user answers the question `exit_plan_mode`
 * asks, what that question looked like, and what the model read afterwards.
 *
 * The keep-planning option's label is the host's own, so replies that select it
 * are written from the review they answer (the scripted user hands a reply
 * function the question). Questions other than plan reviews are the host's
 * own business: the scripted user answers them with their first option and
 * never gives them a scripted reply (script/scripted-user.ts).
 */
import { Given, Then } from '@cucumber/cucumber';
import type { AssistantMessage, Question, ToolResultMessage } from '../../src/index.js';
import { PLAN_REVIEW_INTENT, readsAsPlanReview, type ScriptedReply } from '../script/scripted-user.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { showForReview } from '../assertions/review-text.js';
import { requestNumber, toolResults } from '../world/observations.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';

export const APPROVE = 'Approve';

/** Error messages the scenario's question provider fails reviews with: text the kit chose (REVIEW-06). */
const providerMessages = new WeakMap<PlanWorld, string[]>();

export function providerMessagesOf(world: PlanWorld): string[] {
  let list = providerMessages.get(world);
  if (!list) {
    list = [];
    providerMessages.set(world, list);
  }
  return list;
}

/** The last plan review the user was asked; fails, listing every question asked, when there was none. */
function lastReview(world: PlanWorld): Question {
  const review = world.user.reviews.at(-1);
  if (!review) {
    fail(
      `the user was asked no plan review (a question with the intent ${show(PLAN_REVIEW_INTENT)}); questions asked: ${show(world.user.asked.map((a) => a.question))}`,
    );
  }
  return review.question;
}

/** The first offered option that is not the approving one. */
export function keepPlanningLabel(world: PlanWorld, question: Question): string {
  const approve = question.approveLabel ?? APPROVE;
  const other = question.options.find((option) => option.label !== approve && option.label !== APPROVE);
  if (!other) {
    world.user.problems.push(
      `the review offers no keep-planning option besides ${show(approve)}: ${show(question.options)}`,
    );
    return '(no keep-planning option offered)';
  }
  return other.label;
}

/** A reply selecting labels written from the review it answers. */
function answerWith(select: (question: Question) => string[], freeText?: string): ScriptedReply {
  return (question) => ({
    type: 'answer',
    selected: select(question),
    ...(freeText === undefined ? {} : { freeText }),
  });
}

Given('the user will answer the review by selecting Approve', function (this: PlanWorld) {
  this.user.willReply({ type: 'answer', selected: [APPROVE] });
});

Given(
  'the user will answer the review by selecting Approve with the feedback {text}',
  function (this: PlanWorld, text: string) {
    this.user.willReply({ type: 'answer', selected: [APPROVE], freeText: text });
  },
);

Given('the user will answer the review by selecting the keep-planning option', function (this: PlanWorld) {
  this.user.willReply(answerWith((question) => [keepPlanningLabel(this, question)]));
});

Given(
  'the user will answer the review by selecting the keep-planning option with the feedback {text}',
  function (this: PlanWorld, text: string) {
    this.user.willReply(answerWith((question) => [keepPlanningLabel(this, question)], text));
  },
);

Given(
  'the user will answer the review by selecting both Approve and the keep-planning option',
  function (this: PlanWorld) {
    this.user.willReply(answerWith((question) => [APPROVE, keepPlanningLabel(this, question)]));
  },
);

/**
 * SET-02: a turn is open while its tools run, the review waiting for the user included, though no request is in
 * flight then: a selection made there is held for the next boundary like any other made while the agent runs.
 */
Given(
  'while the review waits for an answer, the user turns plan mode {onoff}, then selects the keep-planning option',
  function (this: PlanWorld, active: boolean) {
    this.user.willReply(async (question) => {
      await this.selectPlanMode(DEFAULT_AGENT, active);
      return { type: 'answer', selected: [keepPlanningLabel(this, question)] };
    });
  },
);

Given('the user will answer the review by typing only {text}', function (this: PlanWorld, text: string) {
  this.user.willReply({ type: 'answer', selected: [], freeText: text });
});

Given('the user will answer the review with no answer item', function (this: PlanWorld) {
  this.user.willReply({ type: 'no-answer' });
});

Given('the user will dismiss the review to talk instead', function (this: PlanWorld) {
  this.user.willReply({ type: 'dismiss' });
});

Given('the user will abort the review', function (this: PlanWorld) {
  this.user.willReply({ type: 'abort' });
});

Given('the question provider will fail the review with {text}', function (this: PlanWorld, message: string) {
  providerMessagesOf(this).push(message);
  this.user.willReply({ type: 'fail', message });
});

/** REVIEW-02: a UI that renders the intent selects the label the question names as approving. */
Given(
  'the user will answer the review by selecting the label the question names as approving',
  function (this: PlanWorld) {
    this.user.willReply(
      answerWith((question) => {
        const label = question.approveLabel;
        if (label === undefined) {
          this.user.problems.push('the review names no approving label (approveLabel is missing)');
          return [];
        }
        return [label];
      }),
    );
  },
);

/**
 * REVIEW-02 / LIM-02: a generic UI never reads intent or approveLabel. It shows
 * the options, the user picks the one labelled so, and it submits that one
 * selection as any single question's answer (the plain `answer` reply, which
 * every adapter maps), where the intent-aware UI above picks the label the
 * question names as approving. A correct host reads both the same. (Several
 * answer items, the `answers` reply, belong to the scenarios about them.)
 */
Given(
  'a generic question UI will answer the review by selecting the option labelled {string}',
  function (this: PlanWorld, label: string) {
    this.user.willReply(
      answerWith((question) => {
        const shown = question.options.map((option) => option.label);
        if (!shown.includes(label)) {
          this.user.problems.push(`a generic UI cannot select ${show(label)}: the question offers ${show(shown)}`);
        }
        return shown.filter((offered) => offered === label).slice(0, 1);
      }),
    );
  },
);

Given('a generic question UI will answer the review by selecting its other option', function (this: PlanWorld) {
  this.user.willReply(answerWith((question) => [keepPlanningLabel(this, question)]));
});

function assertReviewCount(this: PlanWorld, count: number): void {
  expectEqual(
    this.user.reviews.length,
    count,
    () =>
      `number of plan reviews the user was asked (every question asked: ${show(this.user.asked.map((a) => a.question))})`,
  );
}

Then('the user was asked {int} plan review(s)', assertReviewCount);

/**
 * TOOL-03, REVIEW-07 among other reviews: the questions that read as a plan review by any of REVIEW-01's marks
 * (the intent, an approving label, an `Approve` option), so that a review without its intent counts too.
 */
Then('the user was asked {int} question(s) that read(s) as a plan review', function (this: PlanWorld, count: number) {
  const reviews = this.user.asked.filter((asked) => readsAsPlanReview(asked.question));
  expectEqual(
    reviews.length,
    count,
    () =>
      `number of questions that read as a plan review (intent plan-review, an approve label or an Approve option; every question asked: ${show(this.user.asked.map((a) => a.question))})`,
  );
});
Then('the number of plan reviews the user was asked is {int}', assertReviewCount);

/**
 * TOOL-04: exactly one review, for the named agent, carrying the plan as
 * submitted, byte for byte (surrounding white space included).
 */
export async function assertOneReviewShowingPlan(world: PlanWorld, name: string, plan: string): Promise<void> {
  expectEqual(
    world.user.reviews.length,
    1,
    () =>
      `number of plan reviews the user was asked (every question asked: ${show(world.user.asked.map((a) => a.question))})`,
  );
  const asked = world.user.reviews[0]!;
  expectEqual(asked.agent, await world.agent(name), `the agent the review was asked for (${name})`);
  const shown = [asked.question.question, asked.question.detail ?? ''];
  // Containment, as TOOL-04 and "Left open" state it: the plan verbatim in the question text or its detail,
  // beside words of the host's own.
  expectTrue(
    shown.some((text) => text.includes(plan)),
    () =>
      `the review should carry the submitted plan unchanged, ${show(plan)}; it showed question ${show(asked.question.question)} and detail ${show(asked.question.detail)}`,
  );
}

Then(
  'the user was asked exactly one plan review, for the agent, showing the plan:',
  async function (this: PlanWorld, plan: string) {
    await assertOneReviewShowingPlan(this, DEFAULT_AGENT, plan);
  },
);

/** TOOL-04 among several reviews: the `k`th plan review was for that agent and carried the submitted plan unchanged, white space included. */
Then(
  'plan review {int} was asked for {agent}, showing the plan {text}',
  async function (this: PlanWorld, k: number, name: string, plan: string) {
    const asked = this.user.reviews[k - 1];
    if (!asked)
      fail(
        `the user was asked ${this.user.reviews.length} plan review(s), not ${k} (every question asked: ${show(this.user.asked.map((a) => a.question.question))})`,
      );
    expectEqual(asked.agent, await this.agent(name), `the agent plan review ${k} was asked for (${name})`);
    const shown = [asked.question.question, asked.question.detail ?? ''];
    expectTrue(
      shown.some((text) => text.includes(plan)),
      () =>
        `plan review ${k} should carry the submitted plan unchanged (${plan.length} characters, ${show(plan.slice(0, 80))}...); it showed question ${show(asked.question.question.slice(0, 200))} and detail ${show((asked.question.detail ?? '').slice(0, 200))}`,
    );
  },
);

/** TOOL-04 at size: the one review carries the generated plan (tens of kilobytes) unchanged, not a part of it. */
Then('the user was asked exactly one plan review, for the agent, showing that plan', async function (this: PlanWorld) {
  const plan = this.submittedPlans.at(-1);
  if (plan === undefined) fail('no step of this scenario generated a plan for the model to submit');
  expectEqual(
    this.user.reviews.length,
    1,
    () =>
      `number of plan reviews the user was asked (every question asked: ${show(this.user.asked.map((a) => a.question.question))})`,
  );
  const asked = this.user.reviews[0]!;
  expectEqual(asked.agent, await this.agent(), 'the agent the review was asked for');
  const shown = [asked.question.question, asked.question.detail ?? ''];
  expectTrue(
    shown.some((text) => text.includes(plan)),
    () =>
      `the review should carry the submitted plan of ${plan.length} characters unchanged; it showed a question of ${asked.question.question.length} and a detail of ${(asked.question.detail ?? '').length} characters`,
  );
});

Then('the review declares the plan-review intent and names Approve as approving', function (this: PlanWorld) {
  const question = lastReview(this);
  expectEqual(
    { intent: question.intent, approveLabel: question.approveLabel },
    { intent: 'plan-review', approveLabel: APPROVE },
    "the review question's intent and approving label",
  );
});

Then('the review offers Approve beside a keep-planning option', function (this: PlanWorld) {
  const question = lastReview(this);
  const labels = question.options.map((option) => option.label);
  expectTrue(labels.includes(APPROVE), () => `the review should offer ${show(APPROVE)}: ${show(labels)}`);
  expectTrue(
    labels.some((label) => label !== APPROVE && label.trim().length > 0),
    () => `the review should offer a keep-planning option beside Approve: ${show(labels)}`,
  );
});

Then('the review reads as a question on its own, without its intent', function (this: PlanWorld) {
  const question = lastReview(this);
  expectTrue(
    question.question.trim().length > 0,
    () => `the review has no question text a generic UI could show: ${show(question)}`,
  );
  expectTrue(
    question.options.length >= 2,
    () => `the review offers fewer than two options a generic UI could show: ${show(question.options)}`,
  );
  expectTrue(
    question.options.every((option) => option.label.trim().length > 0),
    () => `every option needs a label: ${show(question.options)}`,
  );
});

async function exitResults(world: PlanWorld, n: number, name = DEFAULT_AGENT): Promise<ToolResultMessage[]> {
  const request = await world.request(n, name);
  return toolResults(request.messages, 'exit_plan_mode');
}

/** REVIEW-05: a failed call whose wording is free (the distinctness it owes is judged where all failures meet). */
Then(
  'request {int} shows exit_plan_mode failing because the user takes over',
  async function (this: PlanWorld, n: number) {
    const result = (await exitResults(this, n)).at(-1);
    if (!result) fail(`request ${n} shows no exit_plan_mode result`);
    expectTrue(result.isError, () => `a dismissed review should be a failed call: ${show(result)}`);
    expectTrue(
      result.text.trim().length > 0,
      'the failed exit_plan_mode result of a dismissed review carries no message',
    );
    showForReview(this, 'dismissal-failure', result.text);
  },
);

/** REVIEW-06: the seam's own message, which the kit did not choose, so only its presence is judged. */
Then(
  'request {int} shows exit_plan_mode failing with its own non-empty message',
  async function (this: PlanWorld, n: number) {
    const result = (await exitResults(this, n)).at(-1);
    if (!result) fail(`request ${n} shows no exit_plan_mode result`);
    expectTrue(result.isError, () => `the exit_plan_mode result should be a failed call: ${show(result)}`);
    expectTrue(result.text.trim().length > 0, 'the failed exit_plan_mode result carries no message');
    showForReview(this, 'seam-error-failure', result.text);
  },
);

/**
 * REVIEW-05: the dismissal's failure must differ from the keep-planning
 * failure and from the seam's own errors; REVIEW-06: every one is a failed
 * call. Nothing else is compared: two seam errors, or a rejection and a seam
 * error, may read alike.
 */
Then(
  'request {int} shows {int} failed exit_plan_mode results, the dismissal \\(result {int}\\) unlike every other',
  async function (this: PlanWorld, n: number, count: number, dismissal: number) {
    const results = await exitResults(this, n);
    expectEqual(results.length, count, `number of exit_plan_mode results in request ${n}`);
    results.forEach((result, index) =>
      expectTrue(result.isError, () => `exit_plan_mode result ${index + 1} should be a failed call: ${show(result)}`),
    );
    const dismissed = results[dismissal - 1];
    if (!dismissed) fail(`request ${n} has no exit_plan_mode result ${dismissal}`);
    showForReview(this, 'dismissal-failure', dismissed.text);
    results.forEach((result, index) => {
      if (index === dismissal - 1) return;
      expectTrue(
        result.text !== dismissed.text,
        () =>
          `the dismissal's failure (result ${dismissal}) must differ from the keep-planning failure and the seam's errors, but result ${index + 1} reads the same: ${show(result.text)}`,
      );
    });
  },
);

/** REVIEW-05 between two of an agent's failed calls (explore prints it): their texts differ. */
Then(
  'request {int} of {agent} shows exit_plan_mode result {int} unlike result {int}',
  async function (this: PlanWorld, n: number, name: string, first: number, second: number) {
    const results = await exitResults(this, n, name);
    const [one, other] = [results[first - 1], results[second - 1]];
    if (!one || !other)
      fail(
        `request ${n} of ${name} shows ${results.length} exit_plan_mode result(s), not results ${first} and ${second}`,
      );
    showForReview(this, 'dismissal-failure', one.text);
    expectTrue(
      one.text !== other.text,
      () =>
        `exit_plan_mode results ${first} and ${second} of request ${n} of ${name} must differ; both read ${show(one.text)}`,
    );
  },
);

/**
 * TOOL-01/TOOL-04 with the choice the seed leaves open: a host may review any
 * plan string, or refuse one it considers malformed as a failed call without a
 * review. A review must carry the plan unchanged and its approval must leave.
 */
export async function assertReviewedUnchangedOrRefused(world: PlanWorld, n: number, plan: string): Promise<void> {
  const result = (await exitResults(world, n)).at(-1);
  if (!result) fail(`request ${n} shows no exit_plan_mode result`);
  const state = await (await world.host()).getPlanMode(await world.agent());
  if (world.user.reviews.length === 0) {
    expectTrue(
      result.isError,
      () => `exit_plan_mode opened no review, so the call should have failed: ${show(result)}`,
    );
    expectEqual(state, { active: true }, 'get(agent) after a refused plan');
    return;
  }
  expectEqual(world.user.reviews.length, 1, 'number of reviews the plan opened');
  const asked = world.user.reviews[0]!.question;
  // Containment, as TOOL-04 and "Left open" state it: the plan verbatim in the question text or its detail.
  expectTrue(
    [asked.question, asked.detail ?? ''].some((text) => text.includes(plan)),
    () =>
      `the review should carry the plan unchanged, ${show(plan)}; it showed ${show(asked.question)} and detail ${show(asked.detail)}`,
  );
  expectTrue(!result.isError, () => `the approved review should succeed: ${show(result)}`);
  expectEqual(state, { active: false }, 'get(agent) after the approved review');
}

Then(
  'request {int} shows the plan {string} reviewed unchanged, or refused without a review',
  async function (this: PlanWorld, n: number, plan: string) {
    await assertReviewedUnchangedOrRefused(this, n, plan);
  },
);

/**
 * TOOL-01/03, REVIEW-07: the call opened no plan review. Only a review is
 * plan mode's business: a question the host's own approval policy asks around
 * a tool call (SCOPE-02) may come and go. A review is any question that reads
 * as one: the `plan-review` intent, an approving label, or an `Approve`
 * option (REVIEW-01 requires a review to carry them), so a review that left
 * out its intent still counts.
 */
Then('no plan review was opened', function (this: PlanWorld) {
  const reviews = this.user.asked.filter((asked) => readsAsPlanReview(asked.question));
  expectEqual(
    reviews.map((asked) => asked.question),
    [],
    'questions that read as a plan review (intent plan-review, an approve label or an Approve option)',
  );
});

Then(
  'request {int} still carries the exit_plan_mode call with the plan {string} and the result request {int} showed',
  async function (this: PlanWorld, later: number, plan: string, earlier: number) {
    const agent = await this.agent();
    const laterRequest = requestNumber(this.model.requestsOf(agent), later, DEFAULT_AGENT);
    const calls = laterRequest.messages
      .filter((message): message is AssistantMessage => message.role === 'assistant')
      .flatMap((message) => message.toolCalls)
      .filter((call) => call.name === 'exit_plan_mode');
    const call = calls.find((candidate) => candidate.arguments.plan === plan);
    if (!call)
      fail(`request ${later} carries no exit_plan_mode call with the plan ${show(plan)}; its calls: ${show(calls)}`);
    const result = toolResults(laterRequest.messages, 'exit_plan_mode').find(
      (candidate) => candidate.toolCallId === call.id,
    );
    if (!result) fail(`request ${later} carries the exit_plan_mode call ${show(call.id)} but not its result`);
    const first = (await exitResults(this, earlier)).find((candidate) => candidate.toolCallId === call.id);
    if (!first) fail(`request ${earlier} shows no result for the exit_plan_mode call ${show(call.id)}`);
    expectEqual(result, first, `the exit_plan_mode result in request ${later} vs request ${earlier}`);
  },
);
