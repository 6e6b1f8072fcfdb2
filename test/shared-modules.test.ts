/**
 * The files that share their modules (test/shared-modules.ts, vitest project `unit-shared`) can:
 * each is a unit test file, and nothing it loads, directly or through other files, registers
 * something as it loads that a second file in the same worker would then miss: a vitest hook in a
 * test helper (it would serve only the first file of a worker; the per-file hooks live in
 * test/setup/per-file-hooks.ts), or a cucumber step definition, hook or parameter type (cucumber
 * keeps them once per process). What a file loads is read by the TypeScript compiler: its value
 * imports and re-exports, followed from file to file (type-only ones load nothing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { resolveSpecifier } from './architecture/import-graph.js';
import { ROOT } from './conformance/cli-harness.js';
import { SHARED_MODULE_FILES } from './shared-modules.js';

const VITEST_HOOKS = new Set(['afterAll', 'afterEach', 'beforeAll', 'beforeEach']);
const CUCUMBER_REGISTRATIONS = new Set([
  'Given',
  'When',
  'Then',
  'defineStep',
  'defineParameterType',
  'setWorldConstructor',
  'setDefaultTimeout',
  'Before',
  'After',
  'BeforeAll',
  'AfterAll',
  'BeforeStep',
  'AfterStep',
]);

const parsed = new Map<string, ts.SourceFile>();
function sourceOf(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (source === undefined) {
    source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
    parsed.set(file, source);
  }
  return source;
}

const loaded = new Map<string, string[]>();
/** The repository files `file` loads by its own value imports and re-exports. */
function loads(file: string): string[] {
  let files = loaded.get(file);
  if (files === undefined) {
    files = valueImports(file);
    loaded.set(file, files);
  }
  return files;
}

function valueImports(file: string): string[] {
  return sourceOf(file).statements.flatMap((statement) => {
    const specifier =
      (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(statement) && !statement.isTypeOnly)
        ? statement.moduleSpecifier
        : undefined;
    if (specifier === undefined || !ts.isStringLiteral(specifier)) return [];
    const target = resolveSpecifier(ROOT, file, specifier.text);
    return target === undefined ? [] : [target];
  });
}

/** Every repository file `file` loads, through any number of files, itself included. */
function loadedBy(file: string): string[] {
  const seen = new Set([file]);
  for (const at of seen) for (const to of loads(at)) seen.add(to);
  return [...seen];
}

/** The functions of `names` a module calls by a statement of its own: as it loads, not inside a function. */
function callsAtLoad(file: string, names: ReadonlySet<string>): string[] {
  return sourceOf(file).statements.flatMap((statement) =>
    ts.isExpressionStatement(statement) &&
    ts.isCallExpression(statement.expression) &&
    ts.isIdentifier(statement.expression.expression) &&
    names.has(statement.expression.expression.text)
      ? [statement.expression.expression.text]
      : [],
  );
}

describe('the unit files that share their modules', () => {
  it('are unit test files that exist', () => {
    expect(SHARED_MODULE_FILES.length).toBeGreaterThan(0);
    for (const file of SHARED_MODULE_FILES) {
      expect(file, file).toMatch(/^test\/.+\.test\.ts$/);
      expect(existsSync(join(ROOT, file)), file).toBe(true);
    }
  });

  it('load no test helper that registers a vitest hook as it loads, and nothing that registers with cucumber', () => {
    const problems: string[] = [];
    for (const file of SHARED_MODULE_FILES) {
      for (const loaded of loadedBy(file).filter((loaded) => loaded !== file)) {
        const registers = [
          ...(loaded.startsWith('test/') ? callsAtLoad(loaded, VITEST_HOOKS) : []),
          ...callsAtLoad(loaded, CUCUMBER_REGISTRATIONS),
        ];
        for (const name of registers) problems.push(`${file} loads ${loaded}, which calls ${name} as it loads`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('would see one: a file calling a hook as it loads, and the steps registering with cucumber', () => {
    expect(callsAtLoad('test/shared-modules.test.ts', new Set(['describe']))).toEqual(['describe']);
    expect(callsAtLoad('test/conformance/runner/process-isolation.test.ts', VITEST_HOOKS)).toEqual(['afterAll']);
    expect(loadedBy('test/conformance/attacks/failure-kinds.test.ts')).toContain(
      'test/conformance/attacks/attack-harness.ts',
    );
    expect(callsAtLoad('conformance/support/hooks.ts', CUCUMBER_REGISTRATIONS)).toContain('setDefaultTimeout');
  });
});
