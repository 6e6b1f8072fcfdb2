/**
 * Writes the published JSON Schemas from their zod schemas, or with `--check`
 * fails (exit 1) when the committed files differ from what the zod schemas
 * say now, or when a file under a published folder belongs to no schema.
 *
 *   node dist/conformance/schemas/generate-json-schemas.js [--check]
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { z } from 'zod';
import { PACKAGE_ROOT } from '../package-root.js';
import { PUBLISHED_SCHEMAS, type PublishedSchema } from './published-schemas.js';
import { defineCommandLine, readCommandLine } from '../options/option-table.js';
import { HELP_OPTION } from '../options/shared-options.js';

// `input`: what a parse accepts. Objects the contract does not mark strict accept (and drop) unknown
// fields, so their JSON Schemas allow them too: adding an optional field stays an additive change.
export function render(entry: PublishedSchema): string {
  const generated = z.toJSONSchema(entry.schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  const { $schema, ...rest } = generated;
  const document = { $schema, title: entry.title, description: entry.description, ...rest };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Problems of the committed files: one line each, empty when all are current. */
export async function drift(root = PACKAGE_ROOT): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of PUBLISHED_SCHEMAS) {
    const committed = await readFile(join(root, entry.file), 'utf8').catch(() => undefined);
    if (committed === undefined) problems.push(`${entry.file} is missing`);
    else if (committed !== render(entry)) problems.push(`${entry.file} differs from its zod schema`);
  }
  const expected = new Set(PUBLISHED_SCHEMAS.map((entry) => entry.file));
  for (const folder of new Set(PUBLISHED_SCHEMAS.map((entry) => dirname(entry.file)))) {
    for (const name of await readdir(join(root, folder)).catch(() => [] as string[])) {
      const file = `${folder}/${name}`;
      if (name.endsWith('.schema.json') && !expected.has(file))
        problems.push(`${file} belongs to no schema (remove it)`);
    }
  }
  return problems;
}

export async function write(root = PACKAGE_ROOT): Promise<void> {
  for (const entry of PUBLISHED_SCHEMAS) {
    const path = join(root, entry.file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, render(entry));
  }
}

const SCHEMAS_COMMAND_LINE = defineCommandLine({
  program: 'schemas',
  usage: ['node dist/conformance/schemas/generate-json-schemas.js [--check]'],
  description: 'Writes the published JSON Schemas (protocol/*.schema.json) from the zod schemas.',
  options: {
    check: { type: 'boolean', help: 'write nothing: exit 1 when a committed JSON Schema drifted from its zod schema' },
    help: HELP_OPTION,
  },
});

async function main(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(SCHEMAS_COMMAND_LINE, argv);
  if (!commandLine.ok) return commandLine.exit;
  if (commandLine.value.options.check) {
    const problems = await drift();
    for (const problem of problems) console.error(`schemas: ${problem}`);
    if (problems.length > 0) {
      console.error(
        'schemas: the committed JSON Schemas drifted from the zod schemas; run `npm run schemas` and commit the result',
      );
      return 1;
    }
    console.log(`schemas: ${PUBLISHED_SCHEMAS.length} JSON Schemas match their zod schemas`);
    return 0;
  }
  await write();
  console.log(
    `schemas: wrote ${PUBLISHED_SCHEMAS.length} JSON Schemas under ${relative(process.cwd(), PACKAGE_ROOT) || '.'}`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  process.exitCode = await main(process.argv.slice(2));
}
