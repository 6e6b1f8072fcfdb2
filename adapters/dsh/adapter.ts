/**
 * The `dsh` adapter: runs the suite against the published
 * `@deepseek-ai/dsh-plan-mode@0.1.0-rc.8`, composed with the upstream's own
 * host packages from npm. It implements the README published with that
 * package, the rc.8 edition (only: the seed's retry and projection rules are
 * not what rc.8 does). The polyfill must be the first import.
 */
import './polyfill.js';
import type { HostHandle, StartOptions } from '../../src/index.js';
import { releaseAdapter, startRelease } from './release-adapter.js';
import { DSH_RC8 } from './releases.js';

export default releaseAdapter('dsh', DSH_RC8);

export async function start(options: StartOptions): Promise<HostHandle> {
  return startRelease(options, DSH_RC8);
}
