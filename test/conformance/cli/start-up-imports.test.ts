/**
 * What the CLI loads before it forks the suite's child (bin.ts: only the
 * fork itself), and before it hands the child its request (main.ts: only what
 * parsing the arguments needs); what the child does not do before its first
 * scenario (parse every step definition's cucumber expression, read its
 * scripts as two-byte text, build every schema of the public API). Whatever main.ts imports statically
 * is loaded (and compiled: the CLI is an ES module, which Node 20 keeps no
 * code cache for) before the child starts, on every run and for --version; zod
 * alone was about 800 KB of it (issue 36). Read from tsc's output, import by
 * import; no timing is asserted.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CACHED_BUNDLES, EXPLORATION_CACHED_BUNDLES } from '../../../conformance/runner/cached-bundles.js';
import { ROOT } from '../cli-harness.js';

/** Every module main.js reaches through static imports (type-only imports are gone after tsc), and the packages among them. */
function staticImports(entry: string): { modules: string[]; packages: string[] } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (modules.has(file)) return;
    modules.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /^(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm,
    )) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith('node:')) continue;
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const target = resolve(dirname(file), specifier);
      if (existsSync(target)) visit(target);
    }
  };
  visit(resolve(ROOT, entry));
  return { modules: [...modules].map((file) => relative(resolve(ROOT, 'dist'), file)), packages: [...packages] };
}

describe('the CLI before it forks the suite', () => {
  it('loads only what forking the child needs (bin.js, the bundle entry)', () => {
    const { modules, packages } = staticImports('dist/conformance/cli/bin.js');
    expect(packages).toEqual([]);
    expect(modules.sort()).toEqual(
      [
        'conformance/cli/bin.js',
        'conformance/cli/verb-names.js',
        'conformance/runner/suite-child-start.js',
        'conformance/runner/trace-point.js',
        'conformance/bundled-entries.js',
        'conformance/package-root.js',
        'conformance/support/remove-tree.js',
        'conformance/world/run-folder.js',
        'conformance/world/temporary-root.js',
      ].sort(),
    );
  });

  it('imports the rest of the CLI only after the fork, dynamically', () => {
    const start = readFileSync(resolve(ROOT, 'dist/conformance/cli/bin.js'), 'utf8');
    expect(start).toMatch(/await import\('\.\/main\.js'\)/);
    expect(start).toMatch(/new EarlyChild\(\)/);
  });

  it("is one file that imports only Node's modules before the fork (dist/bundled/cli.js, build/bundle.mjs)", () => {
    // An ES module's static imports all load before its first line runs: a chunk shared with main.js would.
    const bundle = readFileSync(resolve(ROOT, 'dist/bundled/cli.js'), 'utf8');
    const imported = [
      ...bundle.matchAll(/^(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm),
    ]
      .map((match) => (match[1] ?? match[2])!)
      .filter((specifier) => !specifier.startsWith('node:'));
    expect(imported).toEqual([]);
    const rest = /await import\("(\.\/cli-chunks\/main\.js)"\)/.exec(bundle);
    expect(rest?.[1]).toBeDefined();
    expect(existsSync(resolve(ROOT, 'dist/bundled', rest![1]!))).toBe(true);
    expect(bundle.indexOf('new EarlyChild()')).toBeLessThan(rest!.index);
  });
});

describe('the CLI before it hands the suite its request', () => {
  const { modules, packages } = staticImports('dist/conformance/cli/main.js');

  it('loads no schema library, YAML parser, Gherkin parser or exploration', () => {
    expect(
      packages.filter((name) =>
        ['zod', 'yaml', 'fast-check', '@cucumber/gherkin', '@cucumber/cucumber', '@cucumber/messages'].includes(name),
      ),
    ).toEqual([]);
    // src/index.js is the whole public contract with its zod schemas; light modules of src/ are fine.
    expect(
      modules.filter((module) => module === 'src/index.js' || module.startsWith('conformance/explore/explore')),
    ).toEqual([]);
  });

  it('loads no report writer, verdict or docs site (they load once the child is running)', () => {
    // host-text.js (making host text inert on the console) is small and imports nothing.
    const heavy = modules.filter(
      (module) =>
        /^conformance\/(report|docs|catalog)\/|cli\/verdict\.js$/.test(module) &&
        module !== 'conformance/report/host-text.js',
    );
    expect(heavy).toEqual([]);
  });
});

describe("the suite's child before its first scenario", () => {
  it('reads its scripts as ASCII (build/bundle.mjs: one character beyond makes V8 hold a whole file as two-byte text)', () => {
    for (const name of [
      ...new Set([...CACHED_BUNDLES, ...EXPLORATION_CACHED_BUNDLES]),
      'suite-child-entry.cjs',
      'exploration-child-entry.cjs',
      'reference-adapter.js',
    ]) {
      const text = readFileSync(resolve(ROOT, 'dist/bundled', name), 'utf8');
      expect(text.match(/[^\x00-\x7f]/g) ?? [], name).toEqual([]);
    }
  });

  it("has cucumber's builder make step definitions' expressions on demand (runner/deferred-expression.ts)", () => {
    const bundle = readFileSync(resolve(ROOT, 'dist/bundled/suite-child.cjs'), 'utf8');
    expect(bundle).toContain('.cucumberExpressionOnDemand(pattern, this.parameterTypeRegistry)');
    expect(bundle).not.toMatch(/new \S*CucumberExpression\(pattern, this\.parameterTypeRegistry\)/);
  });

  it("resolves a run's paths through the kit, loading cucumber's (and glob) only when asked (runner/run-paths.ts)", () => {
    const bundle = readFileSync(resolve(ROOT, 'dist/bundled/suite-child.cjs'), 'utf8');
    expect(bundle).toMatch(/\.resolveRunPaths\(\(\) => require_\w+\(\)\.resolvePaths, logger, cwd, options\.sources,/);
    // No module binds cucumber's paths module as it loads (run_cucumber.js did: `var paths_1 = require_paths()`).
    expect(bundle).not.toMatch(/var paths_1 = require_\w+\(\);/);
  });

  it("loads cucumber's HTML formatter, mz/fs and publish plugin only when asked for (build/bundle.mjs lazyCucumberParts)", () => {
    const bundle = readFileSync(resolve(ROOT, 'dist/bundled/suite-child.cjs'), 'utf8');
    // The formatter index names html through a getter; no module requires it, or mz/fs, as it loads.
    expect(bundle).toMatch(/get html\(\) \{\s*return __importDefault\(require_html\(\)\)\.default;/);
    expect(bundle).not.toMatch(/var html_1 = __importDefault\(require_html\(\)\);/);
    expect(bundle).toMatch(/var fs_1 = \{ get default\(\) \{\s*return __importDefault\(require_fs\(\)\)\.default;/);
    // cucumber's paths module (loaded only when the kit cannot resolve a run's paths) is the one left requiring mz/fs.
    expect(bundle.match(/var fs_1 = __importDefault\(require_fs\(\)\);/g) ?? []).toHaveLength(1);
    // The publish plugin's stand-in loads it only when the run has publishing options.
    expect(bundle).toMatch(
      /var publish_1 = \{ default: \{ type: "plugin", coordinator: async \((\w+)\) => \1\.options \? await __importDefault\(require_publish\(\)\)\.default\.coordinator\(\1\) : void 0 \} \};/,
    );
    expect(bundle).not.toMatch(/var publish_1 = __importDefault\(require_publish\(\)\);/);
  });

  it("holds one build of @cucumber/messages, cucumber's CommonJS one (build/bundle.mjs oneCucumberMessages)", () => {
    for (const name of ['suite-child.cjs', 'cli-verdict.cjs']) {
      const bundle = readFileSync(resolve(ROOT, 'dist/bundled', name), 'utf8');
      expect(bundle, name).toContain('// node_modules/@cucumber/messages/dist/cjs/src/index.js');
      expect(bundle, name).not.toContain('// node_modules/@cucumber/messages/dist/esm/');
    }
  });

  it("loads zod's English messages alone, the ones zod sets (build/bundle.mjs zodEnglishOnly)", () => {
    const program = `
      const z = require(${JSON.stringify(resolve(ROOT, 'dist/bundled/zod.cjs'))});
      const issue = z.string().safeParse(1).error.issues[0];
      console.log(JSON.stringify({ locales: Object.keys(z.locales), core: Object.keys(z.core.locales), message: issue.message }));
    `;
    const seen = JSON.parse(execFileSync(process.execPath, ['-e', program], { encoding: 'utf8' })) as {
      locales: string[];
      core: string[];
      message: string;
    };
    expect(seen).toEqual({ locales: ['en'], core: ['en'], message: 'Invalid input: expected string, received number' });
  });
});

describe("the exploration's own process (runner/exploration-beside.ts)", () => {
  // esbuild names each module it inlines in a comment line: what the bundle holds, by source file.
  const inlined = (name: string): string[] =>
    readFileSync(resolve(ROOT, 'dist/bundled', name), 'utf8').match(/^\/\/ (?:dist|node_modules)\/\S+$/gm) ?? [];
  const scenariosOnly =
    /^\/\/ (?:dist\/conformance\/(?:steps\/|support\/registrations\.js|runner\/run-suite\.js)|node_modules\/@cucumber\/cucumber\/lib\/(?:api\/run_cucumber\.js|runtime\/))/;

  it("has a bundle without cucumber's run, the steps and their support code (build/bundle.mjs noScenarios)", () => {
    expect(inlined('exploration-child.cjs').filter((module) => scenariosOnly.test(module))).toEqual([]);
    // The exploration itself is there, and the suite's child holds what is left out here: the check can fail.
    expect(inlined('exploration-child.cjs')).toContain('// dist/conformance/explore/exploration-run.js');
    expect(inlined('suite-child.cjs').filter((module) => scenariosOnly.test(module)).length).toBeGreaterThan(20);
  });

  it("has no module of cucumber's own package at all: the exploration imports no World (world/default-section.ts)", () => {
    const cucumber = (module: string): boolean => module.startsWith('// node_modules/@cucumber/cucumber/');
    expect(inlined('exploration-child.cjs').filter(cucumber)).toEqual([]);
    // The suite's child, which runs scenarios in cucumber's World, holds them: the check can fail.
    expect(inlined('suite-child.cjs').filter(cucumber).length).toBeGreaterThan(20);
  });

  it('is forked on it, behind its code cache (bundled-entries.ts, cached-bundles.ts)', () => {
    const entry = readFileSync(resolve(ROOT, 'dist/bundled/exploration-child-entry.cjs'), 'utf8');
    expect(entry).toContain('require("./exploration-child.cjs")');
    expect(EXPLORATION_CACHED_BUNDLES).toContain('exploration-child.cjs');
    expect(EXPLORATION_CACHED_BUNDLES).not.toContain('suite-child.cjs');
  });
});

describe("the public API's script", () => {
  it('has every name src/index.ts exports, one instance for scripts and modules, each module made when first read', async () => {
    const script = resolve(ROOT, 'dist/bundled/public-api.cjs');
    const face = pathToFileURL(resolve(ROOT, 'dist/bundled/public-api.js')).href;
    const program = `
      import { createRequire } from 'node:module';
      const require = createRequire(${JSON.stringify(script)});
      const api = require(${JSON.stringify(script)});
      const made = () => Object.keys(require.cache).some((file) => file.endsWith('zod.cjs'));
      const before = made();
      const names = Object.keys(api);
      const parses = typeof api.ModelRequestSchema.parse;
      const after = made();
      const same = (await import(${JSON.stringify(face)})).ModelRequestSchema === api.ModelRequestSchema;
      console.log(JSON.stringify({ before, names, parses, after, same }));
    `;
    const seen = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' }),
    ) as { before: boolean; names: string[]; parses: string; after: boolean; same: boolean };
    // Loading the script builds nothing (zod is not even loaded); reading a schema makes its module.
    expect(seen.before).toBe(false);
    expect(seen.parses).toBe('function');
    expect(seen.after).toBe(true);
    expect(seen.same).toBe(true);
    const index = await import('../../../src/index.js');
    expect(seen.names.sort()).toEqual(Object.keys(index).sort());
  });
});
