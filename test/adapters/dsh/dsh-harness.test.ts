/**
 * The dsh tests' harness leaves nothing in the temporary folder: the store it
 * makes for each host is one of the file's temporary folders, removed when the
 * file's tests are over (test/temporary-folder.ts), as every test's are. The
 * unit step once left a dsh-store folder behind for every host these tests started.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { removeTemporaryFolders } from '../../temporary-folder.js';
import { harness } from './dsh-harness.js';

describe('the dsh harness', () => {
  it("makes each host's store a temporary folder of the file's, removed with them", () => {
    const { options } = harness();
    expect(existsSync(options.storeDir)).toBe(true);
    removeTemporaryFolders();
    expect(existsSync(options.storeDir)).toBe(false);
  });
});
