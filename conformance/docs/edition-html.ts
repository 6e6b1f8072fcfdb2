/** How the site names editions, and which edition a host's run was judged against. */
import type { Edition } from '../../src/index.js';
import type { HostView } from './site-model.js';

export function editionLabel(edition: Edition): string {
  return edition === 'seed' ? 'Seed edition' : `${edition} edition`;
}

/** The edition of a host's run, marked when `--force-edition` imposed one the adapter does not declare. */
export function hostEdition(host: HostView): string {
  return host.document.spec.forced ? `${host.edition} (forced)` : host.edition;
}
