/**
 * The kit's judging of host texts and log records without reading their
 * wording: notices by consistency and distinctness, conversation tables with
 * user-side messages of one request in any order, and request headers paired
 * with requests whatever their timing.
 */
import type { World } from '@cucumber/cucumber';
import { describe, expect, it } from 'vitest';
import type { Message, SessionEvent } from '../../../src/index.js';
import { ConformanceFailure } from '../../../conformance/assertions/expect.js';
import { expectMessagesMatch } from '../../../conformance/assertions/messages.js';
import { judgeNotice } from '../../../conformance/assertions/notices.js';
import { headerOfRequest } from '../../../conformance/assertions/request-headers.js';
import { REVIEW_TEXT_MEDIA_TYPE } from '../../../conformance/results/review-text.js';

/** A world that keeps what is attached to it (the kit attaches text only: a body and its media type). */
function fakeWorld(): Pick<World, 'attach'> & { attached: Array<{ body: string; mediaType: string }> } {
  const attached: Array<{ body: string; mediaType: string }> = [];
  const attach = (body: string, mediaType: string) => void attached.push({ body, mediaType });
  return { attached, attach: attach as unknown as World['attach'] };
}

describe('notices', () => {
  it('accept any wording, consistent per direction and different between directions, and show each once for review', () => {
    const world = fakeWorld();
    judgeNotice(world, 'entry', 'Design first.', 'r2');
    judgeNotice(world, 'exit', 'Go ahead.', 'r3');
    judgeNotice(world, 'entry', 'Design first.', 'r4');
    expect(world.attached.map((a) => [a.mediaType, JSON.parse(a.body).kind])).toEqual([
      [REVIEW_TEXT_MEDIA_TYPE, 'entry-notice'],
      [REVIEW_TEXT_MEDIA_TYPE, 'exit-notice'],
    ]);
  });

  it('fail when the same direction reads differently, or both directions read the same', () => {
    const varying = fakeWorld();
    judgeNotice(varying, 'entry', 'Plan mode on (1)', 'r2');
    expect(() => judgeNotice(varying, 'entry', 'Plan mode on (2)', 'r4')).toThrow(ConformanceFailure);
    const alike = fakeWorld();
    judgeNotice(alike, 'entry', 'Mode changed.', 'r2');
    expect(() => judgeNotice(alike, 'exit', 'Mode changed.', 'r3')).toThrow(/told apart/);
  });
});

describe('conversation tables', () => {
  const assistant: Message = { role: 'assistant', text: 'Done.', toolCalls: [] };
  const user: Message = { role: 'user', source: 'user', text: 'Carry on' };
  const notice: Message = { role: 'user', source: 'plugin', text: 'whatever the host says' };
  const rows = [
    { kind: 'assistant', detail: 'Done.' },
    { kind: 'notice', detail: 'plan' },
    { kind: 'user', detail: 'Carry on' },
  ];

  it('take a notice and a user message of the same request in either order', () => {
    expect(() => expectMessagesMatch(fakeWorld(), [assistant, notice, user], rows, 'r2')).not.toThrow();
    expect(() => expectMessagesMatch(fakeWorld(), [assistant, user, notice], rows, 'r2')).not.toThrow();
  });

  it('still fail on a notice before what the model already saw, a missing notice, or another message', () => {
    expect(() => expectMessagesMatch(fakeWorld(), [notice, assistant, user], rows, 'r2')).toThrow(ConformanceFailure);
    expect(() => expectMessagesMatch(fakeWorld(), [assistant, user], rows, 'r2')).toThrow(ConformanceFailure);
    expect(() => expectMessagesMatch(fakeWorld(), [assistant, notice, { ...user, text: 'Other' }], rows, 'r2')).toThrow(
      ConformanceFailure,
    );
  });
});

describe('request headers', () => {
  const header: SessionEvent = { type: 'request/header' };
  const mode = (active: boolean): SessionEvent => ({ type: 'plan/mode', payload: { active } });
  const prompt: SessionEvent = { type: 'user/message', source: 'user', text: 'p' };

  it('pair one header per request in order, logged before the call or with the reply', () => {
    // before the call: [prompt, H1, on, H2]; with the reply: the same order, each header after its call
    const log = [prompt, header, mode(true), header];
    const before = {
      log,
      requestCount: 2,
      atRequest: (k: number) => (k === 1 ? log.slice(0, 2) : k === 2 ? log : undefined),
    };
    const withReply = {
      log,
      requestCount: 2,
      atRequest: (k: number) => (k === 1 ? log.slice(0, 1) : k === 2 ? log.slice(0, 3) : undefined),
    };
    expect([headerOfRequest(before, 1), headerOfRequest(before, 2)]).toEqual([1, 3]);
    expect([headerOfRequest(withReply, 1), headerOfRequest(withReply, 2)]).toEqual([1, 3]);
  });

  it("skip a fork's inherited headers and fail when a header came after the next request", () => {
    const log = [header, header, prompt, header];
    expect(headerOfRequest({ log, requestCount: 1, atRequest: () => undefined }, 1)).toBe(3);
    const late = [prompt, mode(true), header, header];
    expect(() =>
      headerOfRequest({ log: late, requestCount: 2, atRequest: (k) => (k === 2 ? late.slice(0, 2) : undefined) }, 1),
    ).toThrow(/not yet in the log/);
  });

  it('read a host that logs a header only when it changes by what was logged when the request reached the model', () => {
    const log = [prompt, header, mode(true), header];
    const snapshots = [log.slice(0, 2), log.slice(0, 2), log];
    const onChange = { log, requestCount: 3, atRequest: (k: number) => snapshots[k - 1] };
    expect([1, 2, 3].map((n) => headerOfRequest(onChange, n))).toEqual([1, 1, 3]);
  });
});
