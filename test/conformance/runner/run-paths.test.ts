/**
 * runner/run-paths.ts resolves a kit run's feature paths in place of
 * cucumber's `resolvePaths` (build/bundle.mjs `run-paths`): the same source
 * paths, in the same order, as cucumber's for every form of path a run can
 * pass, and cucumber's own answer for anything it does not resolve itself.
 * Cucumber is pinned exactly (cucumber-internals.test.ts); this compares with
 * the installed one.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KIT_FEATURES_DIR } from '../../../conformance/features/feature-files.js';
import { kitFeatureFilesMatching } from '../../../conformance/features/feature-index.js';
import { cucumberPathsOf, selectScenarios } from '../../../conformance/features/scenario-selection.js';
import { type CucumberResolvePaths, resolveRunPaths } from '../../../conformance/runner/run-paths.js';
import { ROOT } from '../cli-harness.js';

const require = createRequire(import.meta.url);
const cucumberResolvePaths = (
  require(join(ROOT, 'node_modules/@cucumber/cucumber/lib/paths/index.js')) as {
    resolvePaths: CucumberResolvePaths;
  }
).resolvePaths;
const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const noSupport = { requireModules: [], requirePaths: [], importPaths: [], loaders: [] };

const scratch = mkdtempSync(join(tmpdir(), 'run-paths-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The kit's answer for `paths`, telling `onDelegate` when it asks cucumber's. */
function kitFor(paths: string[], supportBuilt: boolean, onDelegate: () => void) {
  return resolveRunPaths(
    () => {
      onDelegate();
      return cucumberResolvePaths;
    },
    logger,
    ROOT,
    { paths },
    noSupport,
    supportBuilt,
  );
}

/** Both answers for `paths`, and whether the kit's asked cucumber's. */
async function bothFor(paths: string[], supportBuilt = true) {
  let delegated = false;
  const kit = await kitFor(paths, supportBuilt, () => {
    delegated = true;
  });
  const cucumber = await cucumberResolvePaths(logger, ROOT, { paths }, noSupport);
  return { kit, cucumber, delegated };
}

/** The same, where cucumber's may fail (a rerun file it cannot read): both fail alike then. */
async function bothOrErrorsFor(paths: string[]) {
  const settled = async (answer: () => Promise<unknown>) => answer().catch((error: Error) => error.message);
  let delegated = false;
  const kit = await settled(() =>
    kitFor(paths, true, () => {
      delegated = true;
    }),
  );
  const cucumber = await settled(() => cucumberResolvePaths(logger, ROOT, { paths }, noSupport));
  return { kit, cucumber, delegated };
}

describe("a kit run's feature paths (runner/run-paths.ts)", () => {
  it("resolves the literal files a run passes (whole files, file:line) as cucumber does, without cucumber's", async () => {
    const files = (await kitFeatureFilesMatching('@CFG-01 or @SET-01', KIT_FEATURES_DIR)) ?? [];
    expect(files.length).toBeGreaterThan(1);
    const lines = cucumberPathsOf(await selectScenarios(KIT_FEATURES_DIR, '@CFG-03'));
    expect(lines.some((path) => /:\d+$/.test(path))).toBe(true);
    const all = (await kitFeatureFilesMatching('not @no-such-tag', KIT_FEATURES_DIR)) ?? [];
    expect(all.length).toBeGreaterThan(files.length);
    for (const paths of [files, lines, all, [...files].reverse(), [files[0]!, files[0]!], [`${files[0]}:3:7`]]) {
      const { kit, cucumber, delegated } = await bothFor(paths);
      expect(delegated, paths.join(' ')).toBe(false);
      expect(kit.unexpandedSourcePaths).toEqual(cucumber.unexpandedSourcePaths);
      expect(kit.sourcePaths).toEqual(cucumber.sourcePaths);
      // The support library is built: what cucumber would load from, nothing.
      expect(kit.requirePaths).toEqual([]);
      expect(kit.importPaths).toEqual([]);
    }
  });

  it("leaves every other path to cucumber's (a glob, a folder, a missing or relative file, a rerun file, an empty list)", async () => {
    const folder = join(scratch, 'features');
    mkdirSync(join(folder, 'deeper'), { recursive: true });
    writeFileSync(join(folder, 'a.feature'), 'Feature: a\n');
    writeFileSync(join(folder, 'deeper', 'b.feature'), 'Feature: b\n');
    writeFileSync(join(folder, 'steps.js'), '');
    writeFileSync(join(folder, 'no-extension'), '');
    symlinkSync(join(folder, 'deeper'), join(scratch, 'linked'));
    const glob = join(folder, '(x)', 'c.feature');
    mkdirSync(join(folder, '(x)'));
    writeFileSync(glob, 'Feature: c\n');
    for (const paths of [
      [`${folder}/**/*.feature`],
      [folder],
      [join(scratch, 'linked')],
      [join(folder, 'missing.feature')],
      ['features/configuration.feature'],
      // Cucumber reads a rerun file joined to its working folder, even an absolute one: neither is there.
      ['@rerun.txt'],
      [join(scratch, '@rerun.txt')],
      [join(folder, 'no-extension')],
      [glob],
      [join(folder, 'a.feature'), folder],
      [],
    ]) {
      const { kit, cucumber, delegated } = await bothOrErrorsFor(paths);
      expect(delegated, paths.join(' ')).toBe(true);
      expect(kit).toEqual(cucumber);
    }
  });

  it("asks cucumber's whenever the support library is not built (cucumber would load the support paths)", async () => {
    const files = (await kitFeatureFilesMatching('@CFG-01', KIT_FEATURES_DIR)) ?? [];
    const { kit, cucumber, delegated } = await bothFor(files, false);
    expect(delegated).toBe(true);
    expect(kit).toEqual(cucumber);
  });
});
