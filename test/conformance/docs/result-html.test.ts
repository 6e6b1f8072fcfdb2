/**
 * A failure message on the site: shown whole when short; a long one (an
 * exploration's failure carries its whole shrunk scenario, 100,000 characters
 * in a real dsh run) shows its head and folds the rest, nothing lost.
 */
import { describe, expect, it } from 'vitest';
import { failureMessage, MESSAGE_HEAD } from '../../../conformance/docs/result-html.js';

/** The texts of the message's blocks, in order, entities decoded. */
function blocks(markup: string): string[] {
  return [...markup.matchAll(/<pre>([\s\S]*?)<\/pre>/g)].map((match) =>
    match[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

describe('failure messages on the site', () => {
  it('shows a short message whole, in one block', () => {
    const message = "ConformanceFailure: the start error should name 'sections': <none>";
    const markup = failureMessage(message).value;
    expect(blocks(markup)).toEqual([message]);
    expect(markup).not.toContain('<details');
  });

  it('folds a long message after its first lines, the rest whole under a summary that measures it', () => {
    const lines = Array.from({ length: 40 }, (_, index) => `  And step ${index + 1} of the shrunk scenario`);
    const message = lines.join('\n');
    const markup = failureMessage(message).value;
    const [head, rest] = blocks(markup);
    expect(head).toBe(lines.slice(0, MESSAGE_HEAD.lines).join('\n'));
    expect(head! + rest!).toBe(message);
    expect(markup).toMatch(
      new RegExp(
        `<details class="more"><summary>The rest of the message: ${rest!.length} more characters, 28 more lines</summary>`,
      ),
    );
  });

  it('folds one enormous line after its first characters', () => {
    const message = `explore:host/adapter-call-prompt-timeout: ${'x'.repeat(100_000)}`;
    const [head, rest] = blocks(failureMessage(message).value);
    expect(head).toHaveLength(MESSAGE_HEAD.characters);
    expect(head! + rest!).toBe(message);
  });

  it('still folds a stack trace apart, under the message', () => {
    const message = 'TypeError: boom\n    at start (adapter.js:1:2)\n    at run (kit.js:3:4)';
    const markup = failureMessage(message).value;
    expect(blocks(markup)).toEqual(['TypeError: boom', '    at start (adapter.js:1:2)\n    at run (kit.js:3:4)']);
    expect(markup).toContain('<summary>Stack trace</summary>');
  });
});
