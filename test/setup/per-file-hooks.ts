/**
 * The hooks every test file gets, registered here because vitest runs a setup file for each
 * test file, where a helper module loads once per worker when its files share modules
 * (test/shared-modules.ts): a hook a helper registered as it loaded would serve only the first
 * file of its worker. Each helper exports its cleanup; this file runs it for every file.
 */
import { afterAll, afterEach } from 'vitest';
import { removeTemporaryStores } from '../reference/helpers.js';
import { removeTemporaryFolders } from '../temporary-folder.js';

// The reference tests' stores, after each test (test/reference/helpers.ts).
afterEach(removeTemporaryStores);
// Each file's temporary folders, once its tests are over (test/temporary-folder.ts).
afterAll(removeTemporaryFolders);
