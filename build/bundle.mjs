#!/usr/bin/env node
/**
 * Bundles the kit's two programs, from tsc's output, into dist/bundled/
 * (paths in conformance/bundled-entries.ts):
 * - cli.js: the CLI (conformance/cli/main.js), everything inlined. What it
 *   loads only on demand (reports, subcommands) stays on demand.
 * - suite-child.js: the suite's child process (conformance/runner/suite-child.js):
 *   cucumber, the steps and the kit's support code. The kit's public API
 *   (dist/src) and what it loads (zod, yaml) stay outside it, so the child
 *   and the adapters it loads share one copy of each.
 * Run by `npm run build`, after tsc.
 */
import { build } from 'esbuild';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const outdir = join(dist, 'bundled');
const publicApi = join(dist, 'src') + sep;

/** Imports of the public API stay imports of the same files, seen from the bundle. */
const sharePublicApi = {
  name: 'share-public-api',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (!target.startsWith(publicApi)) return undefined;
      return { path: `./${relative(outdir, target).split(sep).join('/')}`, external: true };
    });
  },
};

/** Node's own match indices in place of the package's slow fallback (see conformance/runner/native-match-indices.ts). */
const nativeMatchIndices = {
  name: 'native-match-indices',
  setup(build) {
    build.onResolve({ filter: /^regexp-match-indices$/ }, () => ({
      path: join(dist, 'conformance', 'runner', 'native-match-indices.js'),
    }));
  },
};

/**
 * The parts of cucumber the suite's child uses, without the rest of its
 * entry modules: they also load cucumber's command line and configuration
 * loader (the kit writes its run configuration out: runner/run-configuration.ts),
 * which cost every start about 30 ms. The same objects as cucumber's own
 * entries export (lib/index.js, lib/api/index.js); names the kit imports
 * from elsewhere fail the build.
 */
const cucumberLib = join(root, 'node_modules', '@cucumber', 'cucumber', 'lib');
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

// CommonJS code (cucumber's) inlined in an ES module still asks for require, __filename and __dirname.
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
    // What the public API loads anyway: one copy for the kit and the adapters.
    external: ['zod', 'yaml'],
    plugins: [sharePublicApi, nativeMatchIndices, slimCucumber],
  }),
]);
