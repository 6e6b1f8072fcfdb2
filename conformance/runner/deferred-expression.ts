/**
 * Cucumber expressions parsed when a step first needs them, not as the
 * support library is built. Cucumber parses every step definition's
 * expression as it finalizes the library (the kit has more than 250): about a
 * quarter of the suite's child's time before its first scenario, while a
 * one-scenario run's steps can match only the few definitions whose literal
 * start they share (issue 36). The suite's bundle has cucumber's builder make
 * its expressions here (build/bundle.mjs, `deferred-expressions`); unbundled,
 * cucumber parses them as it always did.
 *
 * What matches is unchanged: a deferred expression is cucumber's own
 * expression, made from the same text and parameter types the first time
 * anything but its text is asked of it; until then the support library
 * (`support-library.ts`) compares a step's text with the expression's
 * literal start and words, read off the expression's text (escapes
 * included: an escaped character is text). An expression whose parameter
 * types are not all defined, or with an escape cucumber refuses, is parsed at
 * once, so cucumber's builder reports it as before. test/conformance/runner/start-up.test.ts
 * compares both over every step text of the features.
 */
import {
  type Argument,
  CucumberExpression,
  type Expression,
  type ParameterTypeRegistry,
} from '@cucumber/cucumber-expressions';

/** Characters that mean something in a cucumber expression (escape, alternation, parameter, optional text). */
const SPECIAL = /[\\/{}()]/;
/** A parameter, `{name}`: read loosely (escaped braces count too), so a doubt means parsing at once. */
const PARAMETER = /\{([^{}]*)\}/g;
/** An escape cucumber refuses: of anything but its special characters and whitespace, or of the end. */
const BAD_ESCAPE = /\\(?![\\/{}()\s])/;

/**
 * The text every match of a cucumber expression starts with: its words up to
 * the last space before the first special character (a word with one may be
 * an alternative, `a/b`, or end in optional text, `step(s)`). A space is the
 * only character that separates alternatives in cucumber's grammar.
 */
export function expressionLiteralStart(source: string): string {
  const special = source.search(SPECIAL);
  if (special < 0) return source;
  return source.slice(0, source.lastIndexOf(' ', special) + 1);
}

/**
 * Words every text the expression matches contains: those outside optional
 * text with no special character in them (a word with one may be an
 * alternative, a parameter or optional). The words of an expression are its
 * text, escaped for the regexp and nothing else.
 */
export function expressionLiteralWords(source: string): string[] {
  const words: string[] = [];
  let optional = 0;
  for (const word of source.split(' ')) {
    if (optional === 0 && word !== '' && !SPECIAL.test(word)) words.push(word);
    // An escaped character (`\(`, `\\`) is text: it opens and closes nothing.
    for (let at = 0; at < word.length; at += 1) {
      if (word[at] === '\\') at += 1;
      else optional += word[at] === '(' ? 1 : word[at] === ')' ? -1 : 0;
    }
  }
  return words;
}

/** A cucumber expression parsed on first need. */
export class DeferredCucumberExpression implements Expression {
  /** What every text it matches starts with. */
  readonly literalStart: string;
  /** Words every text it matches contains. */
  readonly literalWords: readonly string[];
  private parsed: CucumberExpression | undefined;

  constructor(
    readonly source: string,
    private readonly parameterTypeRegistry: ParameterTypeRegistry,
  ) {
    this.literalStart = expressionLiteralStart(source);
    this.literalWords = expressionLiteralWords(source);
  }

  /** False where the expression cannot match `text`: read off its text, without parsing it. */
  mayMatch(text: string): boolean {
    return text.startsWith(this.literalStart) && this.literalWords.every((word) => text.includes(word));
  }

  /** Cucumber's own expression, parsed now if it was not yet. */
  get expression(): CucumberExpression {
    this.parsed ??= new CucumberExpression(this.source, this.parameterTypeRegistry);
    return this.parsed;
  }

  /** Whether it was parsed yet (for tests). */
  get isParsed(): boolean {
    return this.parsed !== undefined;
  }

  get regexp(): RegExp {
    return this.expression.regexp;
  }

  match(text: string): readonly Argument[] | null {
    return this.expression.match(text);
  }
}

/**
 * What cucumber's builder makes of a step definition's expression text in the
 * suite's bundle: a deferred expression, or cucumber's own, parsed now, when a
 * parameter type it names is not defined (read loosely above) or an escape is
 * one cucumber refuses: cucumber then reports the definition as it always has.
 */
export function cucumberExpressionOnDemand(source: string, registry: ParameterTypeRegistry): Expression {
  const defined = [...source.matchAll(PARAMETER)].every(
    ([, name]) => registry.lookupByTypeName(name ?? '') !== undefined,
  );
  if (!defined || BAD_ESCAPE.test(source)) return new CucumberExpression(source, registry);
  return new DeferredCucumberExpression(source, registry);
}
