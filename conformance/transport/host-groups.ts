/**
 * The process groups of the host processes this process has started, told to
 * whoever watches them: the suite process forwards them to its supervisor
 * (suite-child.ts, suite-process.ts), which kills them whenever it ends that
 * process, a SIGKILL included, when the process's own exit hook cannot run.
 *
 * The watcher lives on a process-wide key, not in this module: an in-process
 * adapter may load the exec: transport from another copy of the kit (dist/'s
 * modules rather than the bundle), and its hosts must be told all the same.
 */

/** Told when a host's process group starts and when the kit has killed it (or it has gone). */
export interface HostGroupWatcher {
  started(groupId: number): void;
  ended(groupId: number): void;
}

const KEY = Symbol.for('plan-mode-conformance.host-group-watcher');
type WithWatcher = { [KEY]?: HostGroupWatcher };

/** Sets the one watcher of this process (the suite process's channel to its supervisor). */
export function watchHostGroups(watcher: HostGroupWatcher): void {
  (globalThis as WithWatcher)[KEY] = watcher;
}

/** Tells the watcher, if any, of a host group; a watcher that throws changes nothing here. */
export function tellHostGroup(event: keyof HostGroupWatcher, groupId: number): void {
  try {
    (globalThis as WithWatcher)[KEY]?.[event](groupId);
  } catch {
    // The kit still kills its groups itself.
  }
}

/** Whether a told group id may be signalled: a group of a process, never 0 or 1 (the caller's group, or every process). */
export function isHostGroupId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 1;
}
