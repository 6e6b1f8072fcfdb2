/**
 * A dsh adapter for one release of `@deepseek-ai/dsh-plan-mode` (releases.ts):
 * the same host packages, capabilities, code tool and handle for every
 * release; the release decides the plugin composed, the review's seam and the
 * edition declared (its own README). adapter.ts and adapter-0.0.1-rc.1.ts
 * are the built-in adapters made with it.
 */
import { defineAdapter, type Adapter, type HostHandle, type StartOptions } from '../../src/index.js';
import { DSH_CAPABILITIES } from './capabilities.js';
import { DSH_CODE_TOOL } from './code-mode.js';
import { compose } from './compose.js';
import { createHandle } from './handle.js';
import { nodeHasZstd } from './persistence.js';
import type { DshRelease } from './releases.js';
import { ToolValues } from './tool-values.js';

export function releaseAdapter(name: string, release: DshRelease): Adapter {
  return defineAdapter({
    name,
    editions: [release.edition],
    release: release.version,
    capabilities: DSH_CAPABILITIES,
    codeTool: DSH_CODE_TOOL,
    start: (options) => startRelease(options, release),
  });
}

export async function startRelease(options: StartOptions, release: DshRelease): Promise<HostHandle> {
  // Where sessions persist (persistence.ts), a restart composes the host again on the same store.
  const values = new ToolValues();
  return createHandle(
    await compose(options, values, release),
    nodeHasZstd() ? () => compose(options, values, release) : undefined,
  );
}
