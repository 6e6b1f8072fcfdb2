import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judge, readBaseline, BaselineError } from '../../conformance/runner/baseline.js';
import type { ScenarioResult } from '../../conformance/runner/scenario-result.js';

function result(stableId: string, status: ScenarioResult['status']): ScenarioResult {
  return { stableId, name: stableId, uri: 'x.feature', clauses: ['SET-01'], status, durationMs: 1 };
}

async function file(text: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'baseline-')), 'b.yaml');
  await writeFile(path, text);
  return path;
}

describe('baseline verdicts', () => {
  const baseline = { known_failures: [{ id: 'a', reason: 'known' }, { id: 'b', reason: 'also known' }] };

  it('accepts exactly the listed failures', () => {
    const verdict = judge([result('a', 'failed'), result('b', 'failed'), result('c', 'passed')], baseline);
    expect(verdict.unexpected).toEqual([]);
    expect(verdict.stale).toEqual([]);
    expect(verdict.baselined.map((entry) => entry.reason)).toEqual(['known', 'also known']);
  });

  it('flags an unlisted failure and a listed scenario that now passes', () => {
    const verdict = judge([result('a', 'failed'), result('b', 'passed'), result('c', 'failed')], baseline);
    expect(verdict.unexpected.map((r) => r.stableId)).toEqual(['c']);
    expect(verdict.stale.map((r) => r.stableId)).toEqual(['b']);
  });

  it('never baselines an undefined step', () => {
    expect(judge([result('a', 'undefined')], baseline).unexpected).toHaveLength(1);
  });

  it('treats a listed scenario that was skipped as neither stale nor failing', () => {
    const verdict = judge([result('a', 'skipped')], baseline);
    expect(verdict).toEqual({ unexpected: [], baselined: [], stale: [] });
  });
});

describe('reading baseline files', () => {
  const ids = new Set(['a', 'b']);
  it('reads a valid file', async () => {
    const path = await file('known_failures:\n  - id: a\n    reason: upstream differs\n');
    await expect(readBaseline(path, ids)).resolves.toEqual({ known_failures: [{ id: 'a', reason: 'upstream differs' }] });
  });
  it.each([
    ['known_failures:\n  - id: a\n', /reason/],
    ['known_failures:\n  - id: a\n    reason: "  "\n', /needs a reason/],
    ['known_failures:\n  - id: zzz\n    reason: r\n', /no scenario has the id zzz/],
    ['known_failures:\n  - id: a\n    reason: r\n  - id: a\n    reason: r\n', /listed twice/],
    ['known_failures: [\n', /not valid YAML/],
    ['known_failures: []\nextra: 1\n', /extra|Unrecognized/i],
  ])('rejects %j', async (text, message) => {
    const path = await file(text);
    await expect(readBaseline(path, ids)).rejects.toThrow(BaselineError);
    await expect(readBaseline(path, ids)).rejects.toThrow(message);
  });
});
