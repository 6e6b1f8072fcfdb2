/**
 * NARR: when a user selection commits and the last request described the other
 * state, the model is told once, by a plugin-sourced user message appended
 * after the conversation so far.
 */
import { event, type SessionEvent } from '../host/index.js';
import { stateOfLastRequest } from './state.js';

export const ENTER_NOTICE = 'The user switched to plan mode.';
export const EXIT_NOTICE = 'The user left plan mode; you are back in the default mode.';

export function noticeText(active: boolean): string {
  return active ? ENTER_NOTICE : EXIT_NOTICE;
}

/** A notice is owed only when a request was made and it described the other state. */
export function needsNotice(events: readonly SessionEvent[], committed: boolean): boolean {
  const described = stateOfLastRequest(events);
  if (described === undefined) return false;
  return described !== committed;
}

export function noticeEvent(active: boolean): SessionEvent {
  return event('user/message', { source: 'plugin', text: noticeText(active) });
}
