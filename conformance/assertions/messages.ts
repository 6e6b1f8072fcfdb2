/**
 * Comparing the conversation a request carries with what a feature table says
 * it should carry, one row per message (`kind`, `detail`).
 *
 * Two things are the host's own and are not compared: a notice's wording (the
 * row names its direction, `plan` or `default`, and the notice is judged by
 * consistency and distinctness, see notices.ts), and the order of user-side
 * messages that first reach the model in the same request (docs/clauses.md leaves
 * open whether a steered `/plan` message or a prompt comes before or after a
 * notice that reaches the same request). Everything else, the order of
 * assistant turns and tool results included, must match row for row.
 */
import type { World } from '@cucumber/cucumber';
import type { Message, ModelRequest } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from './expect.js';
import { judgeNotice, noticeDirectionWord } from './notices.js';

export interface MessageRow {
  kind: string;
  detail: string;
}

/** One row per message, as a feature table names them; a notice's detail is its text. */
export function describeMessage(message: Message): MessageRow {
  switch (message.role) {
    case 'user':
      if (message.source === 'plugin') return { kind: 'notice', detail: message.text };
      if (message.source === 'host') return { kind: 'host message', detail: message.text };
      return { kind: 'user', detail: message.text };
    case 'assistant':
      if (message.toolCalls.length > 0)
        return { kind: 'assistant', detail: `calls ${message.toolCalls.map((call) => call.name).join(', ')}` };
      return { kind: 'assistant', detail: message.text };
    case 'tool':
      return { kind: 'tool', detail: `${message.toolName} ${message.isError ? 'failed' : 'ok'}` };
  }
}

export function rowsOf(table: { hashes(): Array<Record<string, string>> }): MessageRow[] {
  return table.hashes().map((row) => ({ kind: (row.kind ?? '').trim(), detail: row.detail ?? '' }));
}

/** The messages `later` added to `earlier`, after checking that `later` keeps every earlier message in place. */
export function appended(earlier: ModelRequest, later: ModelRequest, label: string): Message[] {
  const before = earlier.messages;
  const after = later.messages;
  expectTrue(
    after.length >= before.length,
    `${label}: the later request has fewer messages (${after.length}) than the earlier one (${before.length})`,
  );
  expectEqual(
    after.slice(0, before.length),
    before,
    `${label}: the earlier messages, which must stay unchanged and in order`,
  );
  return after.slice(before.length);
}

const USER_SIDE = new Set(['notice', 'user', 'host message']);

/** Splits rows into runs: each maximal stretch of user-side rows is one run, every other row its own. */
function runs(rows: MessageRow[]): MessageRow[][] {
  const out: MessageRow[][] = [];
  for (const row of rows) {
    const last = out.at(-1);
    if (last && USER_SIDE.has(row.kind) && USER_SIDE.has(last[0]!.kind)) last.push(row);
    else out.push([row]);
  }
  return out;
}

const byKey = (a: MessageRow, b: MessageRow): number =>
  `${a.kind}\u0000${a.detail}`.localeCompare(`${b.kind}\u0000${b.detail}`);

/**
 * Fails unless `messages` match the table's rows as described above; each
 * notice is then judged against the direction its row names.
 */
export function expectMessagesMatch(
  world: Pick<World, 'attach'>,
  messages: Message[],
  expected: MessageRow[],
  what: string,
): void {
  const actual = messages.map(describeMessage);
  const shown = (): string =>
    `${what}: expected ${show(expected)} (notices by direction; user-side messages of one request in any order) but the host showed ${show(actual)}`;
  const actualRuns = runs(actual);
  const expectedRuns = runs(expected);
  if (actualRuns.length !== expectedRuns.length) fail(shown());
  actualRuns.forEach((run, index) => {
    const wanted = expectedRuns[index]!;
    const notices = run.filter((row) => row.kind === 'notice');
    const wantedNotices = wanted.filter((row) => row.kind === 'notice');
    const others = run.filter((row) => row.kind !== 'notice').sort(byKey);
    const wantedOthers = wanted.filter((row) => row.kind !== 'notice').sort(byKey);
    if (notices.length !== wantedNotices.length) fail(shown());
    if (JSON.stringify(others) !== JSON.stringify(wantedOthers)) fail(shown());
    notices.forEach((notice, at) =>
      judgeNotice(world, noticeDirectionWord(wantedNotices[at]!.detail), notice.detail, what),
    );
  });
}
