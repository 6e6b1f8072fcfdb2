/**
 * One agent's session log in memory: append-only, persisted through the store
 * before observers hear of the event.
 */
import type { SessionEvent } from './events.js';
import type { SessionEventBus } from './observers.js';
import type { SessionStore } from './store.js';

export class SessionLog {
  private readonly events: SessionEvent[];

  constructor(
    readonly agent: string,
    private readonly store: SessionStore,
    private readonly bus: SessionEventBus,
    loaded: SessionEvent[],
  ) {
    this.events = [...loaded];
  }

  append(event: SessionEvent): void {
    const copy = structuredClone(event);
    this.store.appendEvent(this.agent, copy);
    this.events.push(copy);
    this.bus.publish(this.agent, structuredClone(copy));
  }

  /** A snapshot, oldest first; callers cannot change the log through it. */
  read(): SessionEvent[] {
    return structuredClone(this.events);
  }

  get length(): number {
    return this.events.length;
  }
}
