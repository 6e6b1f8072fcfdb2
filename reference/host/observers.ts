/** The `session/event` stream: observers are told each event as it is appended, in log order. */
import type { SessionEvent } from './events.js';

export type SessionObserver = (agent: string, event: SessionEvent) => void;

export class SessionEventBus {
  private readonly observers = new Set<SessionObserver>();

  subscribe(observer: SessionObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  publish(agent: string, event: SessionEvent): void {
    for (const observer of [...this.observers]) observer(agent, event);
  }
}
