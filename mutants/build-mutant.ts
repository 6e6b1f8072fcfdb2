/**
 * Builds one mutant as its own adapter: a copy of the compiled reference (and
 * the shared contract it imports) under .mutants/<name>/, with the patched
 * sources transpiled over the copies. The reference itself is never modified.
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { occurrences } from '../conformance/assertions/system-prompt.js';
import type { Mutant } from './mutant.js';

export class PatchError extends Error {
  override name = 'PatchError';
}

/** Applies a mutant's patches to the reference sources; every `find` must occur exactly once. */
export async function patchedSources(root: string, mutant: Mutant): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  for (const { file, find, replace } of mutant.patches) {
    const text = sources.get(file) ?? (await readFile(join(root, 'reference', file), 'utf8'));
    const count = occurrences(text, find);
    if (count !== 1) {
      throw new PatchError(`mutant ${mutant.name}: patch for reference/${file} must match exactly once, matched ${count} times: ${JSON.stringify(find.slice(0, 80))}`);
    }
    sources.set(file, text.replace(find, () => replace));
  }
  return sources;
}

/** Returns the path of the mutant's adapter module. */
export async function buildMutant(root: string, mutant: Mutant): Promise<string> {
  const sources = await patchedSources(root, mutant);
  const out = join(root, '.mutants', mutant.name, 'dist');
  await rm(join(root, '.mutants', mutant.name), { recursive: true, force: true });
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
      throw new PatchError(`mutant ${mutant.name}: reference/${file} no longer parses: ${message}`);
    }
    await writeFile(join(out, 'reference', file.replace(/\.ts$/, '.js')), outputText);
  }
  return join(out, 'reference', 'adapter.js');
}
