/**
 * dsh's durable session store: the only persistence backend published at
 * 0.1.0-rc.8, `@deepseek-ai/dsh-session-persistence-jsonl`, which writes each
 * session as Zstandard frames through `node:zlib`'s zstd functions (Node 22.15
 * and later). On a Node without them the package cannot even be imported (its
 * named imports fail at link time), so it is loaded on demand, only where the
 * running Node has zstd, and `restart` is declared missing elsewhere with the
 * command that gets a Node that has it. `node:zlib` is never shimmed.
 */
import * as zlib from 'node:zlib';
import { join } from 'node:path';
import type { CapabilitySupport } from '../../src/index.js';

/** The `node:zlib` functions the backend imports; all arrived together in Node 22.15. */
const ZSTD_FUNCTIONS = ['createZstdDecompress', 'zstdCompress', 'zstdDecompress', 'zstdDecompressSync'] as const;

/** Whether this Node's `node:zlib` has everything the jsonl backend imports. */
export function nodeHasZstd(zlibModule: object = zlib): boolean {
  const exports = zlibModule as Record<string, unknown>;
  return ZSTD_FUNCTIONS.every((name) => typeof exports[name] === 'function');
}

/** The documented dsh command: the kit under a Node 22 fetched from the npm registry (cached by npx after the first run). */
export const DSH_UNDER_NODE_22 = 'npx -y -p node@22 node dist/bundled/cli.js --adapter dsh';

export const RESTART_NEEDS_ZSTD =
  `dsh persists sessions only through @deepseek-ai/dsh-session-persistence-jsonl (the one backend published at 0.1.0-rc.8), ` +
  `which imports zstd from node:zlib: Node 22.15 or later, and this is Node ${process.versions.node}. ` +
  `Run the kit under Node 22 from the npm registry: \`${DSH_UNDER_NODE_22}\` (what \`npm run conformance:dsh\` runs)`;

/** `restart` where this Node can load the backend, missing with the way to a Node that can otherwise. */
export function restartSupport(hasZstd = nodeHasZstd()): CapabilitySupport {
  return hasZstd ? true : { missing: RESTART_NEEDS_ZSTD };
}

/**
 * Named through a constant, so the compiler does not resolve it: the kit builds
 * and type-checks where the package is not installed (it is a devDependency, loaded only here).
 */
const JSONL_BACKEND: string = '@deepseek-ai/dsh-session-persistence-jsonl';

/** The backend plugin and its config for a store folder, or undefined where this Node cannot load it. */
export interface PersistencePlugin {
  plugin: unknown;
  config: { root: string };
}

export async function jsonlPersistence(storeDir: string): Promise<PersistencePlugin | undefined> {
  if (!nodeHasZstd()) return undefined;
  const { default: JsonlSessionPersistence } = (await import(JSONL_BACKEND)) as { default: unknown };
  // The backend's defaults (zstd frames, packed chunk rows, its write batching) are what a dsh user gets.
  return { plugin: JsonlSessionPersistence, config: { root: join(storeDir, 'sessions') } };
}
