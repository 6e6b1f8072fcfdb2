/**
 * `plan-mode-conformance docs --out DIR [RESULTS.json ...]`: the living
 * documentation site, from the kit's clauses, editions' READMEs and features and the given
 * results files (none: the documentation alone, without host columns).
 */
import { say, complain } from '../console-output.js';
import { consoleText } from '../../results/host-text.js';
import { resolve } from 'node:path';
import { EvidenceFileError } from '../../evidence/mutation-evidence.js';
import { readEvidenceForKit } from '../../evidence/evidence-fit.js';
import { readResultsFile, ResultsFileError } from '../../docs/read-results.js';
import { ReadmeQuoteError } from '../../catalog/readme-quotes.js';
import { writeSite } from '../../docs/write-site.js';
import { FeatureFileError } from '../../features/feature-files.js';
import { readCommandLine } from '../../options/option-table.js';
import { DOCS_COMMAND_LINE } from './docs-options.js';

export async function run(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(DOCS_COMMAND_LINE, argv, ({ options, positionals }) => ({
    ...options,
    results: positionals,
  }));
  if (!commandLine.ok) return commandLine.exit;
  const { out, features, mutants, results: resultsFiles } = commandLine.value;
  try {
    const results = await Promise.all(resultsFiles.map((path) => readResultsFile(path)));
    const evidence = mutants === undefined ? undefined : await readEvidenceForKit(mutants);
    const outDir = resolve(out);
    const site = await writeSite({
      outDir,
      results,
      ...(features ? { featuresDir: resolve(features) } : {}),
      ...(evidence ? { evidence } : {}),
    });
    const hosts = site.model.hosts.map((host) => consoleText(host.name));
    say(
      `docs: wrote ${site.files.length} pages to ${outDir} (${site.model.clauses.length} clauses, ${hosts.length ? `hosts ${hosts.join(', ')}` : 'no host'}); open ${resolve(outDir, 'index.html')}`,
    );
    return 0;
  } catch (error) {
    if (
      error instanceof ResultsFileError ||
      error instanceof EvidenceFileError ||
      error instanceof ReadmeQuoteError ||
      error instanceof FeatureFileError
    ) {
      complain(`plan-mode-conformance docs: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
