/**
 * Read-only views over what a host has shown so far: its model requests, its
 * session log and the results of the user's actions. Steps assert on these.
 */
import type { Message, ModelRequest, SessionEvent, ToolResultMessage, UserMessage } from '../../src/index.js';
import { fail } from '../assertions/expect.js';

export function requestNumber(requests: ModelRequest[], n: number, agentLabel: string): ModelRequest {
  const request = requests[n - 1];
  if (!request) fail(`${agentLabel} made ${requests.length} model request(s); request ${n} does not exist`);
  return request;
}

export function planModeEvents(log: SessionEvent[]): Array<Extract<SessionEvent, { type: 'plan/mode' }>> {
  return log.filter((event): event is Extract<SessionEvent, { type: 'plan/mode' }> => event.type === 'plan/mode');
}

/** The spec's fold: the `active` of the last plan/mode event, or false. */
export function foldPlanMode(log: SessionEvent[]): boolean {
  const last = planModeEvents(log).at(-1);
  return last?.payload.active === true;
}

export function noticesInLog(log: SessionEvent[]): Array<Extract<SessionEvent, { type: 'user/message' }>> {
  return log.filter(
    (event): event is Extract<SessionEvent, { type: 'user/message' }> => event.type === 'user/message' && event.source === 'plugin',
  );
}

export function noticesIn(messages: Message[]): UserMessage[] {
  return messages.filter((message): message is UserMessage => message.role === 'user' && message.source === 'plugin');
}

export function toolResults(messages: Message[], toolName: string): ToolResultMessage[] {
  return messages.filter((message): message is ToolResultMessage => message.role === 'tool' && message.toolName === toolName);
}

/** Reads a feature's list of states, "on, off, on" (or "none"), as booleans. */
export function parseOnOffList(list: string): boolean[] {
  const trimmed = list.trim();
  if (trimmed === 'none' || trimmed === '') return [];
  return trimmed.split(',').map((item) => {
    const word = item.trim();
    if (word !== 'on' && word !== 'off') throw new Error(`expected "on" or "off", got "${word}"`);
    return word === 'on';
  });
}
