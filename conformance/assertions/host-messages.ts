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
 * A host may also open every request with messages of its own it never logs (its environment, the time, how many
 * requests it has made): nothing in the clauses asks a host to log what it adds beside plan mode or to keep its own
 * words from request to request (MX-01, MX-02 and NARR fix what plan mode adds; MX-03 that plan mode's additions and
 * the tools' come after what the model has seen). Such a message is the host's own when it stands at the same place
 * in every request the host made to that agent, whatever the plan state, and its text does not follow the plan
 * state: the host's **standing places**, the first places of every request where each request holds a host-sourced
 * user message (`StandingPlaces`). Judged by position and by which texts change where, never by wording:
 * - a message that comes and goes (with plan mode, MX-01: active plan mode adds exactly the section; or a
 *   transition's leak) is missing from some request of the agent, so its place stands in none;
 * - a place whose text follows the plan state, changing at every switch and at no step within one state (seen at
 *   least once each), is plan mode's (MX-01) and stands in none, nor do the places after it;
 * - a text that stays, or changes between requests of one state too (a clock, a counter), stands; across a host
 *   restart no step is read (a new host's counter may start again where the old one stood).
 * What the kit cannot tell through the contract (docs/teeth.md): a changing text that also says the state, and a
 * host whose own context changes exactly at every switch and never between. A standing message carrying a
 * `plan/mode` record or a typed `/plan` line is still a leak (`leakedRecord` first).
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

/** How many host-sourced user messages `messages` opens with, before any other message. */
export function leadingHostCount(messages: readonly Message[]): number {
  let count = 0;
  for (const message of messages) {
    if (message.role !== 'user' || message.source !== 'host') break;
    count++;
  }
  return count;
}

/** What one place's texts did from request to request: at switches of the plan state, and within one state. */
interface PlaceSteps {
  switches: number;
  changedAtSwitch: number;
  stays: number;
  changedInState: number;
}

/**
 * Whether a place's texts follow the plan state: they changed at every switch and at no step within one state,
 * seen at least once each. Fewer steps tell nothing (a clock changes at the one switch of two requests too).
 */
function followsPlanState(steps: PlaceSteps): boolean {
  return (
    steps.switches > 0 && steps.stays > 0 && steps.changedAtSwitch === steps.switches && steps.changedInState === 0
  );
}

/**
 * The standing places of one agent's requests, read request by request (`add`, in the order made): the first
 * places every request so far holds a host-sourced user message at, up to the first whose texts follow the plan
 * state (see the module's comment). `count` is 0 before any request.
 */
export class StandingPlaces {
  private lead = Number.POSITIVE_INFINITY;
  private readonly places: PlaceSteps[] = [];
  private previous: { messages: readonly Message[]; planActive: boolean } | undefined;
  /** How many requests were read. */
  seen = 0;
  count = 0;

  /**
   * The host restarted: what its own messages say may start again (a counter of requests, say), so the next request
   * is no step from the last one before (restarts cut the chain; the places stay the places).
   */
  restarted(): void {
    this.previous = undefined;
  }

  /** One more request of the agent: its messages, and whether plan mode shaped it (the section in its prompt). */
  add(messages: readonly Message[], planActive: boolean): this {
    this.lead = Math.min(this.lead, leadingHostCount(messages));
    const previous = this.previous;
    this.previous = { messages, planActive };
    this.seen++;
    // A request re-sent as it was (rc.8's same-step retry reuses the frozen request) is no new step: that its texts
    // stayed tells nothing of what they do between requests of one state.
    const resent =
      previous !== undefined && previous.planActive === planActive && isDeepStrictEqual(previous.messages, messages);
    if (previous !== undefined && !resent) {
      const switched = previous.planActive !== planActive;
      for (let place = 0; place < this.lead; place++) {
        const steps = (this.places[place] ??= { switches: 0, changedAtSwitch: 0, stays: 0, changedInState: 0 });
        const changed = textOf(previous.messages[place]) !== textOf(messages[place]);
        if (switched) {
          steps.switches++;
          if (changed) steps.changedAtSwitch++;
        } else {
          steps.stays++;
          if (changed) steps.changedInState++;
        }
      }
    }
    let count = 0;
    while (count < this.lead && !(this.places[count] !== undefined && followsPlanState(this.places[count]!))) count++;
    this.count = count;
    return this;
  }
}

function textOf(message: Message | undefined): string | undefined {
  return message?.role === 'user' ? message.text : undefined;
}

/** The standing places of an agent's requests, all of them read (`StandingPlaces`). */
export function standingPlaces(requests: readonly { messages: readonly Message[]; planActive: boolean }[]): number {
  const places = new StandingPlaces();
  for (const request of requests) places.add(request.messages, request.planActive);
  return places.count;
}

/** `messages` (a whole request) without its agent's standing places. */
export function withoutStanding(messages: readonly Message[], places: number): Message[] {
  return messages.slice(Math.min(places, leadingHostCount(messages)));
}
