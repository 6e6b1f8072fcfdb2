/**
 * A package that carries what its README links: the tarball `npm pack`
 * makes, extracted as npm installs it, holds the host protocol's schemas and
 * the examples, and every relative link of every Markdown file it ships (the
 * README, the docs/ pages it links, the protocol and example READMEs) and
 * every file path one of them names in code style leads to a file in the
 * package (the TypeScript sources ship too: the source maps and the docs
 * point at them), or is named as the kit repository's (tests, CI scripts). The
 * spec text the kit is built on (docs/clauses.md) is one of them. And every
 * command the Markdown shows a user runs from a project that installed the
 * tarball (below).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../conformance/cli-harness.js';
import { temporaryFolder } from '../temporary-folder.js';
import { limitForProcesses, PROCESS_LIMIT_MS } from '../limits.js';

/** Markdown text outside fenced code blocks. */
function outsideCode(text: string): string {
  return text
    .split(/^```.*$/m)
    .filter((_, index) => index % 2 === 0)
    .join('\n');
}

/** A path from the package root as the Markdown names it in code style. */
const PACKAGE_PATH =
  /(?:docs|protocol|examples|features|adapters|src|conformance|reference|dist|test|\.ci|mutants|variants|build|bench)\/[\w./-]*[\w/]/;
/** Folders the kit writes where it is installed when it runs (the bundles' code cache), not shipped. */
const WRITTEN_AT_RUN_TIME = ['dist/bundled/compile-cache/'];
/** The kit's development folders, which the package does not ship. */
const DEVELOPMENT_PATH = /^(?:test|\.ci|mutants|variants|build|bench)\//;

let tarball: Promise<string> | undefined;

/** The tarball `npm pack` makes of the built kit, packed once for this file. */
function packed(): Promise<string> {
  tarball ??= temporaryFolder('pmc-pack-').then((dir) => {
    // The built dist/ is packed as is: `prepare` (a rebuild) is what npm runs before publishing, not this test.
    const name = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1)!;
    return join(dir, name);
  });
  return tarball;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('the packed package', () => {
  let root: string;
  beforeAll(async () => {
    const tarball = await packed();
    const dir = dirname(tarball);
    execFileSync('tar', ['-xzf', tarball, '-C', dir]);
    root = join(dir, 'package');
  }, limitForProcesses(2)); // npm pack and tar

  it('holds the protocol schemas, the GitHub Action, the CI example and the Python host', () => {
    expect(existsSync(join(root, 'action.yml'))).toBe(true);
    const schemas = readdirSync(join(root, 'protocol', 'schemas')).filter((name) => name.endsWith('.json'));
    expect(schemas.length).toBeGreaterThan(10);
    expect(schemas).toContain('results.schema.json');
    expect(existsSync(join(root, 'protocol', 'README.md'))).toBe(true);
    expect(existsSync(join(root, 'examples', 'ci', 'plan-mode-conformance.yml'))).toBe(true);
    expect(existsSync(join(root, 'examples', 'python-host', 'host.py'))).toBe(true);
    expect(existsSync(join(root, 'examples', 'python-host', 'README.md'))).toBe(true);
    expect(existsSync(join(root, 'docs/clauses.md'))).toBe(true);
    expect(existsSync(join(root, 'docs', 'junit-report.xsd'))).toBe(true);
    expect(filesUnder(root).some((file) => file.includes('__pycache__'))).toBe(false);
  });

  it('exports runConformance and the adapter contract from its public API, as an install imports it', async () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      exports: { '.': { import: string; types: string } };
    };
    const api = (await import(join(root, manifest.exports['.'].import))) as Record<string, unknown>;
    for (const name of [
      'runConformance',
      'conformanceArguments',
      'RunConformanceOptionsSchema',
      'RunConformanceError',
      'defineAdapter',
      'ResultsDocumentSchema',
    ]) {
      expect(typeof api[name], name).not.toBe('undefined');
    }
    expect(readFileSync(join(root, manifest.exports['.'].types), 'utf8')).toContain(
      "export * from './api/run-conformance.js';",
    );
    expect(existsSync(join(root, 'dist', 'bundled', 'cli.js'))).toBe(true);
  });

  it('every relative link and every file path named in its Markdown files leads to a file in the package', () => {
    // The editions' READMEs are upstream's text kept byte for byte (the clauses quote them verbatim):
    // their relative links point into the upstream repository, as features/editions/README.md says.
    const upstream = (file: string) => /^features\/editions\/.+\.README\.zh\.md$/.test(relative(root, file));
    const markdown = filesUnder(root).filter((file) => file.endsWith('.md') && !upstream(file));
    expect(markdown.map((file) => relative(root, file))).toEqual(
      expect.arrayContaining(['README.md', 'docs/clauses.md', 'docs/cli.md', 'protocol/README.md']),
    );
    const missing: string[] = [];
    for (const file of markdown) {
      const text = outsideCode(readFileSync(file, 'utf8'));
      const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'));
      for (const link of links) {
        const target = normalize(join(dirname(file), decodeURI(link.split('#')[0]!)));
        if (!target.startsWith(root) || !existsSync(target)) missing.push(`${relative(root, file)} links ${link}`);
      }
      // A file the text names in code style, by a path from the package root (docs/clauses.md, protocol/schemas/...,
      // the sources the source maps point at): the package ships it. The kit's own development files (tests, CI
      // scripts, mutants) no install has: the text says whose they are, "the kit repository's `.ci/run`".
      for (const match of text.matchAll(new RegExp(`(kit repository's )?\`(${PACKAGE_PATH.source})\``, 'g'))) {
        const [, repository, path] = match as unknown as [string, string | undefined, string];
        if (DEVELOPMENT_PATH.test(path)) {
          if (repository === undefined)
            missing.push(`${relative(root, file)} names ${path} without saying it is the kit repository's`);
        } else if (!WRITTEN_AT_RUN_TIME.includes(path) && !existsSync(join(root, path)))
          missing.push(`${relative(root, file)} names ${path}`);
      }
    }
    expect(missing).toEqual([]);
    // The README's links are followed into the docs pages: they exist and are files.
    const readmeLinks = [
      ...outsideCode(readFileSync(join(root, 'README.md'), 'utf8')).matchAll(/\]\((docs\/[^)#\s]+)/g),
    ].map((match) => match[1]!);
    expect(readmeLinks.length).toBeGreaterThan(5);
    for (const link of readmeLinks) expect(statSync(join(root, link)).isFile()).toBe(true);
  });
});

/**
 * Every command the packed Markdown shows a user (`npx plan-mode-conformance
 * …` in a code block) works from a project that installed the tarball: each
 * kit file it names is there (`node_modules/plan-mode-conformance/…`, never a
 * path relative to the kit's own folder), and each that is cheap runs as
 * written, a run narrowed to one scenario without the exploration (the
 * command's own options kept). The ones not run are listed with why.
 */
describe('the documented commands, from an install of the tarball', () => {
  /** One scenario a narrowed run judges: proves the command starts, loads its host and judges. */
  const ONE_SCENARIO = ['--tags', '@id:changing-tools-run-in-plan-mode', '--explore', 'off', '--parallel', '1'];
  /** Commands not run, each with why: a test of its own covers it, or it needs what only the reader has. */
  const NOT_RUN: ReadonlyArray<[RegExp, string]> = [
    [/--adapter dsh\b/, 'needs the upstream @deepseek-ai packages installed beside the kit (docs/dsh.md)'],
    [/\.\/my-adapter\.mjs/, "names the reader's own adapter module"],
    [/ (compare|merge|docs) /, "reads the reader's results files (the compare, merge and docs tests run these verbs)"],
    [/ explore /, 'explores with the dsh adapter (the exploration tests run the verb)'],
    [/--shard 1\/4/, 'one shard of four machines (the shard tests run it)'],
  ];
  let project: string;
  let commands: Array<{ file: string; line: string }>;
  /** What npx runs for `npx plan-mode-conformance` in the project (package.json's bin, linked by the install). */
  const INSTALLED_BIN = 'node_modules/.bin/plan-mode-conformance';

  beforeAll(async () => {
    const tarball = await packed();
    project = join(await temporaryFolder('pmc-install-'), 'host');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "name": "host", "version": "1.0.0", "private": true }\n');
    // As the README says: npm install --save-dev the tarball (the registry's cache serves its dependencies).
    // It may ask the registry for the dependencies' metadata: with the extra CA bundle CI's steps run without and
    // set aside (the kit repository's .ci/schedule.mjs, stepEnv).
    const setAside = process.env.CI_REGISTRY_CA_CERTS;
    execFileSync(
      'npm',
      ['install', '--save-dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel', 'error', tarball],
      {
        cwd: project,
        encoding: 'utf8',
        env: setAside === undefined ? process.env : { ...process.env, NODE_EXTRA_CA_CERTS: setAside },
      },
    );
    const installed = join(project, 'node_modules', 'plan-mode-conformance');
    commands = filesUnder(installed)
      .filter((file) => file.endsWith('.md') && !file.slice(installed.length).includes('node_modules'))
      .flatMap((file) =>
        codeLines(readFileSync(file, 'utf8'))
          .filter((line) => /^(npx )?plan-mode-conformance( |$)/.test(line))
          .map((line) => ({ file: relative(installed, file), line })),
      );
  }, limitForProcesses(3)); // npm pack (once for the file), npm install

  it('are shown as npx plan-mode-conformance, and name kit files by their place in an install', () => {
    expect(commands.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const { file, line } of commands) {
      if (!line.startsWith('npx ') && !isSynopsis(line))
        problems.push(`${file}: ${line}: write npx plan-mode-conformance (no install puts it on PATH)`);
      for (const word of shellWords(line).flatMap((word) => word.replace(/^exec:/, '').split(' '))) {
        if (/^(?:examples|dist|adapters|features|protocol)\//.test(word))
          problems.push(
            `${file}: ${line}: ${word} is a path in the kit's folder: node_modules/plan-mode-conformance/${word}`,
          );
        if (word.startsWith('node_modules/plan-mode-conformance/') && !existsSync(join(project, word)))
          problems.push(`${file}: ${line}: ${word} is not in the install`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('run from the install: init as written, each cheap run narrowed to one scenario; the rest listed with why', () => {
    const ran: string[] = [];
    const skipped: string[] = [];
    const failures: string[] = [];
    // init first: the README's next command runs the adapter it writes.
    const ordered = [...commands].sort((a, b) => Number(!a.line.includes(' init')) - Number(!b.line.includes(' init')));
    for (const { file, line } of ordered) {
      if (isSynopsis(line) || !line.startsWith('npx ')) continue;
      const why = NOT_RUN.find(([pattern]) => pattern.test(line))?.[1];
      if (why !== undefined) {
        skipped.push(`${line}: ${why}`);
        continue;
      }
      if (ran.includes(line)) continue;
      const words = shellWords(line).slice(1);
      const isRun = !/^(init|--help|--version|quotes)$/.test(words[1] ?? '') && !words.includes('init');
      // The first command (init) runs through npx, as written: npx finds the install's bin. The others run
      // that bin directly, as npx would (npx's own start costs about as much CPU as a narrowed run's CLI).
      const [command, ...rest] =
        ran.length === 0 ? ['npx', ...words] : [join(project, INSTALLED_BIN), ...words.slice(1)];
      const run = spawnSync(command!, [...rest, ...(isRun ? ONE_SCENARIO : [])], {
        cwd: project,
        encoding: 'utf8',
        timeout: PROCESS_LIMIT_MS,
      });
      ran.push(line);
      const said = `${run.stdout}${run.stderr}`;
      // The init skeleton stops with exit 2 until a person connects a host: it must be that stop, not a missing file.
      const expected = line.includes('./plan-mode-adapter.mjs')
        ? run.status === 2 && said.includes('not implemented: connect your host here')
        : run.status === 0;
      if (!expected)
        failures.push(`${file}: ${line} exited ${run.status}: ${said.trim().split('\n').slice(-3).join(' | ')}`);
    }
    expect(failures).toEqual([]);
    expect(ran.length).toBeGreaterThanOrEqual(4);
    expect(ran[0]).toMatch(/^npx plan-mode-conformance init\b/);
    expect(
      ran.some((line) => line.includes('exec:python3 node_modules/plan-mode-conformance/examples/python-host/host.py')),
    ).toBe(true);
    expect(ran.some((line) => line.includes('dist/reference/stdio-host.js'))).toBe(true);
    // What was not run, and why, stays in view.
    expect(skipped.length).toBeGreaterThan(0);
    for (const line of skipped) expect(line).toMatch(/: .+/);
  });
});

/** The lines of a Markdown file's fenced code blocks, trailing `# comments` and `\` continuations joined. */
function codeLines(text: string): string[] {
  const blocks = text.split(/^```.*$/m).filter((_, index) => index % 2 === 1);
  return blocks.flatMap((block) =>
    block
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((line) => line.trim()),
  );
}

/** A usage line of docs/cli.md (`[--adapter NAME|PATH]`, `...`, `OLD.json`): a form to fill in, not a command. */
function isSynopsis(line: string): boolean {
  return /\[|\.\.\.|\bOLD\.json|\bNAME\b|\bFILE\b|\bDIR\b/.test(line);
}

/** The words a POSIX shell makes of a command line, its `# comment` dropped (sh runs nothing but printf). */
function shellWords(line: string): string[] {
  const run = spawnSync('/bin/sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' });
  return run.stdout.split('\0').slice(0, -1);
}
