/**
 * Everything the site shows, gathered once: the catalog's clauses with each
 * edition's reading (statement and located quotes) and the feature scenarios
 * that prove them, and one host per results file. Pages only read this model.
 */
import type { Background, GherkinDocument, Pickle, Rule, Scenario } from '@cucumber/messages';
import { EDITIONS, resultsEdition, type Edition, type ResultsDocument, type ScenarioRecord } from '../../src/index.js';
import { clauseInEdition, familyOf, type Clause } from '../catalog/clause-catalog.js';
import type { QuotedReadme, ReadmeQuote } from '../catalog/readme-quotes.js';
import { mutantsCaughtFor, mutantsExploredFor, type MutationEvidence } from '../evidence/mutation-evidence.js';
import { clauseProofs, clausesByEdition, type ClauseProof } from '../evidence/proven-clauses.js';
import { editionsOfTags } from '../features/edition-tags.js';
import { clausesOf, rowNames, stableIdOf, type ParsedFeature } from '../features/feature-files.js';
import type { ResultsFile } from './read-results.js';
import { readableTime } from './readable-time.js';
import { counts } from './result-html.js';
import { aggregateStatus, type CellStatus } from './status.js';

/** Family names, as the sections of the clause document (docs/clauses.md) call them. */
const FAMILY_NAMES: Record<string, string> = {
  SCOPE: 'Scope',
  STATE: 'Durable state',
  SET: 'Selection: set and get',
  NARR: 'Narration',
  POLICY: 'Plan policy prompt section',
  TOOL: 'Exit tool',
  REVIEW: 'Review exchange',
  CMD: '/plan command',
  PROJ: 'Session projection',
  CFG: 'Configuration',
  MX: 'Model experience',
  LIM: 'Known limitations',
};

/** A family's name (its id when it has none). */
export function familyName(id: string): string {
  return FAMILY_NAMES[id] ?? id;
}

export interface Family {
  id: string;
  name: string;
}

/** One pickle of a scenario: the scenario itself, or one row of an outline. */
export interface ScenarioCase {
  stableId: string | undefined;
  clauses: string[];
  /** The editions it belongs to (`@edition:` tags; none: every edition). */
  editions: Edition[];
  /** The outline row's first cell, for outline rows. */
  rowName?: string;
}

export interface ScenarioView {
  /** Anchor on the clause page. */
  anchor: string;
  featureName: string;
  uri: string;
  scenario: Scenario;
  /** The feature's background, then the rule's, as they run before the steps. */
  backgrounds: Background[];
  cases: ScenarioCase[];
}

/** A clause as one edition reads it, its quotes located in that edition's README. */
export interface EditionReadingView {
  edition: Edition;
  statement: string;
  derived: boolean;
  quotes: ReadmeQuote[];
}

export interface ClauseView {
  clause: Clause;
  family: Family;
  /** One per edition the clause belongs to, oldest first. */
  readings: EditionReadingView[];
  /** Whether the editions read it differently: another statement, or a clause some edition lacks. */
  differs: boolean;
  /** Feature scenarios with at least one case proving the clause. */
  scenarios: ScenarioView[];
  /** What the mutation evidence says of the clause, when the site was given one (`docs --mutants`). */
  mutants?: ClauseMutants;
}

export interface ClauseMutants {
  /** The editions the mutant matrix ran. */
  editions: string[];
  /** The mutants a scenario tagged with the clause caught, with those scenarios. */
  caught: ReturnType<typeof mutantsCaughtFor>;
  /** Whether the clause is proven, per edition. */
  proofs: ClauseProof[];
  /** The mutants the exploration at the default budget found first in a class of this clause, with that class per edition. */
  explored: ReturnType<typeof mutantsExploredFor>;
}

export interface HostView {
  /** File name stem of the host page (unique). */
  key: string;
  name: string;
  /**
   * The host across its releases (its history page groups by it): the adapter
   * name, without a trailing `@<release>` naming the release it drives
   * (`dsh@0.0.1-rc.1` at release 0.0.1-rc.1 is host `dsh`).
   */
  host: string;
  /** The release of the host the run drove (results `host.release`), if the adapter declared one. */
  release?: string;
  /** What the site calls it: the host and its release, with the run's start time when two results files share both. */
  label: string;
  path: string;
  document: ResultsDocument;
  /** The edition the run judged the host against. */
  edition: Edition;
  byId: Map<string, ScenarioRecord>;
}

export interface SiteModel {
  families: Family[];
  clauses: ClauseView[];
  hosts: HostView[];
  scenarioCount: number;
  /** Each edition's README, as the kit ships it. */
  readmePaths: Record<Edition, string>;
  /** Whether a mutation evidence file was given (every clause then has `mutants`). */
  withMutants: boolean;
}

export function buildSiteModel(
  catalog: readonly Clause[],
  features: readonly ParsedFeature[],
  readmes: Record<Edition, QuotedReadme>,
  results: readonly ResultsFile[],
  evidence?: MutationEvidence,
): SiteModel {
  const quotes = new Map(
    EDITIONS.map((edition) => [
      edition,
      readmes[edition].quotesOf(catalog.flatMap((clause) => clauseInEdition(clause, edition) ?? [])),
    ]),
  );
  const scenarios = features.flatMap(scenarioViews);
  const families: Family[] = [];
  for (const clause of catalog) {
    const id = familyOf(clause.id);
    if (!families.some((family) => family.id === id)) families.push({ id, name: FAMILY_NAMES[id] ?? id });
  }
  const proofs = evidence ? clauseProofs(evidence, clausesByEdition(catalog, evidence.editions)) : [];
  const clauses = catalog.map((clause) => ({
    clause,
    family: families.find((family) => family.id === familyOf(clause.id))!,
    readings: EDITIONS.flatMap((edition) => {
      const reading = clauseInEdition(clause, edition);
      return reading
        ? [
            {
              edition,
              statement: reading.statement,
              derived: reading.derived,
              quotes: quotes.get(edition)!.get(clause.id) ?? [],
            },
          ]
        : [];
    }),
    differs: clauseInEdition(clause, EDITIONS[0])?.differs ?? true,
    scenarios: scenarios.filter((view) => view.cases.some((entry) => entry.clauses.includes(clause.id))),
    ...(evidence
      ? {
          mutants: {
            editions: evidence.editions,
            caught: mutantsCaughtFor(evidence, clause.id),
            proofs: proofs.filter((proof) => proof.clause.id === clause.id),
            explored: mutantsExploredFor(evidence, clause.id),
          },
        }
      : {}),
  }));
  return {
    families,
    clauses,
    hosts: hostViews(results),
    scenarioCount: scenarios.reduce((sum, view) => sum + view.cases.length, 0),
    readmePaths: Object.fromEntries(EDITIONS.map((edition) => [edition, readmes[edition].path])) as Record<
      Edition,
      string
    >,
    withMutants: evidence !== undefined,
  };
}

/** A host's records for the scenarios proving a clause (as the run tagged them). */
export function recordsFor(host: HostView, clauseId: string): ScenarioRecord[] {
  return host.document.scenarios.filter((record) => record.clauses.includes(clauseId));
}

export function cellStatus(host: HostView, clauseId: string): CellStatus {
  return aggregateStatus(recordsFor(host, clauseId));
}

/** The host a results file judged: its adapter's name, less a trailing `@<release>` of the release it recorded. */
export function nameOfHost(document: Pick<ResultsDocument, 'adapter' | 'host'>): string {
  const release = document.host?.release;
  const name = document.adapter.name;
  return release !== undefined && name.endsWith(`@${release}`) && name.length > release.length + 1
    ? name.slice(0, -release.length - 1)
    : name;
}

function hostViews(results: readonly ResultsFile[]): HostView[] {
  const used = new Set<string>();
  return results.map(({ path, document }) => {
    const stem =
      document.adapter.name
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, '-')
        .replace(/^[-.]+|-+$/g, '') || 'host';
    let key = stem;
    for (let n = 2; used.has(key); n += 1) key = `${stem}-${n}`;
    used.add(key);
    const named = nameOfHost(document);
    const shared =
      results.filter(
        (other) => nameOfHost(other.document) === named && other.document.host?.release === document.host?.release,
      ).length > 1;
    const release = document.host?.release;
    const label = `${named}${release !== undefined ? ` ${release}` : ''}${shared ? ` (${readableTime(document.startedAt)})` : ''}`;
    return {
      key,
      name: document.adapter.name,
      host: named,
      ...(release !== undefined ? { release } : {}),
      label,
      path,
      document,
      edition: resultsEdition(document),
      byId: new Map(document.scenarios.map((record) => [record.id, record])),
    };
  });
}

function scenarioViews(feature: ParsedFeature): ScenarioView[] {
  const document: GherkinDocument = feature.document;
  const rows = rowNames(document);
  const picklesByScenario = new Map<string, Pickle[]>();
  for (const pickle of feature.pickles) {
    const scenarioId = pickle.astNodeIds[0]!;
    picklesByScenario.set(scenarioId, [...(picklesByScenario.get(scenarioId) ?? []), pickle]);
  }
  const featureBackground = document.feature?.children.find((child) => child.background)?.background;
  const views: ScenarioView[] = [];
  const add = (scenario: Scenario, rule: Rule | undefined) => {
    const ruleBackground = rule?.children.find((child) => child.background)?.background;
    const cases = (picklesByScenario.get(scenario.id) ?? []).map((pickle) => {
      const rowId = pickle.astNodeIds[1];
      return {
        stableId: stableIdOf(pickle, rows),
        clauses: clausesOf(pickle),
        editions: editionsOfTags(pickle.tags.map((tag) => tag.name)),
        ...(rowId !== undefined ? { rowName: rows.get(rowId) ?? '' } : {}),
      };
    });
    const base = cases[0]?.stableId?.split('/')[0] ?? `${feature.uri}-${scenario.location.line}`;
    views.push({
      anchor: `scenario-${base.replace(/[^A-Za-z0-9_-]+/g, '-')}`,
      featureName: document.feature?.name ?? feature.uri,
      uri: feature.uri,
      scenario,
      backgrounds: [featureBackground, ruleBackground].filter(
        (background): background is Background => background !== undefined,
      ),
      cases,
    });
  };
  for (const child of document.feature?.children ?? []) {
    if (child.scenario) add(child.scenario, undefined);
    for (const ruleChild of child.rule?.children ?? []) if (ruleChild.scenario) add(ruleChild.scenario, child.rule);
  }
  return views;
}

/** The cell is `failed` only through recommended scenarios, which a default-level run reports without counting. */
export function uncountedFailure(host: HostView, clauseId: string): boolean {
  const failed = recordsFor(host, clauseId).filter((record) => record.status === 'failed');
  return failed.length > 0 && failed.every((record) => !counts(record, host.document.level));
}
