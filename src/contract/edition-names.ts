/**
 * The names of the spec's editions, oldest first, without zod: the CLI reads
 * them while parsing its arguments, before anything heavy loads.
 * `editions.ts` builds the schema and the rules on this list.
 *
 * "Oldest" is the package's own version order (npm's semver precedence), not
 * the publication date: 0.0.1-rc.1 was published a month after 0.1.0-rc.8 but
 * reads as rc.8 without two of its features, and npm's `latest` stays
 * 0.1.0-rc.8. The order decides "the newest declared edition" (a host
 * declaring rc.8 and 0.0.1-rc.1 is judged against rc.8 unless told otherwise)
 * and the docs site's column order (docs/editions.md, "Where 0.0.1-rc.1 stands").
 */
export const EDITIONS = ['seed', '0.0.1-rc.1', 'rc.8'] as const;
export type Edition = (typeof EDITIONS)[number];

export function isEdition(name: string): name is Edition {
  return (EDITIONS as readonly string[]).includes(name);
}
