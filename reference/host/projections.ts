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

/** Told when a unit's state for an agent changed (a new state object), with the new view. */
export type ProjectionListener = (agent: string, unit: string, view: unknown) => void;

export class ProjectionRegistry {
  private readonly units = new Map<string, AnyUnit>();
  /** Live state per agent and unit, folded as events are appended. */
  private readonly live = new Map<string, Map<string, unknown>>();
  private readonly listeners = new Set<ProjectionListener>();

  /** The change feed: subscribers hear of every state change, never of events a unit left alone. */
  onPush(listener: ProjectionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Folds one appended event into the agent's live states; a unit whose reducer
   * returned a different state object pushes its new view. An agent seen for the
   * first time (e.g. after a restart) is caught up silently from `earlier`.
   */
  advance(agent: string, event: SessionEvent, earlier: () => readonly SessionEvent[]): void {
    let states = this.live.get(agent);
    if (!states) {
      const history = earlier();
      states = new Map(
        [...this.units].map(([name, unit]) => [name, history.reduce((s, e) => unit.reduce(s, e), unit.initial)]),
      );
      this.live.set(agent, states);
    }
    for (const [name, unit] of this.units) {
      const before = states.has(name) ? states.get(name) : unit.initial;
      const after = unit.reduce(before, event);
      states.set(name, after);
      if (after !== before) for (const listener of [...this.listeners]) listener(agent, name, unit.view(after));
    }
  }

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
