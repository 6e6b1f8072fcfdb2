/**
 * `plan-mode-conformance docs --out DIR [RESULTS.json ...]`: the living
 * documentation site, from the kit's clauses, editions' READMEs and features and the given
 * results files (none: the documentation alone, without host columns).
 */
import { resolve } from 'node:path';
import { EvidenceFileError } from '../../evidence/mutation-evidence.js';
import { readEvidenceForKit } from '../../evidence/evidence-fit.js';
import { readResultsFile, ResultsFileError } from '../../docs/read-results.js';
import { ReadmeQuoteError } from '../../catalog/readme-quotes.js';
import { writeSite } from '../../docs/write-site.js';
import { FeatureFileError } from '../../features/feature-files.js';

export const DOCS_USAGE = `usage: plan-mode-conformance docs --out DIR [--features DIR] [--mutants EVIDENCE.json] [RESULTS.json ...]
Writes a static site (DIR/index.html, DIR/editions.html, DIR/clauses/<ID>.html, DIR/hosts/<adapter>.html)
from results files written with --format results:FILE. --mutants adds the mutation
evidence that npm run mutants writes (reports/mutants/evidence.json): each clause
page lists the mutants its scenarios catch, the matrix counts them per clause.`;

interface DocsArguments {
  outDir: string;
  featuresDir?: string;
  mutants?: string;
  results: string[];
}

class DocsUsageError extends Error {}

function parseDocsArguments(argv: string[]): DocsArguments | 'help' {
  let outDir: string | undefined;
  let featuresDir: string | undefined;
  let mutants: string | undefined;
  const results: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    const value = () => {
      const next = argv[index + 1];
      if (next === undefined || next.startsWith('--')) throw new DocsUsageError(`${arg} needs a value`);
      index += 1;
      return next;
    };
    if (arg === '--help' || arg === '-h') return 'help';
    else if (arg === '--out') outDir = value();
    else if (arg === '--features') featuresDir = value();
    else if (arg === '--mutants') mutants = value();
    else if (arg.startsWith('--')) throw new DocsUsageError(`unknown option ${arg}`);
    else results.push(arg);
  }
  if (!outDir) throw new DocsUsageError('--out DIR is required');
  return { outDir, ...(featuresDir ? { featuresDir } : {}), ...(mutants ? { mutants } : {}), results };
}

export async function run(argv: string[]): Promise<number> {
  let args: DocsArguments | 'help';
  try {
    args = parseDocsArguments(argv);
  } catch (error) {
    console.error(`plan-mode-conformance docs: ${(error as Error).message}\n${DOCS_USAGE}`);
    return 2;
  }
  if (args === 'help') {
    console.log(DOCS_USAGE);
    return 0;
  }
  try {
    const results = await Promise.all(args.results.map((path) => readResultsFile(path)));
    const evidence = args.mutants === undefined ? undefined : await readEvidenceForKit(args.mutants);
    const outDir = resolve(args.outDir);
    const site = await writeSite({ outDir, results, ...(args.featuresDir ? { featuresDir: resolve(args.featuresDir) } : {}), ...(evidence ? { evidence } : {}) });
    const hosts = site.model.hosts.map((host) => host.name);
    console.log(`docs: wrote ${site.files.length} pages to ${outDir} (${site.model.clauses.length} clauses, ${hosts.length ? `hosts ${hosts.join(', ')}` : 'no host'}); open ${resolve(outDir, 'index.html')}`);
    return 0;
  } catch (error) {
    if (error instanceof ResultsFileError || error instanceof EvidenceFileError || error instanceof ReadmeQuoteError || error instanceof FeatureFileError) {
      console.error(`plan-mode-conformance docs: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
