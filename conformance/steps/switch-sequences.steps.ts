/**
 * Sequences of switches over a whole session: entering, leaving and entering
 * again over several prompts, by `set` or by `/plan`, around compactions. The
 * user's actions are one list; the checks read every request of the run.
 * Notices are judged without reading their words: the k-th notice of a run is
 * an entry or an exit notice by the switch it follows, every entry notice must
 * be the same text, every exit notice the same text, and the two must differ
 * (NARR-01); the texts are shown to a person.
 */
import { Then, When } from '@cucumber/cucumber';
import type { ModelRequest, UserMessage } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { layoutOf, occurrences } from '../assertions/system-prompt.js';
import { REVIEW_TEXT_MEDIA_TYPE, type ReviewTextAttachment } from '../results/review-text.js';
import { noticesIn, parseOnOffList } from '../world/observations.js';
import { typeCommand } from './commands.steps.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';

const LONG_TEXT =
  'Read the module, list every caller, note how each one handles errors, and keep the findings for the plan. '.repeat(
    12,
  );

/** One user action of a session list: `prompt`, `long prompts`, `set on`, `set off`, `compact`, or a `/plan ...` line. */
async function act(world: PlanWorld, action: string, promptNumber: () => number): Promise<void> {
  const agent = await world.agent(DEFAULT_AGENT);
  if (action === 'prompt') {
    await world.submitPrompt(agent, `prompt ${promptNumber()}`);
  } else if (action === 'long prompts') {
    for (let part = 1; part <= 4; part += 1) await world.submitPrompt(agent, `Part ${promptNumber()}: ${LONG_TEXT}`);
  } else if (action === 'set on' || action === 'set off') {
    await world.selectPlanMode(DEFAULT_AGENT, action === 'set on');
  } else if (action === 'compact') {
    await world.compactHistory(agent);
  } else if (action.startsWith('/')) {
    await typeCommand(world, DEFAULT_AGENT, action);
    const result = world.commandResults.at(-1);
    expectTrue(
      result?.ok === true,
      () => `the command ${show(action)} should succeed; the host answered ${show(result)}`,
    );
  } else {
    throw new Error(
      `unknown session action ${show(action)}: use prompt, long prompts, set on, set off, compact or a /plan line`,
    );
  }
  world.assertNoProblems();
}

When('the user goes through {string}', async function (this: PlanWorld, list: string) {
  let prompts = 0;
  for (const action of list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)) {
    await act(this, action, () => (prompts += 1));
  }
});

/** In plan mode: the section once, at order 50 (the detailed layout is POLICY's business). */
function inPlanMode(world: PlanWorld, request: ModelRequest, label: string): boolean {
  const section = world.planSection();
  const count = occurrences(request.systemPrompt, section);
  if (count === 0) return false;
  expectTrue(
    count === 1 && layoutOf(request.systemPrompt, label).atOrder50.includes(section),
    () =>
      `${label}: the plan section should appear once, at order 50; the system prompt is ${show(request.systemPrompt)}`,
  );
  return true;
}

Then('the requests were in plan mode {string}', async function (this: PlanWorld, list: string) {
  const requests = this.model.requestsOf(await this.agent());
  const shown = requests.map((request, index) => inPlanMode(this, request, `request ${index + 1}`));
  expectEqual(
    shown,
    parseOnOffList(list),
    `plan mode (on) or not (off) in each of the agent's ${requests.length} requests`,
  );
});

/**
 * NARR-01 over a run: the last request carries exactly these notices, in order;
 * every `enter` is one text, every `leave` another.
 */
Then('the last request carries the notices {string}', async function (this: PlanWorld, list: string) {
  const expected = list.trim() === 'none' ? [] : list.split(',').map((item) => item.trim());
  for (const kind of expected)
    if (kind !== 'enter' && kind !== 'leave') throw new Error(`expected "enter" or "leave", got ${show(kind)}`);
  const last = this.model.requestsOf(await this.agent()).at(-1);
  if (!last) fail('the agent made no model request');
  const notices: UserMessage[] = noticesIn(last.messages);
  expectEqual(
    notices.length,
    expected.length,
    () =>
      `number of plugin notices in the last request (the host showed ${show(notices.map((n) => n.text))}; expected ${show(expected)})`,
  );
  const texts = { enter: new Set<string>(), leave: new Set<string>() };
  notices.forEach((notice, index) => texts[expected[index] as 'enter' | 'leave'].add(notice.text));
  for (const kind of ['enter', 'leave'] as const) {
    expectTrue(
      texts[kind].size <= 1,
      () => `every ${kind} notice must be the same text; the host showed ${show([...texts[kind]])}`,
    );
  }
  const [enter] = texts.enter;
  const [leave] = texts.leave;
  if (enter !== undefined && leave !== undefined) {
    expectTrue(enter !== leave, () => `the entry and the exit notice must differ; both read ${show(enter)}`);
  }
  if (enter !== undefined)
    this.attach(
      JSON.stringify({ kind: 'entry-notice', text: enter } satisfies ReviewTextAttachment),
      REVIEW_TEXT_MEDIA_TYPE,
    );
  if (leave !== undefined)
    this.attach(
      JSON.stringify({ kind: 'exit-notice', text: leave } satisfies ReviewTextAttachment),
      REVIEW_TEXT_MEDIA_TYPE,
    );
});
