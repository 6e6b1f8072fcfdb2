/**
 * Builds a patched copy of the compiled reference as its own adapter: the
 * compiled reference (and the shared contract it imports) copied to a folder,
 * with the patched sources transpiled over the copies. The reference itself
 * is never modified. Mutants (broken references, mutants/) and variants
 * (references making another choice the seed leaves open, variants/) are
 * both built this way. Each run builds in a folder of its own (two runs at
 * once never share one) inside the package, where the copies still resolve
 * its node_modules, and removes it when done; its builds share one copy of
 * the unpatched files. The contract (`src/`, which no
 * patch touches) is not copied: each build's `src` is a link to the
 * package's compiled one, which Node loads once for every build (a module's
 * identity is its real path), as the kit loads it for the unmodified reference.
 * So are the reference's modules that import no patched module, even through
 * others: a symbolic link to the shared copy, loaded once for every build of
 * the run in a process (a matrix worker) and compiled and optimised once, where
 * a hard link is a path of its own and a module loaded again, cold, for every
 * build. The patched modules, the adapter and every module importing one of
 * them are the build's own, so each import of either reaches the build's.
 */
import { existsSync, rmSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type ts from 'typescript';
import { occurrences } from '../conformance/assertions/system-prompt.js';
import type { Mutant, Patch } from './mutant.js';

/**
 * TypeScript required, not imported: as an ES module import, Node first parses its 9 MB of CommonJS
 * to tell which kind it is, about half a second of CPU in every matrix worker.
 */
const typescript = createRequire(import.meta.url)('typescript') as typeof ts;

/** A build's adapter module, which the kit loads. */
const ENTRY = join('reference', 'adapter.js');

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
      throw new PatchError(
        `${set.name}: patch for reference/${file} must match exactly once, matched ${count} times: ${JSON.stringify(find.slice(0, 80))}`,
      );
    }
    sources.set(
      file,
      text.replace(find, () => replace),
    );
  }
  return sources;
}

/** A new folder for one run's builds, removed by `remove` (or, failing that, when the process exits). */
export async function mutantWorkspace(
  root: string,
  kind = '.mutants',
): Promise<{ dir: string; remove(): Promise<void> }> {
  await mkdir(join(root, kind), { recursive: true });
  const dir = await mkdtemp(join(root, kind, `run-${process.pid}-`));
  const onExit = (): void => rmSync(dir, { recursive: true, force: true });
  process.once('exit', onExit);
  return {
    dir,
    async remove() {
      process.removeListener('exit', onExit);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Copies compiled modules without their source maps (the maps' relative paths
 * would point nowhere from the copy, and every loader that reads them, vitest,
 * would warn once per file); returns the copied files, relative to `to`.
 */
async function copyWithoutSourceMaps(from: string, to: string): Promise<string[]> {
  const copied: string[] = [];
  for (const entry of await readdir(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith('.map') || entry.name.endsWith('.d.ts')) continue;
    const source = join(entry.parentPath, entry.name);
    const target = join(to, relative(from, source));
    await mkdir(dirname(target), { recursive: true });
    const text = await readFile(source, 'utf8');
    await writeFile(target, entry.name.endsWith('.js') ? text.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n') : text);
    copied.push(relative(to, target));
  }
  return copied;
}

interface PristineCopy {
  /** Holds `reference/` as compiled, without source maps. */
  dir: string;
  /** Every file in it, relative to `dir`. */
  files: string[];
  /** For each of its modules, the modules in it that import that one (paths relative to `dir`). */
  importers: Map<string, string[]>;
}

/** Who imports whom among the copied modules: TypeScript's pre-processor reads each module's relative imports. */
async function importersOf(dir: string, files: readonly string[]): Promise<Map<string, string[]>> {
  const importers = new Map<string, string[]>();
  for (const file of files.filter((name) => name.endsWith('.js'))) {
    const text = await readFile(join(dir, file), 'utf8');
    for (const { fileName } of typescript.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const imported = join(dirname(file), fileName);
      importers.set(imported, [...(importers.get(imported) ?? []), file]);
    }
  }
  return importers;
}

/**
 * The modules of a build that must be its own: the entry, the patched modules and whatever imports one of them
 * (the stdio host imports the entry: a shared one would run the shared, unpatched adapter).
 */
function ownModules(entry: string, patched: ReadonlySet<string>, importers: Map<string, string[]>): Set<string> {
  const own = new Set([entry, ...patched]);
  const waiting = [...own];
  for (let file = waiting.pop(); file !== undefined; file = waiting.pop())
    for (const importer of importers.get(file) ?? [])
      if (!own.has(importer)) {
        own.add(importer);
        waiting.push(importer);
      }
  return own;
}

const pristineCopies = new Map<string, Promise<PristineCopy>>();

/**
 * One copy of the compiled reference and contract per folder of builds, made
 * at its first build: every build in that folder links its unpatched
 * files to it instead of copying them again (a third of a build's time went
 * to copying): a hard link for a module of the build's own (a path of its own,
 * so loaded as the build's), a symbolic link for one it shares (ownModules).
 */
async function pristineCopyIn(root: string, buildsFolder: string): Promise<PristineCopy> {
  const dir = join(buildsFolder, '.pristine');
  let copy = pristineCopies.get(dir);
  if (copy === undefined || !existsSync(dir)) {
    copy = (async () => {
      await rm(dir, { recursive: true, force: true });
      const reference = await copyWithoutSourceMaps(join(root, 'dist', 'reference'), join(dir, 'reference'));
      const files = reference.map((file) => join('reference', file));
      return { dir, files, importers: await importersOf(dir, files) };
    })();
    pristineCopies.set(dir, copy);
    copy.catch(() => pristineCopies.delete(dir));
  }
  return copy;
}

/** A hard link where the file system allows one, a copy where it does not. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/** A symbolic link (the module shared), or where a user may make none (Windows), a module of the build's own. */
async function shareOrLink(from: string, to: string): Promise<void> {
  try {
    await symlink(from, to, 'file');
  } catch {
    await linkOrCopy(from, to);
  }
}

/**
 * Builds the patched reference under `folder` (replacing whatever was there)
 * and returns the path of its adapter module. `folder` must lie inside the
 * package root, so the copy resolves the package's own dependencies.
 */
export async function buildPatchedReference(root: string, set: PatchSet, folder: string): Promise<string> {
  const sources = await patchedSources(root, set);
  const pristine = await pristineCopyIn(root, dirname(folder));
  const out = join(folder, 'dist');
  await rm(folder, { recursive: true, force: true });
  // Patched files are written fresh, never through a link: that would change the pristine copy.
  const patched = new Set([...sources.keys()].map((file) => join('reference', file.replace(/\.ts$/, '.js'))));
  const own = ownModules(ENTRY, patched, pristine.importers);
  const files = pristine.files.filter((file) => !patched.has(file));
  for (const dir of new Set([out, ...files.map((file) => dirname(join(out, file)))]))
    await mkdir(dir, { recursive: true });
  await Promise.all(
    files.map((file) => (own.has(file) ? linkOrCopy : shareOrLink)(join(pristine.dir, file), join(out, file))),
  );
  // A junction where Windows has no symbolic links for a user; elsewhere the type is ignored.
  await symlink(join(root, 'dist', 'src'), join(out, 'src'), 'junction');
  for (const [file, source] of sources) {
    const { outputText, diagnostics } = typescript.transpileModule(source, {
      fileName: file,
      reportDiagnostics: true,
      compilerOptions: {
        module: typescript.ModuleKind.ES2022,
        target: typescript.ScriptTarget.ES2022,
        sourceMap: false,
      },
    });
    if (diagnostics && diagnostics.length > 0) {
      const message = typescript.flattenDiagnosticMessageText(diagnostics[0]!.messageText, ' ');
      throw new PatchError(`${set.name}: reference/${file} no longer parses: ${message}`);
    }
    await writeFile(join(out, 'reference', file.replace(/\.ts$/, '.js')), outputText);
  }
  return join(out, ENTRY);
}

let defaultWorkspace: Promise<{ dir: string; remove(): Promise<void> }> | undefined;

/** Removes the folder `buildMutant` used without a workspace (test runners may end without 'exit'). */
export async function removeDefaultWorkspace(): Promise<void> {
  const workspace = defaultWorkspace;
  defaultWorkspace = undefined;
  if (workspace) await (await workspace).remove();
}

/**
 * Returns the path of the mutant's adapter module. Without a workspace, the
 * mutant goes into one shared by this process and removed when it exits.
 */
export async function buildMutant(root: string, mutant: Mutant, workspace?: string): Promise<string> {
  const base = workspace ?? (await (defaultWorkspace ??= mutantWorkspace(root))).dir;
  return buildPatchedReference(
    root,
    { name: `mutant ${mutant.name}`, patches: mutant.patches },
    join(base, mutant.name),
  );
}
