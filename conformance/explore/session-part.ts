/**
 * A part of one process's share of the exploration's sessions, when the run
 * splits that share between two processes (runner/exploration-beside.ts: the
 * scenarios' process explores the share's tail once its scenarios are done,
 * the exploration's process the rest). Dependency-free: the CLI splits with
 * it before anything of the exploration loads.
 */

/** Fractions of the share, `0 <= from <= to <= 1`: the sessions from position `from * length` up to `to * length`. */
export interface SessionPart {
  from: number;
  to: number;
}

/** The sessions of `part` of `share`, in order; parts that meet at one fraction partition the share. */
export function partOf<T>(share: readonly T[], part?: SessionPart): T[] {
  if (!part) return [...share];
  return share.slice(Math.round(part.from * share.length), Math.round(part.to * share.length));
}
