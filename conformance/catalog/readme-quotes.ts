/**
 * Where each clause comes from in an edition's README: every quote of the
 * catalog is looked up verbatim in the shipped README of its edition and
 * located by line and by the headings above it. A quote that is missing, or
 * found more than once (so its place is ambiguous), stops the build: a quote
 * that drifted from its README would show readers a sentence it does not say.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EDITION_SOURCES, type Edition } from '../../src/index.js';
import { KIT_FEATURES_DIR } from '../features/kit-features-dir.js';

/** The folder holding each edition's README (Chinese, the text the clauses quote). */
export const EDITIONS_DIR = join(KIT_FEATURES_DIR, 'editions');

export function editionReadmePath(edition: Edition): string {
  return join(EDITIONS_DIR, EDITION_SOURCES[edition].readme);
}

export class ReadmeQuoteError extends Error {
  override name = 'ReadmeQuoteError';
}

/** What the quote check needs of a clause: its id and the sentences it quotes in one edition. */
export interface QuotingClause {
  id: string;
  quotes: readonly string[];
}

export interface ReadmeQuote {
  /** The quoted text, exactly as in the README. */
  text: string;
  /** 1-based line where the quote starts. */
  line: number;
  /** The headings enclosing it, outermost first (the package title excluded). */
  headings: string[];
  /** The rest of the sentence(s) the quote sits in, so a quoted fragment reads in its context. */
  before: string;
  after: string;
}

/** Sentence ends in the READMEs: Chinese full stops and semicolons, and line ends. */
const SENTENCE_END = /[。！？；\n]/;

interface Heading {
  line: number;
  depth: number;
  text: string;
}

export class QuotedReadme {
  private readonly headingList: Heading[];

  constructor(
    readonly text: string,
    readonly path: string,
  ) {
    this.headingList = headingsOf(text);
  }

  static async read(path: string): Promise<QuotedReadme> {
    return new QuotedReadme(await readFile(path, 'utf8'), path);
  }

  static async ofEdition(edition: Edition): Promise<QuotedReadme> {
    return QuotedReadme.read(editionReadmePath(edition));
  }

  /** Locates one quote; throws a ReadmeQuoteError naming the clause when it is not found exactly once. */
  locate(clauseId: string, quote: string): ReadmeQuote {
    const at = this.text.indexOf(quote);
    if (at < 0) throw new ReadmeQuoteError(`clause ${clauseId}: quote not found verbatim in ${this.path}: "${quote}"`);
    if (this.text.indexOf(quote, at + 1) >= 0) {
      throw new ReadmeQuoteError(
        `clause ${clauseId}: quote found more than once in ${this.path}, quote more of the sentence: "${quote}"`,
      );
    }
    const line = this.text.slice(0, at).split('\n').length;
    let start = at;
    while (start > 0 && !SENTENCE_END.test(this.text[start - 1]!)) start -= 1;
    let end = at + quote.length;
    if (!SENTENCE_END.test(quote.at(-1)!))
      while (end < this.text.length && !SENTENCE_END.test(this.text[end]!)) end += 1;
    if (end < this.text.length && this.text[end] !== '\n' && !SENTENCE_END.test(quote.at(-1)!)) end += 1;
    return {
      text: quote,
      line,
      headings: this.enclosingHeadings(line),
      before: this.text.slice(start, at).trimStart(),
      after: this.text.slice(at + quote.length, end).trimEnd(),
    };
  }

  /** Every clause's quotes, located; throws naming each one not found (or a clause quoting nothing). */
  quotesOf(clauses: readonly QuotingClause[]): Map<string, ReadmeQuote[]> {
    const { located, problems } = this.check(clauses);
    if (problems.length > 0) throw new ReadmeQuoteError(`${problems.length} quote problem(s):\n${problems.join('\n')}`);
    return located;
  }

  /** Every clause's quotes, located, and one line per quote that is not found exactly once. */
  check(clauses: readonly QuotingClause[]): {
    located: Map<string, ReadmeQuote[]>;
    problems: string[];
    missing: string[];
  } {
    const problems: string[] = [];
    const missing = new Set<string>();
    const located = new Map<string, ReadmeQuote[]>();
    for (const clause of clauses) {
      if (clause.quotes.length === 0) {
        problems.push(
          `clause ${clause.id}: no quote (add the README text it is read from under \`quote\` in clauses.yaml)`,
        );
        missing.add(clause.id);
        continue;
      }
      const quotes: ReadmeQuote[] = [];
      for (const quote of clause.quotes) {
        try {
          quotes.push(this.locate(clause.id, quote));
        } catch (error) {
          problems.push((error as Error).message);
          missing.add(clause.id);
        }
      }
      located.set(clause.id, quotes);
    }
    return { located, problems, missing: [...missing] };
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
