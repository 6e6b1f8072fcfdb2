/**
 * Which edition a run judges the host against: the one the adapter declares,
 * the newest when it declares several, or the one `--edition` names among
 * them; an adapter that declares none is judged against the seed, as before
 * editions existed. An edition the adapter does not declare is refused (the
 * host would fail for following its own README) unless `--force-edition` says
 * the user means it, and then every report says the run was forced.
 */
import { DEFAULT_EDITION, newestEdition, type Edition } from '../../src/index.js';

export interface EditionChoice {
  edition: Edition;
  /** True when the edition is not one the adapter declares (`--force-edition`). */
  forced: boolean;
}

export class EditionNotDeclaredError extends Error {
  override name = 'EditionNotDeclaredError';
}

/** What an adapter implements: what it declares, or the seed when it declares nothing. */
export function declaredEditions(declared: readonly Edition[] | undefined): Edition[] {
  return declared && declared.length > 0 ? [...declared] : [DEFAULT_EDITION];
}

/**
 * A host's name in the kit's sentence: as it is when it is plain, else quoted
 * as a JSON string, so a newline or escape in it shows as `\n` and cannot
 * start a line of its own.
 */
function nameAsWord(name: string): string {
  return /^[\w@%+=:,./ -]+$/.test(name) ? name : JSON.stringify(name);
}

export function chooseEdition(
  adapterName: string,
  declared: readonly Edition[] | undefined,
  requested?: Edition,
  force = false,
): EditionChoice {
  const implemented = declaredEditions(declared);
  if (requested === undefined) return { edition: newestEdition(implemented), forced: false };
  if (implemented.includes(requested)) return { edition: requested, forced: false };
  if (force) return { edition: requested, forced: true };
  const says =
    declared && declared.length > 0
      ? `declares the edition(s) ${implemented.join(', ')}`
      : `declares no edition, so it implements ${DEFAULT_EDITION} only`;
  throw new EditionNotDeclaredError(
    `--edition ${requested}: adapter ${nameAsWord(adapterName)} ${says}, not ${requested}. Judged against an edition it does not implement, a host fails where it follows its own README; run with --edition ${newestEdition(implemented)}, or add --force-edition to judge it against ${requested} anyway`,
  );
}
