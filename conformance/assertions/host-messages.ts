/**
 * A host's own messages. A host may put messages of its own into the conversation (what it knows of its
 * environment, reminders of its own): no clause forbids it, since plan mode's clauses fix only what plan
 * mode adds (MX-01, MX-02, NARR) and that the conversation grows by appending (MX-03). Such a message is one
 * the host's log records as a `user/message` of source `host`; a `plan/mode` record or a command line sent
 * to the model (STATE-01, CMD-06) is logged as its own kind and is never a logged host message, so the two
 * are told apart by identity (the message and the log's record of it), never by the words inside.
 */
import type { Message, SessionEvent } from '../../src/index.js';

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
