/**
 * What a failure cites of the spec: each clause its scenario checks, with the
 * clause's level and its statement in the edition the run judged, and a link
 * to the clause's page (the docs site's URL scheme, `clauses/<ID>.html`,
 * relative to the site's root). The console, every report and the docs site
 * cite clauses through this module, so they say the same.
 */
import type { ClauseLevel } from '../../src/index.js';
import type { EditionClause } from '../catalog/clause-catalog.js';

export interface ClauseCitation {
  id: string;
  /** Undefined for a clause id the edition's catalog lacks (a stray tag in another features folder). */
  level?: ClauseLevel;
  /** The clause as the judged edition states it. */
  statement?: string;
  /** The clause page, relative to the docs site's root. */
  link: string;
}

/** The docs site's page of a clause, relative to the site's root (`root` prefixes it, e.g. `../` from a host page). */
export function clausePageLink(id: string, root = ''): string {
  return `${root}clauses/${id}.html`;
}

/** MUST or SHOULD, the spec's word for the level. */
export function levelWord(level: ClauseLevel): string {
  return level === 'required' ? 'MUST' : 'SHOULD';
}

/** The clauses a failure cites, in the order its scenario names them. */
export function citeClauses(ids: readonly string[], catalog: readonly EditionClause[]): ClauseCitation[] {
  const byId = new Map(catalog.map((clause) => [clause.id, clause]));
  return ids.map((id) => {
    const clause = byId.get(id);
    return { id, ...(clause ? { level: clause.level, statement: clause.statement } : {}), link: clausePageLink(id) };
  });
}

/** One line per clause: `SET-06 (required, MUST): <statement> <link>`. */
export function citationText(citation: ClauseCitation): string {
  const level = citation.level ? `${citation.level}, ${levelWord(citation.level)}` : 'not in the judged edition';
  return `${citation.id} (${level})${citation.statement ? `: ${citation.statement}` : ''} [${citation.link}]`;
}
