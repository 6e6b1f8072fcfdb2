/**
 * Builds a patched copy of the compiled reference as its own adapter: the
 * compiled reference (and the shared contract it imports) copied to a folder,
 * with the patched sources transpiled over the copies. The reference itself
 * is never modified. Mutants (broken references, mutants/) and variants
 * (references making another choice the seed leaves open, variants/) are
 * both built this way.
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { occurrences } from '../conformance/assertions/system-prompt.js';
import type { Mutant, Patch } from './mutant.js';

export class PatchError extends Error {
  override name = 'PatchError';
}

/** A named set of patches on the reference sources. */
export interface PatchSet {
  name: string;
  patches: Patch[];
}

/** Applies the patches to the reference sources; every `find` must occur exactly once. */
export async function patchedSources(root: string, set: PatchSet): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  for (const { file, find, replace } of set.patches) {
    const text = sources.get(file) ?? (await readFile(join(root, 'reference', file), 'utf8'));
    const count = occurrences(text, find);
    if (count !== 1) {
      throw new PatchError(`${set.name}: patch for reference/${file} must match exactly once, matched ${count} times: ${JSON.stringify(find.slice(0, 80))}`);
    }
    sources.set(file, text.replace(find, () => replace));
  }
  return sources;
}

/**
 * Builds the patched reference under `folder` (replacing whatever was there)
 * and returns the path of its adapter module. `folder` must lie inside the
 * package root, so the copy resolves the package's own dependencies.
 */
export async function buildPatchedReference(root: string, set: PatchSet, folder: string): Promise<string> {
  const sources = await patchedSources(root, set);
  const out = join(folder, 'dist');
  await rm(folder, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  await cp(join(root, 'dist', 'reference'), join(out, 'reference'), { recursive: true });
  await cp(join(root, 'dist', 'src'), join(out, 'src'), { recursive: true });
  for (const [file, source] of sources) {
    const { outputText, diagnostics } = ts.transpileModule(source, {
      fileName: file,
      reportDiagnostics: true,
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, sourceMap: false },
    });
    if (diagnostics && diagnostics.length > 0) {
      const message = ts.flattenDiagnosticMessageText(diagnostics[0]!.messageText, ' ');
      throw new PatchError(`${set.name}: reference/${file} no longer parses: ${message}`);
    }
    await writeFile(join(out, 'reference', file.replace(/\.ts$/, '.js')), outputText);
  }
  return join(out, 'reference', 'adapter.js');
}

/** Builds one mutant under .mutants/<name>/; returns the path of its adapter module. */
export async function buildMutant(root: string, mutant: Mutant): Promise<string> {
  return buildPatchedReference(root, { name: `mutant ${mutant.name}`, patches: mutant.patches }, join(root, '.mutants', mutant.name));
}
