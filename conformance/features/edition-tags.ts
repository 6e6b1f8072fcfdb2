/**
 * Which editions a scenario belongs to, from its tags: a scenario tagged
 * `@edition:<name>` (one tag per edition it holds in) belongs to those
 * editions only; a scenario with no such tag holds in every edition.
 */
import { EDITIONS, type Edition } from '../../src/index.js';

export const EDITION_TAG_PREFIX = '@edition:';

export function editionTag(edition: Edition): string {
  return `${EDITION_TAG_PREFIX}${edition}`;
}

/** The editions a scenario with these tags belongs to. */
export function editionsOfTags(tags: readonly string[]): Edition[] {
  const named = EDITIONS.filter((edition) => tags.includes(editionTag(edition)));
  return named.length > 0 ? named : [...EDITIONS];
}

/** A cucumber tag expression selecting the scenarios of one edition. */
export function editionTagExpression(edition: Edition): string {
  const anyEdition = EDITIONS.map(editionTag).join(' or ');
  return `(not (${anyEdition}) or ${editionTag(edition)})`;
}

/** `tags` narrowed to one edition's scenarios. */
export function withinEdition(tags: string, edition: Edition): string {
  return tags.trim() === '' ? editionTagExpression(edition) : `(${tags}) and ${editionTagExpression(edition)}`;
}
