/**
 * How the conversation grows from one request to the next: every earlier
 * message stays in place and new ones are appended (MX-03, NARR-05), compared
 * with a feature table by assertions/messages.ts.
 */
import { Then } from '@cucumber/cucumber';
import { expectEqual } from '../assertions/expect.js';
import { appended, expectMessagesMatch, rowsOf } from '../assertions/messages.js';
import type { PlanWorld } from '../world/plan-world.js';
import { conversationOf, planSideMessages, planSideOf } from '../world/host-messages.js';

type Table = { hashes(): Array<Record<string, string>> };

Then(
  'request {int} grows request {int} by exactly:',
  async function (this: PlanWorld, later: number, earlier: number, table: Table) {
    const laterRequest = await this.request(later);
    const added = appended(
      conversationOf(this, await this.request(earlier)),
      conversationOf(this, laterRequest),
      `request ${later} vs request ${earlier}`,
    );
    expectMessagesMatch(
      this,
      await planSideMessages(this, laterRequest.agent, added),
      rowsOf(table),
      `messages request ${later} added after those of request ${earlier}`,
    );
  },
);

Then('the messages of request {int} are exactly:', async function (this: PlanWorld, n: number, table: Table) {
  const request = await this.request(n);
  expectMessagesMatch(this, await planSideOf(this, request), rowsOf(table), `messages of request ${n}`);
});

Then('request {int} adds the user message {string}', async function (this: PlanWorld, n: number, text: string) {
  const added = appended(
    conversationOf(this, await this.request(n - 1)),
    conversationOf(this, await this.request(n)),
    `request ${n} vs request ${n - 1}`,
  );
  const users = added.filter((message) => message.role === 'user' && message.source === 'user');
  expectEqual(
    users.map((message) => message.text),
    [text],
    `user messages added in request ${n}`,
  );
});
