/**
 * Where each clause comes from in the seed: every `quote` of the catalog is
 * looked up verbatim in the shipped seed text and located by line and by the
 * headings above it. A quote that is missing, or found more than once (so its
 * place is ambiguous), stops the build: a quote that drifted from the seed
 * would show readers a sentence the seed does not say.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clause } from '../catalog/clause-catalog.js';
import { KIT_FEATURES_DIR } from '../features/feature-files.js';

export const SEED_PATH = join(KIT_FEATURES_DIR, 'seed', 'seed-plan-mode.README.zh.md');

export class SeedQuoteError extends Error {
  override name = 'SeedQuoteError';
}

export interface SeedQuote {
  /** The quoted text, exactly as in the seed. */
  text: string;
  /** 1-based line where the quote starts. */
  line: number;
  /** The headings enclosing it, outermost first (the package title excluded). */
  headings: string[];
  /** The rest of the sentence(s) the quote sits in, so a quoted fragment reads in its context. */
  before: string;
  after: string;
}

/** Sentence ends in the seed: Chinese full stops and semicolons, and line ends. */
const SENTENCE_END = /[。！？；\n]/;

interface Heading {
  line: number;
  depth: number;
  text: string;
}

export class Seed {
  private readonly headingList: Heading[];

  constructor(
    readonly text: string,
    readonly path: string,
  ) {
    this.headingList = headingsOf(text);
  }

  static async read(path: string = SEED_PATH): Promise<Seed> {
    return new Seed(await readFile(path, 'utf8'), path);
  }

  /** Locates one quote; throws a SeedQuoteError naming the clause when it is not found exactly once. */
  locate(clauseId: string, quote: string): SeedQuote {
    const at = this.text.indexOf(quote);
    if (at < 0) throw new SeedQuoteError(`clause ${clauseId}: quote not found verbatim in ${this.path}: "${quote}"`);
    if (this.text.indexOf(quote, at + 1) >= 0) {
      throw new SeedQuoteError(`clause ${clauseId}: quote found more than once in ${this.path}, quote more of the sentence: "${quote}"`);
    }
    const line = this.text.slice(0, at).split('\n').length;
    let start = at;
    while (start > 0 && !SENTENCE_END.test(this.text[start - 1]!)) start -= 1;
    let end = at + quote.length;
    if (!SENTENCE_END.test(quote.at(-1)!)) while (end < this.text.length && !SENTENCE_END.test(this.text[end]!)) end += 1;
    if (end < this.text.length && this.text[end] !== '\n' && !SENTENCE_END.test(quote.at(-1)!)) end += 1;
    return {
      text: quote,
      line,
      headings: this.enclosingHeadings(line),
      before: this.text.slice(start, at).trimStart(),
      after: this.text.slice(at + quote.length, end).trimEnd(),
    };
  }

  /** Every clause's quotes, located; a clause without any fails (every clause page quotes the seed). */
  quotesOf(clauses: readonly Clause[]): Map<string, SeedQuote[]> {
    const problems: string[] = [];
    const located = new Map<string, SeedQuote[]>();
    for (const clause of clauses) {
      if (!clause.quote || clause.quote.length === 0) {
        problems.push(`clause ${clause.id}: no quote (add the seed text it is read from under \`quote\` in clauses.yaml)`);
        continue;
      }
      const quotes: SeedQuote[] = [];
      for (const quote of clause.quote) {
        try {
          quotes.push(this.locate(clause.id, quote));
        } catch (error) {
          problems.push((error as Error).message);
        }
      }
      located.set(clause.id, quotes);
    }
    if (problems.length > 0) throw new SeedQuoteError(`${problems.length} seed quote problem(s):\n${problems.join('\n')}`);
    return located;
  }

  private enclosingHeadings(line: number): string[] {
    const path: Heading[] = [];
    for (const heading of this.headingList) {
      if (heading.line > line) break;
      while (path.length > 0 && path[path.length - 1]!.depth >= heading.depth) path.pop();
      path.push(heading);
    }
    // The level-1 heading is the package name: it encloses everything and says nothing.
    return path.filter((heading) => heading.depth > 1).map((heading) => heading.text);
  }
}

/** Markdown ATX headings outside fenced code blocks. */
function headingsOf(text: string): Heading[] {
  const headings: Heading[] = [];
  let fenced = false;
  text.split('\n').forEach((content, index) => {
    if (/^\s*(```|~~~)/.test(content)) fenced = !fenced;
    const match = fenced ? null : /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(content);
    if (match) headings.push({ line: index + 1, depth: match[1]!.length, text: match[2]! });
  });
  return headings;
}
