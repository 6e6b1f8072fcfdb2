/**
 * The variant matrix's command line (variants/variant-matrix-arguments.ts):
 * by default each variant explores exactly what a default run explores (CI
 * runs the matrix so), `--explore N` and `--seed S` change only that
 * (`--explore-only` leaves the scenarios out), bad
 * values are refused with one line naming the option, and a worker reads back
 * exactly the exploration the matrix hands it. No process is spawned.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EXPLORE_SEED, DEFAULT_EXPLORE_SESSIONS } from '../../conformance/explore/budget.js';
import {
  variantMatrixArgumentsOrExit,
  workerArguments,
  type VariantMatrixArguments,
} from '../../variants/variant-matrix-arguments.js';

function parsed(argv: string[]): VariantMatrixArguments {
  const args = variantMatrixArgumentsOrExit(argv);
  if (typeof args === 'number') throw new Error(`exit ${args} for ${JSON.stringify(argv)}`);
  return args;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the variant matrix arguments', () => {
  it("explore a default run's budget and seed unless told otherwise", () => {
    const args = parsed(['--workers', '1', 'no-turn-records']);
    expect(args.exploration).toEqual({ budget: DEFAULT_EXPLORE_SESSIONS, seed: DEFAULT_EXPLORE_SEED });
    expect(args.exploration).toEqual({ budget: 200, seed: 23 });
    expect(args).toMatchObject({ workers: 1, names: ['no-turn-records'], exploreOnly: false });
  });

  it('take another budget and seed', () => {
    expect(parsed(['--explore', '2000', '--seed', '24']).exploration).toEqual({ budget: 2000, seed: 24 });
    expect(parsed(['--explore=1', '--seed=-7', 'a', 'b'])).toMatchObject({
      exploration: { budget: 1, seed: -7 },
      names: ['a', 'b'],
    });
    expect(parsed(['--explore-only', '--explore', '2000']).exploreOnly).toBe(true);
  });

  it.each([
    [['--explore', '0'], "--explore must be a whole number from 1 to 1000000, got '0'"],
    [['--explore', '2e3'], "--explore must be a whole number from 1 to 1000000, got '2e3'"],
    [['--explore', 'off'], "--explore must be a whole number from 1 to 1000000, got 'off'"],
    [['--explore', '1000001'], "--explore must be a whole number from 1 to 1000000, got '1000001'"],
    [['--seed', '1.5'], "--seed must be a whole number that fits in 32 bits (-2147483648 to 2147483647), got '1.5'"],
    [['--seed', '2147483648'], '--seed must be a whole number that fits in 32 bits'],
    [['--explore'], '--explore needs a value (N)'],
    [['--seed', '1', '--seed', '2'], '--seed given twice'],
    [['--explore-only=yes'], "--explore-only takes no value, got 'yes'"],
  ])('refuse %j with one line naming the option (exit 2)', (argv, message) => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    expect(variantMatrixArgumentsOrExit(argv)).toBe(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`variants: ${message}`);
  });

  it('say both options and their defaults in --help', () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(text));
    expect(variantMatrixArgumentsOrExit(['--explore', 'bad', '--help'])).toBe(0);
    const help = printed.join('\n');
    expect(help).toContain('[--explore N] [--seed S] [--explore-only]');
    expect(help).toMatch(/--explore N .*\n.*default: 200/);
    expect(help).toMatch(/--seed S .*\n.*default: 23/);
  });

  it('hand a worker the exploration it reads back', () => {
    for (const [exploration, exploreOnly] of [
      [{ budget: 200, seed: 23 }, false],
      [{ budget: 2000, seed: 24 }, true],
      [{ budget: 7, seed: -2147483648 }, false],
    ] as const) {
      expect(parsed(workerArguments({ exploration, exploreOnly }))).toMatchObject({ exploration, exploreOnly });
    }
  });
});
