/**
 * docs/cli.md's option rows, written from the same tables as each command's
 * --help (options/option-table.ts): between a pair of markers per command,
 * `<!-- options:run -->` ... `<!-- /options:run -->`, the rows are generated;
 * everything else in the file is prose. `npm run cli-docs` writes them, and a
 * test fails when the file and the tables disagree.
 */
import { defaultOf, optionLabel, type CommandLineSpec } from '../options/option-table.js';
import { RUN_COMMAND_LINE } from './arguments.js';
import { VERB_COMMAND_LINES } from './verb-list.js';

export const CLI_DOCUMENT = 'docs/cli.md';

/** Each documented command by its marker name: the run, then the verbs. */
export const DOCUMENTED_COMMAND_LINES: Record<string, CommandLineSpec> = {
  run: RUN_COMMAND_LINE,
  ...VERB_COMMAND_LINES,
};

/** A table cell: a pipe would end the cell, a newline the row. */
function cell(text: string): string {
  return text.replaceAll('\n', ' ').replaceAll('|', '\\|');
}

/** The option rows of one command, a Markdown table. */
export function optionRows(commandLine: CommandLineSpec): string {
  const rows = ['| option | default | meaning |', '|---|---|---|'];
  if (commandLine.positionals?.help)
    rows.push(`| \`${cell(commandLine.positionals.name)}\` | | ${cell(commandLine.positionals.help)} |`);
  for (const [name, spec] of Object.entries(commandLine.options)) {
    const fallback = defaultOf(spec);
    rows.push(
      `| \`${cell(optionLabel(name, spec))}\` | ${fallback === undefined ? '' : cell(fallback)} | ${cell(spec.docs ?? spec.help)} |`,
    );
  }
  return rows.join('\n');
}

/**
 * The document with every command's rows written between its markers. A
 * command without markers, or markers without a command, is an error: the
 * rows would silently go missing.
 */
export function withOptionRows(document: string): string {
  let text = document;
  for (const [name, commandLine] of Object.entries(DOCUMENTED_COMMAND_LINES)) {
    const open = `<!-- options:${name} -->`;
    const close = `<!-- /options:${name} -->`;
    const start = text.indexOf(open);
    const end = text.indexOf(close);
    if (start < 0 || end < start) throw new Error(`${CLI_DOCUMENT} lacks the markers ${open} ... ${close}`);
    text = `${text.slice(0, start + open.length)}\n${optionRows(commandLine)}\n${text.slice(end)}`;
  }
  for (const [, name] of text.matchAll(/<!-- options:([\w-]+) -->/g)) {
    if (!Object.hasOwn(DOCUMENTED_COMMAND_LINES, name!))
      throw new Error(`${CLI_DOCUMENT} has markers for '${name}', which no command table has`);
  }
  return text;
}
