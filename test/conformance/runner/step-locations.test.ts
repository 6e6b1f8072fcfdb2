/**
 * Real locations for steps. Cucumber's console formats name where each step
 * is defined; in the bundled suite child they read `unknown:0` (first run
 * after a build) or one bundle line for every step. The build keeps each
 * definition's own file and line (runner/step-locations.ts): with the code
 * cache off and on, every step and hook names a shipped file whose line
 * registers it. The kit's own failure lines name the failing step's feature
 * file and line (pickle step -> gherkin step).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureRun, ROOT } from '../cli-harness.js';
import { runCli } from '../cli-harness.js';

describe('step locations', () => {
  for (const cache of ['0', '1']) {
    it(`names each step definition's own file and line (code cache ${cache === '0' ? 'off' : 'on'})`, () => {
      const run = runCli(
        [
          '--adapter',
          'test/fixtures/adapters/get-throws.js',
          '--features',
          'test/fixtures/features',
          '--tags',
          'not @id:fixture-undefined',
          '--format',
          'summary',
        ],
        { PLAN_MODE_CONFORMANCE_COMPILE_CACHE: cache },
      );
      expect(run.stdout).not.toMatch(/unknown:0|suite-child\.cjs:\d+\s*$/m);
      const locations = [...run.stdout.matchAll(/^ {3}[✔✖-] .* # (\S+):(\d+)$/gmu)].map(
        (match) => [match[1]!, Number(match[2])] as const,
      );
      expect(locations.length).toBeGreaterThan(4);
      for (const [file, line] of locations) {
        expect(file).toMatch(/^dist\/conformance\/(steps|support)\/[\w.-]+\.js$/);
        // The line registers a step or hook (a cucumber call, or the kit's registration helpers).
        expect(readFileSync(join(ROOT, file), 'utf8').split('\n')[line - 1], `${file}:${line}`).toMatch(
          /\b(Given|When|Then|Before|After|defineStep|[A-Z]\w*)\(|^\s*(\w+)\(/,
        );
      }
    });
  }

  it("the kit's failure lines name the failing step at its feature file line", () => {
    const run = fixtureRun('get-throws.js');
    const feature = readFileSync(join(ROOT, 'test/fixtures/features/fail-closed.feature'), 'utf8').split('\n');
    const match = run.stdout.match(/^ {4}step: (.+) \(fail-closed\.feature:(\d+)\)$/m);
    expect(match).not.toBeNull();
    expect(feature[Number(match![2]) - 1]).toContain(match![1]);
  });
});
