/**
 * Which of the kit's feature files a tag expression can select, without
 * parsing them. The build records every file's scenarios' tags with the
 * file's content hash (`writeFeatureIndex`); a run with `--tags` then hands
 * cucumber only the files holding a matching scenario, since parsing all of
 * them costs a one-scenario run more than its scenario does. A file added,
 * removed or changed since the build, and the index is not used.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { parse as parseTagExpression } from '@cucumber/tag-expressions';
import { PACKAGE_ROOT } from '../package-root.js';
import { KIT_FEATURES_DIR, listFeatureFiles, parseFeatures } from './feature-files.js';

export const FEATURE_INDEX_PATH = join(PACKAGE_ROOT, 'dist', 'catalog', 'feature-index.json');

interface FeatureIndex {
  /** By path relative to the features folder. */
  files: Record<
    string,
    {
      sha256: string /** Each pickle's tags, inherited ones included, as cucumber filters them. */;
      pickleTags: string[][];
    }
  >;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Indexes the kit's features (the build runs this after tsc); throws on a feature file that is not valid Gherkin. */
export async function writeFeatureIndex(): Promise<string> {
  const index: FeatureIndex = { files: {} };
  for (const feature of await parseFeatures(KIT_FEATURES_DIR)) {
    const text = await readFile(join(KIT_FEATURES_DIR, feature.uri), 'utf8');
    index.files[feature.uri] = {
      sha256: sha256(text),
      pickleTags: feature.pickles.map((pickle) => pickle.tags.map((tag) => tag.name)),
    };
  }
  await mkdir(dirname(FEATURE_INDEX_PATH), { recursive: true });
  await writeFile(FEATURE_INDEX_PATH, `${JSON.stringify(index)}\n`);
  return FEATURE_INDEX_PATH;
}

/**
 * The kit's feature files (absolute, sorted) holding a scenario that `tags`
 * selects; undefined when the index cannot tell (not built, or out of date),
 * when nothing matches (cucumber then reads every file and finds nothing, as
 * without an index), or for features other than the kit's.
 */
export async function kitFeatureFilesMatching(tags: string, featuresDir: string): Promise<string[] | undefined> {
  if (tags.trim() === '' || featuresDir !== KIT_FEATURES_DIR) return undefined;
  let index: FeatureIndex;
  try {
    index = JSON.parse(readFileSync(FEATURE_INDEX_PATH, 'utf8')) as FeatureIndex;
  } catch {
    return undefined;
  }
  const files = await listFeatureFiles(featuresDir);
  if (files.length !== Object.keys(index.files).length) return undefined;
  // Read one after another, at once: two dozen small files through the thread pool (open, stat, read and close
  // each a round trip) cost the suite's child about 8 ms more CPU, and its start waited for them (issue 36).
  const texts = files.map((file) => readFileSync(file, 'utf8'));
  const expression = parseTagExpression(tags);
  const selected: string[] = [];
  for (const [position, file] of files.entries()) {
    const entry = index.files[relative(featuresDir, file)];
    if (entry === undefined || entry.sha256 !== sha256(texts[position]!)) return undefined;
    if (entry.pickleTags.some((tagNames) => expression.evaluate(tagNames))) selected.push(file);
  }
  return selected.length > 0 ? selected : undefined;
}
