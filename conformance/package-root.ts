/**
 * The kit's package root, found by walking up from this module, so paths to
 * shipped files (features, built-in adapters) work from the compiled dist/ and
 * from the TypeScript sources (unit tests) alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'plan-mode-conformance'
    ) {
      return dir;
    }
    if (dirname(dir) === dir) throw new Error(`cannot find the plan-mode-conformance package above ${start}`);
  }
}

export const PACKAGE_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
