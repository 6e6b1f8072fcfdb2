import { describe, expect, it } from 'vitest';
import { parseCommandLine, PromptSections, SECTION_SEPARATOR } from '../../reference/host/index.js';

describe('prompt assembly', () => {
  it('joins sections in ascending order with the fixed separator', () => {
    const sections = new PromptSections();
    sections.register({ name: 'c', order: 60, render: () => 'C' });
    sections.register({ name: 'a', order: -5, render: () => 'A' });
    sections.register({ name: 'b', order: 50, render: () => 'B' });
    expect(sections.assemble('x')).toBe(['A', 'B', 'C'].join(SECTION_SEPARATOR));
    expect(SECTION_SEPARATOR).toBe('\n\n');
  });

  it('breaks ties by registration order', () => {
    const sections = new PromptSections();
    sections.register({ name: 'second', order: 10, render: () => 'first registered' });
    sections.register({ name: 'first', order: 10, render: () => 'second registered' });
    sections.register({ name: 'low', order: 1, render: () => 'low' });
    expect(sections.assemble('x')).toBe('low\n\nfirst registered\n\nsecond registered');
  });

  it('lets a section that renders nothing contribute nothing, not even a separator', () => {
    const sections = new PromptSections();
    sections.register({ name: 'a', order: 1, render: () => 'A' });
    sections.register({ name: 'none', order: 2, render: () => undefined });
    sections.register({ name: 'empty', order: 3, render: () => '' });
    sections.register({ name: 'b', order: 4, render: () => 'B' });
    expect(sections.assemble('x')).toBe('A\n\nB');
  });

  it('renders each section for the agent being asked about', () => {
    const sections = new PromptSections();
    sections.register({ name: 'who', order: 1, render: (agent) => (agent === 'a' ? 'for a' : undefined) });
    expect(sections.assemble('a')).toBe('for a');
    expect(sections.assemble('b')).toBe('');
  });

  it('rejects a duplicate section name', () => {
    const sections = new PromptSections();
    sections.register({ name: 'a', order: 1, render: () => 'A' });
    expect(() => sections.register({ name: 'a', order: 2, render: () => 'A' })).toThrow(/already registered/);
  });
});

describe('command lines', () => {
  it('parses /name and the raw argument text', () => {
    expect(parseCommandLine('/plan')).toEqual({ name: 'plan', args: '' });
    expect(parseCommandLine('/plan off')).toEqual({ name: 'plan', args: 'off' });
    expect(parseCommandLine('/plan   look at  this ')).toEqual({ name: 'plan', args: 'look at  this ' });
    expect(parseCommandLine('plan off')).toBeUndefined();
  });
});
