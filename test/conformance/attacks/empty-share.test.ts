/**
 * Attack: a shard whose share of the exploration is no session (more shards
 * than sessions). It explored nothing, so it must not count the exploration as
 * one passed scenario (nothing counts as passed that was not checked).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../cli-harness.js';
import { runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';

describe('a shard with a share of no session', () => {
  it('has no exploration record and counts nothing passed for it', async () => {
    const dir = await temporaryFolder('pmc-empty-share-');
    const results = join(dir, 'results.json');
    const run = await runMain([
      '--features',
      `${FIXTURES}features`,
      '--tags',
      '@id:fixture-set-and-log',
      '--explore',
      '1',
      '--shard',
      '2/2',
      '--format',
      `results:${results}`,
    ]);
    expect(run.status).toBe(0);
    const document = JSON.parse(await readFile(results, 'utf8'));
    expect(document.exploration.share).toBe(0);
    expect(document.scenarios.map((record: { id: string }) => record.id)).toEqual([]);
    expect(run.stdout).toContain("exploration: 0 session(s) (this shard's share of 1), seed 23: nothing explored here");
    expect(run.summary).toMatch(/^conformance: 0 passed, 0 failed, 0 skipped/);
  });
});
