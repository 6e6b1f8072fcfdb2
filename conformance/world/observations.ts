/**
 * Read-only views over what a host has shown so far: its model requests, its
 * session log and the results of the user's actions. Steps assert on these.
 */
import type {
  Edition,
  Message,
  ModelRequest,
  PlanProjectionView,
  SessionEvent,
  ToolResultMessage,
  UserMessage,
} from '../../src/index.js';
import { isDeepStrictEqual } from 'node:util';
import { fail } from '../assertions/expect.js';
import { EDITION_READINGS } from '../oracle/edition-readings.js';

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

/**
 * The `plan` projection a cold fold of the log gives (PROJ-02, PROJ-03; the
 * view is a pure function of the log, PROJ-04). Seed: a `command/run` named
 * `plan` sets the target (`off` after trimming: inactive), `plan/mode` commits
 * and clears it (0.0.1-rc.1 folds these two kinds too). rc.8: the
 * `command/run` starts a candidate that its `command/done` keeps when it
 * succeeded and drops when it failed; `plan/mode` commits and clears the kept
 * one. `pending` while an outstanding target (rc.8: unsettled or kept) differs
 * from the logged state. Which fold an edition reads is the oracle's data
 * (`projectionSettlesOnDone`, edition-readings.ts).
 */
export function foldPlanProjection(log: readonly SessionEvent[], edition: Edition): PlanProjectionView {
  const settlesOnDone = EDITION_READINGS[edition].projectionSettlesOnDone;
  let active = false;
  let kept: boolean | undefined;
  let unsettled: boolean | undefined;
  for (const event of log) {
    if (event.type === 'plan/mode') {
      active = event.payload.active === true;
      kept = undefined;
    } else if (event.type === 'command/run' && event.name === 'plan') {
      const target = event.args.trim() !== 'off';
      if (settlesOnDone) unsettled = target;
      else kept = target;
    } else if (event.type === 'command/done' && event.name === 'plan' && settlesOnDone) {
      if (event.ok && unsettled !== undefined) kept = unsettled;
      unsettled = undefined;
    }
  }
  const outstanding = unsettled ?? kept;
  return { active, pending: outstanding !== undefined && outstanding !== active };
}

/**
 * Whether the `plan` unit folds `event` (PROJ-02): `plan/mode`, a `/plan` line's `command/run`, and in an
 * edition whose projection settles on the line's outcome (rc.8) its `command/done` too (where a push MAY come
 * even without a view change). Every other event returns the very same state, so it causes no push.
 */
export function foldedByPlanUnit(event: SessionEvent, edition: Edition): boolean {
  if (event.type === 'plan/mode') return true;
  if (event.type === 'command/run') return event.name === 'plan';
  return event.type === 'command/done' && event.name === 'plan' && EDITION_READINGS[edition].projectionSettlesOnDone;
}

export function noticesInLog(log: SessionEvent[]): Array<Extract<SessionEvent, { type: 'user/message' }>> {
  return log.filter(
    (event): event is Extract<SessionEvent, { type: 'user/message' }> =>
      event.type === 'user/message' && event.source === 'plugin',
  );
}

/** The texts of the messages the user typed (not the plugin's notices, not the host's own messages), in order. */
export function userTypedTexts(messages: readonly Message[]): string[] {
  return messages.flatMap((message) => (message.role === 'user' && message.source === 'user' ? [message.text] : []));
}

/** Whether `items` occur in `within` in their own order, each at its own place; other entries may come between. */
export function occursInOrder(items: readonly string[], within: readonly string[]): boolean {
  let from = 0;
  for (const item of items) {
    const at = within.indexOf(item, from);
    if (at < 0) return false;
    from = at + 1;
  }
  return true;
}

export function noticesIn(messages: Message[]): UserMessage[] {
  return messages.filter((message): message is UserMessage => message.role === 'user' && message.source === 'plugin');
}

export function toolResults(messages: Message[], toolName: string): ToolResultMessage[] {
  return messages.filter(
    (message): message is ToolResultMessage => message.role === 'tool' && message.toolName === toolName,
  );
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

/**
 * PROJ-02, PROJ-04: every view pushed since the log was `from` events long is the unit's view of the log at some
 * point, in order: the view then (`viewThen`), then the view after each event the unit folded since. A registry may push a view late (the
 * same one more than once, or one a later event already replaced when it pushes the current one), but never a
 * view the log never folded to: one folded onto a state the registry forgot (say, after a restart) is wrong.
 * Returns the first push no such view matches, with the views the log folded to.
 */
export function pushNoFoldShows(
  viewThen: PlanProjectionView,
  log: readonly SessionEvent[],
  from: number,
  edition: Edition,
  pushed: readonly PlanProjectionView[],
): { push: PlanProjectionView; folds: PlanProjectionView[] } | undefined {
  if (pushed.length === 0) return undefined;
  const folds = [viewThen];
  for (let index = from; index < log.length; index++) {
    if (foldedByPlanUnit(log[index]!, edition)) folds.push(foldPlanProjection(log.slice(0, index + 1), edition));
  }
  let at = 0;
  for (const push of pushed) {
    while (at < folds.length && !isDeepStrictEqual(folds[at], push)) at++;
    if (at === folds.length) return { push, folds };
  }
  return undefined;
}
