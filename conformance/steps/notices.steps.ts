/**
 * Notices (NARR): plugin-sourced user messages telling the model the user
 * switched mode. Their wording is free; the kit judges where they appear, how
 * many there are, that the entry and exit notices differ and that each is the
 * same text every time (assertions/notices.ts), and shows them for review.
 */
import { Then } from '@cucumber/cucumber';
import type { Message } from '../../src/index.js';
import { expectEqual, show } from '../assertions/expect.js';
import { appended } from '../assertions/messages.js';
import { judgeNotice, type NoticeDirection } from '../assertions/notices.js';
import { noticesIn } from '../world/observations.js';
import { conversationOf } from '../world/host-messages.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';

async function newNotices(world: PlanWorld, n: number, name: string): Promise<Message[]> {
  const later = await world.request(n, name);
  if (n === 1) return noticesIn(later.messages);
  const earlier = await world.request(n - 1, name);
  return noticesIn(
    appended(conversationOf(world, earlier), conversationOf(world, later), `request ${n} vs request ${n - 1}`),
  );
}

async function assertAddsOneNotice(
  world: PlanWorld,
  n: number,
  name: string,
  direction: NoticeDirection,
): Promise<void> {
  const added = await newNotices(world, n, name);
  expectEqual(added.length, 1, () => `notices added in request ${n} of ${name}: ${show(added)}`);
  judgeNotice(world, direction, added[0]!.text, `request ${n} of ${name}`);
}

Then('request {int} adds one notice that the user switched to plan mode', async function (this: PlanWorld, n: number) {
  await assertAddsOneNotice(this, n, DEFAULT_AGENT, 'entry');
});

Then(
  'request {int} adds one notice that the user switched back to the default mode',
  async function (this: PlanWorld, n: number) {
    await assertAddsOneNotice(this, n, DEFAULT_AGENT, 'exit');
  },
);

Then('request {int} adds no notice', async function (this: PlanWorld, n: number) {
  expectEqual(await newNotices(this, n, DEFAULT_AGENT), [], `notices added in request ${n}`);
});

Then('request {int} of {agent} adds no notice', async function (this: PlanWorld, n: number, name: string) {
  expectEqual(await newNotices(this, n, name), [], `notices added in request ${n} of ${name}`);
});

Then('request {int} adds {int} notice(s)', async function (this: PlanWorld, n: number, count: number) {
  const added = await newNotices(this, n, DEFAULT_AGENT);
  expectEqual(added.length, count, () => `number of notices added in request ${n}: ${show(added)}`);
});
