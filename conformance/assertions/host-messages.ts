/**
 * A host's own messages. A host may put messages of its own into the conversation (what it knows of its
 * environment, reminders of its own): no clause forbids it, since plan mode's clauses fix only what plan
 * mode adds (MX-01, MX-02, NARR) and that the conversation grows by appending (MX-03). Such a message is one
 * the host's log records as a `user/message` of source `host`; a `plan/mode` record or a command line sent
 * to the model (STATE-01, CMD-06) is logged as its own kind and is never a logged host message, so the two
 * are told apart by identity (the message and the log's record of it), never by the words inside.
 *
 * What a host's own message may carry is the host's business, bar what the clauses keep out of the model's
 * history whatever envelope it comes in: a `plan/mode` record (STATE-01: log-only) and a command line (CMD-06).
 * A host that sends either as a message of its own and also logs it as a host-sourced user message leaks it all
 * the same, so such a message is never the host's own (`leakedRecord`). Both are told by identity, not wording:
 * the record as data (the seed fixes its type, `plan/mode`, and its payload, exactly `{ active: boolean }`),
 * the command line as the command it is (a `/plan` line with the argument of a line the user typed, read trimmed
 * as CMD-03/CMD-04 read it).
 *
 * A host may also open every request with messages of its own it never logs (its environment, say): nothing in
 * the clauses asks a host to log what it adds beside plan mode, and MX-03 holds while they stay first. Such a
 * message is the host's own when it stands, the same text at the same position, in every request the host made
 * to that agent: its standing messages, the host-sourced user messages every request of the agent opens with
 * (their common leading run, `standingHostTexts`). That is judged by identity and position, never by wording,
 * and it keeps what plan mode adds out of reach: a message that comes and goes with plan mode (MX-01: active
 * plan mode adds exactly the section) or that a transition leaves behind is missing from some request of the
 * agent, so it stands in none, and one added after the first request is no leading message of the first. A
 * standing message carrying a `plan/mode` record or a typed `/plan` line is still a leak (`leakedRecord` first).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Message, SessionEvent } from '../../src/index.js';

const PLAN_LINE = /^\s*\/plan(?=\s|$)/;

/** A `/plan` line's argument, trimmed (CMD-03, CMD-04); undefined when `text` is no `/plan` line. */
export function planArgument(text: string): string | undefined {
  const head = PLAN_LINE.exec(text);
  return head ? text.slice(head[0].length).trim() : undefined;
}

/** Whether `text` is a `plan/mode` record as data: its payload, or the event with its type. */
function isPlanModeRecord(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return (
    record.type === 'plan/mode' ||
    isDeepStrictEqual(record, { active: true }) ||
    isDeepStrictEqual(record, { active: false })
  );
}

/**
 * Why a host-sourced message's text is something the model must never see, whatever the log calls it: a
 * `plan/mode` record (STATE-01) or one of the `/plan` lines the user typed (CMD-06); undefined when it is neither.
 */
export function leakedRecord(text: string, commandLines: readonly string[]): string | undefined {
  if (isPlanModeRecord(text)) return 'a plan/mode record';
  const argument = planArgument(text);
  if (argument !== undefined && commandLines.some((line) => planArgument(line) === argument)) return 'a /plan line';
  return undefined;
}

/** The texts of the host-sourced user messages the logs hold: the host's own conversation messages. */
export function loggedHostTexts(logs: readonly (readonly SessionEvent[])[]): Set<string> {
  const texts = new Set<string>();
  for (const log of logs) {
    for (const event of log) if (event.type === 'user/message' && event.source === 'host') texts.add(event.text);
  }
  return texts;
}

/** Whether `message` is one of the host's own, as its log records them. */
export function isHostOwn(message: Message, logged: ReadonlySet<string>): boolean {
  return message.role === 'user' && message.source === 'host' && logged.has(message.text);
}

/** The messages without the host's own: what a clause about plan mode's contributions compares. */
export function withoutHostOwn(messages: readonly Message[], logged: ReadonlySet<string>): Message[] {
  return messages.filter((message) => !isHostOwn(message, logged));
}

/** The host-sourced user messages `messages` opens with, before any other message: their texts, in order. */
export function leadingHostTexts(messages: readonly Message[]): string[] {
  const texts: string[] = [];
  for (const message of messages) {
    if (message.role !== 'user' || message.source !== 'host') break;
    texts.push(message.text);
  }
  return texts;
}

/** The longest run `a` and `b` both open with: the standing texts once one more request is seen. */
export function commonLead(a: readonly string[], b: readonly string[]): string[] {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return a.slice(0, length);
}

/**
 * The standing host messages of one agent's requests: the host-sourced user messages every request opens with,
 * the same texts at the same positions (none when there is no request).
 */
export function standingHostTexts(requests: readonly { messages: readonly Message[] }[]): string[] {
  let standing: string[] | undefined;
  for (const request of requests) {
    const lead = leadingHostTexts(request.messages);
    standing = standing === undefined ? lead : commonLead(standing, lead);
    if (standing.length === 0) break;
  }
  return standing ?? [];
}

/** `messages` (a whole request) without the standing host messages it opens with. */
export function withoutStanding(messages: readonly Message[], standing: readonly string[]): Message[] {
  return messages.slice(commonLead(standing, leadingHostTexts(messages)).length);
}
