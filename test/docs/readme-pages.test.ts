/**
 * The README is a short entry point and the rest lives in docs/*.md: the README
 * stays short, links every page, and every relative link of the README and the
 * pages (and its #anchor, as GitHub slugs headings) leads somewhere.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pages = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => join('docs', name));
const markdownFiles = ['README.md', ...pages];

/** Markdown text outside fenced code blocks, where links and headings count. */
function outsideCode(text: string): string {
  return text
    .split(/^```.*$/m)
    .filter((_, index) => index % 2 === 0)
    .join('\n');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = outsideCode(readFileSync(join(root, file), 'utf8')).match(/^#{1,6} .*$/gm) ?? [];
  return new Set(headings.map((line) => slug(line.replace(/^#+ /, ''))));
}

function relativeLinks(file: string): string[] {
  const text = outsideCode(readFileSync(join(root, file), 'utf8'));
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/i.test(target));
}

describe('the README and its docs pages', () => {
  it('keeps the README under 200 lines', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(200);
  });

  it('links every docs page from the README', () => {
    const linked = new Set(relativeLinks('README.md').map((target) => normalize(target.split('#')[0]!)));
    expect(pages.filter((page) => !linked.has(normalize(page)))).toEqual([]);
  });

  it.each(markdownFiles)('%s: every relative link and anchor resolves', (file) => {
    const broken: string[] = [];
    for (const target of relativeLinks(file)) {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const resolved = path === '' ? file : normalize(join(dirname(file), path));
      if (!existsSync(join(root, resolved))) broken.push(`${target}: no file ${resolved}`);
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
        broken.push(`${target}: no heading #${anchor}`);
    }
    expect(broken).toEqual([]);
  });
});
