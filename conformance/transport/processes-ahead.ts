/**
 * A host process started ahead of need: spawned and initialized, never
 * started, so that a scenario that needs a new process (every scenario of a
 * host without `reuse`; a restart or the replacement of a failed process with
 * it) does not wait for the host's interpreter to start. Taking it starts the
 * next one in the background, so one is kept only while processes are being
 * used up. A process that failed while it waited is discarded, and the taker
 * starts its own as before, so its failure is reported where it happens.
 */
import type { Parkable } from './idle-hosts.js';

/** A process spawned (`served`, at once) and its initialization (`ready`). */
export interface Booting<T extends Parkable> {
  served: T;
  ready: Promise<T>;
}

export class ProcessesAhead<T extends Parkable> {
  private next: Booting<T> | undefined;

  /** `startOne(ahead)`: a process started ahead must not keep the kit running (`holdsKit(false)`). */
  constructor(private readonly startOne: (ahead: boolean) => Booting<T>) {}

  /** Keeps a process that was initialized and never started (the one at load) as the next one. */
  adopt(served: T): void {
    served.host.holdsKit(false);
    this.next = { served, ready: Promise.resolve(served) };
  }

  /**
   * A new, initialized process: the one started ahead if it is sound, else one
   * started now. `watch` is told each process it waits on, so that a taker
   * whose time ran out can kill the one still initializing.
   */
  async take(watch: (served: T) => void = () => undefined): Promise<T> {
    const ahead = this.next;
    this.next = this.startOne(true);
    // Nobody may ever take it (the run ends first): its failure is then nobody's.
    this.next.ready.catch(() => undefined);
    if (ahead) {
      watch(ahead.served);
      const sound = await ahead.ready.then(
        () => !ahead.served.host.failed,
        () => false,
      );
      if (sound) {
        ahead.served.host.holdsKit(true);
        return ahead.served;
      }
      void ahead.served.host.kill();
    }
    const own = this.startOne(false);
    watch(own.served);
    return own.ready;
  }

  /** Closes the process started ahead, if any (the kit's exit kills it anyway). */
  async close(graceMs: number): Promise<void> {
    const ahead = this.next;
    this.next = undefined;
    // Whether or not it finished initializing (one that never answers is closed all the same).
    await ahead?.served.host.close(graceMs);
  }
}
