/**
 * The kit's name and version, from its package.json: what `--version` prints
 * and every report names. A module of its own, importing nothing heavy, so
 * `--version` loads neither zod nor the report writers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './package-root.js';

let kit: { name: string; version: string } | undefined;

export function kitIdentity(): { name: string; version: string } {
  kit ??= (({ name, version }) => ({ name, version }))(
    JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name: string; version: string },
  );
  return kit;
}
