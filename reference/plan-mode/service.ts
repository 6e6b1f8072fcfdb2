/**
 * SET: the plan-mode service. `set` commits at once when the agent is idle and
 * holds a pending selection while a turn is open; the pending selection is
 * applied at the next request boundary (`applyPending`). Pending selections
 * live only in memory (LIM-01); the logged state is the only durable fact.
 */
import { event } from '../host/index.js';
import type { PluginContext } from '../host/index.js';
import { needsNotice, noticeEvent } from './narration.js';
import { foldPlanMode, PLAN_MODE_EVENT } from './state.js';

export type SetOutcome = 'committed' | 'queued' | 'cancelled' | 'noop';

export interface PlanModeView {
  /** The logged state that shapes the current step. */
  active: boolean;
  /** The selected target, only while a selection waits for a boundary. */
  pending?: boolean;
}

export interface PlanModeService {
  set(agent: string, active: boolean): SetOutcome;
  get(agent: string): PlanModeView;
}

type Context = Pick<PluginContext, 'append' | 'readLog' | 'isRunning'>;

/** What a `set` does, from the logged state, the (settled) pending target and whether a turn is open. */
export function decideSet(
  logged: boolean,
  pending: boolean | undefined,
  target: boolean,
  running: boolean,
): SetOutcome {
  if (pending !== undefined && target === pending) return 'noop';
  if (pending !== undefined) return 'cancelled';
  if (target === logged) return 'noop';
  if (running) return 'queued';
  return 'committed';
}

export function planModeEvent(active: boolean) {
  return event(PLAN_MODE_EVENT, { active });
}

export class PlanModeSelections implements PlanModeService {
  private readonly pending = new Map<string, boolean>();

  constructor(private readonly ctx: Context) {}

  set(agent: string, active: boolean): SetOutcome {
    const logged = this.logged(agent);
    const pending = this.settledPending(agent, logged);
    const outcome = decideSet(logged, pending, active, this.ctx.isRunning(agent));
    this.carryOut(agent, outcome, active);
    return outcome;
  }

  get(agent: string): PlanModeView {
    const active = this.logged(agent);
    const pending = this.settledPending(agent, active);
    if (pending === undefined) return { active };
    return { active, pending };
  }

  /** The boundary hook: applies the pending selection before the request is assembled. */
  applyPending(agent: string): void {
    const target = this.pending.get(agent);
    if (target === undefined) return;
    this.pending.delete(agent);
    if (target === this.logged(agent)) return;
    this.commitSelection(agent, target);
  }

  /** A user selection taking effect: the event, then the notice when the last request saw the other state. */
  commitSelection(agent: string, active: boolean): void {
    this.ctx.append(agent, planModeEvent(active));
    if (needsNotice(this.ctx.readLog(agent), active)) this.ctx.append(agent, noticeEvent(active));
  }

  /** An exit approved through `exit_plan_mode`: the tool result tells the model, so no notice. */
  commitApprovedExit(agent: string): void {
    this.ctx.append(agent, planModeEvent(false));
  }

  logged(agent: string): boolean {
    return foldPlanMode(this.ctx.readLog(agent));
  }

  private carryOut(agent: string, outcome: SetOutcome, active: boolean): void {
    if (outcome === 'committed') this.commitSelection(agent, active);
    if (outcome === 'queued') this.pending.set(agent, active);
    if (outcome === 'cancelled') this.pending.delete(agent);
  }

  /** A pending target equal to the logged state (the log moved, e.g. an approved exit) waits for nothing. */
  private settledPending(agent: string, logged: boolean): boolean | undefined {
    const target = this.pending.get(agent);
    if (target !== logged) return target;
    this.pending.delete(agent);
    return undefined;
  }
}
