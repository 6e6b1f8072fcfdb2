/**
 * Every action an explored session is made of. A new family is a module of
 * its own (action.ts says what it holds) added to this list; the runner and
 * the arbitraries only iterate it.
 */
import type { Action } from './action.js';
import { compactAction } from './compact.js';
import { forkAction } from './fork.js';
import { newAgentAction } from './new-agent.js';
import { planLineAction } from './plan-line.js';
import { promptAction } from './prompt.js';
import { restartAction } from './restart.js';
import { setAction } from './set.js';
import { spawnAction } from './spawn.js';
import { spawnOwnedAction } from './spawn-owned.js';

export const ACTIONS = [promptAction, setAction, planLineAction, newAgentAction, forkAction, spawnAction, spawnOwnedAction, compactAction, restartAction] as const;

type CommandOf<A> = A extends Action<infer C> ? C : never;

/** A step of a session: any action's command. */
export type SessionCommand = CommandOf<(typeof ACTIONS)[number]>;

/** The module of a command's action. */
export function actionOf<C extends SessionCommand>(command: C): Action<C> {
  return ACTIONS.find((action) => action.kind === command.kind) as unknown as Action<C>;
}

/** One line per command, for messages and tests. */
export function describeCommand(command: SessionCommand): string {
  return actionOf(command).describe(command);
}
