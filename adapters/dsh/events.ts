/**
 * Event normalisation: upstream session events and messages, read as the
 * contract's `SessionEvent` and `MessageSource`. Pure functions, no state:
 * images are read from the store beforehand (`resolveImages`), and a
 * `command/done` is named after the `command/run` it settles, found earlier
 * in the same sequence of events.
 */
import type { MessageSource, SessionEvent } from '../../src/index.js';
import { contentOf, NO_IMAGES, textOf, type ResolvedImages, type UpstreamBlock } from './images.js';

/** The parts of an upstream message source this adapter reads. */
export interface UpstreamSource {
  kind: string;
  plugin?: string;
  form?: string;
}

/** The parts of an upstream session event this adapter reads. */
export interface UpstreamEvent {
  type: string;
  data?: unknown;
}

/**
 * Who put a user message there: a person (`user`), a plugin's notice
 * (`plugin`, e.g. plan-mode's switch notice), or the host itself (`host`:
 * compaction summaries and anything else a component adds).
 */
export function toMessageSource(source: UpstreamSource | undefined): MessageSource {
  if (source?.kind === 'user') return 'user';
  if (source?.kind === 'plugin' && source.form === 'notice') return 'plugin';
  return 'host';
}

/** The argument text of a logged command line: the raw input without the white space separating it from the name. */
export function commandArgs(rawInput: unknown): string {
  return typeof rawInput === 'string' ? rawInput.replace(/^[\t\n\r ]+/, '') : '';
}

/** What mapping one event needs from the rest of its sequence. */
export interface EventContext {
  /** Command names by the pairing id of their `command/run` (upstream's `command/done` carries only the id). */
  commandNames: ReadonlyMap<string, string>;
  images: ResolvedImages;
}

const NO_CONTEXT: EventContext = { commandNames: new Map(), images: NO_IMAGES };

/** Every image block of the user messages among these events (to read them from the store first). */
export function imageBlocksOf(events: readonly UpstreamEvent[]): UpstreamBlock[] {
  return events.flatMap((event) =>
    event.type === 'user/message' ? (((event.data ?? {}) as { content?: UpstreamBlock[] }).content ?? []) : [],
  );
}

/** A sequence of upstream events (a log, or what observers were told), in order, as contract events. */
export function toContractEvents(events: readonly UpstreamEvent[], images: ResolvedImages = NO_IMAGES): SessionEvent[] {
  const commandNames = new Map<string, string>();
  return events.map((event) => {
    const data = (event.data ?? {}) as Record<string, unknown>;
    if (event.type === 'command/run') commandNames.set(String(data.commandId), String(data.name ?? ''));
    return toContractEvent(event, { commandNames, images });
  });
}

/** One upstream log event as the contract's normalised event. */
export function toContractEvent(event: UpstreamEvent, context: EventContext = NO_CONTEXT): SessionEvent {
  const data = (event.data ?? {}) as Record<string, unknown>;
  switch (event.type) {
    case 'plan/mode':
      return { type: 'plan/mode', payload: structuredClone(data) };
    case 'user/message': {
      const content = data.content as UpstreamBlock[] | undefined;
      return {
        type: 'user/message',
        source: toMessageSource(data.source as UpstreamSource | undefined),
        text: textOf(content),
        ...contentOf(content, context.images),
      };
    }
    case 'command/run':
      return { type: 'command/run', name: String(data.name ?? ''), args: commandArgs(data.args) };
    case 'command/done':
      // A settlement without its run in the sequence names no command: the kit sees a `command/done` of no known command.
      return {
        type: 'command/done',
        name: context.commandNames.get(String(data.commandId)) ?? '',
        ok: data.kind === 'success',
      };
    case 'request/header': {
      const header = data.header as { system?: unknown } | undefined;
      return typeof header?.system === 'string'
        ? { type: 'request/header', systemPrompt: header.system }
        : { type: 'request/header' };
    }
    case 'turn/start':
      return { type: 'turn/start' };
    case 'turn/end':
      return { type: 'turn/end' };
    default:
      return { type: 'other', name: event.type };
  }
}
