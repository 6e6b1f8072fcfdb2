/**
 * Plays GitHub Actions steps here, as a runner would, for the tests of the
 * example workflow (ci-workflow.test.ts) and of the kit's action
 * (action.test.ts): `run:` steps in bash with the step's env, working folder,
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY; `${{ }}` expressions of the forms
 * the two files use (a context path, a quoted string, `fromJSON` of one,
 * `always()`, `!cancelled()`, `startsWith`, `==`, `!=`, `&&`); the composite
 * action's steps with its inputs' defaults; and `actions/upload-artifact`
 * recorded rather than uploaded. An expression it cannot read fails the test
 * that met it, so a new form in either file is never silently skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './conformance/cli-harness.js';
import { PROCESS_LIMIT_MS } from './limits.js';

export const ACTION = join(ROOT, 'action.yml');

export interface Step {
  name?: string;
  id?: string;
  run?: string;
  uses?: string;
  if?: string;
  shell?: string;
  'working-directory'?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

export interface ActionFile {
  inputs: Record<string, { required?: boolean; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

export type Context = Record<string, unknown>;

function lookup(path: string, context: Context): unknown {
  return path
    .split('.')
    .reduce<unknown>((object, key) => (object as Record<string, unknown> | undefined)?.[key], context);
}

/** One expression's value: the forms the example workflow and action.yml use, nothing else. */
export function evaluate(expression: string, context: Context): unknown {
  const text = expression.trim();
  const and = splitTop(text, '&&');
  if (and.length > 1) return and.every((part) => truthy(evaluate(part, context)));
  for (const operator of ['!=', '=='] as const) {
    const sides = splitTop(text, operator);
    if (sides.length === 2) {
      const equal = String(evaluate(sides[0]!, context) ?? '') === String(evaluate(sides[1]!, context) ?? '');
      return operator === '==' ? equal : !equal;
    }
  }
  if (text === 'always()' || text === '!cancelled()') return true;
  if (text === 'cancelled()') return false;
  if (/^'[^']*'$/.test(text)) return text.slice(1, -1);
  const call = /^(fromJSON|startsWith)\((.*)\)$/.exec(text);
  if (call) {
    const args = splitTop(call[2]!, ',').map((argument) => evaluate(argument, context));
    if (call[1] === 'fromJSON') return JSON.parse(String(args[0]));
    return String(args[0]).startsWith(String(args[1]));
  }
  if (/^[A-Za-z_][\w-]*(\.[\w-]+)*$/.test(text)) return lookup(text, context);
  throw new Error(`the workflow uses \${{ ${expression} }}, which this player does not read`);
}

/** `text` split on `separator` outside quotes and parentheses. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === "'") quoted = !quoted;
    else if (!quoted && char === '(') depth += 1;
    else if (!quoted && char === ')') depth -= 1;
    else if (!quoted && depth === 0 && text.startsWith(separator, index)) {
      parts.push(text.slice(start, index));
      start = index + separator.length;
      index += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim());
}

const truthy = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== false && value !== '' && value !== 0;

/** Every `${{ }}` in `text` replaced by its value (a whole-text expression keeps its type, as GitHub's do). */
export function expand(text: string, context: Context): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
    const value = evaluate(expression, context);
    if (value === undefined || value === null) throw new Error(`\${{ ${expression} }} has no value here`);
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** Whether a step runs: its `if` (bare or in `${{ }}`), or by default only while nothing failed. */
export function stepRuns(condition: string | undefined, context: Context, failed: boolean): boolean {
  if (condition === undefined) return !failed;
  const expression = condition.trim().replace(/^\$\{\{\s*([\s\S]*?)\s*\}\}$/, '$1');
  const always = /\b(always|cancelled)\(\)/.test(expression);
  return (always || !failed) && truthy(evaluate(expression, context));
}

export interface StepRun {
  status: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

/** A `run:` step in bash, as GitHub runs one (`bash -e {0}`), with GITHUB_OUTPUT (a file in `scratch`) read back. */
export function runStep(
  script: string,
  cwd: string,
  env: Record<string, string | undefined>,
  scratch: string,
): StepRun {
  const outputsFile = join(mkdtempSync(join(scratch, 'step-')), 'output');
  writeFileSync(outputsFile, '');
  const result = spawnSync('bash', ['-e', '-c', script], {
    cwd,
    encoding: 'utf8',
    timeout: PROCESS_LIMIT_MS,
    env: { ...process.env, ...env, GITHUB_OUTPUT: outputsFile },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, outputs: readOutputs(outputsFile) };
}

function readOutputs(file: string): Record<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

export interface Upload {
  name: string;
  path: string;
  /** Whether the file was there to upload. */
  found: boolean;
}

export interface ActionRun {
  outcome: 'success' | 'failure';
  outputs: Record<string, string>;
  /** What the steps appended to GITHUB_STEP_SUMMARY. */
  summary: string;
  /** The steps' standard output (annotations are lines of it). */
  stdout: string;
  stderr: string;
  uploads: Upload[];
}

export interface ActionSettings {
  /** The workspace: where the step runs (before its working-directory). */
  workspace: string;
  /** A temporary folder for the runner's own files (step outputs, the job summary). */
  scratch: string;
  /** Where the action is checked out (github.action_path); this repository by default. */
  actionPath?: string;
  env?: Record<string, string | undefined>;
}

export const actionFile = (): ActionFile => parse(readFileSync(ACTION, 'utf8')) as ActionFile;

/** A composite action's steps with `inputs` (unknown inputs refused, as GitHub warns and actionlint errs). */
export function playAction(given: Record<string, string>, settings: ActionSettings): ActionRun {
  const action = actionFile();
  if (action.runs.using !== 'composite') throw new Error(`action.yml runs ${action.runs.using}, not composite`);
  for (const name of Object.keys(given))
    if (!(name in action.inputs)) throw new Error(`the action has no input ${name}`);
  const inputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs)) {
    const value = given[name] ?? input.default ?? '';
    if (input.required && value === '') throw new Error(`the action's input ${name} is required`);
    inputs[name] = value;
  }
  const summaryFile = join(mkdtempSync(join(settings.scratch, 'summary-')), 'summary.md');
  writeFileSync(summaryFile, '');
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  const context = (): Context => ({ inputs, steps, github: { action_path: settings.actionPath ?? ROOT } });
  const run: ActionRun = { outcome: 'success', outputs: {}, summary: '', stdout: '', stderr: '', uploads: [] };
  for (const step of action.runs.steps) {
    if (!stepRuns(step.if, context(), run.outcome === 'failure')) continue;
    if (step.uses !== undefined) {
      if (!step.uses.startsWith('actions/upload-artifact@'))
        throw new Error(`the action uses ${step.uses}, which this player does not play`);
      const path = expand(String(step.with?.path), context());
      run.uploads.push({
        name: expand(String(step.with?.name), context()),
        path,
        found: existsSync(resolve(settings.workspace, path)),
      });
      continue;
    }
    if (step.shell !== 'bash')
      throw new Error(`a composite action's run step names its shell; step ${step.name} says ${step.shell}`);
    const env = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([key, value]) => [key, expand(String(value), context())]),
    );
    const cwd = resolve(settings.workspace, expand(step['working-directory'] ?? '.', context()));
    const result = runStep(
      expand(step.run!, context()),
      cwd,
      { ...settings.env, ...env, GITHUB_STEP_SUMMARY: summaryFile },
      settings.scratch,
    );
    run.stdout += result.stdout;
    run.stderr += result.stderr;
    if (step.id) steps[step.id] = { outputs: result.outputs };
    if (result.status !== 0) run.outcome = 'failure';
  }
  run.outputs = Object.fromEntries(
    Object.entries(action.outputs).map(([name, output]) => [name, expand(output.value, context())]),
  );
  run.summary = readFileSync(summaryFile, 'utf8');
  return run;
}
