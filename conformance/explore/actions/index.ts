/**
 * Every action an explored session is made of. A new family is a module of
 * its own (action.ts says what it holds) added to this list, with its move's
 * type in moves.ts; the runner and the arbitraries only iterate it.
 */
import type { SessionMove } from '../moves.js';
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

export const ACTIONS = [
  promptAction,
  setAction,
  planLineAction,
  newAgentAction,
  forkAction,
  spawnAction,
  spawnOwnedAction,
  compactAction,
  restartAction,
] as const;

/** The module of a move's action. */
export function actionOf<M extends SessionMove>(move: M): Action<M> {
  return ACTIONS.find((action) => action.kind === move.kind) as unknown as Action<M>;
}

/** One line per move, for messages and tests. */
export function describeMove(move: SessionMove): string {
  return actionOf(move).describe(move, describeMove);
}
