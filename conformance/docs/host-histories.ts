/**
 * Which hosts the site has a history of: the runs of one host (different
 * releases, or dates), in release order. Apart from the history page so the
 * page shell's navigation can list the histories without importing the page
 * that is drawn inside the shell.
 *
 * Release order is semver precedence of `host.release` (npm's `semver`), not
 * the order the runs happened in: dsh 0.0.1-rc.1 was published after
 * 0.1.0-rc.8, yet it is the lower release, and a release gate compares a
 * release with the one below it. Runs of one release, and runs that recorded
 * no release (or one that is not semver), follow in start-time order, the
 * latter after every released run.
 */
import { compare as compareSemver, valid as validSemver } from 'semver';
import type { HostView, SiteModel } from './site-model.js';

/** A host with the runs the site was given of it, in release order. */
export interface HostHistory {
  host: string;
  /** File name stem of the history page. */
  key: string;
  runs: HostView[];
}

/** Every host the site has two or more runs of (different releases, or dates), its runs in release order. */
export function hostHistories(model: SiteModel): HostHistory[] {
  const byHost = new Map<string, HostView[]>();
  for (const view of model.hosts) byHost.set(view.host, [...(byHost.get(view.host) ?? []), view]);
  return [...byHost]
    .filter(([, runs]) => runs.length > 1)
    .map(([host, runs]) => ({
      host,
      key:
        host
          .toLowerCase()
          .replace(/[^a-z0-9._-]+/g, '-')
          .replace(/^[-.]+|-+$/g, '') || 'host',
      runs: [...runs].sort(inReleaseOrder),
    }));
}

/** Lower release first (semver precedence), then earlier start; runs with no semver release last. */
export function inReleaseOrder(a: HostView, b: HostView): number {
  const [left, right] = [releaseOf(a), releaseOf(b)];
  if (left !== undefined && right !== undefined) {
    const byRelease = compareSemver(left, right);
    if (byRelease !== 0) return byRelease;
  } else if (left !== right) return left === undefined ? 1 : -1;
  const [before, after] = [a.document.startedAt, b.document.startedAt];
  return before < after ? -1 : before > after ? 1 : 0;
}

/** The run's release when it is a semver version (`v` prefixes and build metadata as semver reads them). */
function releaseOf(view: HostView): string | undefined {
  return view.release === undefined ? undefined : (validSemver(view.release) ?? undefined);
}
