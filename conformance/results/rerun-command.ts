/**
 * The command that runs one failed scenario again, as a person pastes it into
 * a POSIX shell: the run's own adapter, features, edition and level options,
 * the exploration off, and `--tags @id:<id>`. The console's failure lines, the
 * Markdown report, the results file (record `rerun`) and so the docs site all
 * show this one text. Every word a person or a feature file chose (the adapter
 * as given, a path, an id) is quoted so the shell reads it back as one word
 * and runs nothing of it.
 */

/**
 * How every command the kit prints for a person to paste starts (a rerun, an exploration's replay, a written
 * counterexample's run): as every documented command is shown, from a project that installed the kit.
 */
export const KIT_COMMAND = 'npx plan-mode-conformance';

/** The options of the run that a rerun of one of its scenarios needs to judge it the same way. */
export interface RerunBase {
  /** `--adapter` as given (a built-in name, a module path, `exec:<command line>`). */
  adapter: string;
  /** `--features` as given; absent for the kit's own features. */
  features?: string | undefined;
  /** `--edition` as given, and whether `--force-edition` imposed it. */
  edition?: string | undefined;
  forceEdition?: boolean | undefined;
  level: string;
}

/** A word as a POSIX shell reads it back: bare when it holds only plain characters, else single-quoted. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The options part of every rerun command of a run (everything but the scenario's tag). */
export function rerunOptions(base: RerunBase): string[] {
  return [
    '--adapter',
    shellWord(base.adapter),
    ...(base.features !== undefined ? ['--features', shellWord(base.features)] : []),
    ...(base.edition !== undefined ? ['--edition', shellWord(base.edition)] : []),
    ...(base.forceEdition ? ['--force-edition'] : []),
    ...(base.level !== 'default' ? ['--level', shellWord(base.level)] : []),
    '--explore',
    'off',
  ];
}

/**
 * `npx plan-mode-conformance --adapter A ... --explore off --tags @id:ID` (as
 * every documented command is shown: it runs from a project that installed
 * the kit). An
 * outline row's stable id is `<id>/<first cell>`: the tag names the outline,
 * so its command runs the outline's rows (`--rerun FILE` runs the row alone).
 * A row's part is a slug (`[a-z0-9-]`), never holding `/`: the tag is what
 * comes before the last `/` (an `@id:` tag holding `/` itself is not supported).
 */
export function rerunCommand(base: RerunBase, stableId: string): string {
  const slash = stableId.lastIndexOf('/');
  const tagged = slash > 0 ? stableId.slice(0, slash) : stableId;
  return [KIT_COMMAND, ...rerunOptions(base), '--tags', shellWord(`@id:${tagged}`)].join(' ');
}
