/**
 * PROJ: the `plan` session-projection unit, a pure fold of the log. A
 * `command/run` named `plan` sets the target; a `plan/mode` event commits the
 * logged state and clears the target; every other event returns the same state.
 * Under the rc.8 edition (`settlesOnDone`) the line's target is a candidate
 * until its `command/done`: kept when the line succeeded, dropped when it failed.
 */
import type { ProjectionUnit, SessionEvent } from '../host/index.js';
import { PLAN_COMMAND_NAME, isOffArgument } from './command.js';
import { PLAN_MODE_EVENT } from './state.js';

export const PLAN_PROJECTION_NAME = 'plan';

export interface PlanProjectionState {
  /** The logged state. */
  active: boolean;
  /** The last `/plan` target kept (seed: run; rc.8: done successfully) and not yet followed by a `plan/mode` event. */
  target: boolean | undefined;
  /** rc.8: the target of a `/plan` line that ran and is not done yet. */
  unsettled: boolean | undefined;
}

export interface PlanProjectionView {
  active: boolean;
  pending: boolean;
}

/** How the unit reads `/plan` lines: the edition's data, one reducer for both. */
export interface PlanProjectionRules {
  /** rc.8 (PROJ-02): a line's target counts once its paired `command/done` reports success. */
  settlesOnDone: boolean;
}

export const SEED_PROJECTION_RULES: PlanProjectionRules = Object.freeze({ settlesOnDone: false });

export const INITIAL_PLAN_PROJECTION: PlanProjectionState = Object.freeze({
  active: false,
  target: undefined,
  unsettled: undefined,
});

export function commandTarget(args: string): boolean {
  return !isOffArgument(args);
}

export function reducePlanProjection(
  state: PlanProjectionState,
  e: SessionEvent,
  rules: PlanProjectionRules = SEED_PROJECTION_RULES,
): PlanProjectionState {
  if (e.type === 'command/run' && e.payload.name === PLAN_COMMAND_NAME) {
    const target = commandTarget(e.payload.args);
    if (rules.settlesOnDone) return { active: state.active, target: state.target, unsettled: target };
    return { active: state.active, target, unsettled: undefined };
  }
  if (rules.settlesOnDone && e.type === 'command/done' && e.payload.name === PLAN_COMMAND_NAME) {
    // Nothing to settle (a plan/mode event already committed the line's selection): the same state, no push.
    if (state.unsettled === undefined) return state;
    const kept = e.payload.ok ? state.unsettled : state.target;
    return { active: state.active, target: kept, unsettled: undefined };
  }
  if (e.type === PLAN_MODE_EVENT) {
    return { active: e.payload.active, target: undefined, unsettled: undefined };
  }
  return state;
}

export function viewPlanProjection(state: PlanProjectionState): PlanProjectionView {
  // The latest selection: one still running, else the one kept.
  const selected = state.unsettled ?? state.target;
  const pending = selected !== undefined && selected !== state.active;
  return { active: state.active, pending };
}

/** The unit under the edition's rules. */
export function planProjection(
  rules: PlanProjectionRules = SEED_PROJECTION_RULES,
): ProjectionUnit<PlanProjectionState, PlanProjectionView> {
  return {
    name: PLAN_PROJECTION_NAME,
    initial: INITIAL_PLAN_PROJECTION,
    reduce: (state, e) => reducePlanProjection(state, e, rules),
    view: viewPlanProjection,
  };
}
