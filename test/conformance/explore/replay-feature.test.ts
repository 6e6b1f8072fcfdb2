/**
 * An exploration class's shrunk scenario as a feature file of its own
 * (conformance/explore/replay-feature.ts): tagged with the class's clauses
 * and id, its steps kept; refused unless it is exactly one Gherkin scenario.
 * test/conformance/cli/rerun.test.ts replays one against hosts.
 */
import { describe, expect, it } from 'vitest';
import { replayFeatureText, unreplayable } from '../../../conformance/explore/replay-feature.js';

describe('an exploration class replayed as a scenario', () => {
  const scenario =
    'Scenario: explore found: x\n  Given the host presents its tools in both mode\n  When the user creates the agent';

  it('is tagged with its clauses and its id, its steps kept', () => {
    const text = replayFeatureText([{ id: 'explore:SET-05/get-state', clauses: ['SET-05', 'SET-01'], scenario }]);
    expect(text).toContain(
      '\n  @SET-05 @SET-01 @id:explore:SET-05/get-state\n  Scenario: explore found: x\n    Given the host presents its tools in both mode\n',
    );
    expect(unreplayable({ id: 'explore:SET-05/get-state', clauses: ['SET-05'], scenario })).toBeUndefined();
  });

  it('is refused when it is not exactly one scenario', () => {
    const one = { id: 'explore:SET-05/get-state', clauses: ['SET-05'] };
    expect(unreplayable({ ...one, scenario: 'Given a step' })).toMatch(/does not start with a Scenario: line/);
    expect(unreplayable({ ...one, scenario: `${scenario}\n\nScenario: another\n  Given x` })).toMatch(
      /holds 2 scenarios, not one/,
    );
    expect(unreplayable({ ...one, scenario: `${scenario}\n  Examples:\n  | a |` })).toMatch(
      /not Gherkin|scenarios, not one/,
    );
    expect(unreplayable({ ...one, id: 'explore: spaced', scenario })).toMatch(/cannot be a tag/);
  });
});
