/**
 * `plan-mode-conformance explore`: model-based testing of any host through its
 * adapter (conformance/explore/). Exit 0 when nothing disagreed, 1 on a
 * counterexample (printed as a Gherkin scenario, written with --out), 2 on
 * bad arguments or an adapter that cannot be loaded.
 */
import { say } from '../console-output.js';
import { consoleText } from '../../results/host-text.js';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { resolveAdapterPath } from '../../adapters/adapter-path.js';
import { loadAdapter } from '../../adapters/load-adapter.js';
import { CLI_BUNDLE } from '../../bundled-entries.js';
import { loadCatalog } from '../../catalog/clause-catalog.js';
import { replayCommand } from '../../explore/class-report.js';
import { KIT_COMMAND, shellWord } from '../../results/rerun-command.js';
import { coverageTable } from '../../explore/coverage-table.js';
import { explore, replay, toolModesOf } from '../../explore/explore.js';
import { featureText, notExactly, scenarioText, stableId, type FoundScenario } from '../../explore/scenario.js';
import { OutputPathError } from '../../files/output-path.js';
import { checkNewFile, writeNewFile } from '../../files/new-file.js';
import { readCommandLine, UsageError } from '../../options/option-table.js';
import { EXPLORE_COMMAND_LINE, exploreArguments, type ExploreArguments } from './explore-options.js';
import { chooseEdition } from '../../catalog/edition-choice.js';
import { CAPPED_TIER_MOST_SESSIONS, capOptimisingTier } from '../../runner/optimising-tier.js';

export async function run(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(EXPLORE_COMMAND_LINE, argv, exploreArguments);
  if (!commandLine.ok) return commandLine.exit;
  const args = commandLine.value;
  // A file --out may not replace is refused before the exploration, not after it.
  if (args.out !== undefined) await checkNewFile(args.out, args.force);
  const adapter = await loadAdapter(resolveAdapterPath(args.adapter));
  // The host's name as the console shows it: one line, whatever it holds.
  const hostName = consoleText(adapter.name);
  // The edition as the suite would choose it, so a written scenario replays under the same one.
  const { edition, forced } = chooseEdition(adapter.name, adapter.editions, args.edition, args.forceEdition);
  say(
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
      say(`explore: ${hostName} agrees with the oracle on the session at seed ${seed}, path ${args.path}`);
      return 0;
    }
    printFound(`explore: ${hostName} disagrees with the oracle (seed ${one.seed}, path ${one.path})`, found[0]!);
  } else {
    // As a run's exploration does (runner/optimising-tier.ts): sessions this few cost less CPU with V8's tiers capped,
    // TurboFan's compiling repaid only by longer explorations (reach.test's explore, 200 sessions of a mutant and
    // their shrinking: about 10% less CPU of the process). The code computes the same in every tier.
    if (args.runs <= CAPPED_TIER_MOST_SESSIONS) capOptimisingTier();
    const result = await explore({ ...session, seed, budget: args.runs, replay: replayArgs });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (args.coverage) say(`${coverageTable(result.coverage, edition, toolModesOf(adapter))}\n`);
    for (const [clause, count] of result.expected) {
      say(
        `explore: ${count} run(s) stopped at the known divergence ${clause} (--expect); the rest of those sessions went unexplored`,
      );
    }
    if (result.stopped) say(`explore: ${result.stopped}`);
    if (result.classes.length === 0) {
      say(`explore: ${hostName} agreed with the oracle on ${result.sessions} session(s) (seed ${seed}, ${seconds}s)`);
      return 0;
    }
    say(
      `explore: ${hostName} disagrees with the oracle in ${result.classes.length} class(es) of ${result.sessions} session(s) (seed ${seed}, ${seconds}s)`,
    );
    found = result.classes.map((explored) => ({ ...explored.found, adapterArgument: args.adapter }));
    result.classes.forEach((explored, index) => {
      say('');
      printFound(
        `explore: ${explored.id}: ${explored.count} session(s), the first (session ${explored.session}) shrunk ${explored.shrinks} time(s) to path ${explored.found.path}`,
        found[index]!,
      );
    });
  }
  if (args.out) {
    const text = featureText(found);
    // Exactly the scenarios found, each its own: a host's words that made Gherkin of themselves are refused.
    const wrong = notExactly(text, found);
    if (wrong) throw new OutputPathError(`explore: the counterexample file was not written: ${wrong}`);
    const out = await writeNewFile(args.out, text, args.force);
    const level = [...(args.strict ? ['--level', 'strict'] : []), ...editionArguments(args)];
    say(
      `explore: wrote ${out}; run it with: ${KIT_COMMAND} --adapter ${shellWord(args.adapter)} --features ${shellWord(dirname(out))}${level.map((part) => ` ${shellWord(part)}`).join('')}`,
    );
    say(`explore: ${await replayVerdict(args.adapter, text, found, level)}`);
  }
  return 1;
}

/** One found session: what differed, its class, the scenario and the command that replays it. */
function printFound(headline: string, found: FoundScenario): void {
  say(headline);
  // Its further lines (a diff, a stderr tail) indented under it: none of them reads as a line of the kit's.
  const [first, ...more] = found.disagreement.message.split('\n');
  say([`explore: ${first}`, ...more.map((line) => `  ${line}`)].join('\n'));
  const clauses = found.disagreement.clauses.length > 0 ? `clauses ${found.disagreement.clauses.join(', ')}; ` : '';
  say(`explore: ${clauses}check ${found.disagreement.check}`);
  say('');
  say(scenarioText(found));
  say('');
  say(`explore: replay with: ${replayCommand(found)}`);
}

/**
 * Runs the written feature through the suite in a fresh process, as a user
 * would: a disagreement that only shows after earlier sessions in the same
 * process (a host keeping module state across instances) would not replay.
 * It runs the text the kit wrote, alone in a folder of its own (not the
 * folder of --out, which may hold other features), and checks that exactly
 * the written scenarios ran.
 */
async function replayVerdict(adapter: string, text: string, found: FoundScenario[], level: string[]): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'plan-mode-conformance-confirm-'));
  try {
    await writeFile(join(folder, 'found.feature'), text);
    const results = join(folder, 'results.json');
    const run = spawnSync(
      process.execPath,
      [CLI_BUNDLE, '--adapter', adapter, '--features', folder, '--format', `results:${results}`, ...level],
      { encoding: 'utf8', timeout: 300_000 },
    );
    if (run.status === 0 || run.status === 1) {
      const ran = await readFile(results, 'utf8').then(
        // A fault's record (one no scenario could be charged with) is no scenario that ran.
        (json) =>
          (JSON.parse(json) as { scenarios: { id: string; fault?: unknown }[] }).scenarios
            .filter((scenario) => scenario.fault === undefined)
            .map((scenario) => scenario.id),
        () => [],
      );
      const written = found.map((one) => stableId(one));
      if (ran.length !== written.length || ran.some((id, index) => id !== written[index]))
        return `warning: the confirming run executed ${ran.join(', ') || 'nothing'}, not the written ${written.join(', ')}`;
    }
    if (run.status === 1) return `the written feature fails against ${adapter} in a fresh process, as it should`;
    if (run.status === 0) {
      return `warning: the written feature passes against ${adapter} in a fresh process; the disagreement depends on state the host kept from earlier sessions in the same process`;
    }
    const reason = (run.stderr || run.stdout).trim().split('\n').at(-1) ?? `exit ${run.status}`;
    return `warning: could not replay the written feature: ${reason}`;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The arguments that shape the generated sessions, so a replay regenerates the same ones. */
function replayArguments(args: ExploreArguments): string {
  const parts = [` --max-steps ${args.maxSteps}`];
  if (args.strict) parts.push(' --level strict');
  parts.push(...editionArguments(args).map((part) => ` ${shellWord(part)}`));
  if (args.expect.length > 0) parts.push(` --expect ${shellWord(args.expect.join(','))}`);
  return parts.join('');
}

/** The edition the user chose, for the replay and the suite run of a written scenario (the default needs none). */
function editionArguments(args: ExploreArguments): string[] {
  if (args.edition === undefined) return [];
  return ['--edition', args.edition, ...(args.forceEdition ? ['--force-edition'] : [])];
}
