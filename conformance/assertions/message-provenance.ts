/**
 * Which messages a model request may hold, judged by identity and position,
 * never by letters inside a message: a host's command result may be a short
 * word ("ok", "on") that the scripted model's own reply happens to contain, so
 * looking for it inside messages would fail a correct host.
 *
 * A request holds only
 * - the kit's prompts and the messages `/plan <message>` lines steer: user
 *   messages whose text is exactly one of them (an image-only message, the
 *   images a user attached, rc.8);
 * - the scripted model's replies: assistant messages equal to an answer it
 *   gave (text, and each call's name and arguments; call ids are the host's);
 * - tool results, each after the assistant message holding its call;
 * - plugin notices (their wording is free; NARR judges them);
 * - after a compaction, what the host's compaction produced (host messages);
 * - the host's own messages, which its log records as host-sourced user messages (host-messages.ts), unless
 *   one carries a `plan/mode` record or a typed `/plan` line (those never enter the history, whoever sends them);
 * - the host's standing messages: those at the standing places of the agent's requests, the first places every
 *   request holds a host-sourced user message at whose texts do not follow the plan state (host-messages.ts; the
 *   kit passes their number per agent), with the same exception.
 * Anything else, a command line, a command result or a `plan/mode` record
 * among them, is a message that should not be there.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AssistantMessage, Message, ModelRequest, ModelResponse } from '../../src/index.js';
import { leakedRecord, planArgument } from './host-messages.js';

/** What the kit itself put into the scenario. */
export interface KitAuthored {
  /** Every prompt the user submitted, to any agent. */
  prompts: readonly string[];
  /** Every command line the user typed, as typed. */
  commandLines: readonly string[];
  /** Every answer the scripted model gave, to any agent. */
  replies: readonly ModelResponse[];
  /** Whether any agent's history was compacted. */
  compacted: boolean;
  /** The texts of the host-sourced user messages the agents' logs hold: the host's own messages (host-messages.ts). */
  hostLogged?: ReadonlySet<string>;
  /** Per agent id: how many standing places its requests open with (host-messages.ts `StandingPlaces`). */
  standing?: ReadonlyMap<string, number>;
}

export interface StrayMessage {
  /** 0-based position in the request's messages. */
  index: number;
  message: Message;
  why: string;
}

/**
 * The message a `/plan` line steers, if any (CMD-03/CMD-04): its argument
 * trimmed, unless that is empty or exactly `off`.
 */
export function steeredMessage(line: string): string | undefined {
  const argument = planArgument(line);
  return argument === '' || argument === 'off' ? undefined : argument;
}

/**
 * Whether an assistant message is one of the model's answers: the same text and the same calls, each the same name and
 * arguments, in the same order (call ids are the host's). Compared call by call, the count and names first: every
 * request is checked against every answer of the scenario, and most answers differ there (many share the empty text),
 * so the deep comparison of arguments runs only where the rest already agrees (the same verdict as comparing the
 * lists of name-and-arguments pairs whole, at a fraction of its CPU).
 */
function isReply(message: AssistantMessage, replies: readonly ModelResponse[]): boolean {
  const calls = message.toolCalls;
  return replies.some((reply) => {
    if (reply.type === 'failure' || reply.text !== message.text) return false;
    const given = reply.type === 'tool_calls' ? reply.calls : [];
    return (
      given.length === calls.length &&
      given.every(
        (call, index) =>
          isDeepStrictEqual(call.name, calls[index]!.name) &&
          isDeepStrictEqual(call.arguments, calls[index]!.arguments),
      )
    );
  });
}

function isImageOnly(message: Message): boolean {
  return (
    message.role === 'user' && message.text === '' && (message.content ?? []).some((block) => block.type === 'image')
  );
}

/** The messages of `request` that are none of the kinds above, or stand where their kind does not belong. */
export function strayMessages(request: ModelRequest, kit: KitAuthored): StrayMessage[] {
  const userTexts = new Set([...kit.prompts, ...kit.commandLines.flatMap((line) => steeredMessage(line) ?? [])]);
  const callIds = new Set<string>();
  const stray: StrayMessage[] = [];
  const standing = kit.standing?.get(request.agent) ?? 0;
  request.messages.forEach((message, index) => {
    const out = (why: string) => stray.push({ index, message, why });
    switch (message.role) {
      case 'user':
        if (message.source === 'plugin') return;
        if (message.source === 'host') {
          const leaked = leakedRecord(message.text, kit.commandLines);
          if (leaked) {
            out(`a host message carrying ${leaked}, which never enters the model's history`);
            return;
          }
          if (kit.hostLogged?.has(message.text)) return;
          if (index < standing) return;
          if (!kit.compacted) out('a host message, although no history was compacted');
          return;
        }
        if (!userTexts.has(message.text) && !isImageOnly(message))
          out('a user message that is no prompt the user submitted and no message a /plan line steered');
        return;
      case 'assistant':
        message.toolCalls.forEach((call) => callIds.add(call.id));
        if (!isReply(message, kit.replies)) out('an assistant message that is no answer the model gave');
        return;
      case 'tool':
        if (!callIds.has(message.toolCallId)) out('a tool result that answers no call of an earlier assistant message');
    }
  });
  return stray;
}
