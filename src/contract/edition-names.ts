/**
 * The names of the spec's editions, oldest first, without zod: the CLI reads
 * them while parsing its arguments, before anything heavy loads.
 * `editions.ts` builds the schema and the rules on this list.
 */
export const EDITIONS = ['seed', 'rc.8'] as const;
export type Edition = (typeof EDITIONS)[number];

export function isEdition(name: string): name is Edition {
  return (EDITIONS as readonly string[]).includes(name);
}
