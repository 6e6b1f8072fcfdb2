#!/usr/bin/env node
/**
 * Bundles what a run loads, from tsc's output, into dist/bundled/ (paths in
 * conformance/bundled-entries.ts). One file starts several times faster than
 * the same code as a few hundred ES modules, each resolved and read on its own.
 *
 * - cli.js: the CLI (conformance/cli/main.js), everything inlined. What it
 *   loads only on demand (reports, subcommands) is split into cli-chunks/.
 * - suite-child.js: the suite's child process (conformance/runner/suite-child.js):
 *   cucumber, the steps and the kit's support code.
 * - reference-adapter.js: the built-in reference adapter with its host and plugin.
 * - public-api.js: the kit's public API (src/index.ts), what `import
 *   'plan-mode-conformance'` loads (package.json `exports`).
 * - zod.js, yaml.js: the two libraries the others use.
 *
 * The last three are shared, not inlined: the suite's child and the adapters
 * it loads use one copy of each (an adapter built on the public API hands
 * the kit values it checks with the same schemas).
 * Run by `npm run build`, after tsc.
 */
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const outdir = join(dist, 'bundled');
const publicApiSources = join(dist, 'src') + sep;
const cucumberLib = join(root, 'node_modules', '@cucumber', 'cucumber', 'lib');

/**
 * The shared bundles, imported by the others as siblings. `publicApi: false`
 * for the public API's own bundle, whose sources are what it inlines.
 */
function shareModules({ publicApi = true } = {}) {
  return {
    name: 'share-modules',
    setup(build) {
      build.onResolve({ filter: /^(zod|yaml)$/ }, (args) => ({ path: `./${args.path}.js`, external: true }));
      if (!publicApi) return;
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const target = resolve(args.resolveDir, args.path);
        // Every module of the public API is re-exported by its index (a name it lacks fails the build).
        return target.startsWith(publicApiSources) ? { path: './public-api.js', external: true } : undefined;
      });
    },
  };
}

/** Node's own match indices in place of the package's slow fallback (see conformance/runner/native-match-indices.ts). */
const nativeMatchIndices = {
  name: 'native-match-indices',
  setup(build) {
    build.onResolve({ filter: /^regexp-match-indices$/ }, () => ({
      path: join(dist, 'conformance', 'runner', 'native-match-indices.js'),
    }));
  },
};

/** Steps run without cucumber's AsyncLocalStorage (see conformance/runner/cucumber-scope.ts). */
const unscopedSteps = {
  name: 'unscoped-steps',
  setup(build) {
    build.onResolve({ filter: /^\.\/scope$/ }, (args) =>
      args.resolveDir === join(cucumberLib, 'runtime') ? { path: join(dist, 'conformance', 'runner', 'cucumber-scope.js') } : undefined,
    );
  },
};

/** Feature files read at once rather than through a chain of streams each (see conformance/runner/feature-sources.ts). */
const featureSources = {
  name: 'feature-sources',
  setup(build) {
    build.onResolve({ filter: /^@cucumber\/gherkin-streams$/ }, () => ({
      path: join(dist, 'conformance', 'runner', 'feature-sources.js'),
    }));
  },
};

/**
 * The parts of cucumber the suite's child uses, without the rest of its
 * entry modules: they also load cucumber's command line and configuration
 * loader (the kit writes its run configuration out: runner/run-configuration.ts),
 * which cost every start about 30 ms. The same objects as cucumber's own
 * entries export (lib/index.js, lib/api/index.js); a name the kit imports
 * that is not here fails the build.
 */
const SLIM_CUCUMBER = {
  '@cucumber/cucumber': [
    `import builder from ${JSON.stringify(join(cucumberLib, 'support_code_library_builder', 'index.js'))};`,
    `import world from ${JSON.stringify(join(cucumberLib, 'support_code_library_builder', 'world.js'))};`,
    // CommonJS modules with `exports.default`: whichever way the default import maps them.
    'export const supportCodeLibraryBuilder = builder.methods ? builder : builder.default;',
    "export const World = typeof world === 'function' ? world : world.default;",
    'export const { After, AfterAll, AfterStep, Before, BeforeAll, BeforeStep, defineParameterType, defineStep, Given, setDefaultTimeout, setWorldConstructor, Then, When } = supportCodeLibraryBuilder.methods;',
  ].join('\n'),
  '@cucumber/cucumber/api': `export { runCucumber } from ${JSON.stringify(join(cucumberLib, 'api', 'run_cucumber.js'))};`,
};
const slimCucumber = {
  name: 'slim-cucumber',
  setup(build) {
    build.onResolve({ filter: /^@cucumber\/cucumber(\/api)?$/ }, (args) => ({ path: args.path, namespace: 'slim-cucumber' }));
    build.onLoad({ filter: /.*/, namespace: 'slim-cucumber' }, (args) => ({ contents: SLIM_CUCUMBER[args.path], resolveDir: root, loader: 'js' }));
  },
};

/** An entry written here rather than read from a file. */
function virtualEntry(name, contents) {
  return { stdin: { contents, resolveDir: root, sourcefile: `${name}-entry.js`, loader: 'js' }, outfile: join(outdir, `${name}.js`) };
}

// yaml is CommonJS: its names are listed so that ES modules can import them by name.
const yamlNames = Object.keys(createRequire(import.meta.url)('yaml')).filter((name) => name !== 'default');

// CommonJS code (cucumber's, yaml's) inlined in an ES module still asks for require, __filename and __dirname.
const banner = [
  "import { createRequire as kitCreateRequire } from 'node:module';",
  "import { fileURLToPath as kitFileURLToPath } from 'node:url';",
  'const require = kitCreateRequire(import.meta.url);',
  'const __filename = kitFileURLToPath(import.meta.url);',
  "const __dirname = kitFileURLToPath(new URL('.', import.meta.url));",
].join('\n');

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: banner },
  logLevel: 'warning',
};

await Promise.all([
  build({
    ...common,
    // Split: the CLI starts the suite's child process first, so what it loads on demand
    // (the verdict, reports, subcommands) goes to chunks of their own, read when asked for.
    entryPoints: { cli: join(dist, 'conformance', 'cli', 'main.js') },
    outdir,
    splitting: true,
    chunkNames: 'cli-chunks/[name]-[hash]',
    plugins: [nativeMatchIndices],
  }),
  build({
    ...common,
    entryPoints: [join(dist, 'conformance', 'runner', 'suite-child.js')],
    outfile: join(outdir, 'suite-child.js'),
    plugins: [shareModules(), nativeMatchIndices, featureSources, unscopedSteps, slimCucumber],
  }),
  build({ ...common, entryPoints: [join(dist, 'reference', 'adapter.js')], outfile: join(outdir, 'reference-adapter.js'), plugins: [shareModules()] }),
  build({ ...common, entryPoints: [join(dist, 'src', 'index.js')], outfile: join(outdir, 'public-api.js'), plugins: [shareModules({ publicApi: false })] }),
  build({ ...common, ...virtualEntry('zod', "export * from 'zod';\nexport { default } from 'zod';\n") }),
  build({
    ...common,
    ...virtualEntry('yaml', `import yaml from 'yaml';\nexport const { ${yamlNames.join(', ')} } = yaml;\nexport default yaml;\n`),
  }),
]);
