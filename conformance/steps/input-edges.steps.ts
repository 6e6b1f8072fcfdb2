/**
 * Edge inputs: `/plan` lines with tabs and line breaks, review answers with
 * labels that were not offered or several answer items, and the one answer
 * whose verdict the seed leaves open. Feature text cannot hold a tab, so
 * command lines and messages write `⇥` for a tab, `↵` for a line break and
 * `⟨U+hex⟩` for any character by its code point (see `withWhiteSpace`).
 */
import { Given, Then, When } from '@cucumber/cucumber';
import type { AnswerItemReply, Question } from '../../src/index.js';
import type { ScriptedReply } from '../script/scripted-user.js';
import { assertReviewedUnchangedOrRefused, keepPlanningLabel } from './review.steps.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { assertInPlanMode, assertNotInPlanMode } from './requests.steps.js';
import { typeCommand } from './commands.steps.js';
import { planModeEvents, toolResults } from '../world/observations.js';
import type { PlanWorld } from '../world/plan-world.js';
import { readNotation } from '../world/text-notation.js';
import { planSideOf } from '../world/host-messages.js';

/** Stands for the host's own keep-planning label in a scripted answer. */
const KEEP_PLANNING = 'KEEP-PLANNING';

/** `⇥` is a tab, `↵` a line break, `⟨U+3000⟩` the character of that code point (world/text-notation.ts). */
export const withWhiteSpace = readNotation;

When(
  'the user types the command {string}, reading ⇥ as a tab, ↵ as a line break and ⟨U+hex⟩ as that character',
  async function (this: PlanWorld, line: string) {
    await typeCommand(this, 'the agent', withWhiteSpace(line));
    this.assertNoProblems();
  },
);

Then(
  'the first request carries just the user message {string} in plan mode, reading ⇥, ↵ and ⟨U+hex⟩ the same way',
  async function (this: PlanWorld, text: string) {
    const request = await this.request(1);
    expectEqual(
      await planSideOf(this, request),
      [{ role: 'user', source: 'user', text: withWhiteSpace(text) }],
      'the messages of the first request after the command',
    );
    assertInPlanMode(this, request, 'the first request after the command');
  },
);

// ---------------------------------------------------------------------------
// Plans with surrounding white space: the review carries them byte for byte (TOOL-04)

let spacedPlanCalls = 0;

Given(
  'the model will answer request {int} by calling exit_plan_mode with the plan {string}, reading ⇥ as a tab, ↵ as a line break and ⟨U+hex⟩ as that character',
  async function (this: PlanWorld, n: number, plan: string) {
    spacedPlanCalls += 1;
    this.model.answer(await this.agent(), n, {
      type: 'tool_calls',
      text: '',
      calls: [
        {
          id: `call_spaced_plan_${spacedPlanCalls}`,
          name: 'exit_plan_mode',
          arguments: { plan: withWhiteSpace(plan) },
        },
      ],
    });
  },
);

/** As "reviewed unchanged, or refused": a host may refuse a plan it finds malformed (left open), never trim one it reviews. */
Then(
  'request {int} shows the plan {string} reviewed byte for byte, or refused without a review, reading ⇥, ↵ and ⟨U+hex⟩ the same way',
  async function (this: PlanWorld, n: number, plan: string) {
    await assertReviewedUnchangedOrRefused(this, n, withWhiteSpace(plan));
  },
);

// ---------------------------------------------------------------------------
// Review feedback: whatever the user types reaches the model byte for byte within the failure (REVIEW-04)

const READING = 'reading ⇥ as a tab, ↵ as a line break and ⟨U+hex⟩ as that character';

Given(
  `the user will answer the review by selecting the keep-planning option with the feedback {string}, ${READING}`,
  function (this: PlanWorld, text: string) {
    this.user.willReply((question) => ({
      type: 'answer',
      selected: [keepPlanningLabel(this, question)],
      freeText: withWhiteSpace(text),
    }));
  },
);

Given(`the user will answer the review by typing only {string}, ${READING}`, function (this: PlanWorld, text: string) {
  this.user.willReply({ type: 'answer', selected: [], freeText: withWhiteSpace(text) });
});

// ---------------------------------------------------------------------------
// Review answers

/** The scripted label, with `KEEP-PLANNING` read as the first offered option of the review that is not `Approve`. */
function resolveLabel(world: PlanWorld, question: Question, label: string): string {
  return label === KEEP_PLANNING ? keepPlanningLabel(world, question) : label;
}

function parseJson<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    fail(
      `the scenario's ${what} is not JSON: ${show(text)} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** An answer whose labels resolve against the review it answers, so `KEEP-PLANNING` means the option it offers. */
function answerLabels(world: PlanWorld, labels: string[], freeText?: string): ScriptedReply {
  return (question) => ({
    type: 'answer',
    selected: labels.map((label) => resolveLabel(world, question, label)),
    ...(freeText === undefined ? {} : { freeText }),
  });
}

function labelList(json: string): string[] {
  const labels = parseJson<unknown>(json, 'label list');
  if (!Array.isArray(labels) || !labels.every((label) => typeof label === 'string'))
    fail(`the labels must be a JSON list of strings: ${show(json)}`);
  return labels;
}

Given(
  'the user will answer the review by selecting exactly the labels {string}',
  function (this: PlanWorld, json: string) {
    this.user.willReply(answerLabels(this, labelList(json)));
  },
);

Given(
  'the user will answer the review by selecting exactly the labels {string} with the free text {string}',
  function (this: PlanWorld, json: string, freeText: string) {
    this.user.willReply(answerLabels(this, labelList(json), freeText));
  },
);

Given('the user will answer the review with the answer items {string}', function (this: PlanWorld, json: string) {
  const items = parseJson<AnswerItemReply[]>(json, 'answer items');
  if (!Array.isArray(items) || !items.every((item) => Array.isArray(item?.selected)))
    fail(`the answer items must be a JSON list of { selected, freeText? }: ${show(json)}`);
  this.user.willReply((question) => ({
    type: 'answers',
    items: items.map((item) => ({
      ...item,
      selected: item.selected.map((label) => resolveLabel(this, question, label)),
    })),
  }));
});

/**
 * Where the seed leaves the verdict open (Approve with an empty free text),
 * either verdict passes, as long as the host acts on the one it gave: an
 * approval returns `{ approved: true }` and leaves plan mode from the next
 * request on; anything else is a failed call that keeps plan mode.
 */
Then(
  'request {int} shows exit_plan_mode either approving or not, and plan mode follows that verdict',
  async function (this: PlanWorld, n: number) {
    const request = await this.request(n);
    const result = toolResults(request.messages, 'exit_plan_mode').at(-1);
    if (!result) fail(`request ${n} shows no exit_plan_mode result`);
    const log = await (await this.host()).readLog(await this.agent());
    const events = planModeEvents(log).map((event) => event.payload.active);
    const state = await (await this.host()).getPlanMode(await this.agent());
    if (!result.isError) {
      expectEqual(
        result.value,
        { approved: true },
        () => `the structured value of the approving exit_plan_mode result ${show(result)}`,
      );
      assertNotInPlanMode(this, request, `request ${n}, after the host approved`);
      expectEqual(events, [true, false], 'the plan/mode events after the host approved');
      expectEqual(state, { active: false }, 'get(agent) after the host approved');
    } else {
      expectTrue(
        result.text.trim().length > 0,
        () => `the failed exit_plan_mode result carries no message: ${show(result)}`,
      );
      assertInPlanMode(this, request, `request ${n}, after the host did not approve`);
      expectEqual(events, [true], 'the plan/mode events after the host did not approve');
      expectEqual(state, { active: true }, 'get(agent) after the host did not approve');
    }
  },
);
