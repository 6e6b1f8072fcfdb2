/**
 * The releases of `@deepseek-ai/dsh-plan-mode` the built-in dsh adapters
 * drive, as data: which edition each implements (its own README), where its
 * plugin comes from, and through which seam its review reaches the user. Both
 * run on the one set of runtime packages npm has (0.1.0-rc.8's), so what
 * differs between them is this table, not a copy of the adapter
 * (docs/dsh.md, "Two releases").
 */
import type { Edition } from '../../src/index.js';

/** A published release of the plan-mode package, and what composing it takes. */
export interface DshRelease {
  /** The package's version, as npm publishes it (the adapter's `release`). */
  version: string;
  /** The edition of the spec its README is: the one the adapter declares. */
  edition: Edition;
  /** The plugin's default export, loaded on demand: a release's package need not be installed for the other's runs. */
  loadPlugin(): Promise<unknown>;
  /**
   * The user seam the plugin asks its review through: `userQuestions`
   * (rc.8's `@deepseek-ai/dsh-user-questions`, composed as is), or
   * `userInteraction` (0.0.1-rc.1's, which npm does not have: a service of the
   * adapter's own forwards it to `userQuestions`, user-interaction.ts).
   */
  reviewSeam: 'userQuestions' | 'userInteraction';
}

export const DSH_RC8: DshRelease = {
  version: '0.1.0-rc.8',
  edition: 'rc.8',
  loadPlugin: async () => (await import('@deepseek-ai/dsh-plan-mode')).default,
  reviewSeam: 'userQuestions',
};

/**
 * Installed under the npm alias `dsh-plan-mode-0.0.1-rc.1` (a devDependency),
 * beside rc.8's own package; its peers are overridden to rc.8's runtime
 * packages and to the stand-in for `@deepseek-ai/dsh-user-interaction`
 * (package.json `overrides`, user-interaction-stand-in/).
 */
export const DSH_RC1: DshRelease = {
  version: '0.0.1-rc.1',
  edition: '0.0.1-rc.1',
  loadPlugin: async () => (await import('dsh-plan-mode-0.0.1-rc.1')).default,
  reviewSeam: 'userInteraction',
};
