/**
 * The build stamp (the kit repository's `build/build-stamp.mjs`): `npm test` skips the build only when dist/
 * was built from the sources byte for byte as they are, so its digest must move with every byte, path
 * and file the build reads, and with nothing else.
 */
import { appendFileSync, cpSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryFolder } from '../temporary-folder.js';

// A plain ES module script of the build (no types: the cast says what the test uses).
const { inputDigest } = (await import('../../build/build-stamp.mjs')) as {
  inputDigest(root: string): { digest: string; files: number };
};

/** A small tree shaped like the repository: the build's input folders and files. */
function makeTree(root: string): void {
  for (const folder of [
    'src',
    'conformance/explore',
    'reference',
    'adapters',
    'mutants',
    'variants',
    'features',
    'build',
  ])
    mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, 'src/index.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'conformance/explore/session.ts'), 'export const b = 2;\n');
  writeFileSync(join(root, 'features/lifecycle.feature'), 'Feature: lifecycle\n');
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.json']) writeFileSync(join(root, file), '{}\n');
}

describe('the build stamp', () => {
  let root: string;
  let before: string;
  beforeEach(async () => {
    root = await temporaryFolder('pmc-build-stamp-');
    makeTree(root);
    before = inputDigest(root).digest;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is the same for the same bytes, whatever the files times', () => {
    const copy = `${root}-copy`;
    cpSync(root, copy, { recursive: true, preserveTimestamps: false });
    try {
      expect(inputDigest(copy).digest).toBe(before);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('moves with one byte of a source, a feature file, the lock file', () => {
    for (const file of ['conformance/explore/session.ts', 'features/lifecycle.feature', 'package-lock.json']) {
      appendFileSync(join(root, file), ' ');
      const after = inputDigest(root).digest;
      expect(after, file).not.toBe(before);
      before = after;
    }
  });

  it('moves with a file added or renamed, and not with what installing and running write', () => {
    writeFileSync(join(root, 'reference/extra.ts'), '');
    const added = inputDigest(root).digest;
    expect(added).not.toBe(before);
    renameSync(join(root, 'reference/extra.ts'), join(root, 'reference/other.ts'));
    const renamed = inputDigest(root).digest;
    expect(renamed).not.toBe(added);
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist/build-stamp.json'), '{}');
    mkdirSync(join(root, 'adapters/node_modules'));
    writeFileSync(join(root, 'adapters/node_modules/x.js'), '');
    writeFileSync(join(root, 'README.md'), 'not read by the build');
    expect(inputDigest(root).digest).toBe(renamed);
  });
});
