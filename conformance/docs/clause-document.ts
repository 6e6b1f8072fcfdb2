/**
 * The spec text the kit is built on, kept in the repository and the package:
 * docs/clauses.md, made from its prose template (features/clause-document.md:
 * levels, terms, what the seed leaves open, the editions) and the clause
 * catalog the kit runs on (features/clauses.yaml): one section per family,
 * each clause with its level and its statement, and each later edition's
 * statement where that edition reads the clause differently. The unit test
 * fails when docs/clauses.md is not what the catalog and template make
 * (regenerate: `npm run clauses`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_EDITION, EDITIONS } from '../../src/index.js';
import { loadCatalogFile, statementsByEdition, type Catalog, type Clause } from '../catalog/clause-catalog.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { familyName } from './site-model.js';

export const CLAUSE_DOCUMENT = 'docs/clauses.md';
export const CLAUSE_TEMPLATE = 'features/clause-document.md';
const MARKER = '<!-- clauses -->';

export async function renderClauseDocumentFromFiles(root: string = PACKAGE_ROOT): Promise<string> {
  const [template, catalog] = await Promise.all([
    readFile(join(root, CLAUSE_TEMPLATE), 'utf8'),
    loadCatalogFile(join(root, 'features', 'clauses.yaml')),
  ]);
  return renderClauseDocument(template, catalog);
}

export function renderClauseDocument(template: string, catalog: Catalog): string {
  if (!template.includes(MARKER)) throw new Error(`${CLAUSE_TEMPLATE} has no ${MARKER} line where the clauses go`);
  const families: string[] = [];
  for (const clause of catalog.clauses) {
    const family = familyOf(clause);
    if (!families.includes(family)) families.push(family);
  }
  const sections = families.map((family) => {
    const clauses = catalog.clauses.filter((clause) => familyOf(clause) === family);
    return [`## ${familyName(family)} (${family})`, '', ...clauses.map(clauseItem)].join('\n');
  });
  const generated = [`*Clause catalog version ${catalog.version}.*`, '', sections.join('\n\n')].join('\n');
  return template.replace(MARKER, generated);
}

function familyOf(clause: Clause): string {
  return clause.id.replace(/-\d+$/, '');
}

/**
 * `- **SET-06** (required) statement`, then each statement later editions give
 * it where it differs from the seed's, marked with the editions stating it
 * (`**0.0.1-rc.1, rc.8:**` when both read it alike).
 */
function clauseItem(clause: Clause): string {
  const only = clause.only && EDITIONS.filter((edition) => clause.only!.includes(edition));
  const marks = [clause.level, ...(clause.derived ? ['derived'] : []), ...(only ? [`${only.join(', ')} only`] : [])];
  const inSeed = only === undefined || only.includes(DEFAULT_EDITION);
  const lines = [
    `- <a id="${clause.id.toLowerCase()}"></a>**${clause.id}** (${marks.join(', ')}) ${inSeed ? '' : `${only!.join(', ')}: `}${clause.statement}`,
  ];
  if (!inSeed) return lines.join('\n');
  const later = new Map<string, string[]>();
  for (const { edition, statement } of statementsByEdition(clause)) {
    if (edition === DEFAULT_EDITION || statement === clause.statement) continue;
    later.set(statement, [...(later.get(statement) ?? []), edition]);
  }
  for (const [statement, editions] of later) lines.push(`  - **${editions.join(', ')}:** ${statement}`);
  return lines.join('\n');
}
