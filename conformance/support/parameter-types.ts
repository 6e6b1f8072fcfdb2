/**
 * Cucumber parameter types shared by every step file, so features can say
 * `plan mode on`, `agent "B"` or `the fork` and steps get typed values.
 */
import { defineParameterType } from '@cucumber/cucumber';
import { readNotation } from '../world/text-notation.js';

defineParameterType({
  name: 'onoff',
  regexp: /on|off/,
  transformer: (text: string) => text === 'on',
});

/** A named agent: `the agent` (the default one), `agent "B"`, `the fork`, `the child`. */
defineParameterType({
  name: 'agent',
  regexp: /the agent|the fork|the child|agent "[^"]+"/,
  transformer: (text: string) => (text.startsWith('agent "') ? `agent ${text.slice(7, -1)}` : text),
});

/** A set outcome as the service names it. */
defineParameterType({
  name: 'outcome',
  regexp: /committed|queued|cancelled|noop/,
  transformer: (text: string) => text,
});

/**
 * A quoted text a person or the model types (a prompt, a command line, a plan, feedback): read as `{string}`
 * reads a quoted string, then `⟨U+hex⟩` as the character of that code point (world/text-notation.ts), so a
 * scenario explore prints can hold line breaks and invisible characters and still replay them byte for byte.
 */
defineParameterType({
  name: 'text',
  regexp: /"([^"\\]*(?:\\.[^"\\]*)*)"|'([^'\\]*(?:\\.[^'\\]*)*)'/,
  transformer: (double?: string, single?: string) =>
    readNotation((double ?? single ?? '').replace(/\\"/g, '"').replace(/\\'/g, "'")),
});
