/**
 * The texts a baseline's exploration entries require of every session of
 * their class (`shows`), read for the exploration, which runs in a process of
 * its own and counts, for each such class, the sessions whose scenario holds
 * the text (explore.ts). The run's verdict reads and checks the whole file
 * (baseline.ts); this reads only what the exploration needs, and a file it
 * cannot read gives no marks: an entry with `shows` then excuses nothing.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { classId } from './exploration-class.js';

/** Class id (`explore:<CLAUSE>/<check>`) → the text its entry's `shows` names. */
export async function classMarks(path: string): Promise<Record<string, string>> {
  let document: unknown;
  try {
    document = parse(await readFile(path, 'utf8'));
  } catch {
    return {};
  }
  const entries = (document as { known_failures?: unknown } | null)?.known_failures;
  const marks: Record<string, string> = {};
  if (!Array.isArray(entries)) return marks;
  for (const entry of entries) {
    const { explore, shows } = (entry ?? {}) as { explore?: { clause?: unknown; check?: unknown }; shows?: unknown };
    if (typeof explore?.clause === 'string' && typeof explore.check === 'string' && typeof shows === 'string')
      marks[classId({ clause: explore.clause, check: explore.check })] = shows;
  }
  return marks;
}
