/**
 * `plan-mode-conformance explore`: model-based testing of any host through its
 * adapter (conformance/explore/). Exit 0 when nothing disagreed, 1 on a
 * counterexample (printed as a Gherkin scenario, written with --out), 2 on
 * bad arguments or an adapter that cannot be loaded.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { resolveAdapterPath } from '../../adapters/adapter-path.js';
import { loadAdapter } from '../../adapters/load-adapter.js';
import { CLI_BUNDLE } from '../../bundled-entries.js';
import { loadCatalog } from '../../catalog/clause-catalog.js';
import { replayCommand } from '../../explore/class-report.js';
import { coverageTable } from '../../explore/coverage-table.js';
import { explore, replay, toolModesOf } from '../../explore/explore.js';
import { featureText, scenarioText, type FoundScenario } from '../../explore/scenario.js';
import { readCommandLine, UsageError } from '../../options/option-table.js';
import { EXPLORE_COMMAND_LINE, exploreArguments, type ExploreArguments } from './explore-options.js';
import { chooseEdition } from '../../catalog/edition-choice.js';

export async function run(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(EXPLORE_COMMAND_LINE, argv, exploreArguments);
  if (!commandLine.ok) return commandLine.exit;
  const args = commandLine.value;
  const adapter = await loadAdapter(resolveAdapterPath(args.adapter));
  // The edition as the suite would choose it, so a written scenario replays under the same one.
  const { edition, forced } = chooseEdition(adapter.name, adapter.editions, args.edition, args.forceEdition);
  console.log(
    `explore: edition ${edition}${forced ? ` (forced with --force-edition; the adapter declares ${(adapter.editions ?? ['seed']).join(', ')})` : ''}`,
  );
  const catalog = await loadCatalog();
  const known = new Set(catalog.map((clause) => clause.id));
  for (const id of args.expect.map((entry) => entry.split('@')[0]!))
    if (!known.has(id)) throw new UsageError(`explore: --expect names ${id}, which is not in the clause catalog`);
  const seed = args.seed ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
  const started = Date.now();
  const session = {
    adapter,
    maxSteps: args.maxSteps,
    callLimitMs: args.callLimitMs,
    strict: args.strict,
    edition,
    levels: new Map(catalog.map((clause) => [clause.id, clause.level])),
    expect: args.expect,
  };
  const replayArgs = replayArguments(args);
  let found: FoundScenario[];
  if (args.path !== undefined) {
    // One session, as a run or an earlier explore printed it: regenerated from its seed and path.
    const one = await replay({ ...session, seed, path: args.path, replay: replayArgs });
    found = one ? [{ ...one, adapterArgument: args.adapter }] : [];
    if (!one) {
      console.log(`explore: ${adapter.name} agrees with the oracle on the session at seed ${seed}, path ${args.path}`);
      return 0;
    }
    printFound(`explore: ${adapter.name} disagrees with the oracle (seed ${one.seed}, path ${one.path})`, found[0]!);
  } else {
    const result = await explore({ ...session, seed, budget: args.runs, replay: replayArgs });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (args.coverage) console.log(`${coverageTable(result.coverage, edition, toolModesOf(adapter))}\n`);
    for (const [clause, count] of result.expected) {
      console.log(
        `explore: ${count} run(s) stopped at the known divergence ${clause} (--expect); the rest of those sessions went unexplored`,
      );
    }
    if (result.stopped) console.log(`explore: ${result.stopped}`);
    if (result.classes.length === 0) {
      console.log(
        `explore: ${adapter.name} agreed with the oracle on ${result.sessions} session(s) (seed ${seed}, ${seconds}s)`,
      );
      return 0;
    }
    console.log(
      `explore: ${adapter.name} disagrees with the oracle in ${result.classes.length} class(es) of ${result.sessions} session(s) (seed ${seed}, ${seconds}s)`,
    );
    found = result.classes.map((explored) => ({ ...explored.found, adapterArgument: args.adapter }));
    result.classes.forEach((explored, index) => {
      console.log('');
      printFound(
        `explore: ${explored.id}: ${explored.count} session(s), the first (session ${explored.session}) shrunk ${explored.shrinks} time(s) to path ${explored.found.path}`,
        found[index]!,
      );
    });
  }
  if (args.out) {
    const out = resolve(args.out);
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, featureText(found));
    const level = [...(args.strict ? ['--level', 'strict'] : []), ...editionArguments(args)];
    console.log(
      `explore: wrote ${out}; run it with: plan-mode-conformance --adapter ${args.adapter} --features ${dirname(out)}${level.map((part) => ` ${part}`).join('')}`,
    );
    console.log(`explore: ${replayVerdict(args.adapter, dirname(out), level)}`);
  }
  return 1;
}

/** One found session: what differed, its class, the scenario and the command that replays it. */
function printFound(headline: string, found: FoundScenario): void {
  console.log(headline);
  console.log(`explore: ${found.disagreement.message}`);
  const clauses = found.disagreement.clauses.length > 0 ? `clauses ${found.disagreement.clauses.join(', ')}; ` : '';
  console.log(`explore: ${clauses}check ${found.disagreement.check}`);
  console.log('');
  console.log(scenarioText(found));
  console.log('');
  console.log(`explore: replay with: ${replayCommand(found)}`);
}

/**
 * Runs the written feature through the suite in a fresh process, as a user
 * would: a disagreement that only shows after earlier sessions in the same
 * process (a host keeping module state across instances) would not replay.
 */
function replayVerdict(adapter: string, folder: string, level: string[]): string {
  const run = spawnSync(process.execPath, [CLI_BUNDLE, '--adapter', adapter, '--features', folder, ...level], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (run.status === 1) return `the written feature fails against ${adapter} in a fresh process, as it should`;
  if (run.status === 0) {
    return `warning: the written feature passes against ${adapter} in a fresh process; the disagreement depends on state the host kept from earlier sessions in the same process`;
  }
  const reason = (run.stderr || run.stdout).trim().split('\n').at(-1) ?? `exit ${run.status}`;
  return `warning: could not replay the written feature: ${reason}`;
}

/** The arguments that shape the generated sessions, so a replay regenerates the same ones. */
function replayArguments(args: ExploreArguments): string {
  const parts = [` --max-steps ${args.maxSteps}`];
  if (args.strict) parts.push(' --level strict');
  parts.push(...editionArguments(args).map((part) => ` ${part}`));
  if (args.expect.length > 0) parts.push(` --expect ${args.expect.join(',')}`);
  return parts.join('');
}

/** The edition the user chose, for the replay and the suite run of a written scenario (the default needs none). */
function editionArguments(args: ExploreArguments): string[] {
  if (args.edition === undefined) return [];
  return ['--edition', args.edition, ...(args.forceEdition ? ['--force-edition'] : [])];
}
