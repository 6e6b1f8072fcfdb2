/**
 * Attack: host text (names, messages, reasons) that would forge or hide a
 * verdict in the reports or on the terminal. It shows as escaped text.
 */
import { readFile } from 'node:fs/promises';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { consoleText, markdownBlock, markdownText } from '../../../conformance/results/host-text.js';
import { runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { fixtureRun } from './attack-harness.js';

describe('host text cannot forge or hide a verdict in reports or on the terminal', () => {
  const hostileRun = async () => {
    const dir = await temporaryFolder('pmc-host-text-');
    const run = await runMain(
      fixtureRun(
        'hostile-text.js',
        '--tags',
        'not @id:fixture-undefined',
        '--format',
        `markdown:${dir}/report.md`,
        '--format',
        `html:${dir}/report.html`,
        '--format',
        `junit:${dir}/junit.xml`,
      ),
    );
    return { run, dir };
  };

  it('the Markdown report, rendered by a CommonMark renderer with raw HTML on, still shows every verdict and nothing the host wrote as markup', async () => {
    const { run, dir } = await hostileRun();
    expect(run.status).toBe(1);
    // CommonMark with GitHub's tables, raw HTML passed through as GitHub and most viewers do.
    const rendered = new MarkdownIt({ html: true }).render(await readFile(`${dir}/report.md`, 'utf8'));
    // What a browser shows: comments hidden, tags gone, entities read.
    const entities: Record<string, string> = { '&quot;': '"', '&lt;': '<', '&gt;': '>', '&amp;': '&' };
    const shown = rendered
      .replace(/<!--[\s\S]*?(-->|$)/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/&(quot|lt|gt|amp);/g, (entity) => entities[entity]!);
    expect(shown).toContain('conformance: 1 passed, 1 failed, 1 skipped');
    expect(shown).toMatch(
      /fixture-set-and-log set, get and the log \(fail-closed\.feature(:\d+)?\) at "get reports plan mode on with nothing pending" \(adapter-error\)/,
    );
    expect(shown).toMatch(/\nSET-01\nrequired\n.*\n0\n1\n0\n0\nfixture-set-and-log failed\n/);
    expect(rendered).not.toMatch(/<!--|<script|<img|href="javascript/);
    // Only the kit's own headings: the host's "## Verdict: everything passed" is text.
    expect([...rendered.matchAll(/<h[1-6]>([^<]*)</g)].map((heading) => heading[1])).toEqual([
      'Plan mode compatibility: my-host\\r&lt;!--',
      'Failures',
      'Skipped',
      'Human review',
    ]);
    expect(shown).toContain('boom\\r## Verdict: everything passed');
  });

  it('the HTML and JUnit reports show control characters as escapes, markup as text', async () => {
    const { dir } = await hostileRun();
    const html = await readFile(`${dir}/report.html`, 'utf8');
    expect(html).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(html).not.toMatch(/<script|<img|<!--/);
    expect(html).toContain('my-host\\r&lt;!--');
    const junit = await readFile(`${dir}/junit.xml`, 'utf8');
    expect(junit).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(junit).toContain('\\x1b[32mconformance: 99 passed');
  });

  it("the console's failed: and skipped lines show escapes, never raw ANSI or CR, and the closing line is the kit's", async () => {
    const { run } = await hostileRun();
    const console = run.stdout + run.stderr;
    expect(console).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(run.stdout).toContain('skipped 1: missing capability fork: \\x1b[2K\\rno fork\\x1b]8;;http://evil\\x07');
    expect(run.stdout).toContain('threw: boom\\r## Verdict: everything passed');
    // The host's fake closing line stays indented under its failure, escapes and all: no line of its own.
    expect(run.stdout.split('\n').filter((line) => line.startsWith('conformance: ') && / passed, /.test(line))).toEqual(
      ['conformance: 1 passed, 1 failed, 1 skipped (partial: 1 required clause(s) unproven)'],
    );
    expect(run.summary).toBe('conformance: 1 passed, 1 failed, 1 skipped (partial: 1 required clause(s) unproven)');
  });
});

describe('host-text neutralising', () => {
  it('makes control characters visible and Markdown inert', () => {
    expect(consoleText('a\x1b[2K\rb\u202ec\td\ne')).toBe('a\\x1b[2K\\rb\\u202ec\td\\ne');
    expect(markdownText('x\r<!-- *y* [l](u) `c` |')).toBe('x\\\\r&lt;!-- \\*y\\* \\[l\\](u) \\`c\\` \\|');
    expect(markdownBlock('a\n```\nb')).toEqual(['````text', 'a', '```', 'b', '````']);
  });
});
