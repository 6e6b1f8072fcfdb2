/**
 * A disagreement printed as a ready-to-paste Gherkin scenario (the suite's own
 * steps), and as a whole feature file that fails against the host it was
 * found on and passes against a conforming one.
 */
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
  const first = found.disagreement.message.split('\n')[0]!.replace(/\s+/g, ' ');
  const short = first.length > 110 ? `${first.slice(0, 107)}...` : first;
  return `explore found: ${short}`;
}

function stableId(found: FoundScenario): string {
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
    `# Found by plan-mode-conformance explore --adapter ${first.adapterArgument ?? first.adapter} --seed ${first.seed} --path ${first.path}${first.replay}`,
    `# ${first.disagreement.message.split('\n')[0]}`,
    `Feature: A session explore found on ${first.adapter}`,
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
