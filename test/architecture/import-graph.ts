/**
 * The repository's import graph, read by the TypeScript compiler (its
 * `preProcessFile`, which lists every `import`, `export ... from` and
 * `import()` of a file, type-only ones included) rather than by pattern
 * matching, so the layering test (layers.test.ts) sees what tsc sees. Only
 * imports of the repository's own files count; packages are not part of the
 * layering.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One import: `from` imports `to`, both paths relative to the root, with `/`. */
export interface ImportEdge {
  from: string;
  to: string;
}

const SOURCE = /\.(ts|mts|mjs|js)$/;

function sourceFiles(root: string, folder: string): string[] {
  const absolute = join(root, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** The file a relative specifier names: `./x.js` is `x.ts` when the source is TypeScript. */
export function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(root, dirname(from), specifier);
  const candidates = [
    target,
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.mjs$/, '.mts'),
    `${target}.ts`,
    join(target, 'index.ts'),
  ];
  const found = candidates.find((candidate) => existsSync(candidate) && SOURCE.test(candidate));
  return found === undefined ? undefined : relative(root, found).split(sep).join('/');
}

/**
 * Every import between the files under `folders` (and from them to any other
 * file of the repository), plus the relative specifiers that name no file
 * (`unresolved`), which the test reports rather than ignores.
 */
export function importGraph(
  root: string,
  folders: readonly string[],
): { files: string[]; edges: ImportEdge[]; unresolved: string[] } {
  const files = folders.flatMap((folder) => sourceFiles(root, folder));
  const edges: ImportEdge[] = [];
  const unresolved: string[] = [];
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = resolveSpecifier(root, file, fileName);
      if (to === undefined) unresolved.push(`${file}: ${fileName}`);
      else edges.push({ from: file, to });
    }
  }
  return { files, edges, unresolved };
}

/**
 * The import circles among `files`: each strongly connected component of more
 * than one file (or a file importing itself), as a sorted list of its files.
 * Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
 */
export function importCircles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let counter = 0;
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; child: number }> = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const children = next.get(frame.node)!;
      if (frame.child < children.length) {
        const child = children[frame.child]!;
        frame.child += 1;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter);
          counter += 1;
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = edges.some((edge) => edge.from === frame.node && edge.to === frame.node);
        if (component.length > 1 || selfImport) circles.push(component.sort());
      }
    }
  }
  return circles;
}
