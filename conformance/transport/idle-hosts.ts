/**
 * The parked processes of a host that declared `reuse`: a scenario that ended
 * cleanly (its `dispose` answered, no call left unanswered, no fault) leaves
 * its process here, and the next scenario's `start` takes it instead of
 * starting a new one. Several scenarios running at once each take their own.
 */
import type { HostProcess } from './host-process.js';

export interface Parkable {
  host: HostProcess;
}

export class IdleHosts<T extends Parkable> {
  private readonly parked: T[] = [];

  park(served: T): void {
    served.host.park();
    this.parked.push(served);
  }

  /** The most recently parked process that is still sound, or undefined; those that failed while parked are killed. */
  take(): T | undefined {
    for (let served = this.parked.pop(); served; served = this.parked.pop()) {
      if (served.host.unpark()) return served;
      void served.host.kill();
    }
    return undefined;
  }

  /** Closes every parked process (stdin closed, `graceMs` to exit, then killed). */
  async closeAll(graceMs: number): Promise<void> {
    await Promise.all(this.parked.splice(0).map((served) => served.host.close(graceMs)));
  }
}
