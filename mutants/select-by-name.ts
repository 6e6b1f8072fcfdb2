/** Picks the named entries of a matrix (mutants or variants) from the command line; none named means all. */
export function selectByName<T extends { name: string }>(all: T[], names: string[], kind: string): T[] {
  if (names.length === 0) return all;
  const unknown = names.filter((name) => !all.some((entry) => entry.name === name));
  if (unknown.length > 0) throw new Error(`unknown ${kind}(s): ${unknown.join(', ')}`);
  return all.filter((entry) => names.includes(entry.name));
}
