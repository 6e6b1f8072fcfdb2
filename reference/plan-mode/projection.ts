/**
 * PROJ: the `plan` session-projection unit, a pure fold of the log. A
 * `command/run` named `plan` sets the target; a `plan/mode` event commits the
 * logged state and clears the target; every other event returns the same state.
 */
import type { ProjectionUnit, SessionEvent } from '../host/index.js';
import { PLAN_COMMAND_NAME, isOffArgument } from './command.js';
import { PLAN_MODE_EVENT } from './state.js';

export const PLAN_PROJECTION_NAME = 'plan';

export interface PlanProjectionState {
  /** The logged state. */
  active: boolean;
  /** The last `/plan` target not yet followed by a `plan/mode` event. */
  target: boolean | undefined;
}

export interface PlanProjectionView {
  active: boolean;
  pending: boolean;
}

export const INITIAL_PLAN_PROJECTION: PlanProjectionState = Object.freeze({ active: false, target: undefined });

export function commandTarget(args: string): boolean {
  return !isOffArgument(args);
}

export function reducePlanProjection(state: PlanProjectionState, e: SessionEvent): PlanProjectionState {
  if (e.type === 'command/run' && e.payload.name === PLAN_COMMAND_NAME) {
    return { active: state.active, target: commandTarget(e.payload.args) };
  }
  if (e.type === PLAN_MODE_EVENT) {
    return { active: e.payload.active, target: undefined };
  }
  return state;
}

export function viewPlanProjection(state: PlanProjectionState): PlanProjectionView {
  const pending = state.target !== undefined && state.target !== state.active;
  return { active: state.active, pending };
}

export const planProjection: ProjectionUnit<PlanProjectionState, PlanProjectionView> = {
  name: PLAN_PROJECTION_NAME,
  initial: INITIAL_PLAN_PROJECTION,
  reduce: reducePlanProjection,
  view: viewPlanProjection,
};
