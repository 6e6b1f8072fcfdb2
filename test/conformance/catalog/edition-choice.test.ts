/**
 * Choosing the edition a run judges: declared, newest, none (seed), undeclared
 * (exit 2), forced (said in every report). The runs call the CLI's `main` in
 * this process (each forks its suite child, as the built CLI does).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArguments } from '../../../conformance/cli/arguments.js';
import { chooseEdition, EditionNotDeclaredError } from '../../../conformance/catalog/edition-choice.js';
import { ResultsDocumentSchema, resultsEdition } from '../../../src/index.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { fixtureMain as fixtureRun } from '../in-process-cli.js';

describe('choosing the edition', () => {
  it('takes the declared edition, the newest of several, or the seed when none is declared', () => {
    expect(chooseEdition('a', ['rc.8'])).toEqual({ edition: 'rc.8', forced: false });
    expect(chooseEdition('a', ['seed', 'rc.8'])).toEqual({ edition: 'rc.8', forced: false });
    expect(chooseEdition('a', ['rc.8', 'seed'])).toEqual({ edition: 'rc.8', forced: false });
    expect(chooseEdition('a', undefined)).toEqual({ edition: 'seed', forced: false });
    expect(chooseEdition('a', ['seed', 'rc.8'], 'seed')).toEqual({ edition: 'seed', forced: false });
    expect(chooseEdition('a', undefined, 'seed')).toEqual({ edition: 'seed', forced: false });
  });

  it('refuses an edition the adapter does not declare, saying which it declares, unless forced', () => {
    expect(() => chooseEdition('dsh', ['rc.8'], 'seed')).toThrow(EditionNotDeclaredError);
    expect(() => chooseEdition('dsh', ['rc.8'], 'seed')).toThrow(
      /adapter dsh declares the edition\(s\) rc\.8, not seed.*--force-edition/,
    );
    expect(() => chooseEdition('old', undefined, 'rc.8')).toThrow(
      /adapter old declares no edition, so it implements seed only, not rc\.8/,
    );
    expect(chooseEdition('dsh', ['rc.8'], 'seed', true)).toEqual({ edition: 'seed', forced: true });
  });

  it('parses --force-edition only together with --edition', () => {
    expect(parseArguments(['--edition', 'seed', '--force-edition'])).toMatchObject({
      edition: 'seed',
      forceEdition: true,
    });
    expect(parseArguments([]).forceEdition).toBe(false);
    expect(() => parseArguments(['--force-edition'])).toThrow(/--force-edition needs --edition NAME/);
  });
});

describe('the edition of a run, end to end', () => {
  const results = async () => join(await temporaryFolder('pmc-edition-'), 'results.json');
  const readResults = (path: string) => ResultsDocumentSchema.parse(JSON.parse(readFileSync(path, 'utf8')));

  it('judges an adapter declaring rc.8 against rc.8 and names the edition in the closing lines and the results file', async () => {
    const file = await results();
    const run = await fixtureRun('declares-rc8.js', ['--format', `results:${file}`]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('conformance: edition rc.8\n');
    const document = readResults(file);
    expect(document.spec).toMatchObject({ edition: 'rc.8' });
    expect(document.spec.forced).toBeUndefined();
    expect(document.adapter.editions).toEqual(['rc.8']);
  });

  it('judges an adapter declaring none against the seed, as before editions', async () => {
    const file = await results();
    const run = await fixtureRun('without-fork.js', ['--format', `results:${file}`]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('conformance: edition seed\n');
    expect(resultsEdition(readResults(file))).toBe('seed');
  });

  it('takes --edition among the declared editions, else exits 2 naming them and writes no report', async () => {
    const both = await fixtureRun('declares-both.js', ['--edition', 'seed']);
    expect(both.status, both.stderr).toBe(0);
    expect(both.stdout).toContain('conformance: edition seed\n');
    const file = await results();
    const refused = await fixtureRun('declares-rc8.js', ['--edition', 'seed', '--format', `results:${file}`]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--edition seed: adapter declares-rc8 declares the edition\(s\) rc\.8, not seed/);
    expect(() => readFileSync(file)).toThrow();
  });

  it('says a forced run is forced in the closing lines, JUnit, Markdown, HTML and the results file', async () => {
    const dir = await temporaryFolder('pmc-forced-');
    const out = (name: string) => join(dir, name);
    const run = await fixtureRun('declares-rc8.js', [
      '--edition',
      'seed',
      '--force-edition',
      '--format',
      `results:${out('results.json')}`,
      '--format',
      `junit:${out('junit.xml')}`,
      '--format',
      `markdown:${out('report.md')}`,
      '--format',
      `html:${out('report.html')}`,
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('conformance: edition seed (forced with --force-edition; the adapter declares rc.8)');
    expect(readResults(out('results.json')).spec).toMatchObject({ edition: 'seed', forced: true });
    expect(readFileSync(out('junit.xml'), 'utf8')).toMatch(
      /<property name="spec.edition" value="seed \(forced with --force-edition; the adapter declares rc.8\)"/,
    );
    expect(readFileSync(out('report.md'), 'utf8')).toContain(
      '- **edition**: seed (forced with --force-edition; the adapter declares rc.8)',
    );
    expect(readFileSync(out('report.html'), 'utf8')).toContain(
      'seed (forced with --force-edition; the adapter declares rc.8)',
    );
  });

  it('refuses a baseline written for another edition, and keeps loading a baseline that names none', async () => {
    const dir = await temporaryFolder('pmc-baseline-edition-');
    const seedBaseline = join(dir, 'seed.yaml');
    writeFileSync(seedBaseline, 'adapter: declares-rc8\nedition: seed\nknown_failures: []\n');
    const refused = await fixtureRun('declares-rc8.js', ['--baseline', seedBaseline]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(
      /baseline .*seed\.yaml lists the known failures of runs against the seed edition, but this run judged the rc\.8 edition/,
    );
    const anyEdition = join(dir, 'any.yaml');
    writeFileSync(anyEdition, 'adapter: declares-rc8\nknown_failures: []\n');
    expect((await fixtureRun('declares-rc8.js', ['--baseline', anyEdition])).status).toBe(0);
    const written = join(dir, 'written.yaml');
    expect((await fixtureRun('declares-rc8.js', ['--write-baseline', written])).status).toBe(0);
    expect(readFileSync(written, 'utf8')).toMatch(/^edition: rc\.8$/m);
  });
});
