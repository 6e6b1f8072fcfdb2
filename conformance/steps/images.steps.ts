/**
 * Image attachments (the rc.8 edition): images sent with a `/plan` line or a
 * prompt, and the user message the model receives because of them. A message
 * is compared block by block: kind, order, media type and bytes of each image,
 * the user's own text exactly (CMD-03 trims it; nothing else may change it).
 * Requests are recorded in canonical form (script/message-content.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import { Given, Then, When } from '@cucumber/cucumber';
import type { ContentBlock, Message, UserMessage } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { showForReview } from '../assertions/review-text.js';
import { imagesNamed } from '../world/images.js';
import { requestNumber } from '../world/observations.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';
import { planSideOf } from '../world/host-messages.js';
import { addedIn, linesOf, requestsOfAtLeast, typeCommand } from './commands.steps.js';
import { assertInPlanMode } from './requests.steps.js';

/** The blocks a user message should hold: the images in order, then the text unless it is empty. */
function expectedBlocks(images: string, text: string): ContentBlock[] {
  const blocks: ContentBlock[] = imagesNamed(images);
  if (text.length > 0) blocks.push({ type: 'text', text });
  return blocks;
}

/** What the model received as this user message's blocks (a message without `content` is its one text block). */
function blocksOf(message: UserMessage): ContentBlock[] {
  return message.content ?? [{ type: 'text', text: message.text }];
}

/** Blocks shown in a failure message: an image by its media type and size, not its base64. */
function describe(blocks: ContentBlock[]): string[] {
  return blocks.map((block) =>
    block.type === 'text'
      ? `text ${JSON.stringify(block.text)}`
      : `image ${block.mediaType} (${Buffer.from(block.data, 'base64').length} bytes)`,
  );
}

function userTyped(messages: Message[]): UserMessage[] {
  return messages.filter((message): message is UserMessage => message.role === 'user' && message.source === 'user');
}

/** Exactly one user-typed message among `messages`, holding `expected`, block by block. */
function assertOneUserMessage(messages: Message[], expected: ContentBlock[], where: string): void {
  const typed = userTyped(messages);
  expectEqual(
    typed.length,
    1,
    () => `user-typed messages ${where} (there should be exactly one; the model received ${show(messages)})`,
  );
  // The kit's images are canonical already (lower-case media types, padded base64), as recorded requests are.
  const actual = blocksOf(typed[0]!);
  expectTrue(
    isDeepStrictEqual(actual, expected),
    () =>
      `the user message ${where} should hold ${show(describe(expected))} in that order, but it holds ${show(describe(actual))}`,
  );
}

When(
  'the user types the command {string} with the images {string}',
  async function (this: PlanWorld, line: string, images: string) {
    await typeCommand(this, DEFAULT_AGENT, line, imagesNamed(images));
    this.assertNoProblems();
  },
);

Given(
  'while the model handles request {int}, the user types the command {string} with the images {string}',
  async function (this: PlanWorld, n: number, line: string, images: string) {
    const agent = await this.agent();
    await this.host();
    const attached = imagesNamed(images);
    this.model.during(agent, n, async () => {
      await typeCommand(this, DEFAULT_AGENT, line, attached);
    });
  },
);

When(
  'the user prompts {agent} with {string} and the images {string}',
  async function (this: PlanWorld, name: string, text: string, images: string) {
    const host = await this.host();
    await host.prompt(await this.agent(name), text, imagesNamed(images));
    this.assertNoProblems();
  },
);

/** CMD-10 (rc.8): the one `/plan` result that is not a success; its text is the host's own. */
Then('the command failed', function (this: PlanWorld) {
  const result = this.commandResults.at(-1);
  if (!result) fail('no command was run');
  expectTrue(
    !result.ok,
    () => `the command ${show(linesOf(this).at(-1))} should fail, with an error result: ${show(result)}`,
  );
  showForReview(this, 'command-error', result.text);
});

/** CMD-07 (rc.8): which results were successes and which errors, in the order typed. */
Then('the command results were {string}', function (this: PlanWorld, list: string) {
  const expected = list.split(',').map((word) => word.trim());
  const lines = linesOf(this);
  const actual = this.commandResults.map((result) => (result.ok ? 'success' : 'error'));
  expectEqual(
    actual,
    expected,
    () => `the outcomes of the command lines ${show(lines)} (results: ${show(this.commandResults)})`,
  );
});

Then(
  'the model received one user message holding the images {string} and then the text {string}, under plan guidance',
  async function (this: PlanWorld, images: string, text: string) {
    const first = requestNumber(await requestsOfAtLeast(this, DEFAULT_AGENT, 1), 1, DEFAULT_AGENT);
    const messages = await planSideOf(this, first);
    expectEqual(messages.length, 1, () => `messages of the first request after the command: ${show(first.messages)}`);
    assertOneUserMessage(messages, expectedBlocks(images, text), 'of the first request after the command');
    assertInPlanMode(this, first, 'the first request after the command');
  },
);

Then(
  'the model received one user message holding only the images {string}, under plan guidance',
  async function (this: PlanWorld, images: string) {
    const first = requestNumber(await requestsOfAtLeast(this, DEFAULT_AGENT, 1), 1, DEFAULT_AGENT);
    const messages = await planSideOf(this, first);
    expectEqual(messages.length, 1, () => `messages of the first request after the command: ${show(first.messages)}`);
    assertOneUserMessage(messages, expectedBlocks(images, ''), 'of the first request after the command');
    assertInPlanMode(this, first, 'the first request after the command');
  },
);

Then(
  'request {int} adds one user message holding the images {string} and then the text {string}',
  async function (this: PlanWorld, n: number, images: string, text: string) {
    assertOneUserMessage(await addedIn(this, n), expectedBlocks(images, text), `added in request ${n}`);
  },
);

/** CMD-03 where `/plan` takes no images (the seed, 0.0.1-rc.1): the steered message is one text block, nothing before or after it. */
Then(
  'request {int} adds one user message holding only the text {string}',
  async function (this: PlanWorld, n: number, text: string) {
    assertOneUserMessage(await addedIn(this, n), [{ type: 'text', text }], `added in request ${n}`);
  },
);

Then(
  'request {int} adds one user message holding only the images {string}',
  async function (this: PlanWorld, n: number, images: string) {
    assertOneUserMessage(await addedIn(this, n), expectedBlocks(images, ''), `added in request ${n}`);
  },
);

/** Any agent, among what else the request adds (explore prints it): one user message holding these blocks, in order ("none": no images). */
Then(
  'request {int} of {agent} adds a user message holding the images {string} and then the text {text}',
  async function (this: PlanWorld, n: number, name: string, images: string, text: string) {
    const requests = this.model.requestsOf(await this.agent(name));
    const request = requestNumber(requests, n, name);
    const earlier = n > 1 ? requestNumber(requests, n - 1, name).messages.length : 0;
    const expected: ContentBlock[] = [
      ...(images.trim() === 'none' ? [] : imagesNamed(images)),
      ...(text.length > 0 ? [{ type: 'text' as const, text }] : []),
    ];
    const typed = userTyped(request.messages.slice(earlier));
    expectTrue(
      typed.some((message) => isDeepStrictEqual(blocksOf(message), expected)),
      () =>
        `request ${n} of ${name} should add a user message holding ${show(describe(expected))} in that order; it adds ${show(typed.map((message) => describe(blocksOf(message))))}`,
    );
  },
);

/** Any agent (explore prints sessions of several): the result is judged by a later step, as rc.8 lets `/plan off` with images fail. */
When(
  'the user types the command {text} with the images {string} for {agent}',
  async function (this: PlanWorld, line: string, images: string, name: string) {
    await typeCommand(this, name, line, imagesNamed(images));
    this.assertNoProblems();
  },
);

Given(
  'while the model handles request {int} of {agent}, the user types the command {text} with the images {string} for {agent}',
  async function (this: PlanWorld, n: number, running: string, line: string, images: string, name: string) {
    await this.agent(name);
    const attached = imagesNamed(images);
    this.model.during(await this.agent(running), n, async () => {
      await typeCommand(this, name, line, attached);
    });
  },
);
