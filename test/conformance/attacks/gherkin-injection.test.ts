/**
 * Attack: a host's own words (its name, the first line of its message, text a
 * step carries) written into the feature file `explore --out` writes, trying
 * to become Gherkin structure there: extra scenarios with `@id`s of their own,
 * which the confirming run would then execute. The file holds exactly the
 * scenarios explore found, and the confirming run executes exactly those.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AstBuilder, compile, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';
import { describe, expect, it } from 'vitest';
import { featureText, notExactly, stableId, type FoundScenario } from '../../../conformance/explore/scenario.js';
import { FIXTURES, runCli } from '../cli-harness.js';
import { temporaryFolder } from '../../temporary-folder.js';

const FORGED = '\n\n  @id:forged-by-the-host\n  Scenario: forged by the host\n    Given the adapter-provided step\n';

/** The `@id` of every scenario a feature file holds, as cucumber reads it. */
function scenarioIds(text: string): string[] {
  const newId = IdGenerator.incrementing();
  const document = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher()).parse(text);
  return compile(document, 'found.feature', newId).map(
    (pickle) => pickle.tags.find((tag) => tag.name.startsWith('@id:'))?.name ?? '(none)',
  );
}

const found = (overrides: Partial<FoundScenario> = {}): FoundScenario => ({
  adapter: `evil-host${FORGED}`,
  seed: 1,
  path: '3:1',
  replay: ' --max-steps 12',
  disagreement: {
    clauses: ['REVIEW-03'],
    check: 'refused-exit-fails',
    message: `the host said${FORGED}\r::error::forged`,
    step: { text: 'the last exit_plan_mode call of the agent fails', midTurn: false },
  },
  lines: ['Given the agent is in plan mode', 'When the user prompts the agent with "Task 1"'],
  needs: ['questions'],
  ...overrides,
});

describe('host text never becomes Gherkin structure in a written counterexample', () => {
  it("a name and a message holding newlines, tag and Scenario: lines stay text on the kit's lines", () => {
    const one = found();
    const text = featureText([one]);
    expect(scenarioIds(text)).toEqual([`@id:${stableId(one)}`]);
    expect(text).not.toMatch(/^\s*(@id:forged|Scenario: forged|Given the adapter-provided)/m);
    expect(text).toContain('Feature: A session explore found on evil-host\\n\\n  @id:forged-by-the-host');
    expect(notExactly(text, [one])).toBeUndefined();
  });

  it('a step whose text would close its doc string and open a scenario is refused, not written', () => {
    const one = found({
      lines: [
        'Given the deployment is:\n"""yaml\nplan: {}\n"""\n@id:forged\nScenario: forged\nGiven the agent is in plan mode',
      ],
    });
    expect(notExactly(featureText([one]), [one])).toMatch(/holds the scenario\(s\) .*forged.*, not /);
  });

  it('explore --out against a broken host with such a name writes one scenario, and the confirming run runs that one', async () => {
    const dir = await temporaryFolder('pmc-gherkin-injection-');
    const out = join(dir, 'found.feature');
    const run = runCli([
      'explore',
      '--adapter',
      `${FIXTURES}adapters/explore-hostile-name-approves.js`,
      '--runs',
      '200',
      '--seed',
      '1',
      '--out',
      out,
    ]);
    expect(run.status).toBe(1);
    const ids = scenarioIds(await readFile(out, 'utf8'));
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^@id:explore-evil-host-/);
    expect(run.stdout).toContain('the written feature fails against');
    expect(run.stdout).not.toContain('the confirming run executed');
    // The forged lines are nowhere a line of their own on the console either.
    expect(run.stdout).not.toMatch(/^\s*(@id:forged|Scenario: forged)/m);
  });
});
