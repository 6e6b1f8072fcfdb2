/**
 * The `dsh` adapter: runs the suite against the published
 * `@deepseek-ai/dsh-plan-mode@0.1.0-rc.8`, composed with the upstream's own
 * host packages from npm. It implements the README published with that
 * package, the rc.8 edition (only: the seed's retry and projection rules are
 * not what rc.8 does). The polyfill must be the first import.
 */
import './polyfill.js';
import { defineAdapter, type HostHandle, type StartOptions } from '../../src/index.js';
import { DSH_CAPABILITIES } from './capabilities.js';
import { DSH_CODE_TOOL } from './code-mode.js';
import { compose } from './compose.js';
import { createHandle } from './handle.js';
import { nodeHasZstd } from './persistence.js';
import { ToolValues } from './tool-values.js';

export default defineAdapter({
  name: 'dsh',
  editions: ['rc.8'],
  capabilities: DSH_CAPABILITIES,
  codeTool: DSH_CODE_TOOL,
  start,
});

export async function start(options: StartOptions): Promise<HostHandle> {
  // Where sessions persist (persistence.ts), a restart composes the host again on the same store.
  const values = new ToolValues();
  return createHandle(await compose(options, values), nodeHasZstd() ? () => compose(options, values) : undefined);
}
