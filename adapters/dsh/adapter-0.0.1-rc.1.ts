/**
 * The `dsh@0.0.1-rc.1` adapter: runs the suite against the published
 * `@deepseek-ai/dsh-plan-mode@0.0.1-rc.1` (installed under the npm alias
 * `dsh-plan-mode-0.0.1-rc.1`), composed with the runtime packages npm has
 * (0.1.0-rc.8's), a stand-in for the one module npm lacks
 * (`@deepseek-ai/dsh-user-interaction`: its error class) and a service
 * forwarding `ctx.userInteraction` to rc.8's `ctx.userQuestions`
 * (user-interaction.ts). It implements the README published with that
 * release, the 0.0.1-rc.1 edition. The polyfill must be the first import.
 */
import './polyfill.js';
import type { HostHandle, StartOptions } from '../../src/index.js';
import { releaseAdapter, startRelease } from './release-adapter.js';
import { DSH_RC1 } from './releases.js';

export default releaseAdapter('dsh@0.0.1-rc.1', DSH_RC1);

export async function start(options: StartOptions): Promise<HostHandle> {
  return startRelease(options, DSH_RC1);
}
