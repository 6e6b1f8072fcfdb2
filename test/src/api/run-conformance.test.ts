/**
 * `runConformance` (src/api/run-conformance.ts), imported as a host's test
 * imports it, from the package's public API bundle: it resolves to the
 * results document the CLI writes for the same options, apart from timings,
 * for a failing host too; its options are checked before anything runs, every
 * problem named; a host that cannot run rejects with the kit's exit 2 and
 * what it said.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultsDocument } from '../../../src/index.js';
import { FIXTURES, ROOT, runCli } from '../../conformance/cli-harness.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { limitForProcesses } from '../../limits.js';

/** What `import { runConformance } from 'plan-mode-conformance'` loads (package.json exports). */
const api = (await import(join(ROOT, 'dist', 'bundled', 'public-api.js'))) as typeof import('../../../src/index.js');

/** A results document without what varies from run to run: when it started and how long it and each record took. */
function withoutTimings(document: ResultsDocument): unknown {
  const { startedAt: _, durationMs: __, scenarios, ...rest } = document;
  return { ...rest, scenarios: scenarios.map(({ durationMs: ___, ...record }) => record) };
}

describe('runConformance', () => {
  it(
    'resolves to the results document the CLI writes for the same options, apart from timings',
    async () => {
      const options = {
        adapter: `${FIXTURES}adapters/get-throws.js`,
        tags: '@SET-01 or @SET-02',
        level: 'strict',
        explore: 6,
        exploreSeed: 5,
      } as const;
      expect(api.conformanceArguments(options)).toEqual([
        '--adapter',
        options.adapter,
        '--level',
        'strict',
        '--tags',
        '@SET-01 or @SET-02',
        '--explore',
        '6',
        '--explore-seed',
        '5',
      ]);
      const dir = await temporaryFolder('pmc-api-');
      const cli = runCli([...api.conformanceArguments(options), '--format', `results:${join(dir, 'cli.json')}`]);
      expect(cli.status).toBe(1);
      const fromCode = await api.runConformance(options);
      const fromCli = JSON.parse(readFileSync(join(dir, 'cli.json'), 'utf8')) as ResultsDocument;
      expect(fromCode.scenarios.some((record) => record.status === 'failed')).toBe(true);
      expect(fromCode.exploration).toMatchObject({ seed: 5, budget: 6 });
      expect(withoutTimings(fromCode)).toEqual(withoutTimings(fromCli));
    },
    limitForProcesses(2),
  );

  it('checks its options before anything runs, every problem named', async () => {
    const bad = { adapter: '', level: 'hard', explore: 0, shard: { index: 3, count: 2 }, tag: '@SET-01' };
    await expect(api.runConformance(bad as never)).rejects.toThrow(
      /^runConformance: the options are not the CLI's \(5\):\n {2}adapter: .*\n {2}level: .*\n {2}explore: .*\n {2}shard: a shard index is at most the count\n {2}options: Unrecognized key: "tag"$/,
    );
  });

  it(
    "rejects with the kit's exit 2 and its message when the host cannot run",
    async () => {
      const error = await api
        .runConformance({ adapter: join(FIXTURES, 'adapters', 'no-such-adapter.js'), tags: '@SET-01' })
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      expect(error).toBeInstanceOf(api.RunConformanceError);
      expect(error).toMatchObject({ exitCode: 2 });
      expect((error as Error).message).toMatch(
        /^runConformance: the run wrote no results \(exit 2\): plan-mode-conformance: adapter module not found: /,
      );
    },
    limitForProcesses(1),
  );
});
