/**
 * What the kit does to start fast must not change what it checks: the
 * support library lists every registering module, the native match indices
 * give cucumber exactly what the package they replace gives, and the
 * compiled catalog is the YAML's, or is not used; the run configuration the
 * kit writes out is the one cucumber would load; feature files read at once
 * give what cucumber's streams give; the summary's duration is luxon's; parameter
 * types are ordered as cucumber orders them; cucumber expressions parsed on
 * demand match what cucumber's, parsed at once, match.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  CATALOG_PATH,
  CatalogSchema,
  catalogFromText,
  loadCatalogFile,
} from '../../../conformance/catalog/clause-catalog.js';
import { KIT_FEATURES_DIR, listFeatureFiles, parseFeatures } from '../../../conformance/features/feature-files.js';
import { GherkinStreams } from '../../../conformance/runner/feature-sources.js';
import { COMPILED_WITH, compiledEnvelopes } from '../../../conformance/features/compiled-features.js';
import { GherkinStreams as GherkinStreamsPackage } from '@cucumber/gherkin-streams';
import { IdGenerator } from '@cucumber/messages';
import { literalStart } from '../../../conformance/runner/literal-start.js';
import execWithIndices from '../../../conformance/runner/native-match-indices.js';
import { type KitRunSettings, runConfigurationOf } from '../../../conformance/runner/run-configuration.js';
import { Interval } from '../../../conformance/runner/summary-duration.js';
import { compareByLocale, compareWithoutIcu } from '../../../conformance/runner/parameter-type-order.js';
import { CucumberExpression, type ParameterType, type ParameterTypeRegistry } from '@cucumber/cucumber-expressions';
import {
  cucumberExpressionOnDemand,
  DeferredCucumberExpression,
  expressionLiteralStart,
  expressionLiteralWords,
} from '../../../conformance/runner/deferred-expression.js';
import { kitSupportLibrary, withQuickMatchAnswers } from '../../../conformance/runner/support-library.js';
import { FIXTURES, ROOT } from '../cli-harness.js';

/**
 * The support library's parameter types as this file's cucumber-expressions types them: cucumber's own types
 * name that package's CommonJS declarations, this file imports its ES module ones, and the two declare the
 * same classes apart.
 */
const registryOf = (library: { parameterTypeRegistry: unknown }) =>
  library.parameterTypeRegistry as ParameterTypeRegistry;
/** A definition's pattern as a regular expression: cucumber's expressions have it, its interface does not promise it. */
const regexpOf = (definition: { expression: unknown }) => (definition.expression as { regexp: RegExp }).regexp;

describe('the support library', () => {
  it('registers every steps file and every support module that registers with cucumber', () => {
    const listed = readFileSync(join(ROOT, 'conformance/support/registrations.ts'), 'utf8');
    const registering = ['steps', 'support'].flatMap((folder) =>
      readdirSync(join(ROOT, 'conformance', folder))
        .filter((file) => file.endsWith('.ts'))
        .filter((file) =>
          /from '@cucumber\/cucumber'/.test(readFileSync(join(ROOT, 'conformance', folder, file), 'utf8')),
        )
        .map((file) =>
          folder === 'support' ? `./${file.replace(/\.ts$/, '.js')}` : `../steps/${file.replace(/\.ts$/, '.js')}`,
        ),
    );
    expect(registering.length).toBeGreaterThan(20);
    for (const module of registering)
      expect(listed, `registrations.ts must import ${module}`).toContain(`import '${module}';`);
  });
});

describe('native match indices', () => {
  it('give what regexp-match-indices gives, exactly, for every step text of the features against every step definition', async () => {
    const cucumber = createRequire(import.meta.url).resolve('@cucumber/cucumber-expressions');
    const polyfill = createRequire(cucumber)('regexp-match-indices/implementation') as (
      this: RegExp,
      text: string,
    ) => RegExpExecArray | null;
    const library = await kitSupportLibrary();
    const regexps = library.stepDefinitions.map(regexpOf);
    const texts = [
      ...new Set(
        (await parseFeatures()).flatMap((feature) =>
          feature.pickles.flatMap((pickle) => pickle.steps.map((step) => step.text)),
        ),
      ),
    ];
    expect(regexps.length).toBeGreaterThan(100);
    expect(texts.length).toBeGreaterThan(100);
    let matched = 0;
    for (const regexp of regexps) {
      for (const text of texts) {
        const ours = execWithIndices(regexp, text);
        // Whether it matches is the regexp's own semantics; what differs is how indices are found.
        expect(ours !== null).toBe(regexp.test(text));
        if (ours === null) continue;
        matched += 1;
        const theirs = polyfill.call(regexp, text)!;
        expect([...ours]).toEqual([...theirs]);
        expect(ours.index).toBe(theirs.index);
        ours.indices!.forEach((span, group) => {
          // Exact: each group's indices slice out what it captured.
          expect(span === undefined ? undefined : text.slice(...span)).toBe(ours[group]);
          // The package misplaces the last repetition of a repeated group (`(\\.[^"]*)*` in {string}): it
          // points at the first place the captured text occurs (`/plan \"off\"`: the first `\"`, where the
          // group's last repetition is the second). So wherever its indices are exact and the captured text
          // occurs once, they are the same; where it occurs twice or more, both are exact (above) and may differ.
          const their = theirs.indices![group];
          const once = theirs[group] === undefined || text.indexOf(theirs[group]) === text.lastIndexOf(theirs[group]);
          if (their === undefined || (text.slice(...their) === theirs[group] && once)) expect(span).toEqual(their);
        });
      }
    }
    expect(matched).toBeGreaterThanOrEqual(texts.length);
  });

  it('leave a regexp as they found it and keep a global one moving', () => {
    const sticky = /a(b)?/g;
    expect(execWithIndices(sticky, 'xab ab')!.indices![1]).toEqual([2, 3]);
    expect(sticky.lastIndex).toBe(3);
    expect(execWithIndices(sticky, 'xab ab')!.index).toBe(4);
    expect(/x/.hasIndices).toBe(false);
  });
});

describe('literal starts', () => {
  it('are promised only where every match has them', () => {
    const cases: [RegExp, string, string][] = [
      [/^abc|def/, 'xdef', ''],
      [/^ab?c/, 'ac', 'a'],
      [/^ab*c/, 'ac', 'a'],
      [/^ab{0,2}c/, 'ac', 'a'],
      [/^ab+c/, 'abbc', 'ab'],
      [/^abc/i, 'ABC', ''],
      [/^abc/m, 'x\nabc', ''],
      [/^a(b|c)d/, 'acd', 'a'],
      [/^a[|]b|c/, 'xc', ''],
      [/^a\|b/, 'a|b', 'a'],
      [/^the user (\d+)/, 'the user 3', 'the user '],
      [/abc/, 'xabc', ''],
    ];
    for (const [regexp, text, start] of cases) {
      expect(regexp.test(text), `${regexp} matches ${JSON.stringify(text)}`).toBe(true);
      expect(literalStart(regexp), `${regexp}`).toBe(start);
    }
  });

  it('leave every step definition matching exactly the steps it matched', async () => {
    const library = await kitSupportLibrary();
    const texts = [
      ...new Set(
        (await parseFeatures()).flatMap((feature) =>
          feature.pickles.flatMap((pickle) => pickle.steps.map((step) => step.text)),
        ),
      ),
    ];
    const shortened = library.stepDefinitions.filter((definition) => literalStart(regexpOf(definition)) !== '');
    expect(shortened.length).toBeGreaterThan(library.stepDefinitions.length / 2);
    for (const definition of library.stepDefinitions) {
      for (const text of texts)
        expect(definition.matchesStepName(text)).toBe(definition.expression.match(text) !== null);
    }
  });
});

describe('cucumber expressions parsed on demand', () => {
  /** A match as cucumber uses it: each argument's group (nested), its type's name, its value. */
  /** A match's arguments as plain data (cucumber's and this file's Argument types are declared apart, as above). */
  const seen = (
    match: readonly { group: unknown; parameterType: { name?: string }; getValue(thisObj: unknown): unknown }[] | null,
  ) =>
    match?.map((argument) => ({
      group: JSON.parse(JSON.stringify(argument.group)) as unknown,
      type: argument.parameterType.name,
      value: argument.getValue({}),
    })) ?? null;
  const escapeRegex = (text: string) => text.replace(/([\\^[({$.|?*+})\]])/g, '\\$1');

  it('promise a literal start and words that every match has', async () => {
    const cases: [string, string][] = [
      ['the user prompts {text}', 'the user prompts '],
      ['the user prompts', 'the user prompts'],
      ['a plain text. with $ and ^', 'a plain text. with $ and ^'],
      ['one word/other word', 'one '],
      ['one wor(d) more', 'one '],
      ['one word(s)/words more', 'one '],
      ['{int} requests', ''],
      ['a/b c', ''],
      ['request {int} is', 'request '],
    ];
    for (const [source, start] of cases) expect(expressionLiteralStart(source), source).toBe(start);
    const wordCases: [string, string[], string][] = [
      ['a (b c) d/e {int} f(s) g', ['a', 'g'], 'a  e 3 f g'],
      ['a (b c d) e', ['a', 'e'], 'a  e'],
      ['request {int}  is  answered.', ['request', 'is', 'answered.'], 'request 2  is  answered.'],
      // An escaped character is text: `\)` closes no optional text, `\(` opens none.
      ['x (a \\) b c) d', ['x', 'd'], 'x  d'],
      ['(a \\) b) c', ['c'], ' c'],
      ['plan\\/mode \\(on\\) is set', ['is', 'set'], 'plan/mode (on) is set'],
      ['a\\ b c', ['b', 'c'], 'a b c'],
    ];
    for (const [source, words, text] of wordCases) {
      expect(expressionLiteralWords(source), source).toEqual(words);
      const parameterTypeRegistry = registryOf(await kitSupportLibrary());
      expect(new CucumberExpression(source, parameterTypeRegistry).match(text), text).not.toBeNull();
      expect(new DeferredCucumberExpression(source, parameterTypeRegistry).mayMatch(text), text).toBe(true);
    }
    const library = await kitSupportLibrary();
    const { stepDefinitions } = library;
    const parameterTypeRegistry = registryOf(library);
    const sources = [...cases.map(([source]) => source), ...stepDefinitions.map((definition) => definition.pattern)];
    for (const source of sources) {
      if (typeof source !== 'string') continue;
      // Cucumber's regexp starts with the literal start as it is: every text it matches starts with it.
      const { regexp } = new CucumberExpression(source, parameterTypeRegistry);
      expect(regexp.source.startsWith(`^${escapeRegex(expressionLiteralStart(source))}`), source).toBe(true);
    }
  });

  it('match every step text of the features as cucumber matches it, and are parsed only when a text could match', async () => {
    const library = await kitSupportLibrary();
    const registry = registryOf(library);
    const features = await parseFeatures();
    const texts = [
      ...new Set(
        features.flatMap((feature) => feature.pickles.flatMap((pickle) => pickle.steps.map((step) => step.text))),
      ),
    ];
    // The library as the suite's bundle builds it: the same definitions, their expressions made on demand.
    const deferred = withQuickMatchAnswers({
      ...library,
      stepDefinitions: library.stepDefinitions.map((definition) =>
        Object.assign(Object.create(Object.getPrototypeOf(definition) as object), definition, {
          expression:
            typeof definition.pattern === 'string'
              ? cucumberExpressionOnDemand(definition.pattern, registry)
              : definition.expression,
        }),
      ),
    });
    const deferredExpressions = deferred.stepDefinitions.flatMap(({ expression }) =>
      expression instanceof DeferredCucumberExpression ? [expression] : [],
    );
    expect(deferredExpressions.length).toBeGreaterThan(library.stepDefinitions.length * 0.9);
    expect(deferredExpressions.filter((expression) => expression.isParsed)).toEqual([]);

    // One scenario's steps parse only the definitions that share a literal start with one of them.
    const [oneScenario] = features.flatMap((feature) => feature.pickles).filter((pickle) => pickle.steps.length >= 3);
    for (const step of oneScenario!.steps)
      for (const definition of deferred.stepDefinitions) definition.matchesStepName(step.text);
    const parsed = deferredExpressions.filter((expression) => expression.isParsed).length;
    expect(parsed).toBeGreaterThan(0);
    expect(parsed).toBeLessThan(deferredExpressions.length / 10);

    // Every text: the same definitions match (undefined and ambiguous steps alike), with the same arguments.
    for (const text of texts) {
      const theirs = library.stepDefinitions.filter((definition) => definition.expression.match(text) !== null);
      const ours = deferred.stepDefinitions.filter((definition) => definition.matchesStepName(text));
      expect(
        ours.map((definition) => definition.id),
        text,
      ).toEqual(theirs.map((definition) => definition.id));
      for (const [index, definition] of ours.entries())
        expect(seen(definition.expression.match(text)), text).toEqual(seen(theirs[index]!.expression.match(text)));
    }
    // And texts no feature has: none matches where cucumber's would not.
    fc.assert(
      fc.property(fc.constantFrom(...texts), fc.string(), (text, tail) => {
        for (const [index, definition] of deferred.stepDefinitions.entries())
          expect(definition.matchesStepName(text + tail)).toBe(
            library.stepDefinitions[index]!.expression.match(text + tail) !== null,
          );
      }),
      { numRuns: 100 },
    );
  });

  it('are parsed at once where cucumber must report a parameter type as undefined, or an escape it refuses', async () => {
    const parameterTypeRegistry = registryOf(await kitSupportLibrary());
    let thrown: unknown;
    try {
      cucumberExpressionOnDemand('a {no-such-type} step', parameterTypeRegistry);
    } catch (error) {
      thrown = error;
    }
    // What cucumber's builder reads to report the definition (support_code_library_builder/index.js).
    expect((thrown as { undefinedParameterTypeName?: string }).undefinedParameterTypeName).toBe('no-such-type');
    expect(() => cucumberExpressionOnDemand('a \\x step', parameterTypeRegistry)).toThrow(/escaped/);
    expect(() => cucumberExpressionOnDemand('a step \\', parameterTypeRegistry)).toThrow(/escaped/);
    expect(cucumberExpressionOnDemand('a \\(b\\) plan\\/mode step', parameterTypeRegistry)).toBeInstanceOf(
      DeferredCucumberExpression,
    );
    expect(cucumberExpressionOnDemand('a {int} step', parameterTypeRegistry)).toBeInstanceOf(
      DeferredCucumberExpression,
    );
  });
});

describe('feature sources', () => {
  const read = (stream: NodeJS.ReadableStream) =>
    new Promise<unknown[]>((resolve, reject) => {
      const envelopes: unknown[] = [];
      stream.on('data', (envelope) => envelopes.push(envelope));
      stream.on('end', () => resolve(envelopes));
      stream.on('error', reject);
    });
  const options = (newId: () => string) => ({ newId, relativeTo: ROOT, defaultDialect: 'en' });

  /** Ids renamed in order of first appearance: envelopes compiled at build time carry the build's ids. */
  function withoutIds(envelopes: unknown[]): unknown {
    const names = new Map<string, string>();
    const rename = (id: string) => names.get(id) ?? (names.set(id, `id-${names.size}`), `id-${names.size - 1}`);
    const walk = (value: unknown, key?: string): unknown => {
      if (Array.isArray(value))
        return value.map((item) => (key === 'astNodeIds' && typeof item === 'string' ? rename(item) : walk(item)));
      if (value === null || typeof value !== 'object')
        return key !== undefined && /^(id|pickleId|astNodeId)$/.test(key) && typeof value === 'string'
          ? rename(value)
          : value;
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item, name)]));
    };
    return walk(envelopes);
  }

  it('are the envelopes gherkin-streams gives, in the same order, compiled at build time or parsed', async () => {
    // Outside the kit's features folder: always parsed, so equal to the letter.
    const others = [join(FIXTURES, 'features', 'fail-closed.feature')];
    expect(await read(GherkinStreams.fromPaths(others, options(IdGenerator.incrementing())))).toEqual(
      await read(GherkinStreamsPackage.fromPaths(others, options(IdGenerator.incrementing()))),
    );
    const files = await listFeatureFiles(KIT_FEATURES_DIR);
    const theirs = await read(GherkinStreamsPackage.fromPaths(files, options(IdGenerator.incrementing())));
    const compiled = await read(GherkinStreams.fromPaths(files, options(IdGenerator.incrementing())));
    expect(compiled.length).toBeGreaterThan(files.length * 3);
    expect(withoutIds(compiled)).toEqual(withoutIds(theirs));
    // The build's ids were used: the run's generator gave none.
    expect(JSON.stringify(compiled)).not.toContain('"id":"0"');
    // A second read in the same process parses, so no id repeats within a run.
    const again = await read(GherkinStreams.fromPaths(files, options(IdGenerator.incrementing())));
    expect(again).toEqual(theirs);
    await expect(
      read(GherkinStreams.fromPaths([join(ROOT, 'no-such.feature')], options(IdGenerator.uuid()))),
    ).rejects.toThrow(/ENOENT/);
  });

  it('are parsed when a feature changed since the build, or other options are asked for', () => {
    const [file] = readdirSync(KIT_FEATURES_DIR).filter((name) => name.endsWith('.feature'));
    const path = join(KIT_FEATURES_DIR, file!);
    const text = readFileSync(path, 'utf8');
    const uri = `features/${file}`;
    expect(compiledEnvelopes(path, `${text}\n# edited`, uri, COMPILED_WITH)).toBeUndefined();
    expect(compiledEnvelopes(path, text, uri, { ...COMPILED_WITH, defaultDialect: 'fr' })).toBeUndefined();
    expect(compiledEnvelopes(path, text, uri, { ...COMPILED_WITH, includeSource: false })).toBeUndefined();
  });
});

describe('the compiled catalog', () => {
  const folders: string[] = [];
  afterAll(async () => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  it('is what the YAML says', async () => {
    expect(await loadCatalogFile()).toEqual(CatalogSchema.parse(parse(readFileSync(CATALOG_PATH, 'utf8'))));
  });

  it('is not used once the YAML has changed, nor for another catalog', async () => {
    const text = readFileSync(CATALOG_PATH, 'utf8').replace(/version: \S+/, 'version: 2099-01-01');
    expect(catalogFromText(CATALOG_PATH, text).version).toBe('2099-01-01');
    const folder = await mkdtemp(join(tmpdir(), 'catalog-'));
    folders.push(folder);
    await writeFile(join(folder, 'clauses.yaml'), text);
    expect((await loadCatalogFile(join(folder, 'clauses.yaml'))).version).toBe('2099-01-01');
  });
});

describe('the run configuration', () => {
  it('is what cucumber would load from the same settings', async () => {
    const { loadConfiguration } = await import('@cucumber/cucumber/api');
    const settings: KitRunSettings[] = [
      {
        paths: ['features/**/*.feature'],
        tags: '',
        formats: [],
        worldParameters: { adapterPath: '/a.js', callLimitMs: 5000 },
      },
      {
        paths: ['a.feature', 'b.feature'],
        tags: '@SET-02 and not @x',
        formats: ['summary', 'json:out/r.json', 'message:m.ndjson', 'pretty'],
        worldParameters: {},
      },
    ];
    for (const setting of settings) {
      const { runConfiguration } = await loadConfiguration({
        file: false,
        provided: {
          paths: setting.paths,
          tags: setting.tags,
          format: setting.formats,
          strict: true,
          worldParameters: setting.worldParameters,
        },
      });
      expect(runConfigurationOf(setting)).toEqual(runConfiguration);
    }
  });
});

describe('the summary duration', () => {
  // What cucumber's summary helper asks of luxon (lib/formatter/helpers/summary_helpers.js).
  const UNITS = ['minutes', 'seconds', 'milliseconds'];
  const FORMAT = "m'm'ss.SSS's'";

  it("is luxon's, for every whole number of milliseconds from none to ten hours", async () => {
    // luxon ships no types: its module is typed as the one replacing it (a specifier in a variable is not resolved).
    const luxonModule = 'luxon';
    const luxon = (await import(luxonModule)) as typeof import('../../../conformance/runner/summary-duration.js');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36_000_000 }), (ms) => {
        const [start, end] = [new Date(0), new Date(ms)];
        expect(Interval.fromDateTimes(start, end).toDuration(UNITS).toFormat(FORMAT)).toBe(
          luxon.Interval.fromDateTimes(start, end).toDuration(UNITS).toFormat(FORMAT),
        );
      }),
      { numRuns: 2_000, examples: [[0], [999], [1_000], [59_999], [60_000], [3_600_000]] },
    );
  });

  it('throws on anything cucumber did not ask for, rather than answer it wrongly', () => {
    const interval = Interval.fromDateTimes(new Date(0), new Date(5));
    expect(() => interval.toDuration(['hours', 'minutes']).toFormat('hh')).toThrow(/stand-in for luxon/);
    expect(() => interval.toDuration(UNITS).toFormat('hh:mm')).toThrow(/format token hh/);
    expect(() => Interval.fromDateTimes(new Date(5), new Date(0))).toThrow(/end before they start/);
  });
});

describe('the order of parameter types', () => {
  const BUILT_IN = [
    '',
    'int',
    'float',
    'word',
    'string',
    'bigdecimal',
    'biginteger',
    'byte',
    'short',
    'long',
    'double',
  ];
  const KIT = ['onoff', 'agent', 'outcome', 'boundary', 'projection', 'toolresult'];
  const type = (name: string, preferForRegexpMatch: boolean) =>
    ({ name, preferForRegexpMatch }) as unknown as ParameterType<unknown>;

  it("is cucumber's for every pair of names, preferred or not", () => {
    const sign = (value: number) => Math.sign(value);
    const name = fc.oneof(fc.constantFrom(...BUILT_IN, ...KIT), fc.string(), fc.stringMatching(/^[a-z]{0,8}$/));
    fc.assert(
      fc.property(name, fc.boolean(), name, fc.boolean(), (a, preferA, b, preferB) => {
        expect(sign(compareWithoutIcu(type(a, preferA), type(b, preferB)))).toBe(
          sign(compareByLocale(type(a, preferA), type(b, preferB))),
        );
      }),
      { numRuns: 5_000 },
    );
  });
});
