/**
 * One agent's session log in memory: append-only, persisted through the store
 * before observers hear of the event.
 */
import type { SessionEvent } from './events.js';
import { frozenCopy } from './frozen.js';
import type { SessionEventBus } from './observers.js';
import type { SessionStore } from './store.js';

export class SessionLog {
  private readonly events: SessionEvent[];
  /** What `read` hands out until the next append: one frozen list shared by every reader. */
  private snapshot: readonly SessionEvent[] | undefined;

  constructor(
    readonly agent: string,
    private readonly store: SessionStore,
    private readonly bus: SessionEventBus,
    loaded: readonly SessionEvent[],
  ) {
    this.events = loaded.map(frozenCopy);
  }

  append(event: SessionEvent): void {
    const copy = frozenCopy(event);
    this.store.appendEvent(this.agent, copy);
    this.events.push(copy);
    this.snapshot = undefined;
    this.bus.publish(this.agent, copy);
  }

  /** Writes what the store still holds of this log, and of every other (store.ts: before the host calls out). */
  flush(): void {
    this.store.flush();
  }

  /**
   * A snapshot, oldest first; callers cannot change the log through it. It is
   * frozen, events included, rather than copied for each reader: the prompt,
   * the history and the plugin each read the log for every request.
   */
  read(): readonly SessionEvent[] {
    this.snapshot ??= Object.freeze([...this.events]);
    return this.snapshot;
  }

  get length(): number {
    return this.events.length;
  }
}
