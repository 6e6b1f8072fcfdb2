/**
 * Which hosts the site has a history of: the runs of one host (different
 * releases, or dates), oldest first. Apart from the history page so the page
 * shell's navigation can list the histories without importing the page that
 * is drawn inside the shell.
 */
import type { HostView, SiteModel } from './site-model.js';

/** A host with the runs the site was given of it, oldest run first. */
export interface HostHistory {
  host: string;
  /** File name stem of the history page. */
  key: string;
  runs: HostView[];
}

/** Every host the site has two or more runs of (different releases, or dates), each run oldest first. */
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
      runs: [...runs].sort((a, b) =>
        a.document.startedAt < b.document.startedAt ? -1 : a.document.startedAt > b.document.startedAt ? 1 : 0,
      ),
    }));
}
