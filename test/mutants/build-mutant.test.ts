/**
 * A patch-built reference (mutants/build-mutant.ts) shares with the other builds of its folder only the
 * modules that reach no patched one: a shared module is a symbolic link into the folder's one copy (Node
 * loads it once, by its real path), and every module it imports is shared too; the patched modules, the
 * adapter and whatever imports a patched module, even through others, are the build's own files.
 */
import { lstatSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../conformance/package-root.js';
import { buildMutant, mutantWorkspace } from '../../mutants/build-mutant.js';
import { MUTANTS } from '../../mutants/catalog.js';

const typescript = createRequire(import.meta.url)('typescript') as typeof ts;

const workspace = await mutantWorkspace(PACKAGE_ROOT, '.mutants');
afterAll(() => workspace.remove());

/** Every module of a build's `reference/` folder, relative to it, and whether it is a symbolic link. */
function modulesOf(reference: string): Map<string, boolean> {
  const modules = new Map<string, boolean>();
  for (const file of readdirSync(reference, { recursive: true, encoding: 'utf8' }))
    if (file.endsWith('.js')) modules.set(file, lstatSync(join(reference, file)).isSymbolicLink());
  return modules;
}

function relativeImports(reference: string, file: string): string[] {
  const text = readFileSync(join(reference, file), 'utf8');
  return typescript
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => join(dirname(file), name));
}

describe('a patch-built reference', () => {
  // One mutant patching a module few others import, one patching a module many import.
  const chosen = [MUTANTS[0]!, MUTANTS.find((mutant) => mutant.patches.some((patch) => patch.file === 'host/host.ts'))];

  it.each(chosen.filter((mutant) => mutant !== undefined).map((mutant) => [mutant.name, mutant] as const))(
    'shares only modules that reach no patched one (%s)',
    async (_name, mutant) => {
      const adapter = await buildMutant(PACKAGE_ROOT, mutant, workspace.dir);
      const reference = dirname(adapter);
      const modules = modulesOf(reference);
      const patched = mutant.patches.map((patch) => patch.file.replace(/\.ts$/, '.js'));
      for (const file of [...patched, 'adapter.js']) expect(modules.get(file), file).toBe(false);
      for (const [file, shared] of modules) {
        if (!shared) continue;
        expect(realpathSync(join(reference, file)), file).toContain(join(workspace.dir, '.pristine'));
        // The contract (`../src/`) is every build's already.
        for (const imported of relativeImports(reference, file).filter((path) => !path.startsWith('..')))
          expect(modules.get(imported), `${file} imports ${imported}`).toBe(true);
      }
      // The sharing happens where the system makes symbolic links (Windows may refuse: each build's own then).
      if (process.platform !== 'win32') expect([...modules.values()].filter(Boolean).length).toBeGreaterThan(0);
      expect(relative(workspace.dir, adapter).startsWith('..')).toBe(false);
    },
  );
});
