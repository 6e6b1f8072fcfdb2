#!/usr/bin/env node
/**
 * Bundles what a run loads, from tsc's output, into dist/bundled/ (paths in
 * conformance/bundled-entries.ts). One file starts several times faster than
 * the same code as a few hundred ES modules, each resolved and read on its own.
 *
 * - cli.js: the CLI's entry (conformance/cli/bin.js), which forks the suite's
 *   child and then imports the CLI (cli-chunks/main.js). What it loads after the
 *   fork (main.js, reports, subcommands) is split into cli-chunks/; cli.js
 *   itself imports nothing else before the fork.
 * - suite-child.cjs: the suite's child process (conformance/runner/suite-child.js):
 *   cucumber, the steps and the kit's support code; suite-child-entry.cjs is
 *   what the CLI forks: it turns on the code cache (runner/compile-cache.ts)
 *   and loads suite-child.cjs.
 * - exploration-child.cjs: the same child for the exploration's own process of a default run
 *   (runner/exploration-beside.ts), without cucumber's run, the steps and their support code (noScenarios),
 *   and exploration-child-entry.cjs, what the CLI forks for it: the code cache for it and the shared bundles.
 *   That process used to load the whole child's 2.1 MB and its cache's cucumber for nothing.
 * - cli-verdict.cjs: the CLI's verdict (conformance/cli/verdict.js), which the
 *   CLI loads through the child's code cache (conformance/cli/load-verdict.ts).
 * - reference-adapter.js: the built-in reference adapter with its host and plugin.
 * - stdio-host.cjs: the reference host behind the host protocol (reference/stdio-host.js),
 *   on the shared bundles below, and stdio-host-entry.cjs, what to run: it turns on the code
 *   cache (runner/compile-cache.ts) for it and for them, the cache the suite's child keeps.
 *   The kit's own checks start this host hundreds of times (transport:check, a process per
 *   scenario, restarts); as a few dozen ES modules each start cost about 0.44 s of CPU,
 *   bundled and cached about 0.21 (docs/benchmark.md).
 * - public-api.cjs: the kit's public API (src/index.ts), what `import
 *   'plan-mode-conformance'` loads (package.json `exports`, through the ES
 *   module public-api.js in front of it); each of its modules is made when one
 *   of its names is first read (lazyPublicApiEntry), and the bundles read it
 *   by require, name by name (the ES module face reads every name).
 * - zod.cjs, yaml.cjs: the two libraries the others use (zod.js, yaml.js in front).
 *
 * The last three are shared, not inlined: the suite's child and the adapters
 * it loads use one copy of each (an adapter built on the public API hands
 * the kit values it checks with the same schemas). They and the child are
 * CommonJS because Node 20 can keep a code cache only for scripts; each
 * `.js` in front of a `.cjs` re-exports its names, so ES modules (the
 * reference adapter, any adapter importing the kit) load the same instance.
 * Run by `npm run build`, after tsc.
 */
import { build } from 'esbuild';
import ts from 'typescript';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const outdir = join(dist, 'bundled');
const publicApiSources = join(dist, 'src') + sep;
// Its real path: esbuild names modules by theirs, and the plugins below compare paths with it
// (through a symlinked node_modules they would otherwise find nothing to replace, and say nothing).
const cucumberLib = realpathSync(join(root, 'node_modules', '@cucumber', 'cucumber', 'lib'));

/**
 * The shared bundles, imported by the others as siblings. `publicApi: false`
 * for the public API's own bundle, whose sources are what it inlines.
 */
function shareModules({ publicApi = true, extension = '.cjs' } = {}) {
  return {
    name: 'share-modules',
    setup(build) {
      build.onResolve({ filter: /^(zod|yaml)$/ }, (args) => ({ path: `./${args.path}${extension}`, external: true }));
      if (!publicApi) return;
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const target = resolve(args.resolveDir, args.path);
        if (!target.startsWith(publicApiSources)) return undefined;
        // Every module of the public API is re-exported by its index (a name it lacks fails the build).
        if (extension === '.cjs') return { path: './public-api.cjs', external: true };
        // An ES module reads the script by require, name by name as it uses them, not through the
        // ES module face, which reads every name as it loads (and so builds every schema).
        return { path: 'public-api', namespace: 'required-public-api' };
      });
      build.onLoad({ filter: /.*/, namespace: 'required-public-api' }, () => ({
        contents: "module.exports = require('./public-api.cjs');",
        loader: 'js',
      }));
      build.onResolve({ filter: /^\.\/public-api\.cjs$/ }, (args) =>
        args.namespace === 'required-public-api' ? { path: args.path, external: true } : undefined,
      );
    },
  };
}

/**
 * The public API's script, each module of its index made when one of its
 * names is first read (issue 36): building every schema cost the suite's
 * child about 40 ms of CPU before its first scenario, and a run against the
 * reference reads the contract's, not the results documents' or the host
 * protocol's. The names are the index's (`src/index.ts`, a list of
 * `export * from` lines), each read from its module here; a module is made
 * whole, with what it imports, in the order the names are asked for.
 */
async function lazyPublicApiEntry() {
  const index = readFileSync(join(dist, 'src', 'index.js'), 'utf8');
  const statements = index
    .replace(/\/\*[\s\S]*?\*\/|^\/\/.*$/gm, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const owner = new Map();
  const modules = [];
  for (const statement of statements) {
    const reexport = /^export \* from '(\.\/[^']+\.js)';$/.exec(statement);
    if (!reexport) throw new Error(`lazy-public-api: src/index.js has more than re-exports: ${statement}`);
    const file = join(dist, 'src', reexport[1]);
    const names = Object.keys(await import(pathToFileURL(file).href)).filter((name) => name !== 'default');
    for (const name of names) {
      if (owner.has(name)) throw new Error(`lazy-public-api: ${name} is exported by ${owner.get(name)} and ${file}`);
      owner.set(name, file);
    }
    modules.push({ file, names });
  }
  return [
    "Object.defineProperty(exports, '__esModule', { value: true });",
    'const made = [];',
    'function share(index, make, names) {',
    '  for (const name of names)',
    '    Object.defineProperty(exports, name, { enumerable: true, get: () => (made[index] ??= make())[name] });',
    '}',
    ...modules.map(
      ({ file, names }, index) => `share(${index}, () => require(${JSON.stringify(file)}), ${JSON.stringify(names)});`,
    ),
  ].join('\n');
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

/** The summary line's duration without luxon and Intl (see conformance/runner/summary-duration.ts). */
const summaryDuration = {
  name: 'summary-duration',
  setup(build) {
    build.onResolve({ filter: /^luxon$/ }, () => ({
      path: join(dist, 'conformance', 'runner', 'summary-duration.js'),
    }));
  },
};

/** One build of cucumber-expressions, cucumber's CommonJS one, for the kit's imports too (see conformance/runner/parameter-type-order.ts). */
const oneCucumberExpressions = {
  name: 'one-cucumber-expressions',
  setup(build) {
    const commonJs = createRequire(join(cucumberLib, 'index.js')).resolve('@cucumber/cucumber-expressions');
    build.onResolve({ filter: /^@cucumber\/cucumber-expressions$/ }, () => ({ path: commonJs }));
  },
};

/**
 * One build of @cucumber/messages, its CommonJS one (cucumber's), for the kit's imports too. The package
 * ships the same sources twice (`import` and `require` conditions), and a bundle holding both ran both as it
 * loaded: a hundred message classes, each field decorated through class-transformer and reflect-metadata
 * (about 5 ms of CPU a copy in the suite's child, issue 36).
 */
const oneCucumberMessages = {
  name: 'one-cucumber-messages',
  setup(build) {
    const commonJs = createRequire(join(cucumberLib, 'index.js')).resolve('@cucumber/messages');
    build.onResolve({ filter: /^@cucumber\/messages$/ }, () => ({ path: commonJs }));
  },
};

/** Steps run without cucumber's AsyncLocalStorage (see conformance/runner/cucumber-scope.ts). */
const unscopedSteps = {
  name: 'unscoped-steps',
  setup(build) {
    build.onResolve({ filter: /^\.\/scope$/ }, (args) =>
      args.resolveDir === join(cucumberLib, 'runtime')
        ? { path: join(dist, 'conformance', 'runner', 'cucumber-scope.js') }
        : undefined,
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
/**
 * import() from a script Node compiles itself (see conformance/adapters/import-module.ts):
 * the kit's own calls go through import-module.js, which becomes dynamic-import.cjs;
 * cucumber's (the pretty formatter is a package it imports by name) are rewritten to
 * call the same function. Cucumber's compiled CommonJS has `await import(` only as code.
 */
const importsOutsideCache = {
  name: 'imports-outside-cache',
  setup(build) {
    build.onResolve({ filter: /^\.\/(import-module\.js|dynamic-import\.cjs)$/ }, () => ({
      path: './dynamic-import.cjs',
      external: true,
    }));
    build.onLoad({ filter: /[\\/]@cucumber[\\/]cucumber[\\/]lib[\\/].*\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('await import(')) return undefined;
      return { contents: importsThroughKit(source), loader: 'js' };
    });
  },
};

/** A cucumber module's `import()` calls made through dynamic-import.cjs (for a plugin that patches such a module too). */
function importsThroughKit(source) {
  return source.replaceAll('await import(', "await require('./dynamic-import.cjs').importModule(");
}

/**
 * A kit module that a patched cucumber module calls for every step definition, required the first time
 * and kept: an ES module required from a CommonJS one is, in the bundle, a fresh copy of its exports at
 * each `require` (esbuild's `__toCommonJS`), which cost every start a few milliseconds over 260 definitions.
 * The declaration goes at the module's end (a `var` is hoisted; at its start it would come before
 * `"use strict"`).
 */
function requiredOnce(name, path) {
  return { binding: `(${name} ??= require(${path}))`, declaration: `\nvar ${name};\n` };
}

/**
 * Where cucumber reads a definition's location, V8's call sites instead of a
 * stack trace written out and parsed back (see conformance/runner/definition-frames.ts).
 * The text replaced must be there: an upgrade that moves it fails the build.
 */
const DEFINITION_LOCATION_FILE = join(cucumberLib, 'support_code_library_builder', 'get_definition_line_and_uri.js');
const PARSED_STACK = 'error_stack_parser_1.default.parse(new Error())';
const definitionFrames = {
  name: 'definition-frames',
  setup(build) {
    build.onLoad({ filter: /[\\/]get_definition_line_and_uri\.js$/ }, async (args) => {
      if (args.path !== DEFINITION_LOCATION_FILE) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(PARSED_STACK))
        throw new Error(`definition-frames: ${PARSED_STACK} is no longer in ${args.path} (cucumber upgraded?)`);
      const frames = JSON.stringify(join(dist, 'conformance', 'runner', 'definition-frames.js'));
      const { binding, declaration } = requiredOnce('kitDefinitionFrames', frames);
      return { contents: `${source.replace(PARSED_STACK, `${binding}.callerFrames()`)}${declaration}`, loader: 'js' };
    });
  },
};

/**
 * Cucumber's builder makes each step definition's expression through the kit,
 * which parses it on first need (see conformance/runner/deferred-expression.ts).
 * The text replaced must be there: an upgrade that moves it fails the build.
 */
const BUILDER_FILE = join(cucumberLib, 'support_code_library_builder', 'index.js');
const EAGER_EXPRESSION = 'new cucumber_expressions_1.CucumberExpression(pattern, this.parameterTypeRegistry)';
const deferredExpressions = {
  name: 'deferred-expressions',
  setup(build) {
    build.onLoad({ filter: /[\\/]support_code_library_builder[\\/]index\.js$/ }, async (args) => {
      if (args.path !== BUILDER_FILE) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (source.split(EAGER_EXPRESSION).length !== 2)
        throw new Error(`deferred-expressions: ${EAGER_EXPRESSION} is not once in ${args.path} (cucumber upgraded?)`);
      const deferred = JSON.stringify(join(dist, 'conformance', 'runner', 'deferred-expression.js'));
      const { binding, declaration } = requiredOnce('kitDeferredExpression', deferred);
      return {
        contents: `${source.replace(
          EAGER_EXPRESSION,
          `${binding}.cucumberExpressionOnDemand(pattern, this.parameterTypeRegistry)`,
        )}${declaration}`,
        loader: 'js',
      };
    });
  },
};

/**
 * Cucumber's run resolves its paths through the kit (see conformance/runner/run-paths.ts), which
 * loads cucumber's own `resolvePaths` (and with it the `glob` package) only when it needs it.
 * The text replaced must be there: an upgrade that moves it fails the build.
 */
const RUN_CUCUMBER_FILE = join(cucumberLib, 'api', 'run_cucumber.js');
const PATHS_REQUIRED = 'const paths_1 = require("../paths");';
const PATHS_RESOLVED = '(0, paths_1.resolvePaths)(logger, cwd, options.sources, supportCoordinates)';
const runPaths = {
  name: 'run-paths',
  setup(build) {
    build.onLoad({ filter: /[\\/]api[\\/]run_cucumber\.js$/ }, async (args) => {
      if (args.path !== RUN_CUCUMBER_FILE) return undefined;
      const source = await readFile(args.path, 'utf8');
      for (const text of [PATHS_REQUIRED, PATHS_RESOLVED])
        if (source.split(text).length !== 2)
          throw new Error(`run-paths: ${text} is not once in ${args.path} (cucumber upgraded?)`);
      const kit = JSON.stringify(join(dist, 'conformance', 'runner', 'run-paths.js'));
      return {
        contents: source
          .replace(PATHS_REQUIRED, '// ../paths: loaded by the kit when needed (build/bundle.mjs run-paths)')
          .replace(
            PATHS_RESOLVED,
            `require(${kit}).resolveRunPaths(() => require("../paths").resolvePaths, logger, cwd, options.sources, supportCoordinates, 'originalCoordinates' in options.support)`,
          ),
        loader: 'js',
      };
    });
  },
};

/**
 * Parts of cucumber's run that a kit run loads only when it uses them (issue 36): the HTML formatter (with
 * @cucumber/message-streams, mime's type table and the HTML formatter's assets), made when `--format html`
 * asks for it, `mz/fs` (with thenify and any-promise), loaded when a formatter writes to a file, and the
 * publish plugin, loaded when publishing is asked for. All were loaded by every run as cucumber's run
 * modules loaded: about 20 to 30 ms of the suite's child's CPU in profiles under load. The same objects once asked for; each text replaced must be there once, or the build fails
 * (cucumber upgraded). test/conformance/runner/start-up-imports.test.ts checks the bundle.
 */
const LAZY_CUCUMBER_PARTS = [
  {
    file: join(cucumberLib, 'formatter', 'builtin', 'index.js'),
    replace: [
      [
        'const html_1 = __importDefault(require("./html"));',
        '// ./html: required when asked for (build/bundle.mjs lazyCucumberParts)',
      ],
      ['    html: html_1.default,', '    get html() { return __importDefault(require("./html")).default; },'],
    ],
  },
  {
    // The publish plugin does nothing without options (`if (!options) { return undefined; }`, guarded below); it
    // loads zlib, stream/promises and has-ansi as it loads. Asked for with no options, its stand-in answers as it
    // would, without loading it; with options, it is loaded and given the same context.
    file: join(cucumberLib, 'api', 'plugins.js'),
    replace: [
      [
        'const publish_1 = __importDefault(require("../publish"));',
        [
          '// ../publish: required when publishing is asked for (build/bundle.mjs lazyCucumberParts)',
          'const publish_1 = { default: { type: "plugin", coordinator: async (context) => context.options ? await __importDefault(require("../publish")).default.coordinator(context) : undefined } };',
        ].join('\n'),
      ],
    ],
    guards: [
      [
        join(cucumberLib, 'publish', 'publish_plugin.js'),
        'coordinator: async ({ on, emit, logger, options, environment }) => {\n        if (!options) {\n            return undefined;\n        }',
      ],
    ],
  },
  {
    file: join(cucumberLib, 'formatter', 'create_stream.js'),
    replace: [
      [
        'const fs_1 = __importDefault(require("mz/fs"));',
        '// mz/fs: required when a formatter writes a file (build/bundle.mjs lazyCucumberParts)\nconst fs_1 = { get default() { return __importDefault(require("mz/fs")).default; } };',
      ],
    ],
  },
];
const lazyCucumberParts = {
  name: 'lazy-cucumber-parts',
  setup(build) {
    const patched = new Set();
    build.onLoad(
      { filter: /[\\/](formatter[\\/](builtin[\\/]index|create_stream)|api[\\/]plugins)\.js$/ },
      async (args) => {
        const part = LAZY_CUCUMBER_PARTS.find(({ file }) => file === args.path);
        if (!part) return undefined;
        for (const [file, text] of part.guards ?? [])
          if ((await readFile(file, 'utf8')).split(text).length !== 2)
            throw new Error(`lazy-cucumber-parts: ${file} no longer has ${JSON.stringify(text)} (cucumber upgraded?)`);
        let source = await readFile(args.path, 'utf8');
        for (const [text, replacement] of part.replace) {
          if (source.split(text).length !== 2)
            throw new Error(`lazy-cucumber-parts: ${text} is not once in ${args.path} (cucumber upgraded?)`);
          source = source.replace(text, replacement);
        }
        patched.add(args.path);
        // Listed before imports-outside-cache, whose rewrite is made here too (plugins.js imports plugins).
        return { contents: importsThroughKit(source), loader: 'js' };
      },
    );
    build.onEnd(() => {
      for (const { file } of LAZY_CUCUMBER_PARTS)
        if (!patched.has(file)) throw new Error(`lazy-cucumber-parts: ${file} was not bundled (cucumber upgraded?)`);
    });
  },
};

/**
 * The exploration's own process (runner/exploration-beside.ts) runs no scenario: its bundle is the suite's child
 * without cucumber's run and the steps (run-suite.js, support-library.js, which suite-child.js imports only to run
 * scenarios). What stands in for them says so if it is ever asked.
 */
const noScenarios = {
  name: 'no-scenarios',
  setup(build) {
    build.onResolve({ filter: /^\.\/(run-suite|support-library)\.js$/ }, (args) =>
      args.importer === join(dist, 'conformance', 'runner', 'suite-child.js')
        ? { path: args.path, namespace: 'no-scenarios' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'no-scenarios' }, (args) => ({
      contents: [
        `const absent = () => { throw new Error(${JSON.stringify(`the exploration's process runs no scenario: ${args.path} is not in its bundle`)}); };`,
        'export const runSuite = absent;',
        'export const kitSupportLibrary = absent;',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

const slimCucumber = {
  name: 'slim-cucumber',
  setup(build) {
    build.onResolve({ filter: /^@cucumber\/cucumber(\/api)?$/ }, (args) => ({
      path: args.path,
      namespace: 'slim-cucumber',
    }));
    build.onLoad({ filter: /.*/, namespace: 'slim-cucumber' }, (args) => ({
      contents: SLIM_CUCUMBER[args.path],
      resolveDir: root,
      loader: 'js',
    }));
  },
};

/**
 * zod's `locales` namespace with English alone (issue 36). zod exports every
 * language's messages (about 40, 360 KB of the 770 KB bundle) as `locales`;
 * the kit and the reference never choose one, and zod itself sets English
 * (classic/schemas.js imports `../locales/en.js` directly), so the messages a
 * run prints are the same. Every process that loads zod (the CLI, the suite's
 * child, the stdio host) read, deserialised and ran the others at each start:
 * about 9 ms of CPU a load. The build fails if zod stops importing its
 * locales' index (an upgrade that moves it), or if its index stops naming `en`.
 */
function zodEnglishOnly() {
  let replaced = 0;
  return {
    name: 'zod-english-only',
    setup(build) {
      build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
        if (!args.resolveDir.includes(`${sep}zod${sep}`)) return undefined;
        replaced += 1;
        return { path: resolve(args.resolveDir, args.path), namespace: 'zod-english-only' };
      });
      build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, async (args) => {
        const index = await readFile(args.path, 'utf8');
        const english = 'export { default as en } from "./en.js";';
        if (!index.includes(english))
          throw new Error(`zod-english-only: ${args.path} no longer has ${english} (zod upgraded?)`);
        return {
          contents: `// zod's locales, English alone (build/bundle.mjs zodEnglishOnly)\n${english}\n`,
          loader: 'js',
          resolveDir: dirname(args.path),
        };
      });
      build.onEnd(() => {
        if (replaced === 0)
          throw new Error("zod-english-only: zod no longer imports '../locales/index.js' (zod upgraded?)");
      });
    },
  };
}

/** An entry written here rather than read from a file. */
function virtualEntry(name, contents, extension) {
  return {
    stdin: { contents, resolveDir: root, sourcefile: `${name}-entry.js`, loader: 'js' },
    outfile: join(outdir, `${name}${extension}`),
  };
}

// CommonJS code (cucumber's, yaml's) inlined in an ES module still asks for require, __filename and __dirname.
const esmBanner = [
  "import { createRequire as kitCreateRequire } from 'node:module';",
  "import { fileURLToPath as kitFileURLToPath } from 'node:url';",
  'const require = kitCreateRequire(import.meta.url);',
  'const __filename = kitFileURLToPath(import.meta.url);',
  "const __dirname = kitFileURLToPath(new URL('.', import.meta.url));",
].join('\n');

const esm = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: esmBanner },
  logLevel: 'warning',
};
// The kit's ES modules ask for import.meta.url (package-root.ts, the child's entry); in a script it is the file's URL.
const cjs = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  define: { 'import.meta.url': 'kitImportMetaUrl' },
  banner: { js: "const kitImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
};

/**
 * The ES module in front of a CommonJS bundle: the same instance (Node's
 * module cache), under each of its export names (some are reserved words,
 * such as zod's `enum`: exported by alias).
 */
function writeEsmFront(name) {
  const cjsFile = join(outdir, `${name}.cjs`);
  const exports = createRequire(import.meta.url)(cjsFile);
  const names = Object.keys(exports).filter((key) => key !== 'default' && key !== '__esModule');
  const lines = [
    `// The ES module face of ${name}.cjs (build/bundle.mjs): one instance for scripts and modules alike.`,
    "import { createRequire } from 'node:module';",
    `const bundle = createRequire(import.meta.url)('./${name}.cjs');`,
    ...names.map((key, index) => `const e${index} = bundle[${JSON.stringify(key)}];`),
    `export { ${names.map((key, index) => `e${index} as ${key}`).join(', ')} };`,
    `export default ${'default' in exports ? 'bundle.default' : 'bundle'};`,
  ];
  writeFileSync(join(outdir, `${name}.js`), `${lines.join('\n')}\n`);
}

/**
 * The plugins of the suite's child (`scenarios`) and of the exploration's process, one bundle each of the same entry
 * (suite-child.js), in the order they apply. The two differ in two places, and only there:
 * - the exploration's bundle has `noScenarios` first: it runs no scenario, so cucumber's run and the steps stay out;
 * - it has no `lazyCucumberParts`: the three cucumber modules that plugin rewrites (the builtin formatters, the
 *   plugins' list, the formatter's stream) belong to cucumber's run, which `noScenarios` leaves out, so none is in
 *   that bundle, and the plugin's own check (each part patched once, `onEnd`) would fail the build.
 */
function childPlugins({ scenarios }) {
  return [
    ...(scenarios ? [] : [noScenarios]),
    shareModules(),
    nativeMatchIndices,
    featureSources,
    unscopedSteps,
    slimCucumber,
    ...(scenarios ? [lazyCucumberParts] : []),
    importsOutsideCache,
    summaryDuration,
    oneCucumberExpressions,
    oneCucumberMessages,
    definitionFrames,
    deferredExpressions,
    runPaths,
  ];
}

/** The rest of the CLI, which cli.js imports once it has forked the suite's child. */
const CLI_MAIN = 'cli-chunks/main';

// The scripts first (their ES module faces list what they export), then what imports those faces.
await Promise.all([
  build({
    ...cjs,
    entryPoints: [join(dist, 'conformance', 'runner', 'suite-child.js')],
    outfile: join(outdir, 'suite-child.cjs'),
    plugins: childPlugins({ scenarios: true }),
  }),
  build({
    ...cjs,
    entryPoints: [join(dist, 'conformance', 'runner', 'suite-child.js')],
    outfile: join(outdir, 'exploration-child.cjs'),
    plugins: childPlugins({ scenarios: false }),
  }),
  build({
    ...cjs,
    ...virtualEntry(
      'exploration-child-entry',
      [
        `import { useCompileCache } from ${JSON.stringify(join(dist, 'conformance', 'runner', 'compile-cache.js'))};`,
        `import { EXPLORATION_CACHED_BUNDLES, COMPILE_CACHE_FOLDER } from ${JSON.stringify(join(dist, 'conformance', 'runner', 'cached-bundles.js'))};`,
        "const { join } = require('node:path');",
        'useCompileCache(EXPLORATION_CACHED_BUNDLES.map((name) => join(__dirname, name)), join(__dirname, COMPILE_CACHE_FOLDER));',
        "require('./exploration-child.cjs');",
      ].join('\n'),
      '.cjs',
    ),
    plugins: [
      {
        name: 'exploration-child-bundle',
        setup: (b) =>
          b.onResolve({ filter: /^\.\/exploration-child\.cjs$/ }, (args) => ({ path: args.path, external: true })),
      },
    ],
  }),
  build({
    ...cjs,
    entryPoints: [join(dist, 'conformance', 'runner', 'suite-child-entry.js')],
    outfile: join(outdir, 'suite-child-entry.cjs'),
    plugins: [
      {
        name: 'child-bundle',
        setup: (b) =>
          b.onResolve({ filter: /^\.\/suite-child\.cjs$/ }, (args) => ({ path: args.path, external: true })),
      },
    ],
  }),
  build({
    ...cjs,
    // The CLI's verdict as a script, read through the child's code cache (see conformance/cli/load-verdict.ts).
    entryPoints: [join(dist, 'conformance', 'cli', 'verdict.js')],
    outfile: join(outdir, 'cli-verdict.cjs'),
    plugins: [shareModules(), nativeMatchIndices, oneCucumberMessages],
  }),
  build({
    ...cjs,
    entryPoints: [join(dist, 'conformance', 'adapters', 'import-module.js')],
    outfile: join(outdir, 'dynamic-import.cjs'),
  }),
  build({
    ...cjs,
    ...virtualEntry('public-api', await lazyPublicApiEntry(), '.cjs'),
    plugins: [shareModules({ publicApi: false })],
  }),
  build({
    ...cjs,
    ...virtualEntry('zod', "export * from 'zod';\nexport { default } from 'zod';\n", '.cjs'),
    plugins: [zodEnglishOnly()],
  }),
  build({ ...cjs, ...virtualEntry('yaml', "module.exports = require('yaml');\n", '.cjs') }),
  // The public API, zod and yaml are the kit's shared bundles, read through the same code cache.
  build({
    ...cjs,
    entryPoints: [join(dist, 'reference', 'stdio-host.js')],
    outfile: join(outdir, 'stdio-host.cjs'),
    plugins: [shareModules()],
  }),
  build({
    ...cjs,
    ...virtualEntry(
      'stdio-host-entry',
      [
        `import { useCompileCache } from ${JSON.stringify(join(dist, 'conformance', 'runner', 'compile-cache.js'))};`,
        `import { CACHED_BUNDLES, COMPILE_CACHE_FOLDER } from ${JSON.stringify(join(dist, 'conformance', 'runner', 'cached-bundles.js'))};`,
        "const { join } = require('node:path');",
        "useCompileCache(['stdio-host.cjs', ...CACHED_BUNDLES].map((name) => join(__dirname, name)), join(__dirname, COMPILE_CACHE_FOLDER));",
        "require('./stdio-host.cjs');",
      ].join('\n'),
      '.cjs',
    ),
    plugins: [
      {
        name: 'host-bundle',
        setup: (b) => b.onResolve({ filter: /^\.\/stdio-host\.cjs$/ }, (args) => ({ path: args.path, external: true })),
      },
    ],
  }),
]);
for (const name of ['zod', 'yaml', 'public-api']) writeEsmFront(name);

await Promise.all([
  build({
    ...esm,
    // The CLI's entry, whole in one file: it forks the suite's child before it imports anything but
    // Node's own modules (an ES module's static imports, chunks included, all load before its first
    // line runs), then imports main.js (below). Its few modules (suite-child-start.js and what forking
    // needs) are copied, not shared: main.js uses the early child only through its methods.
    entryPoints: { cli: join(dist, 'conformance', 'cli', 'bin.js') },
    outdir,
    plugins: [
      {
        name: 'cli-main-apart',
        setup: (b) =>
          b.onResolve({ filter: /^\.\/main\.js$/ }, (args) =>
            args.importer.endsWith(`${sep}cli${sep}bin.js`) ? { path: `./${CLI_MAIN}.js`, external: true } : undefined,
          ),
      },
    ],
  }),
  build({
    ...esm,
    // Split: what the CLI loads on demand (the verdict, reports, subcommands) goes to chunks of
    // their own, read when asked for.
    entryPoints: { [CLI_MAIN]: join(dist, 'conformance', 'cli', 'main.js') },
    outdir,
    splitting: true,
    chunkNames: 'cli-chunks/[name]-[hash]',
    plugins: [nativeMatchIndices, zodEnglishOnly()],
  }),
  build({
    ...esm,
    entryPoints: [join(dist, 'reference', 'adapter.js')],
    outfile: join(outdir, 'reference-adapter.js'),
    plugins: [shareModules({ extension: '.js' })],
  }),
]);

/**
 * Every bundle in ASCII. esbuild escapes what it can, but leaves comments and
 * regular expression literals as written; one character beyond ASCII makes V8
 * hold the whole file as two-byte text, and reading and compiling the child's
 * bundle through its code cache then cost about a third more (issue 36). A
 * `\uXXXX` escape means the same character in a string, a regular expression or
 * a name, and nothing in a comment; only a template literal's raw text would
 * read it differently, so what lies in a template (found by TypeScript's
 * parser) is left as it is.
 */
function asciiOnly(file) {
  const text = readFileSync(file, 'utf8');
  if (!/[^\x00-\x7f]/.test(text)) return;
  const templates = [];
  const visit = (node) => {
    if (ts.isTemplateLiteral(node)) templates.push([node.getStart(), node.end]);
    else ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS));
  const inTemplate = (at) => templates.some(([from, to]) => at >= from && at < to);
  // An escaped character (`\→`, an identity escape) becomes the escape alone.
  const ascii = text.replace(/(\\*)([^\x00-\x7f])/g, (all, slashes, char, at) => {
    if (inTemplate(at + slashes.length)) return all;
    const escape = `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
    return (slashes.length % 2 === 1 ? slashes.slice(1) : slashes) + escape;
  });
  writeFileSync(file, ascii);
}
for (const entry of readdirSync(outdir, { recursive: true, withFileTypes: true }))
  if (entry.isFile() && /\.c?js$/.test(entry.name)) asciiOnly(join(entry.parentPath, entry.name));
