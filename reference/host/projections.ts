/** The session-projection registry: pure folds of an agent's log into a view. */
import type { SessionEvent } from './events.js';

export interface ProjectionUnit<State, View> {
  name: string;
  initial: State;
  reduce(state: State, event: SessionEvent): State;
  view(state: State): View;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyUnit = ProjectionUnit<any, any>;

export class ProjectionRegistry {
  private readonly units = new Map<string, AnyUnit>();

  register<State, View>(unit: ProjectionUnit<State, View>): void {
    if (this.units.has(unit.name)) throw new Error(`projection '${unit.name}' is already registered`);
    this.units.set(unit.name, unit);
  }

  has(name: string): boolean {
    return this.units.has(name);
  }

  /** A cold fold of the whole log: the same log always gives the same view. */
  view(name: string, events: readonly SessionEvent[]): unknown {
    const unit = this.units.get(name);
    if (!unit) throw new Error(`no projection named '${name}' is registered`);
    return unit.view(events.reduce((state, event) => unit.reduce(state, event), unit.initial));
  }
}
