/**
 * Stands in for `@cucumber/gherkin-streams` inside the suite's bundle (see
 * build/bundle.mjs), where cucumber reads the feature files through it. The
 * package chains a file stream, a source stream and a parser stream per
 * file, one file after another, and a suite run spent about 60 ms waiting
 * between them. This reads each file at once and gives the same envelopes, in
 * the same order, from the same functions of `@cucumber/gherkin`; for the
 * kit's own features, from their form compiled at build time when it is
 * current (`features/compiled-features.ts`): the same envelopes but for ids.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { Readable } from 'node:stream';
import { generateMessages, makeSourceEnvelope, type IGherkinOptions } from '@cucumber/gherkin';
import { IdGenerator, type Envelope } from '@cucumber/messages';
import { compiledEnvelopes } from '../features/compiled-features.js';

interface SourceOptions extends IGherkinOptions {
  /** File names in the envelopes are relative to this folder. */
  relativeTo?: string;
}

function fromPaths(paths: readonly string[], given: SourceOptions): Readable {
  // gherkin-streams' defaults, then what cucumber passes.
  const options = {
    defaultDialect: 'en',
    includeSource: true,
    includeGherkinDocument: true,
    includePickles: true,
    newId: IdGenerator.uuid(),
    ...given,
  };
  const envelopes: Envelope[] = [];
  try {
    for (const path of paths) {
      const { source } = makeSourceEnvelope(
        readFileSync(path, 'utf8'),
        options.relativeTo ? relative(options.relativeTo, path) : path,
      );
      envelopes.push(
        ...(compiledEnvelopes(path, source!.data, source!.uri, options) ??
          generateMessages(source!.data, source!.uri, source!.mediaType, options)),
      );
    }
  } catch (error) {
    // As the streams do: a file that cannot be read is an error event, not a throw.
    const failed = new Readable({ objectMode: true, read() {} });
    process.nextTick(() => failed.destroy(error as Error));
    return failed;
  }
  return Readable.from(envelopes, { objectMode: true });
}

export const GherkinStreams = { fromPaths };
