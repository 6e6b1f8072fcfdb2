import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeTree } from '../../../conformance/support/remove-tree.js';

describe('removeTree', () => {
  it('removes a folder with nested folders and files', () => {
    const root = mkdtempSync(join(tmpdir(), 'remove-tree-'));
    mkdirSync(join(root, 'store', 'agents'), { recursive: true });
    writeFileSync(join(root, 'store', 'index.jsonl'), '{}\n');
    writeFileSync(join(root, 'store', 'agents', 'agent-1.jsonl'), '{}\n');
    removeTree(root);
    expect(existsSync(root)).toBe(false);
  });

  it('removes a link to a folder without touching what it points to', () => {
    const outside = mkdtempSync(join(tmpdir(), 'remove-tree-outside-'));
    writeFileSync(join(outside, 'keep.txt'), 'kept');
    const root = mkdtempSync(join(tmpdir(), 'remove-tree-'));
    symlinkSync(outside, join(root, 'link'));
    removeTree(root);
    expect(existsSync(root)).toBe(false);
    expect(readdirSync(outside)).toEqual(['keep.txt']);
    rmSync(outside, { recursive: true, force: true });
  });

  it('is quiet about a folder that is not there', () => {
    expect(() => removeTree(join(tmpdir(), 'remove-tree-never-made'))).not.toThrow();
  });
});
