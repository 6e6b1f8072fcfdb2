/**
 * The spec text the kit is built on lives in the repository and the package:
 * docs/clauses.md is what features/clauses.yaml and its template make
 * (regenerate: npm run clauses), and every mention of "clauses.md" in the
 * repository points at it.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CLAUSE_DOCUMENT,
  renderClauseDocument,
  renderClauseDocumentFromFiles,
} from '../../../conformance/docs/clause-document.js';
import { loadCatalogFile } from '../../../conformance/catalog/clause-catalog.js';
import { PACKAGE_ROOT } from '../../../conformance/package-root.js';

describe('the clause document', () => {
  it('docs/clauses.md is current (regenerate: npm run clauses)', async () => {
    expect(await readFile(join(PACKAGE_ROOT, CLAUSE_DOCUMENT), 'utf8')).toBe(await renderClauseDocumentFromFiles());
  });

  it("holds every clause with its level, and each later edition's statement where it differs", async () => {
    const catalog = await loadCatalogFile();
    const text = renderClauseDocument('# Clauses\n\n<!-- clauses -->\n', catalog);
    for (const clause of catalog.clauses) expect(text).toContain(`**${clause.id}** (${clause.level}`);
    expect(text).toMatch(
      /\*\*SET-06\*\* \(required\) A pending selection is applied at the next request boundary[^\n]*\n {2}- \*\*0\.0\.1-rc\.1, rc\.8:\*\* A pending selection is applied at the next accepted in-turn pre-step/,
    );
    expect(text).toMatch(/\*\*REVIEW-07\*\* \(required, 0\.0\.1-rc\.1, rc\.8 only\)/);
    // An edition whose reading is the seed's own (0.0.1-rc.1's projection) adds no line; one of its own is marked alone.
    expect(text).toMatch(/\*\*PROJ-02\*\* \(required\) [^\n]*\n {2}- \*\*rc\.8:\*\* /);
    expect(text).toMatch(
      /\*\*CMD-05\*\* \(required\) [^\n]*\n {2}- \*\*0\.0\.1-rc\.1:\*\* [^\n]*\n {2}- \*\*rc\.8:\*\* /,
    );
    expect(() => renderClauseDocument('# no marker\n', catalog)).toThrow(/no <!-- clauses --> line/);
  });

  it('every mention of clauses.md in the repository points at docs/clauses.md', () => {
    const mentions = execFileSync(
      'git',
      [
        'grep',
        '-n',
        'clauses\\.md',
        '--',
        '.',
        ':!docs/clauses.md',
        ':!features/clause-document.md',
        ':!test/conformance/docs/clause-document.test.ts',
      ],
      { cwd: PACKAGE_ROOT, encoding: 'utf8' },
    )
      .split('\n')
      .filter(Boolean);
    expect(mentions.length).toBeGreaterThan(10);
    // From outside docs/ it is docs/clauses.md; inside docs/ a link to clauses.md (the same folder).
    const stray = mentions.filter((line) =>
      line.startsWith('docs/')
        ? /(?<![[(/])clauses\.md(?!\]\()/.test(line.replace(/\[clauses\.md\]\(clauses\.md\)/g, ''))
        : /(?<!docs\/)clauses\.md/.test(line),
    );
    expect(stray).toEqual([]);
  });
});
