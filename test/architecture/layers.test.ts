/**
 * The layering checks itself: the import graph (read by the TypeScript
 * compiler, import-graph.ts) has no circle, and no arrow runs from a lower
 * layer to a higher one or across a layer (layers.ts says which). A failure
 * lists every offending import, file to file.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, type ImportEdge } from './import-graph.js';
import { CONFORMANCE_TIERS, KNOWN_EXCEPTIONS, REPOSITORY_LAYERS } from './layers.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = Object.keys(REPOSITORY_LAYERS);
const graph = importGraph(ROOT, FOLDERS);

const topOf = (file: string): string => file.split('/')[0]!;
/** A conformance file's folder: its first folder under conformance/, or `(root)`. */
const conformanceFolderOf = (file: string): string => {
  const parts = file.split('/');
  return parts.length > 2 ? parts[1]! : '(root)';
};
const tierOf = (folder: string): number => CONFORMANCE_TIERS.findIndex((tier) => tier.includes(folder));

/** Why `edge` breaks the layering, or undefined when it keeps it. */
function violation({ from, to }: ImportEdge): string | undefined {
  const [fromTop, toTop] = [topOf(from), topOf(to)];
  if (!(toTop in REPOSITORY_LAYERS)) return `${toTop}/ is not a layer of the repository`;
  if (fromTop !== toTop)
    return REPOSITORY_LAYERS[fromTop]!.includes(toTop) ? undefined : `${fromTop}/ may not import ${toTop}/`;
  if (fromTop !== 'conformance') return undefined;
  const [fromFolder, toFolder] = [conformanceFolderOf(from), conformanceFolderOf(to)];
  if (fromFolder === toFolder) return undefined;
  const [fromTier, toTier] = [tierOf(fromFolder), tierOf(toFolder)];
  if (fromTier < 0) return `conformance/${fromFolder}/ is in no tier of layers.ts`;
  if (toTier < 0) return `conformance/${toFolder}/ is in no tier of layers.ts`;
  if (toTier === fromTier)
    return `conformance/${fromFolder}/ and ${toFolder}/ share a tier: neither may import the other`;
  if (toTier > fromTier)
    return `conformance/${fromFolder}/ (tier ${fromTier}) may not import ${toFolder}/ (tier ${toTier}), a higher layer`;
  return undefined;
}

const excused = (edge: ImportEdge): boolean =>
  KNOWN_EXCEPTIONS.some((exception) => exception.from === edge.from && exception.to === edge.to);

describe('the layering', () => {
  it('reads the imports of every source file, each naming a file that exists', () => {
    expect(graph.files.length).toBeGreaterThan(200);
    expect(graph.edges.length).toBeGreaterThan(500);
    expect(graph.unresolved).toEqual([]);
  });

  it('has no import circle', () => {
    expect(importCircles(graph.edges).map((circle) => circle.join(' <-> '))).toEqual([]);
  });

  it('has no arrow from a lower layer to a higher one, nor across a layer', () => {
    const broken = graph.edges
      .filter((edge) => !excused(edge))
      .flatMap((edge) => {
        const why = violation(edge);
        return why === undefined ? [] : [`${edge.from} -> ${edge.to}: ${why}`];
      });
    expect(broken).toEqual([]);
  });

  it('places every folder of conformance/ in exactly one tier, and every exception is still needed', () => {
    const folders = new Set(graph.files.filter((file) => topOf(file) === 'conformance').map(conformanceFolderOf));
    for (const folder of folders)
      expect(
        CONFORMANCE_TIERS.filter((tier) => tier.includes(folder)),
        folder,
      ).toHaveLength(1);
    for (const exception of KNOWN_EXCEPTIONS)
      expect(graph.edges, `${exception.from} -> ${exception.to}`).toContainEqual({
        from: exception.from,
        to: exception.to,
      });
  });

  it('has teeth: it finds a circle, a back-arrow and an import across a tier', () => {
    expect(
      importCircles([
        { from: 'a.ts', to: 'b.ts' },
        { from: 'b.ts', to: 'c.ts' },
        { from: 'c.ts', to: 'a.ts' },
        { from: 'c.ts', to: 'd.ts' },
      ]),
    ).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(violation({ from: 'conformance/report/html-report.ts', to: 'conformance/cli/main.ts' })).toMatch(
      /higher layer/,
    );
    expect(violation({ from: 'conformance/results/summary.ts', to: 'conformance/runner/run-suite.ts' })).toMatch(
      /higher layer/,
    );
    expect(
      violation({ from: 'conformance/report/html-report.ts', to: 'conformance/evidence/mutation-evidence.ts' }),
    ).toMatch(/share a tier/);
    expect(violation({ from: 'src/index.ts', to: 'conformance/cli/main.ts' })).toMatch(
      /src\/ may not import conformance\//,
    );
    expect(violation({ from: 'conformance/cli/main.ts', to: 'reference/adapter.ts' })).toMatch(
      /may not import reference/,
    );
    expect(violation({ from: 'reference/adapter.ts', to: 'adapters/dsh/adapter.ts' })).toMatch(
      /may not import adapters/,
    );
    expect(violation({ from: 'conformance/cli/main.ts', to: 'conformance/results/summary.ts' })).toBeUndefined();
  });
});
