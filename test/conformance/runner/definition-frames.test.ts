/**
 * The suite's bundle reads where cucumber's definitions are registered from
 * V8's call sites (runner/definition-frames.ts) instead of parsing a stack
 * trace's text with error-stack-parser: both must give cucumber the same
 * frames (file name and line, in order). Compared in a plain Node process
 * (tsc's output, no source maps, as in the bundle): vitest maps a stack
 * trace's text to the TypeScript lines. No time is measured.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callerFrames } from '../../../conformance/runner/definition-frames.js';
import { ROOT } from '../cli-harness.js';

/** Both lists of frames, taken as cucumber's getDefinitionLineAndUri takes them, `depth` calls deep and through a promise. */
function framesInNode(depth: number): { parsed: string[]; called: string[] } {
  const frames = pathToFileURL(join(ROOT, 'dist/conformance/runner/definition-frames.js')).href;
  const script = `
    import { createRequire } from 'node:module';
    import { callerFrames } from ${JSON.stringify(frames)};
    const parser = createRequire(${JSON.stringify(join(ROOT, 'node_modules/@cucumber/cucumber/lib/index.js'))})('error-stack-parser');
    const seen = (frames) => frames.map((frame) => frame.fileName + ':' + frame.getFileName() + ':' + frame.getLineNumber());
    function definitionLocation() { return [parser.parse(new Error()), callerFrames()].map(seen); }
    const nest = (depth) => (depth === 0 ? definitionLocation() : nest(depth - 1));
    const [parsed, called] = await new Promise((resolve) => resolve(nest(${depth})));
    console.log(JSON.stringify({ parsed, called }));
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

describe('definition frames', () => {
  it('are the frames error-stack-parser reads off a stack trace, in order, at every depth', () => {
    for (const depth of [0, 3, 20]) {
      const { parsed, called } = framesInNode(depth);
      expect(parsed.length).toBeGreaterThan(0);
      expect(called).toEqual(parsed);
    }
  });

  it('leave a stack trace formatter set by someone else in place', () => {
    const mine = (): string => 'mine';
    const before = Error.prepareStackTrace;
    Error.prepareStackTrace = mine;
    try {
      expect(callerFrames().length).toBeGreaterThan(0);
      expect(Error.prepareStackTrace).toBe(mine);
    } finally {
      Error.prepareStackTrace = before;
    }
  });

  it('replace the parse in the suite child bundle', () => {
    const bundle = readFileSync(join(ROOT, 'dist/bundled/suite-child.cjs'), 'utf8');
    expect(bundle).toContain('.callerFrames()');
    expect(bundle).not.toContain('error_stack_parser_1.default.parse(new Error())');
  });
});
