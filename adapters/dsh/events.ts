/**
 * Event normalisation: upstream session events and messages, read as the
 * contract's `SessionEvent` and `MessageSource`. Pure functions, no state.
 */
import type { MessageSource, SessionEvent } from '../../src/index.js';

/** The parts of an upstream content block this adapter reads. */
export interface UpstreamBlock {
  type: string;
  text?: string;
}

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

/** The model-facing text of a content list: its text blocks, joined. */
export function textOf(content: readonly UpstreamBlock[] | undefined): string {
  return (content ?? [])
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string)
    .join('');
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

/** One upstream log event as the contract's normalised event. */
export function toContractEvent(event: UpstreamEvent): SessionEvent {
  const data = (event.data ?? {}) as Record<string, unknown>;
  switch (event.type) {
    case 'plan/mode':
      return { type: 'plan/mode', payload: structuredClone(data) };
    case 'user/message':
      return {
        type: 'user/message',
        source: toMessageSource(data.source as UpstreamSource | undefined),
        text: textOf(data.content as UpstreamBlock[] | undefined),
      };
    case 'command/run':
      return { type: 'command/run', name: String(data.name ?? ''), args: commandArgs(data.args) };
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
