/**
 * A disagreement printed as a ready-to-paste Gherkin scenario (the suite's own
 * steps), and as a whole feature file that fails against the host it was
 * found on and passes against a conforming one.
 */
import { AstBuilder, compile, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';
import { visibleControls } from '../results/host-text.js';
import type { Disagreement } from './disagreement.js';

export interface FoundScenario {
  adapter: string;
  seed: number;
  path: string;
  /** The explore arguments needed to replay it (besides seed and path). */
  replay: string;
  /** How `--adapter` named the host, for the replay line (a built-in name or a path). */
  adapterArgument?: string;
  disagreement: Disagreement;
  /** The session's steps, keywords included, without the failing check. */
  lines: string[];
  /** Capabilities the session used (`@needs:` tags). */
  needs: string[];
}

function title(found: FoundScenario): string {
  const first = gherkinText(found.disagreement.message.split('\n')[0]!.replace(/\s+/g, ' '));
  const short = first.length > 110 ? `${first.slice(0, 107)}...` : first;
  return `explore found: ${short}`;
}

/**
 * Host text (a name, the first line of a message) on one line of a feature
 * file: every line break and control character shown as its escape, so it
 * stays free text on the line it was put on and never starts a `Scenario:`,
 * a tag line or a step of its own.
 */
function gherkinText(text: string): string {
  return visibleControls(text);
}

export function stableId(found: FoundScenario): string {
  const slug =
    found.adapter
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'host';
  return `explore-${slug}-seed-${found.seed}-path-${found.path.replace(/:/g, '-')}`;
}

/** The scenario's steps, the failing check last (a mid-turn check is already among the steps it belongs to). */
function steps(found: FoundScenario): string[] {
  const lines = [...found.lines];
  const step = found.disagreement.step;
  if (step && !step.midTurn) lines.push(`Then ${step.text}`);
  return lines;
}

export function scenarioText(found: FoundScenario, indent = ''): string {
  // A step with a doc string continues on further lines, indented under it.
  const indented = (line: string) =>
    line
      .split('\n')
      .map((part, index) => `${indent}${index === 0 ? '  ' : '    '}${part}`)
      .join('\n');
  return [`${indent}Scenario: ${title(found)}`, ...steps(found).map(indented)].join('\n');
}

/** A feature file of one or more found scenarios (several classes of one exploration), each tagged with its clauses. */
export function featureText(found: FoundScenario | FoundScenario[]): string {
  const all = Array.isArray(found) ? found : [found];
  const first = all[0]!;
  return [
    `# Found by plan-mode-conformance explore --adapter ${gherkinText(first.adapterArgument ?? first.adapter)} --seed ${first.seed} --path ${first.path}${gherkinText(first.replay)}`,
    `# ${gherkinText(first.disagreement.message.split('\n')[0]!)}`,
    `Feature: A session explore found on ${gherkinText(first.adapter)}`,
    '  explore generated this session, shrank it and compared every observation with',
    "  the kit's oracle; the last check is where the host disagreed.",
    ...all.flatMap((one) => {
      const tags = [
        ...one.disagreement.clauses.map((clause) => `@${clause}`),
        `@id:${stableId(one)}`,
        ...one.needs.map((need) => `@needs:${need}`),
      ];
      return ['', `  ${tags.join(' ')}`, scenarioText(one, '  ')];
    }),
    '',
  ].join('\n');
}

/**
 * Why `text` (a feature file featureText wrote) is not exactly the scenarios
 * `found` holds, in order, each with its own `@id`; undefined when it is. What
 * the kit writes and what its confirming run executes are both exactly these
 * scenarios: nothing a host wrote into a step or a name added or hid one.
 */
export function notExactly(text: string, found: readonly FoundScenario[]): string | undefined {
  const expected = found.map((one) => stableId(one));
  let ids: string[];
  try {
    const newId = IdGenerator.incrementing();
    const document = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher()).parse(text);
    ids = compile(document, 'found.feature', newId).map(
      (pickle) => pickle.tags.find((tag) => tag.name.startsWith('@id:'))?.name.slice('@id:'.length) ?? '(no @id)',
    );
  } catch (error) {
    return `it is not Gherkin: ${(error as Error).message.split('\n')[0]}`;
  }
  if (ids.length === expected.length && ids.every((id, index) => id === expected[index])) return undefined;
  return `it holds the scenario(s) ${ids.join(', ') || '(none)'}, not ${expected.join(', ')}`;
}
