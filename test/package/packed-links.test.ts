/**
 * A package that carries what its README links: the tarball `npm pack`
 * makes, extracted as npm installs it, holds the host protocol's schemas and
 * the examples, and every relative link of every Markdown file it ships (the
 * README, the docs/ pages it links, the protocol and example READMEs) and
 * every file path one of them names in code style leads to a file in the
 * package. The spec text the kit is built on (docs/clauses.md) is one of them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../conformance/cli-harness.js';
import { temporaryFolder } from '../temporary-folder.js';
import { limitForProcesses } from '../limits.js';

/** Markdown text outside fenced code blocks. */
function outsideCode(text: string): string {
  return text
    .split(/^```.*$/m)
    .filter((_, index) => index % 2 === 0)
    .join('\n');
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('the packed package', () => {
  let root: string;
  beforeAll(async () => {
    const dir = await temporaryFolder('pmc-pack-');
    // The built dist/ is packed as is: `prepare` (a rebuild) is what npm runs before publishing, not this test.
    const tarball = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1)!;
    execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir]);
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
      // A file the text names in code style, by a path from the package root (docs/clauses.md, protocol/schemas/...).
      const named = [
        ...text.matchAll(
          /`((?:docs|protocol|examples|features|adapters)\/[\w./-]+\.(?:md|json|ya?ml|py|xsd|feature))`/g,
        ),
      ].map((match) => match[1]!);
      for (const path of named)
        if (!existsSync(join(root, path))) missing.push(`${relative(root, file)} names ${path}`);
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
