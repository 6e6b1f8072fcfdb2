/**
 * The kit's feature files parsed at build time into the envelopes cucumber
 * reads (source, Gherkin document, pickles), in dist/catalog/features/. A
 * whole run spent about 40 ms parsing them; reading the parsed form back costs
 * about 5. A compiled file is used only for a feature whose text is exactly
 * the one it was compiled from, and at most once per process (its ids, made
 * at build time, must stay unique within a run); anything else is parsed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { generateMessages } from '@cucumber/gherkin';
import { IdGenerator, SourceMediaType, type Envelope } from '@cucumber/messages';
import { PACKAGE_ROOT } from '../package-root.js';
import { KIT_FEATURES_DIR, listFeatureFiles } from './feature-files.js';

export const COMPILED_FEATURES_DIR = join(PACKAGE_ROOT, 'dist', 'catalog', 'features');

/** The parser options the envelopes are compiled with; a caller asking for others gets a parse. */
export const COMPILED_WITH = {
  defaultDialect: 'en',
  includeSource: true,
  includeGherkinDocument: true,
  includePickles: true,
} as const;

type ParserOptions = Partial<Record<keyof typeof COMPILED_WITH, unknown>>;

function compiledPathOf(featureFile: string): string | undefined {
  const inside = relative(KIT_FEATURES_DIR, featureFile);
  if (inside === '' || inside.startsWith('..')) return undefined;
  return join(COMPILED_FEATURES_DIR, `${inside}.json`);
}

/** Compiles every kit feature (the build runs this after tsc). A file with Gherkin errors compiles to them, as a parse gives them. */
export async function writeCompiledFeatures(): Promise<void> {
  for (const file of await listFeatureFiles(KIT_FEATURES_DIR)) {
    const text = await readFile(file, 'utf8');
    const envelopes = generateMessages(
      text,
      relative(KIT_FEATURES_DIR, file),
      SourceMediaType.TEXT_X_CUCUMBER_GHERKIN_PLAIN,
      {
        ...COMPILED_WITH,
        newId: IdGenerator.uuid(),
      },
    );
    const target = compiledPathOf(file)!;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(envelopes));
  }
}

/** Compiled files handed out in this process. */
const used = new Set<string>();

/**
 * The compiled envelopes of `featureFile`, its uris set to `uri`, when the
 * build compiled exactly `text` with the options asked for and this process
 * has not had them yet; otherwise undefined (the caller parses).
 */
export function compiledEnvelopes(
  featureFile: string,
  text: string,
  uri: string,
  options: ParserOptions,
): Envelope[] | undefined {
  const compiled = compiledPathOf(featureFile);
  if (compiled === undefined || used.has(compiled)) return undefined;
  for (const [key, value] of Object.entries(COMPILED_WITH) as [keyof ParserOptions, unknown][]) {
    if (options[key] !== value) return undefined;
  }
  let envelopes: Envelope[];
  try {
    envelopes = JSON.parse(readFileSync(compiled, 'utf8')) as Envelope[];
  } catch {
    return undefined;
  }
  if (envelopes[0]?.source?.data !== text) return undefined;
  used.add(compiled);
  // The build named the feature relative to the features folder; cucumber names it as it was asked to.
  for (const envelope of envelopes) {
    if (envelope.source) envelope.source.uri = uri;
    if (envelope.gherkinDocument) envelope.gherkinDocument.uri = uri;
    if (envelope.pickle) envelope.pickle.uri = uri;
    if (envelope.parseError) envelope.parseError.source.uri = uri;
  }
  return envelopes;
}
