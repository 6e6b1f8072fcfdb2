/**
 * The kit stands in for parts of cucumber's internals (runner/cucumber-scope.ts,
 * runner/summary-duration.ts, runner/parameter-type-order.ts, runner/run-paths.ts and the slim entries
 * of build/bundle.mjs), so @cucumber/cucumber is pinned exactly in package.json.
 * This test fails loudly when an upgrade moves what those stand-ins rely on:
 * the internal module paths, which of cucumber's files load the replaced
 * modules, the members they use (read with the TypeScript compiler, not by
 * pattern), and the shapes of the objects the bundle takes from cucumber.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli-harness.js';

const require = createRequire(import.meta.url);
const CUCUMBER_LIB = join(ROOT, 'node_modules/@cucumber/cucumber/lib');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** Every compiled JavaScript file of cucumber's lib/, relative to it. */
const libFiles = readdirSync(CUCUMBER_LIB, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
  .map((entry) => relative(CUCUMBER_LIB, join(entry.parentPath, entry.name)))
  .sort();

/** The lib files that require `specifier`. */
function filesRequiring(specifier: string): string[] {
  return libFiles.filter((file) =>
    ts
      .preProcessFile(readFileSync(join(CUCUMBER_LIB, file), 'utf8'), true, true)
      .importedFiles.some((imported) => imported.fileName === specifier),
  );
}

/** The members `file` reads of the variable a `require(specifier)` is bound to (TypeScript's compiled `x_1.member`). */
function membersUsed(file: string, specifier: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(CUCUMBER_LIB, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const bound = new Set<string>();
  const members = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression) &&
      node.initializer.expression.text === 'require' &&
      ts.isStringLiteral(node.initializer.arguments[0]!) &&
      (node.initializer.arguments[0] as ts.StringLiteral).text === specifier
    )
      bound.add(node.name.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && bound.has(node.expression.text))
      members.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...members].sort();
}

describe("cucumber's internals the kit relies on", () => {
  it('@cucumber/cucumber is pinned exactly, to the installed version', () => {
    const installed = (require('@cucumber/cucumber/package.json') as { version: string }).version;
    expect(manifest.dependencies['@cucumber/cucumber']).toBe(installed);
    expect(manifest.dependencies['@cucumber/cucumber-expressions']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('runtime/scope (runner/cucumber-scope.ts stands in): loaded by the step runner and the worker, which use only the two functions the stand-in has', async () => {
    expect(filesRequiring('./scope')).toEqual(['runtime/step_runner.js', 'runtime/worker.js']);
    const standIn = await import('../../../conformance/runner/cucumber-scope.js');
    for (const file of ['runtime/step_runner.js', 'runtime/worker.js']) {
      const used = membersUsed(file, './scope');
      expect(used.length, file).toBeGreaterThan(0);
      for (const member of used)
        expect(typeof (standIn as Record<string, unknown>)[member], `${file} uses scope.${member}`).toBe('function');
    }
    expect(Object.keys(require(join(CUCUMBER_LIB, 'runtime/scope/index.js')) as object).sort()).toEqual(
      Object.keys(standIn).sort(),
    );
  });

  it("lib/paths (runner/run-paths.ts resolves a run's paths before it): run_cucumber.js reads only its resolvePaths", () => {
    expect(membersUsed('api/run_cucumber.js', '../paths')).toEqual(['resolvePaths']);
    expect(typeof (require(join(CUCUMBER_LIB, 'paths/index.js')) as { resolvePaths?: unknown }).resolvePaths).toBe(
      'function',
    );
  });

  it('luxon (runner/summary-duration.ts stands in): loaded only by the summary helpers, which use only Interval', async () => {
    expect(filesRequiring('luxon')).toEqual(['formatter/helpers/summary_helpers.js']);
    expect(membersUsed('formatter/helpers/summary_helpers.js', 'luxon')).toEqual(['Interval']);
    const standIn = await import('../../../conformance/runner/summary-duration.js');
    expect(typeof standIn.Interval.fromDateTimes).toBe('function');
  });

  it("cucumber-expressions' ParameterType.compare (runner/parameter-type-order.ts replaces it): a static comparison of two types, in the one build cucumber loads", () => {
    const fromCucumber = createRequire(join(CUCUMBER_LIB, 'index.js')).resolve('@cucumber/cucumber-expressions');
    const expressions = require(fromCucumber) as { ParameterType: { compare: (a: unknown, b: unknown) => number } };
    expect(typeof expressions.ParameterType.compare).toBe('function');
    expect(expressions.ParameterType.compare.length).toBe(2);
    const packageRoot = fromCucumber.slice(
      0,
      fromCucumber.lastIndexOf('@cucumber/cucumber-expressions/') + '@cucumber/cucumber-expressions/'.length,
    );
    const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
    expect(manifest.dependencies['@cucumber/cucumber-expressions']).toBe(version);
  });

  it("the slim entries of build/bundle.mjs: the support code library builder's methods, World, and runCucumber are where the bundle takes them", () => {
    const builderModule = require(join(CUCUMBER_LIB, 'support_code_library_builder/index.js')) as {
      default?: { methods?: Record<string, unknown> };
    };
    const builder = builderModule.default ?? (builderModule as { methods?: Record<string, unknown> });
    for (const method of [
      'After',
      'AfterAll',
      'AfterStep',
      'Before',
      'BeforeAll',
      'BeforeStep',
      'defineParameterType',
      'defineStep',
      'Given',
      'setDefaultTimeout',
      'setWorldConstructor',
      'Then',
      'When',
    ]) {
      expect(typeof builder.methods?.[method], method).toBe('function');
    }
    const world = require(join(CUCUMBER_LIB, 'support_code_library_builder/world.js')) as { default?: unknown };
    expect(typeof (world.default ?? world)).toBe('function');
    const api = require(join(CUCUMBER_LIB, 'api/run_cucumber.js')) as { runCucumber?: unknown };
    expect(typeof api.runCucumber).toBe('function');
    // The same objects as cucumber's own entry exports.
    const entry = require('@cucumber/cucumber') as { supportCodeLibraryBuilder: unknown; World: unknown };
    expect(entry.supportCodeLibraryBuilder).toBe(builder);
    expect(entry.World).toBe(world.default ?? world);
  });
});
