/**
 * Attack: two scenarios sharing a stable id, so that one record could hide
 * the other's verdict. A run refuses such features before anything runs.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli } from '../cli-harness.js';
import { temporaryFolder } from '../../temporary-folder.js';

/** A features folder holding `files` (name → Gherkin text). */
async function featuresFolder(prefix: string, files: Record<string, string>): Promise<string> {
  const dir = await temporaryFolder(prefix);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

/** An outline whose two rows share their first cell, so their stable id; the second row always fails. */
const OUTLINE_SHARING_AN_ID = `Feature: two rows, one id

  @id:shared-row @SET-01
  Scenario Outline: rows sharing their first cell
    When the user turns plan mode <mode>
    And the user prompts "Hello"
    Then request 1 is not in plan mode

    Examples:
      | name | mode |
      | same | off  |
      | same | on   |
`;

describe('duplicate stable ids', () => {
  it('a run refuses features in which two scenarios share an id, naming both places, before anything runs', async () => {
    const features = await featuresFolder('pmc-dup-ids-', { 'rows.feature': OUTLINE_SHARING_AN_ID });
    const run = runCli([
      '--adapter',
      `${FIXTURES}adapters/without-fork.js`,
      '--features',
      features,
      '--repeat',
      '2',
      '--allow-flaky',
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('rows.feature:11');
    expect(run.stderr).toContain('rows.feature:12');
    expect(run.stderr).toContain('shared-row/same');
    expect(run.stdout).not.toContain('conformance:');
  });

  it('across files too', async () => {
    const scenario = (line: string) =>
      `Feature: ${line}\n\n  @id:twice @SET-01\n  Scenario: ${line}\n    When the user prompts "Hello"\n    Then request 1 is not in plan mode\n`;
    const features = await featuresFolder('pmc-dup-ids-', {
      'a.feature': scenario('one'),
      'b.feature': scenario('two'),
    });
    const run = runCli(['--adapter', `${FIXTURES}adapters/without-fork.js`, '--features', features]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/b\.feature:4 \("two"\) repeats the stable id twice of a\.feature:4 \("one"\)/);
  });
});
